import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_SERVICE_TYPE_TYPE,
  type networkBodySchema,
  type NetworkDetail,
  type serviceTypeBodySchema,
  type ServiceTypeUpdateBody,
  type ServiceTypeDetail,
} from '../../../contract/catalogue';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { validationFailed } from '../../http/errors';
import { createRecord, updateRecord } from '../../kit/crud';
import { findById, utcString } from '../../kit/records';
import type { TableContext } from '../../table';
import { networkRecord, serviceTypeRecord } from './records';
import { slugify } from './services';
import { findNetworkRow, findServiceTypeRow } from './table';
import { englishName, stampTranslations } from './translations';

/**
 * Networks and service types: editors with translations, icon and colour, and hand sorting —
 * networks among themselves, service types within their network, services
 * within their type. A sort names every member of the list once, so no position is left behind.
 */

type NetworkBody = z.output<typeof networkBodySchema>;
type ServiceTypeBody = z.output<typeof serviceTypeBodySchema>;
type Texts = Record<string, Record<string, string>>;

/* ---------- networks ---------- */

export async function loadNetworkDetail(q: Queryable, id: number, ctx: TableContext): Promise<NetworkDetail> {
  const n = await findById(q, networkRecord, id);
  const row = (await findNetworkRow(q, id, ctx))!;
  return { ...row, description: n.description, urlExamples: n.urlExamples, translationsText: n.translations, updatedAt: utcString(n.updatedAt) };
}

const networkColumns = (body: NetworkBody) => {
  const translations = body.translations as Texts;
  return {
    name: englishName(translations),
    description: translations.en?.description ?? '',
    network: body.network,
    icon: body.icon,
    color: body.color,
    urlExamples: body.urlExamples,
    translations,
  };
};

export async function storeNetwork(tx: Queryable, actor: Actor, body: NetworkBody, ctx: TableContext): Promise<NetworkDetail> {
  const columns = networkColumns(body);
  const last = await one<{ n: number }>(tx, sql`SELECT coalesce(max(sorting), 0)::int + 1 AS n FROM networks`);
  const row = await createRecord(
    tx,
    actor,
    networkRecord,
    { ...columns, sorting: last!.n, ...stampTranslations(null, columns.translations) },
    {
      changeLog: { information: ({ row }) => `Network ${row.id} (${row.name}) created.` },
    },
  );
  return loadNetworkDetail(tx, row.id, ctx);
}

export async function updateNetwork(tx: Queryable, actor: Actor, id: number, body: NetworkBody, ctx: TableContext): Promise<NetworkDetail> {
  const before = await findById(tx, networkRecord, id, { lock: true });
  const columns = networkColumns(body);
  await updateRecord(
    tx,
    actor,
    networkRecord,
    id,
    { ...columns, ...stampTranslations(before, columns.translations) },
    {
      changeLog: { information: ({ after, changed }) => `Network ${id} (${after.name}) updated: ${changed.join(', ')}.` },
    },
  );
  return loadNetworkDetail(tx, id, ctx);
}

/**
 * Puts the rows of `table` that `scope` selects in the order of `ids` (sorting 1..n). Every row of
 * the scope must be named once: a 422 on `field` otherwise. Audited as one 'sorted' entry.
 */
