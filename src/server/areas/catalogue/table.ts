import { sql } from 'drizzle-orm';
import {
  LABELS_TABLE,
  NETWORKS_TABLE,
  SERVICE_FLAGS,
  SERVICE_TYPES_TABLE,
  SERVICES_TABLE,
  TARGET_TYPES_TABLE,
  TARGETS_TABLE,
  type LabelRow,
  type NetworkRow,
  type ServiceRow,
  type ServiceTypeRow,
  type TargetRow,
  type TargetTypeRow,
} from '../../../contract/catalogue';
import { SERVICE_ACTIONS, type ServiceActionFacts, type ServiceArchiveState } from '../../../contract/catalogue/actions';
import type { Permission } from '../../../contract/permissions';
import { tableRequestSchema } from '../../../contract/table';
import type { Queryable } from '../../db/client';
import { endpointPermission } from '../../kit/endpointPermission';
import { decimalText, defineTable, readScalar, utcText, type TableContext } from '../../table';
import { missingTranslationsFilter, translationState } from './translations';

/**
 * The catalogue's lists on the generic table builder. The same definitions answer one row after a
 * write, so a list and an action's answer show the same fields and flags.
 */

export const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

type Texts = Record<string, Record<string, string>>;
const parse = <T>(value: unknown, fallback: T): T =>
  value === null || value === undefined ? fallback : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/** A timestamp as ISO text with milliseconds (translation stamps are compared to the millisecond). */
