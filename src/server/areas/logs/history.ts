import { sql } from 'drizzle-orm';
import { recordTypeLabel, type HistoryEntry, type RecordHistory } from '../../../contract/logs';
import { rows, type Queryable } from '../../db/client';
import type { StaffContext } from '../../deps';
import { utcText } from '../../table';
import { notFound } from '../../http/errors';
import { recordKindOf } from '../../kit/records';
import { redactSecrets } from './table';

/**
 * One record's history: its audit entries (viewAudits) and change-log entries (viewChangeLogs)
 * merged newest first. Each side reads at most `limit + 1` rows through its (type, id,
 * created_at, id) index, so a record with a long past costs the same as a new one.
 */

interface Row extends Record<string, unknown> {
  kind: 'audit' | 'change';
  id: number | string;
  at: number | string;
  created_at: string;
  staff_id: number | null;
  staff_name: string | null;
  staff_email: string | null;
  event: string | null;
  ip_address: string | null;
  user_agent: string | null;
  old_values: Record<string, unknown> | string | null;
  new_values: Record<string, unknown> | string | null;
  action_type: string | null;
  information: unknown;
}

/**
 * Whether a type and id name something: a record of a defined kind that is there, or anything with
 * history (a deleted record keeps its past; a type without a kind, such as the panel settings, is
 * known by its entries). Else the history answers 404, like any id that names nothing.
 */
async function namesSomething(q: Queryable, type: string, id: number): Promise<boolean> {
  const kind = recordKindOf(type);
  if (kind) {
    if (id > kind.maxId) return false;
    if ((await rows(q, sql`SELECT 1 FROM ${sql.identifier(kind.tableName)} WHERE id = ${id}`)).length) return true;
  }
  const entries = await rows(
    q,
    sql`SELECT 1 WHERE EXISTS (SELECT 1 FROM audit_entries WHERE auditable_type = ${type} AND auditable_id = ${id})
          OR EXISTS (SELECT 1 FROM change_logs WHERE model_type = ${type} AND model_id = ${id})`,
  );
  return entries.length > 0;
}

export async function recordHistory(q: Queryable, staff: StaffContext, type: string, id: number, limit: number): Promise<RecordHistory> {
  if (!(await namesSomething(q, type, id))) throw notFound('Record');
  const audits = staff.permissions.has('viewAudits');
  const changeLogs = staff.permissions.has('viewChangeLogs');
  const found: Row[] = [];
  if (audits) {
    found.push(
      ...(await rows<Row>(
        q,
        sql`SELECT 'audit' AS kind, a.id, extract(epoch FROM a.created_at)::float8 AS at, ${utcText(sql`a.created_at`)} AS created_at,
                   a.staff_id, s.name AS staff_name, s.email AS staff_email, a.event, a.ip_address, a.user_agent,
                   a.old_values, a.new_values, NULL::text AS action_type, NULL::jsonb AS information
              FROM audit_entries a LEFT JOIN staff_members s ON s.id = a.staff_id
             WHERE a.auditable_type = ${type} AND a.auditable_id = ${id}
             ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit + 1}`,
      )),
    );
  }
  if (changeLogs) {
    found.push(
      ...(await rows<Row>(
        q,
        sql`SELECT 'change' AS kind, c.id, extract(epoch FROM c.created_at)::float8 AS at, ${utcText(sql`c.created_at`)} AS created_at,
                   c.staff_id, s.name AS staff_name, s.email AS staff_email, NULL::text AS event, NULL::text AS ip_address,
                   NULL::text AS user_agent, NULL::jsonb AS old_values, NULL::jsonb AS new_values, c.action_type, c.information
              FROM change_logs c LEFT JOIN staff_members s ON s.id = c.staff_id
             WHERE c.model_type = ${type} AND c.model_id = ${id}
             ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit + 1}`,
      )),
    );
  }
  // Newest first; at the same moment the change-log sentence comes before the audit's detail.
  found.sort((a, b) => Number(b.at) - Number(a.at) || (a.kind === b.kind ? Number(b.id) - Number(a.id) : a.kind === 'change' ? -1 : 1));
  const items = found.slice(0, limit).map((r): HistoryEntry => {
    const user = r.staff_id === null ? null : { id: r.staff_id, name: r.staff_name ?? '', email: r.staff_email ?? '' };
    return r.kind === 'audit'
      ? {
          kind: 'audit',
          id: Number(r.id),
          createdAt: r.created_at,
          user,
          event: r.event ?? '',
          ipAddress: r.ip_address,
          userAgent: r.user_agent,
          oldValues: redactSecrets(r.old_values),
          newValues: redactSecrets(r.new_values),
        }
      : {
          kind: 'change',
          id: Number(r.id),
          createdAt: r.created_at,
          user,
          actionType: r.action_type ?? '',
          information: typeof r.information === 'string' ? safeJson(r.information) : (r.information ?? null),
        };
  });
  return { type, id, items, hasMore: found.length > limit, includes: { audits, changeLogs } };
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Distinct values of an indexed column, by skipping through its index (a loose index scan). */
export async function distinctValues(
  q: Queryable,
  table: 'audit_entries' | 'change_logs' | 'service_logs',
  column: string,
): Promise<{ value: string; label: string }[]> {
  const t = sql.identifier(table);
  const c = sql.identifier(column);
  const found = await rows<{ v: string }>(
    q,
    sql`WITH RECURSIVE d(v) AS (
          SELECT min(${c}) FROM ${t}
          UNION ALL
          SELECT (SELECT min(${c}) FROM ${t} WHERE ${c} > d.v) FROM d WHERE d.v IS NOT NULL)
        SELECT v FROM d WHERE v IS NOT NULL`,
  );
  return found.map((r) => ({ value: r.v, label: recordTypeLabel(r.v) }));
}

export async function staffOptions(q: Queryable) {
  return rows<{ id: number; name: string; email: string }>(q, sql`SELECT id, name, email FROM staff_members ORDER BY name, id`);
}
