import { sql } from 'drizzle-orm';
import type { AutoPromotion, AutoPromotionNetwork } from '../../../contract/storefront';
import { writeAudit } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { fieldError, notFound, validationFailed } from '../../http/errors';
import { deleteRecord } from '../../kit/crud';
import { defineRecord, recordNotFound } from '../../kit/records';
import { utcText } from '../../table';
import { autoPromotionServices } from './schema';

/**
 * Auto-promotions: per network a switch and a hand-sorted place; the services offered for
 * auto-promotion, added per network and service type and removed one by one.
 * A network with no row yet is off and sorted after the others by its own order.
 */

export const autoPromotionRecord = defineRecord({ table: autoPromotionServices, thing: 'Auto-promotion', type: 'auto_promotion' });

export async function listNetworks(q: Queryable): Promise<AutoPromotionNetwork[]> {
  const found = await rows<{ id: number; name: string; is_enabled: boolean | null; sorting: number; services_count: number }>(
    q,
    sql`SELECT n.id, n.name, coalesce(a.is_enabled, false) AS is_enabled,
          row_number() OVER (ORDER BY a.sorting NULLS LAST, n.sorting, n.id)::int AS sorting,
          (SELECT count(*)::int FROM auto_promotion_services s WHERE s.network_id = n.id) AS services_count
        FROM networks n LEFT JOIN auto_promotion_networks a ON a.network_id = n.id
        ORDER BY a.sorting NULLS LAST, n.sorting, n.id`,
  );
  return found.map((n) => ({ id: n.id, name: n.name, isEnabled: !!n.is_enabled, sorting: n.sorting, servicesCount: n.services_count }));
}

const promotionSelect = sql`SELECT a.id, a.network_id, n.name AS network_name, a.service_type_id, st.name AS service_type_name,
    s.id AS service_id, s.name AS service_name, s.has_refill, s.resale_margin_percent::text AS resale_margin_percent,
    s.is_archived, s.is_enabled, s.is_deactivated, ${utcText(sql`a.created_at`)} AS created_at
  FROM auto_promotion_services a
  JOIN networks n ON n.id = a.network_id
  JOIN service_types st ON st.id = a.service_type_id
  JOIN services s ON s.id = a.service_id`;

interface PromotionDbRow {
  id: number;
  network_id: number;
  network_name: string;
  service_type_id: number;
  service_type_name: string;
  service_id: number;
  service_name: string;
  has_refill: boolean;
  resale_margin_percent: string;
  is_archived: boolean;
  is_enabled: boolean;
  is_deactivated: boolean;
  created_at: string;
}

const mapPromotion = (r: PromotionDbRow): AutoPromotion => ({
  id: r.id,
  network: { id: r.network_id, name: r.network_name },
  serviceType: { id: r.service_type_id, name: r.service_type_name },
  service: {
    id: r.service_id,
    name: r.service_name,
    hasRefill: r.has_refill,
    resaleMarginPercent: r.resale_margin_percent,
    isArchived: r.is_archived,
    isEnabled: r.is_enabled,
    isDeactivated: r.is_deactivated,
  },
  createdAt: r.created_at,
});

export async function listPromotions(q: Queryable, networkId?: number): Promise<AutoPromotion[]> {
  const found = await rows<PromotionDbRow>(
    q,
    sql`${promotionSelect} ${networkId ? sql`WHERE a.network_id = ${networkId}` : sql``} ORDER BY n.sorting, st.sorting, st.id, s.sorting, s.id LIMIT 5000`,
  );
  return found.map(mapPromotion);
}

export async function loadPromotion(q: Queryable, id: number): Promise<AutoPromotion> {
  const found = await one<PromotionDbRow>(q, sql`${promotionSelect} WHERE a.id = ${id}`);
  if (!found) throw recordNotFound(autoPromotionRecord, id);
  return mapPromotion(found);
}

export async function serviceTypesOf(q: Queryable, networkId: number) {
  const types = await rows<{ id: number; name: string }>(q, sql`SELECT id, name FROM service_types WHERE network_id = ${networkId} ORDER BY sorting, id`);
  if (types.length === 0) return [];
  const services = await rows<{ id: number; name: string; service_type_id: number; is_enabled: boolean; is_archived: boolean; added: boolean }>(
    q,
    sql`SELECT s.id, s.name, s.service_type_id, s.is_enabled, s.is_archived, (a.id IS NOT NULL) AS added
          FROM services s LEFT JOIN auto_promotion_services a ON a.service_id = s.id
         WHERE s.service_type_id IN ${types.map((t) => t.id)} ORDER BY s.sorting, s.id`,
  );
  return types.map((t) => ({
    ...t,
    services: services
      .filter((s) => s.service_type_id === t.id)
      .map((s) => ({ id: s.id, name: s.name, isEnabled: s.is_enabled, isArchived: s.is_archived, added: s.added })),
  }));
}