const isoText = (expr: ReturnType<typeof sql>) => sql`to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const manages = (ctx: TableContext) => ctx.permissions.has('manageServicesAndProviders');

const SERVICE_ACTION_PERMISSIONS = Object.values(SERVICE_ACTIONS).map((facts) => ({ facts, permission: endpointPermission(facts.endpoint) }));

/** A service's archive, unarchive and copy flags: its archive state and the member's permissions (the contract's SERVICE_ACTIONS). */
export function serviceActionFlags(isArchived: boolean, permissions: ReadonlySet<Permission>): Record<ServiceActionFacts['flag'], boolean> {
  const state: ServiceArchiveState = isArchived ? 'archived' : 'active';
  const flags = {} as Record<ServiceActionFacts['flag'], boolean>;
  for (const { facts, permission } of SERVICE_ACTION_PERMISSIONS) flags[facts.flag] = permissions.has(permission) && facts.from.includes(state);
  return flags;
}
const managesTypes = (ctx: TableContext) => ctx.permissions.has('manageServiceTypes');

/** An id filter written by hand (an EXISTS over a link table). */
const idFilter = (condition: (id: number) => ReturnType<typeof sql>) => (value: unknown) =>
  value === null || value === undefined || value === '' ? undefined : condition(readScalar(value, 'int') as number);

/* ---------- services ---------- */

const FLAG_COLUMNS = SERVICE_FLAGS.map((f) => sql.raw(`s.${f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} AS "${f}"`));

interface ServiceDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  slug: string | null;
  network_id: number;
  network_name: string;
  st_id: number;
  st_name: string;
  default_price: string;
  pricing_per: number;
  min_price: string;
  min_quantity: number;
  max_quantity: number;
  quantity_step: number;
  drip_feed_is_allowed: boolean;
  translations: unknown;
  translations_updated_at: unknown;
  source_updated_at: string | null;
  sorting: number;
  created_at: string;
  providers: unknown;
  labels: unknown;
}

export const servicesTable = defineTable(SERVICES_TABLE, {
  from: sql`services s JOIN service_types st ON st.id = s.service_type_id JOIN networks n ON n.id = st.network_id`,
  select: sql`s.id, s.name, s.slug, n.id AS network_id, n.name AS network_name, st.id AS st_id, st.name AS st_name,
    ${decimalText(sql`s.default_price`)} AS default_price, s.pricing_per, ${decimalText(sql`s.min_price`)} AS min_price,
    s.min_quantity, s.max_quantity, s.quantity_step, s.drip_feed_is_allowed, ${sql.join(FLAG_COLUMNS, sql`, `)},
    s.translations, s.translations_updated_at, ${isoText(sql`s.source_updated_at`)} AS source_updated_at, s.sorting,
    ${utcText(sql`s.created_at`)} AS created_at,
    (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.name), '[]'::json)
       FROM (SELECT DISTINCT p.id, p.name FROM service_providers sp
               JOIN provider_services ps ON ps.id = sp.provider_service_id
               JOIN providers p ON p.id = ps.external_panel_id
              WHERE sp.service_id = s.id) p) AS providers,
    (SELECT coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'icon', l.icon) ORDER BY l.name), '[]'::json)
       FROM service_labels sl JOIN labels l ON l.id = sl.label_id WHERE sl.service_id = s.id) AS labels`,
  id: sql`s.id`,
  columns: {
    id: { sql: sql`s.id` },
    name: { sql: sql`s.name` },
    'network.name': { sql: sql`n.name`, filterSql: sql`n.id` },
    'serviceType.name': { sql: sql`st.name`, filterSql: sql`s.service_type_id` },
    defaultPrice: { sql: sql`s.default_price` },
    minQuantity: { sql: sql`s.min_quantity` },
    maxQuantity: { sql: sql`s.max_quantity` },
    providers: {
      sql: sql`s.id`,
      filter: idFilter(
        (providerId) => sql`EXISTS (SELECT 1 FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id
                                    WHERE sp.service_id = s.id AND ps.external_panel_id = ${providerId})`,
      ),
    },
    labels: {
      sql: sql`s.id`,
      filter: idFilter((labelId) => sql`EXISTS (SELECT 1 FROM service_labels sl WHERE sl.service_id = s.id AND sl.label_id = ${labelId})`),
    },
    isEnabled: { sql: sql`s.is_enabled` },
    isArchived: { sql: sql`s.is_archived` },
    hasRefill: { sql: sql`s.has_refill` },
    dripFeedIsAllowed: { sql: sql`s.drip_feed_is_allowed` },
    apiAccess: { sql: sql`s.api_access` },
    translations: { sql: sql`s.id`, filter: missingTranslationsFilter('s') },
    sorting: { sql: sql`s.sorting` },
    createdAt: { sql: sql`s.created_at` },
  },
  search: [sql`s.name`, sql`s.slug`],
  defaultSort: [{ key: 'id', desc: true }],
  map: (r: ServiceDbRow, ctx): ServiceRow => {
    const flags = Object.fromEntries(SERVICE_FLAGS.map((f) => [f, Boolean(r[f])]));
    const manage = manages(ctx);
    return {
      id: r.id,
      name: r.name,
      slug: r.slug,
      network: { id: r.network_id, name: r.network_name },
      serviceType: { id: r.st_id, name: r.st_name },
      defaultPrice: r.default_price,
      pricingPer: r.pricing_per,
      minPrice: r.min_price,
      minQuantity: r.min_quantity,
      maxQuantity: r.max_quantity,
      quantityStep: r.quantity_step,
      providers: parse(r.providers, []),
      labels: parse(r.labels, []),
      flags,
      isEnabled: flags.isEnabled,
      isArchived: flags.isArchived,
      hasRefill: flags.hasRefill,
      dripFeedIsAllowed: r.drip_feed_is_allowed,
      apiAccess: flags.apiAccess,
      translations: translationState(parse<Texts>(r.translations, {}), parse(r.translations_updated_at, {}), r.source_updated_at),
      sorting: r.sorting,
      createdAt: r.created_at,
      actions: { editable: manage, ...serviceActionFlags(flags.isArchived, ctx.permissions) },
    };
  },
});

/* ---------- networks ---------- */

interface NetworkDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  network: string;
  icon: string | null;
  color: string | null;
  sorting: number;
  translations: unknown;
  translations_updated_at: unknown;
  source_updated_at: string | null;
  service_types: unknown;
  services_count: number;
}

const networkSelect = sql`n.id, n.name, n.network, n.icon, n.color, n.sorting, n.translations, n.translations_updated_at,
  ${isoText(sql`n.source_updated_at`)} AS source_updated_at,
  (SELECT coalesce(json_agg(json_build_object('id', st.id, 'name', st.name) ORDER BY st.sorting, st.id), '[]'::json)
     FROM service_types st WHERE st.network_id = n.id) AS service_types,
  (SELECT count(*)::int FROM services s JOIN service_types st ON st.id = s.service_type_id WHERE st.network_id = n.id) AS services_count`;

export const mapNetworkRow = (r: NetworkDbRow, ctx: TableContext): NetworkRow => ({
  id: r.id,
  name: r.name,
  network: r.network,
  icon: r.icon,
  color: r.color,
  serviceTypes: parse(r.service_types, []),
  servicesCount: Number(r.services_count),
  translations: translationState(parse<Texts>(r.translations, {}), parse(r.translations_updated_at, {}), r.source_updated_at),
  sorting: r.sorting,
  actions: { editable: managesTypes(ctx) },
});

export const networksTable = defineTable(NETWORKS_TABLE, {
  from: sql`networks n`,
  select: networkSelect,
  id: sql`n.id`,
  columns: {
    id: { sql: sql`n.id` },
    name: { sql: sql`n.name` },
    network: { sql: sql`n.network` },
    servicesCount: { sql: sql`(SELECT count(*) FROM services s JOIN service_types st ON st.id = s.service_type_id WHERE st.network_id = n.id)` },
    translations: { sql: sql`n.id`, filter: missingTranslationsFilter('n') },
    sorting: { sql: sql`n.sorting` },
  },
  search: [sql`n.name`, sql`n.network`],
  defaultSort: [{ key: 'sorting', desc: false }],
  map: mapNetworkRow,
});

export async function findNetworkRow(q: Queryable, id: number, ctx: TableContext): Promise<NetworkRow | undefined> {
  return (await networksTable.query(q, ONE_ROW, ctx, { where: sql`n.id = ${id}` })).items[0];
}

/* ---------- service types ---------- */

interface ServiceTypeDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  network_id: number;
  network_name: string;
  type: string;
  slug: string | null;
  icon: string | null;
  color: string | null;
  services_count: number;
  reviews_count: number;
  reviews_rating: string;
  translations: unknown;
  translations_updated_at: unknown;
  source_updated_at: string | null;
  sorting: number;
}

export const mapServiceTypeRow = (r: ServiceTypeDbRow, ctx: TableContext): ServiceTypeRow => ({
  id: r.id,
  name: r.name,
  network: { id: r.network_id, name: r.network_name },
  type: r.type,
  slug: r.slug,
  icon: r.icon,
  color: r.color,
  servicesCount: Number(r.services_count),
  reviewsCount: r.reviews_count,
  reviewsRating: r.reviews_rating,
  translations: translationState(parse<Texts>(r.translations, {}), parse(r.translations_updated_at, {}), r.source_updated_at),
  sorting: r.sorting,
  actions: { editable: managesTypes(ctx) },
});

export const SERVICE_TYPE_SELECT = sql`st.id, st.name, n.id AS network_id, n.name AS network_name, st.type, st.slug, st.icon, st.color,
  (SELECT count(*)::int FROM services s WHERE s.service_type_id = st.id) AS services_count, st.reviews_count,
  ${decimalText(sql`st.reviews_rating`)} AS reviews_rating, st.translations, st.translations_updated_at,
  ${isoText(sql`st.source_updated_at`)} AS source_updated_at, st.sorting`;

export const serviceTypesTable = defineTable(SERVICE_TYPES_TABLE, {
  from: sql`service_types st JOIN networks n ON n.id = st.network_id`,
  select: SERVICE_TYPE_SELECT,
  id: sql`st.id`,
  columns: {
    id: { sql: sql`st.id` },
    name: { sql: sql`st.name` },
    'network.name': { sql: sql`n.name`, filterSql: sql`st.network_id` },
    type: { sql: sql`st.type` },
    servicesCount: { sql: sql`(SELECT count(*) FROM services s WHERE s.service_type_id = st.id)` },
    reviewsRating: { sql: sql`st.reviews_rating` },
    translations: { sql: sql`st.id`, filter: missingTranslationsFilter('st') },
    sorting: { sql: sql`st.sorting` },
  },
  search: [sql`st.name`, sql`st.slug`],
  defaultSort: [
    { key: 'network.name', desc: false },
    { key: 'sorting', desc: false },
  ],
  map: mapServiceTypeRow,
});

export async function findServiceTypeRow(q: Queryable, id: number, ctx: TableContext): Promise<ServiceTypeRow | undefined> {
  return (await serviceTypesTable.query(q, ONE_ROW, ctx, { where: sql`st.id = ${id}` })).items[0];
}

/* ---------- labels ---------- */

interface LabelDbRow extends Record<string, unknown> {
  id: number;
  icon: string;
  name: string;
  services_count: number;
  translations: unknown;
  updated_at: string;
}

export const labelsTable = defineTable(LABELS_TABLE, {
  from: sql`labels l`,
  select: sql`l.id, l.icon, l.name, l.translations, ${utcText(sql`l.updated_at`)} AS updated_at,
    (SELECT count(*)::int FROM service_labels sl WHERE sl.label_id = l.id) AS services_count`,
  id: sql`l.id`,
  columns: {
    id: { sql: sql`l.id` },
    name: { sql: sql`l.name` },
    servicesCount: { sql: sql`(SELECT count(*) FROM service_labels sl WHERE sl.label_id = l.id)` },
    translations: {
      sql: sql`l.id`,
      filter: (value: unknown) => {
        const locale = readScalar(value, 'text');
        return sql`coalesce(l.translations->${locale}->>'name', '') = ''`;
      },
    },
  },
  search: [sql`l.name`],
  defaultSort: [{ key: 'name', desc: false }],
  map: (r: LabelDbRow, ctx): LabelRow => {
    const texts = parse<Texts>(r.translations, {});
    return {
      id: r.id,
      icon: r.icon,
      name: r.name,
      servicesCount: Number(r.services_count),
      translations: translationState(texts, {}, null),
      translationsText: texts,
      updatedAt: r.updated_at,
      actions: { editable: manages(ctx), deletable: manages(ctx) },
    };
  },
});

export async function findLabelRow(q: Queryable, id: number, ctx: TableContext): Promise<LabelRow | undefined> {
  return (await labelsTable.query(q, ONE_ROW, ctx, { where: sql`l.id = ${id}` })).items[0];
}

/* ---------- target types ---------- */

interface TargetTypeDbRow extends Record<string, unknown> {
  id: number;
  name: TargetTypeRow['name'];
  title: string;
  view_type: TargetTypeRow['viewType'];
  selectable: boolean;
  enabled_for_service: boolean;
  targets_count: number;
  updated_at: string;
}

export const targetTypesTable = defineTable(TARGET_TYPES_TABLE, {
  from: sql`target_types tt`,
  select: sql`tt.id, tt.name, tt.title, tt.view_type, tt.selectable, tt.enabled_for_service, ${utcText(sql`tt.updated_at`)} AS updated_at,
    (SELECT count(*)::int FROM targets t WHERE t.target_type_id = tt.id) AS targets_count`,
  id: sql`tt.id`,
  columns: {
    id: { sql: sql`tt.id` },
    name: { sql: sql`tt.name` },
    title: { sql: sql`tt.title` },
    viewType: { sql: sql`tt.view_type` },
    selectable: { sql: sql`tt.selectable` },
    enabledForService: { sql: sql`tt.enabled_for_service` },
    targetsCount: { sql: sql`(SELECT count(*) FROM targets t WHERE t.target_type_id = tt.id)` },
  },
  search: [sql`tt.name`, sql`tt.title`],
  defaultSort: [{ key: 'id', desc: false }],
  map: (r: TargetTypeDbRow, ctx): TargetTypeRow => ({
    id: r.id,
    name: r.name,
    title: r.title,
    viewType: r.view_type,
    selectable: r.selectable,
    enabledForService: r.enabled_for_service,
    targetsCount: Number(r.targets_count),
    updatedAt: r.updated_at,
    actions: { editable: ctx.permissions.has('manageTargets') },
  }),
});

export async function findTargetTypeRow(q: Queryable, id: number, ctx: TableContext): Promise<TargetTypeRow | undefined> {
  return (await targetTypesTable.query(q, ONE_ROW, ctx, { where: sql`tt.id = ${id}` })).items[0];
}

/* ---------- targets ---------- */

interface TargetDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  description: string;
  placeholder: string;
  tt_id: number;
  tt_title: string;
  tt_name: string;
  tt_view_type: string;
  tt_selectable: boolean;
  selectable_values: unknown;
  is_visible_default_values: boolean;
  services_count: number;
  translations: unknown;
  updated_at: string;
}

export const targetsTable = defineTable(TARGETS_TABLE, {
  from: sql`targets t JOIN target_types tt ON tt.id = t.target_type_id`,
  select: sql`t.id, t.name, t.description, t.placeholder, tt.id AS tt_id, tt.title AS tt_title, tt.name AS tt_name, tt.view_type AS tt_view_type,
    tt.selectable AS tt_selectable, t.selectable_values, t.is_visible_default_values, t.translations, ${utcText(sql`t.updated_at`)} AS updated_at,
    (SELECT count(*)::int FROM service_targets x WHERE x.target_id = t.id) AS services_count`,
  id: sql`t.id`,
  columns: {
    id: { sql: sql`t.id` },
    name: { sql: sql`t.name` },
    'targetType.title': { sql: sql`tt.title`, filterSql: sql`t.target_type_id` },
    isVisibleDefaultValues: { sql: sql`t.is_visible_default_values` },
    servicesCount: { sql: sql`(SELECT count(*) FROM service_targets x WHERE x.target_id = t.id)` },
  },
  search: [sql`t.name`],
  defaultSort: [{ key: 'id', desc: false }],
  map: (r: TargetDbRow, ctx): TargetRow => ({
    id: r.id,
    name: r.name,
    description: r.description,
    placeholder: r.placeholder,
    targetType: { id: r.tt_id, title: r.tt_title, name: r.tt_name, viewType: r.tt_view_type, selectable: r.tt_selectable },
    selectableValues: parse(r.selectable_values, []),
    isVisibleDefaultValues: r.is_visible_default_values,
    servicesCount: Number(r.services_count),
    translationsText: parse(r.translations, {}),
    updatedAt: r.updated_at,
    actions: { editable: ctx.permissions.has('manageTargets') },
  }),
});

export async function findTargetRow(q: Queryable, id: number, ctx: TableContext): Promise<TargetRow | undefined> {
  return (await targetsTable.query(q, ONE_ROW, ctx, { where: sql`t.id = ${id}` })).items[0];
}
