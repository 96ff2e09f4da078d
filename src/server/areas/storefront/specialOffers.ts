import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SPECIAL_OFFER_PLACE_LABELS,
  SPECIAL_OFFER_PLACES,
  SPECIAL_OFFER_POSITION_LABELS,
  SPECIAL_OFFER_POSITIONS,
  SPECIAL_OFFER_SERVICES_PAGE,
  SPECIAL_OFFERS_TABLE,
  type SpecialOfferDetail,
  type SpecialOfferRow,
  type SpecialOfferStatus,
  type specialOfferBodySchema,
} from '../../../contract/storefront';
import type { Permission } from '../../../contract/permissions';
import { SPECIAL_OFFER_ACTIONS, type SpecialOfferAction } from '../../../contract/storefront/actions';
import { tableRequestSchema } from '../../../contract/table';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { conflict, fieldError, validationFailed } from '../../http/errors';
import { createRecord, deleteRecord, updateRecord } from '../../kit/crud';
import { endpointPermission } from '../../kit/endpointPermission';
import { defineRecord, findById, recordNotFound } from '../../kit/records';
import { defineTable, utcText, type TableContext } from '../../table';
import { specialOffers } from './schema';

/**
 * Special offers: services of one network highlighted at a place and position of the panel. Enable,
 * disable, archive (also disables), unarchive (comes back disabled)
 * and delete (cannot be undone). Service types are optional (none: every type of the network);
 * services must be of the network and, when types are chosen, of one of them.
 */

export const specialOfferRecord = defineRecord({ table: specialOffers, thing: 'Special offer', type: 'special_offer' });
type Body = z.output<typeof specialOfferBodySchema>;

const statusSql = sql`CASE WHEN o.is_archived THEN 'archived' WHEN o.is_enabled THEN 'enabled' ELSE 'disabled' END`;

const STATE_ACTIONS = Object.values(SPECIAL_OFFER_ACTIONS).map((facts) => ({ facts, permission: endpointPermission(facts.endpoint) }));

/** The state changes' row flags: state and permission together (the contract's SPECIAL_OFFER_ACTIONS). */
function stateFlags(status: SpecialOfferStatus, permissions: ReadonlySet<Permission>): Record<SpecialOfferAction, boolean> {
  const flags = {} as Record<SpecialOfferAction, boolean>;
  for (const { facts, permission } of STATE_ACTIONS) flags[facts.flag] = permissions.has(permission) && facts.from.includes(status);
  return flags;
}
const nameSql = sql`coalesce(nullif(o.translations->'en'->>'name', ''), 'Special offer ' || o.id)`;

interface OfferDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  place: SpecialOfferRow['place'];
  position: SpecialOfferRow['position'];
  network_id: number;
  network_name: string;
  service_types: { id: number; name: string }[] | string | null;
  services_count: number;
  is_enabled: boolean;
  is_archived: boolean;
  status: SpecialOfferStatus;
  created_at: string;
}

function mapOffer(row: OfferDbRow, ctx: TableContext): SpecialOfferRow {
  const can = ctx.permissions.has('manageDiscounts');
  const types = typeof row.service_types === 'string' ? JSON.parse(row.service_types) : (row.service_types ?? []);
  return {
    id: row.id,
    name: row.name,
    place: row.place,
    position: row.position,
    network: { id: row.network_id, name: row.network_name },
    serviceTypes: types,
    servicesCount: Number(row.services_count),
    isEnabled: row.is_enabled,
    isArchived: row.is_archived,
    status: row.status,
    createdAt: row.created_at,
    actions: {
      editable: can && !row.is_archived,
      ...stateFlags(row.status, ctx.permissions),
      delete: can,
    },
  };
}