export async function sortRows(
  tx: Queryable,
  actor: Actor,
  options: {
    table: 'networks' | 'service_types' | 'services';
    scope: ReturnType<typeof sql>;
    ids: number[];
    field: string;
    noun: string;
    auditType: string;
    auditId: number | null;
  },
): Promise<void> {
  const { table, scope, ids, field, noun } = options;
  if (ids.length === 0) return; // Saving an empty list does nothing.
  const all = await rows<{ id: number; sorting: number }>(tx, sql`SELECT id, sorting FROM ${sql.identifier(table)} WHERE ${scope} ORDER BY id FOR UPDATE`);
  const known = new Set(all.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw validationFailed({ [field]: [`Not ${noun} of this list: ${unknown.join(', ')}.`] });
  if (ids.length !== all.length) throw validationFailed({ [field]: [`Every one of the ${all.length} ${noun} must be placed.`] });
  await tx.execute(sql`UPDATE ${sql.identifier(table)} x SET sorting = s.n, updated_at = now()
    FROM unnest(${sql`ARRAY[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]`}) WITH ORDINALITY AS s(id, n)
    WHERE x.id = s.id AND x.sorting IS DISTINCT FROM s.n`);
  const before = Object.fromEntries(all.map((r) => [r.id, r.sorting]));
  const after = Object.fromEntries(ids.map((id, i) => [id, i + 1]));
  await writeAudit(tx, actor, {
    event: 'sorted',
    auditableType: options.auditType,
    auditableId: options.auditId,
    oldValues: { sorting: before },
    newValues: { sorting: after },
  });
  await writeChangeLog(tx, actor, {
    actionType: 'sort',
    modelType: options.auditType,
    modelId: options.auditId,
    information: `${noun[0].toUpperCase()}${noun.slice(1)} reordered: ${ids.join(', ')}.`,
  });
}

/* ---------- service types ---------- */

export async function loadServiceTypeDetail(q: Queryable, id: number, ctx: TableContext): Promise<ServiceTypeDetail> {
  const st = await findById(q, serviceTypeRecord, id);
  const row = (await findServiceTypeRow(q, id, ctx))!;
  return {
    ...row,
    title: st.title,
    description: st.description,
    fullDescription: st.fullDescription,
    metaTitle: st.metaTitle,
    metaDescription: st.metaDescription,
    panelServiceTypeId: st.panelServiceTypeId,
    translationsText: st.translations,
    updatedAt: utcString(st.updatedAt),
  };
}

const serviceTypeColumns = (body: ServiceTypeBody) => {
  const translations = body.translations as Texts;
  const en = translations.en ?? {};
  return {
    name: englishName(translations),
    networkId: body.networkId!,
    type: body.type || DEFAULT_SERVICE_TYPE_TYPE,
    icon: body.icon,
    color: body.color,
    title: en.title ?? '',
    description: body.description,
    fullDescription: body.fullDescription,
    metaTitle: en.metaTitle ?? '',
    metaDescription: en.metaDescription ?? '',
    panelServiceTypeId: body.panelServiceTypeId,
    reviewsCount: body.reviewsCount,
    reviewsRating: body.reviewsRating,
    translations,
  };
};

async function checkServiceType(q: Queryable, body: ServiceTypeBody, slug: string, id: number | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (!(await one(q, sql`SELECT 1 FROM networks WHERE id = ${body.networkId!}`))) errors.networkId = ['Choose an existing network.'];
  if (await one(q, sql`SELECT 1 FROM service_types WHERE slug = ${slug} AND id <> ${id ?? 0}`)) errors.slug = ['Another service type already has this slug.'];
  if (Object.keys(errors).length) throw validationFailed(errors);
}

async function freeTypeSlug(q: Queryable, base: string, id: number | null): Promise<string> {
  const taken = new Set(
    (await rows<{ slug: string }>(q, sql`SELECT slug FROM service_types WHERE (slug = ${base} OR slug LIKE ${`${base}-%`}) AND id <> ${id ?? 0}`)).map(
      (r) => r.slug,
    ),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function storeServiceType(tx: Queryable, actor: Actor, body: ServiceTypeBody, ctx: TableContext): Promise<ServiceTypeDetail> {
  const columns = serviceTypeColumns(body);
  const slug = body.slug || (await freeTypeSlug(tx, slugify(columns.name), null));
  await checkServiceType(tx, body, slug, null);
  const last = await one<{ n: number }>(tx, sql`SELECT coalesce(max(sorting), 0)::int + 1 AS n FROM service_types WHERE network_id = ${columns.networkId}`);
  const row = await createRecord(
    tx,
    actor,
    serviceTypeRecord,
    { ...columns, slug, sorting: last!.n, ...stampTranslations(null, columns.translations) },
    {
      changeLog: { information: ({ row }) => `Service type ${row.id} (${row.name}) created.` },
    },
  );
  return loadServiceTypeDetail(tx, row.id, ctx);
}

export async function updateServiceType(tx: Queryable, actor: Actor, id: number, given: ServiceTypeUpdateBody, ctx: TableContext): Promise<ServiceTypeDetail> {
  const before = await findById(tx, serviceTypeRecord, id, { lock: true });
  // A key the update leaves out keeps what is stored (the API's update names only what it changes).
  const stored: ServiceTypeBody = {
    translations: before.translations as ServiceTypeBody['translations'],
    networkId: before.networkId,
    type: before.type,
    slug: before.slug ?? '',
    icon: before.icon,
    color: before.color,
    description: before.description,
    fullDescription: before.fullDescription,
    panelServiceTypeId: before.panelServiceTypeId,
    reviewsCount: before.reviewsCount,
    reviewsRating: before.reviewsRating,
  };
  const body = { ...stored, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) } as ServiceTypeBody;
  const columns = serviceTypeColumns(body);
  const slug = body.slug || before.slug || (await freeTypeSlug(tx, slugify(columns.name), id));
  await checkServiceType(tx, body, slug, id);
  // A type moved to another network goes last there.
  const sorting =
    before.networkId === columns.networkId
      ? undefined
      : (await one<{ n: number }>(tx, sql`SELECT coalesce(max(sorting), 0)::int + 1 AS n FROM service_types WHERE network_id = ${columns.networkId}`))!.n;
  await updateRecord(
    tx,
    actor,
    serviceTypeRecord,
    id,
    { ...columns, slug, sorting, ...stampTranslations(before, columns.translations) },
    {
      changeLog: { information: ({ after, changed }) => `Service type ${id} (${after.name}) updated: ${changed.join(', ')}.` },
    },
  );
  return loadServiceTypeDetail(tx, id, ctx);
}

export async function serviceTypeCollections(q: Queryable) {
  const networks = await rows<{ id: number; name: string }>(q, sql`SELECT id, name FROM networks ORDER BY sorting, id`);
  const used = (await rows<{ type: string }>(q, sql`SELECT DISTINCT type FROM service_types ORDER BY type`)).map((r) => r.type);
  return { networks, types: [DEFAULT_SERVICE_TYPE_TYPE, ...used.filter((t) => t !== DEFAULT_SERVICE_TYPE_TYPE)], defaultType: DEFAULT_SERVICE_TYPE_TYPE };
}
