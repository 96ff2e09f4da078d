import { sql, type SQL } from 'drizzle-orm';
import type { ProviderOption, ProviderOptionsPage } from '../../../contract/providers';
import { PROVIDER_PICKER_LIMIT } from '../../../contract/providers';
import { one, rows, type Queryable } from '../../db/client';
import { containsPattern } from '../../table';

/**
 * Providers as the orders need them: whether a service can be fulfilled at all (the
 * has_no_active_providers flag and its live counter), and the provider picker of the
 * change-provider and recreate dialogs.
 */

/** A provider (and its service) can take orders: active and not archived, at every level. */
const USABLE = sql`sp.is_active AND ps.status = 'active' AND NOT ps.is_archived AND p.status = 'active' AND NOT p.is_archived`;

/** True when some usable provider service is linked to the service `serviceId`. */
export const hasActiveProviderSql = (serviceId: SQL): SQL => sql`EXISTS (
  SELECT 1 FROM service_providers sp
    JOIN provider_services ps ON ps.id = sp.provider_service_id
    JOIN providers p ON p.id = ps.external_panel_id
   WHERE sp.service_id = ${serviceId} AND ${USABLE})`;

/** Open orders can still be sent somewhere; final ones never count as "no providers". */
const OPEN_STATUSES = ['in_processing', 'in_moderation', 'stopped', 'unpaid'];

/**
 * Recomputes has_no_active_providers for open orders (of these services, or all), clearing it on
 * final orders; returns how many orders changed. Whoever changes providers, provider services or
 * their links (the catalogue's providers area, imports, the worker) calls it in the same
 * transaction, then notifies the live counters.
 */
export async function refreshHasNoActiveProviders(q: Queryable, serviceIds?: readonly number[]): Promise<number> {
  if (serviceIds && serviceIds.length === 0) return 0;
  const scope = serviceIds ? sql`AND o.service_id IN ${[...serviceIds]}` : sql``;
  const wanted = sql`(o.status IN ${OPEN_STATUSES} AND o.service_id IS NOT NULL AND NOT ${hasActiveProviderSql(sql`o.service_id`)})`;
  const changed = await rows<{ id: number }>(
    q,
    sql`UPDATE orders o SET has_no_active_providers = ${wanted}, updated_at = now()
         WHERE o.has_no_active_providers IS DISTINCT FROM ${wanted} ${scope}
        RETURNING o.id`,
  );
  return changed.length;
}

/** An active, not archived provider, or undefined. */
export async function findUsableProvider(q: Queryable, providerId: number): Promise<{ id: number; name: string } | undefined> {
  return one(q, sql`SELECT id, name FROM providers WHERE id = ${providerId} AND status = 'active' AND NOT is_archived`);
}

export interface PickerQuery {
  search?: string;
  page?: number;
  serviceId?: number;
}

/** providersAvailableForOrderRecreate: a list for a search, or a page. */
export async function availableProviders(q: Queryable, query: PickerQuery): Promise<ProviderOption[] | ProviderOptionsPage> {
  const conditions: SQL[] = [sql`p.status = 'active'`, sql`NOT p.is_archived`];
  const term = query.search?.trim();
  if (term) {
    const byId = /^\d{1,9}$/.test(term) ? sql` OR p.id = ${Number(term)}` : sql``;
    conditions.push(sql`(p.name ILIKE ${containsPattern(term)}${byId})`);
  }
  if (query.serviceId !== undefined) {
    conditions.push(sql`EXISTS (SELECT 1 FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id
      WHERE ps.external_panel_id = p.id AND sp.service_id = ${query.serviceId}
        AND sp.is_active AND ps.status = 'active' AND NOT ps.is_archived)`);
  }
  const where = sql.join(conditions, sql` AND `);
  const select = (page: SQL) =>
    rows<ProviderOption>(
      q,
      sql`SELECT p.id, p.name, p.type, p.balance::text AS balance, p.currency FROM providers p
           WHERE ${where} ORDER BY p.name, p.id ${page}`,
    );

  if (query.page === undefined) return select(sql`LIMIT ${PROVIDER_PICKER_LIMIT}`);

  const total = Number((await one<{ n: number | string }>(q, sql`SELECT count(*) AS n FROM providers p WHERE ${where}`))?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / PROVIDER_PICKER_LIMIT));
  const items = await select(sql`LIMIT ${PROVIDER_PICKER_LIMIT} OFFSET ${(query.page - 1) * PROVIDER_PICKER_LIMIT}`);
  return { items, currentPage: query.page, lastPage };
}