export const specialOffersTable = defineTable(SPECIAL_OFFERS_TABLE, {
  from: sql`special_offers o JOIN networks n ON n.id = o.network_id`,
  select: sql`o.id, ${nameSql} AS name, o.place, o.position, o.network_id, n.name AS network_name,
    (SELECT coalesce(json_agg(json_build_object('id', st.id, 'name', st.name) ORDER BY st.sorting, st.id), '[]'::json)
       FROM service_types st WHERE st.id IN (SELECT (jsonb_array_elements_text(o.service_type_ids))::int)) AS service_types,
    jsonb_array_length(o.service_ids) AS services_count, o.is_enabled, o.is_archived, ${statusSql} AS status, ${utcText(sql`o.created_at`)} AS created_at`,
  id: sql`o.id`,
  columns: {
    id: { sql: sql`o.id` },
    name: { sql: nameSql },
    place: { sql: sql`o.place` },
    position: { sql: sql`o.position` },
    'network.name': { sql: sql`n.name`, filterSql: sql`o.network_id` },
    servicesCount: { sql: sql`jsonb_array_length(o.service_ids)` },
    status: { sql: statusSql },
    createdAt: { sql: sql`o.created_at` },
  },
  search: [nameSql],
  defaultSort: [{ key: 'id', desc: true }],
  map: mapOffer,
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

export async function loadSpecialOffer(q: Queryable, id: number, ctx: TableContext): Promise<SpecialOfferDetail> {
  const { items } = await specialOffersTable.query(q, ONE_ROW, ctx, { where: sql`o.id = ${id}` });
  const row = items[0];
  if (!row) throw recordNotFound(specialOfferRecord, id);
  const extra = (await one<{ translations: Record<string, Record<string, string>>; service_ids: number[]; updated_at: string }>(
    q,
    sql`SELECT translations, service_ids, ${utcText(sql`updated_at`)} AS updated_at FROM special_offers WHERE id = ${id}`,
  ))!;
  const ids = (extra.service_ids ?? []).map(Number);
  const found = ids.length
    ? await rows<{ id: number; name: string; service_type: string }>(
        q,
        sql`SELECT s.id, s.name, st.name AS service_type FROM services s JOIN service_types st ON st.id = s.service_type_id WHERE s.id IN ${ids}`,
      )
    : [];
  const byId = new Map(found.map((s) => [s.id, s]));
  return {
    ...row,
    translations: extra.translations ?? {},
    updatedAt: extra.updated_at,
    // In the order they were chosen; a service deleted since is left out.
    services: ids.flatMap((sid) => {
      const s = byId.get(sid);
      return s ? [{ id: s.id, name: s.name, serviceType: s.service_type }] : [];
    }),
  };
}

export const specialOfferCollection = () => ({
  places: SPECIAL_OFFER_PLACES.map((value) => ({ value, label: SPECIAL_OFFER_PLACE_LABELS[value] })),
  positions: SPECIAL_OFFER_POSITIONS.map((value) => ({ value, label: SPECIAL_OFFER_POSITION_LABELS[value] })),
});

export const offerNetworks = (q: Queryable) => rows<{ id: number; name: string }>(q, sql`SELECT id, name FROM networks ORDER BY sorting, id`);

export const offerServiceTypes = (q: Queryable, networkId: number) =>
  rows<{ id: number; name: string }>(q, sql`SELECT id, name FROM service_types WHERE network_id = ${networkId} ORDER BY sorting, id`);

/** One page of a network's services; a page past the end is empty (the console stops there). */
export async function offerServices(q: Queryable, query: { network_id: number; search: string; page: number }) {
  const pattern = `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const items = await rows<{ id: number; name: string; service_type: string; service_type_id: number }>(
    q,
    sql`SELECT s.id, s.name, st.name AS service_type, st.id AS service_type_id
          FROM services s JOIN service_types st ON st.id = s.service_type_id
         WHERE st.network_id = ${query.network_id} AND NOT s.is_archived ${query.search ? sql`AND (s.name ILIKE ${pattern} OR s.id::text = ${query.search})` : sql``}
         ORDER BY st.sorting, st.id, s.sorting, s.id
         LIMIT ${SPECIAL_OFFER_SERVICES_PAGE} OFFSET ${(query.page - 1) * SPECIAL_OFFER_SERVICES_PAGE}`,
  );
  return { items: items.map((s) => ({ id: s.id, name: s.name, serviceType: s.service_type, serviceTypeId: s.service_type_id })), page: query.page };
}

async function checkBody(q: Queryable, body: Body) {
  const network = await one(q, sql`SELECT 1 FROM networks WHERE id = ${body.network_id}`);
  if (!network) throw fieldError('network_id', 'The network does not exist.');
  const types = body.service_types ?? [];
  if (types.length) {
    const found = await rows<{ id: number }>(q, sql`SELECT id FROM service_types WHERE network_id = ${body.network_id} AND id IN ${types}`);
    const ok = new Set(found.map((t) => t.id));
    const errors: Record<string, string[]> = {};
    types.forEach((t, i) => {
      if (!ok.has(t)) errors[`service_types.${i}`] = ["The service type is not one of the network's."];
    });
    if (Object.keys(errors).length) throw validationFailed(errors);
  }
  const found = await rows<{ id: number; network_id: number; service_type_id: number; name: string }>(
    q,
    sql`SELECT s.id, st.network_id, s.service_type_id, s.name FROM services s JOIN service_types st ON st.id = s.service_type_id WHERE s.id IN ${body.services}`,
  );
  const byId = new Map(found.map((s) => [s.id, s]));
  const errors: Record<string, string[]> = {};
  body.services.forEach((sid, i) => {
    const s = byId.get(sid);
    if (!s) errors[`services.${i}`] = ['The service does not exist.'];
    else if (s.network_id !== body.network_id) errors[`services.${i}`] = [`${s.name} is not a service of the chosen network.`];
    else if (types.length && !types.includes(s.service_type_id)) errors[`services.${i}`] = [`${s.name} is not of a chosen service type.`];
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
}

const valuesOf = (body: Body) => ({
  place: body.place,
  position: body.position,
  networkId: body.network_id,
  serviceTypeIds: body.service_types ?? [],
  serviceIds: body.services,
  translations: body.translations as Record<string, Record<string, string>>,
});

export async function storeSpecialOffer(tx: Queryable, actor: Actor, body: Body): Promise<number> {
  await checkBody(tx, body);
  const row = await createRecord(
    tx,
    actor,
    specialOfferRecord,
    { ...valuesOf(body), isEnabled: body.is_enabled },
    {
      changeLog: {
        information: ({ row }) => `Special offer ${row.id} created (${body.services.length} services, ${body.is_enabled ? 'enabled' : 'disabled'}).`,
      },
    },
  );
  return row.id;
}

export async function updateSpecialOffer(tx: Queryable, actor: Actor, id: number, body: Body): Promise<void> {
  const before = await findById(tx, specialOfferRecord, id, { lock: true });
  if (before.isArchived) throw conflict(`Special offer ${id} is archived: unarchive it before editing it.`);
  await checkBody(tx, body);
  await updateRecord(
    tx,
    actor,
    specialOfferRecord,
    id,
    { ...valuesOf(body), isEnabled: body.is_enabled },
    {
      changeLog: { information: () => `Special offer ${id} saved.` },
    },
  );
}

export type OfferAction = SpecialOfferAction;

/** One of the four state changes; 409 with the state it is in when it does not apply. */
export async function changeSpecialOffer(tx: Queryable, actor: Actor, id: number, action: OfferAction): Promise<string> {
  const before = await findById(tx, specialOfferRecord, id, { lock: true });
  const status: SpecialOfferStatus = before.isArchived ? 'archived' : before.isEnabled ? 'enabled' : 'disabled';
  const { from, past } = SPECIAL_OFFER_ACTIONS[action];
  if (!from.includes(status)) throw conflict(`Special offer ${id} cannot be ${past}: it is ${status}.`);
  const patch = {
    enable: { isEnabled: true },
    disable: { isEnabled: false },
    archive: { isArchived: true, isEnabled: false },
    unarchive: { isArchived: false },
  }[action];
  await updateRecord(tx, actor, specialOfferRecord, id, patch, {
    event: past,
    changeLog: { actionType: action, information: () => `Special offer ${id} ${past} (was ${status}).` },
  });
  return `Special offer ${id} ${past}.`;
}

export async function deleteSpecialOffer(tx: Queryable, actor: Actor, id: number): Promise<void> {
  await deleteRecord(tx, actor, specialOfferRecord, id, { changeLog: { information: () => `Special offer ${id} deleted.` } });
}