/** POST add: services of the chosen type of the chosen network; one already added is an error on its index. */
export async function addPromotions(
  tx: Queryable,
  actor: Actor,
  body: { services: number[]; network_id: number; service_type_id: number },
): Promise<AutoPromotion[]> {
  const type = await one<{ network_id: number }>(tx, sql`SELECT network_id FROM service_types WHERE id = ${body.service_type_id}`);
  if (!(await one(tx, sql`SELECT 1 FROM networks WHERE id = ${body.network_id}`))) throw fieldError('network_id', 'The network does not exist.');
  if (!type) throw fieldError('service_type_id', 'The service type does not exist.');
  if (type.network_id !== body.network_id) throw fieldError('service_type_id', "The service type is not one of the network's.");
  const found = await rows<{ id: number; name: string; service_type_id: number; added: boolean }>(
    tx,
    sql`SELECT s.id, s.name, s.service_type_id, EXISTS (SELECT 1 FROM auto_promotion_services a WHERE a.service_id = s.id) AS added
          FROM services s WHERE s.id IN ${body.services}`,
  );
  const byId = new Map(found.map((s) => [s.id, s]));
  const errors: Record<string, string[]> = {};
  body.services.forEach((id, i) => {
    const s = byId.get(id);
    if (!s) errors[`services.${i}`] = ['The service does not exist.'];
    else if (s.service_type_id !== body.service_type_id) errors[`services.${i}`] = [`${s.name} is not of the chosen service type.`];
    else if (s.added) errors[`services.${i}`] = [`${s.name} is already offered for auto-promotion.`];
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  const inserted = await tx
    .insert(autoPromotionServices)
    .values(body.services.map((serviceId) => ({ networkId: body.network_id, serviceTypeId: body.service_type_id, serviceId })))
    .returning({ id: autoPromotionServices.id, serviceId: autoPromotionServices.serviceId });
  for (const row of inserted) {
    await writeAudit(tx, actor, {
      event: 'created',
      auditableType: 'auto_promotion',
      auditableId: row.id,
      newValues: { network_id: body.network_id, service_type_id: body.service_type_id, service_id: row.serviceId },
    });
  }
  const added = await rows<PromotionDbRow>(tx, sql`${promotionSelect} WHERE a.id IN ${inserted.map((r) => r.id)} ORDER BY s.sorting, s.id`);
  return added.map(mapPromotion);
}

export async function removePromotion(tx: Queryable, actor: Actor, id: number): Promise<string> {
  const row = await loadPromotion(tx, id);
  await deleteRecord(tx, actor, autoPromotionRecord, id);
  return `${row.service.name} is no longer offered for auto-promotion.`;
}

/** Flips a network's switch (a network never switched has no row: it was off). */
export async function toggleNetwork(tx: Queryable, actor: Actor, networkId: number): Promise<AutoPromotionNetwork> {
  if (!(await one(tx, sql`SELECT 1 FROM networks WHERE id = ${networkId}`))) throw fieldError('network_id', 'The network does not exist.');
  const before = await one<{ is_enabled: boolean }>(tx, sql`SELECT is_enabled FROM auto_promotion_networks WHERE network_id = ${networkId} FOR UPDATE`);
  const next = !(before?.is_enabled ?? false);
  await tx.execute(sql`INSERT INTO auto_promotion_networks (network_id, is_enabled, sorting)
      VALUES (${networkId}, ${next}, (SELECT coalesce(max(sorting), 0) + 1 FROM auto_promotion_networks))
      ON CONFLICT (network_id) DO UPDATE SET is_enabled = EXCLUDED.is_enabled, updated_at = now()`);
  await writeAudit(tx, actor, {
    event: next ? 'enabled' : 'disabled',
    auditableType: 'auto_promotion_network',
    auditableId: networkId,
    oldValues: { is_enabled: before?.is_enabled ?? false },
    newValues: { is_enabled: next },
  });
  const network = (await listNetworks(tx)).find((n) => n.id === networkId);
  if (!network) throw notFound('Network');
  return network;
}

/** POST sort: every network once, in the new order. Saving an empty list is refused by the contract (nothing to do). */
export async function sortNetworks(tx: Queryable, actor: Actor, ids: number[]): Promise<void> {
  const all = await rows<{ id: number }>(tx, sql`SELECT id FROM networks ORDER BY id`);
  const known = new Set(all.map((n) => n.id));
  const errors: Record<string, string[]> = {};
  ids.forEach((id, i) => {
    if (!known.has(id)) errors[`networks.${i}`] = ['The network does not exist.'];
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (ids.length !== known.size) throw fieldError('networks', 'List every network once.');
  const before = (await listNetworks(tx)).map((n) => n.id);
  for (const [i, id] of ids.entries()) {
    await tx.execute(sql`INSERT INTO auto_promotion_networks (network_id, sorting) VALUES (${id}, ${i + 1})
        ON CONFLICT (network_id) DO UPDATE SET sorting = EXCLUDED.sorting, updated_at = now()`);
  }
  await writeAudit(tx, actor, {
    event: 'sorted',
    auditableType: 'auto_promotion_network',
    auditableId: 0,
    oldValues: { networks: before },
    newValues: { networks: ids },
  });
}
