import { HOME_ACTIVITY_LIMIT, type HomeAuditEntry, type HomeChangeLogEntry } from '../../../contract/home';
import { rows, sql, type Queryable } from '../../db/client';
import { defineHandlers } from '../../http/handlers';
import { hasPermission } from '../../http/context';
import { newUsersPerDay, orderStatuses, ordersStatistics, periodOf, providerSpend, refundsPerDay, topServices } from './dashboard';

/**
 * Home's activity feed. Raw SQL over audit_entries and change_logs (src/server/db/schema/logs.ts);
 * dates are formatted in SQL as UTC so the session time zone of either driver cannot shift them;
 * bigint ids are read as float8 (exact below 2^53) so both drivers return numbers, not strings.
 */
const UTC_TEXT = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`);

export function latestChangeLogs(q: Queryable, limit = HOME_ACTIVITY_LIMIT): Promise<HomeChangeLogEntry[]> {
  return rows<HomeChangeLogEntry>(
    q,
    sql`SELECT c.id::float8 AS "id", ${UTC_TEXT('c.created_at')} AS "createdAt", c.staff_id AS "staffId",
               s.name AS "staffName", c.action_type AS "actionType", c.model_type AS "modelType",
               c.model_id::float8 AS "modelId", c.information AS "information"
          FROM change_logs c
          LEFT JOIN staff_members s ON s.id = c.staff_id
         ORDER BY c.created_at DESC, c.id DESC
         LIMIT ${limit}`,
  );
}

export function latestAudits(q: Queryable, limit = HOME_ACTIVITY_LIMIT): Promise<HomeAuditEntry[]> {
  return rows<HomeAuditEntry>(
    q,
    sql`SELECT a.id::float8 AS "id", ${UTC_TEXT('a.created_at')} AS "createdAt", a.staff_id AS "staffId",
               s.name AS "staffName", a.ip_address AS "ipAddress", a.user_agent AS "userAgent",
               a.event AS "event", a.auditable_type AS "auditableType", a.auditable_id::float8 AS "auditableId",
               a.old_values AS "oldValues", a.new_values AS "newValues"
          FROM audit_entries a
          LEFT JOIN staff_members s ON s.id = a.staff_id
         ORDER BY a.created_at DESC, a.id DESC
         LIMIT ${limit}`,
  );
}

export const homeHandlers = defineHandlers({
  ordersDailyStatistics: async ({ query, staff, deps }) => ordersStatistics(deps.database.db, periodOf(query.days), hasPermission(staff, 'viewFinances')),
  dashboardRefunds: async ({ query, staff, deps }) => refundsPerDay(deps.database.db, periodOf(query.days), hasPermission(staff, 'viewFinances')),
  dashboardOrderStatuses: async ({ deps }) => orderStatuses(deps.database.db),
  dashboardTopServices: async ({ query, staff, deps }) => topServices(deps.database.db, periodOf(query.days), hasPermission(staff, 'viewFinances')),
  dashboardProviderSpend: async ({ query, deps }) => providerSpend(deps.database.db, periodOf(query.days)),
  dashboardNewUsers: async ({ query, deps }) => newUsersPerDay(deps.database.db, periodOf(query.days)),
  homeActivity: async ({ staff, deps }) => {
    const { db } = deps.database;
    // Sequential on purpose: PGlite has a single connection.
    const changeLogs = hasPermission(staff, 'viewChangeLogs') ? await latestChangeLogs(db) : [];
    const audits = hasPermission(staff, 'viewAudits') ? await latestAudits(db) : [];
    return { changeLogs, audits };
  },
});
