import { sql } from 'drizzle-orm';
import {
  DEFAULT_FULL_DESCRIPTION_LOCATION,
  FULL_DESCRIPTION_LOCATIONS,
  type ProviderServiceOption,
  type ServiceBodyOut,
  type ServiceBulkBody,
  type ServiceCollections,
  type ServiceDetail,
  type ServiceProvider,
} from '../../../contract/catalogue';
import { SERVICE_ACTIONS } from '../../../contract/catalogue/actions';
import type { BulkResultBody } from '../../../contract/fields';
import { writeAudit } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import { DEFAULT_AUTO_REFILL, type AutoRefillSettings } from '../../db/schema/catalogue';
import type { Actor } from '../../deps';
import { conflict, forbidden, validationFailed, type HttpError } from '../../http/errors';
import { createRecord, updateRecord } from '../../kit/crud';
import { findById, findOptional, utcString, type RowOf } from '../../kit/records';
import { containsPattern, type TableContext } from '../../table';
import { serviceRecord } from './records';
import { serviceActionFlags } from './table';
import { englishName, stampTranslations, translationState } from './translations';

/**
 * Services: create, update, archive, unarchive, copy and bulk update. The write rules the body
 * schema cannot see (records that must exist, a unique slug, an enabled
 * service with an active provider) are checked here before writing, each as a 422 on its field;
 * the unique index still catches a slug taken at the same moment.
 */

type ServiceRowDb = RowOf<typeof serviceRecord.table>;
type Texts = Record<string, Record<string, string>>;

const canEditAutoRefill = (ctx: TableContext) => ctx.permissions.has('writeAutoRefillParams');

/* ---------- reading ---------- */

async function providersOf(q: Queryable, serviceId: number): Promise<ServiceProvider[]> {
  const found = await rows<{
    provider_service_id: number;
    name: string;
    provider_id: number;
    provider_name: string;
    source_price: string;
    source_pricing_per: number;
    status: string;
    is_archived: boolean;
    is_active: boolean;
    priority: number;
  }>(
    q,
    sql`SELECT ps.id AS provider_service_id, ps.name, p.id AS provider_id, p.name AS provider_name, ps.source_price::text AS source_price,
          ps.source_pricing_per, ps.status, ps.is_archived, sp.is_active, sp.priority
        FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id JOIN providers p ON p.id = ps.external_panel_id
        WHERE sp.service_id = ${serviceId} ORDER BY sp.priority, ps.id`,
  );
  return found.map((r) => ({
    providerServiceId: r.provider_service_id,
    name: r.name,
    provider: { id: r.provider_id, name: r.provider_name },
    sourcePrice: r.source_price,
    sourcePricingPer: r.source_pricing_per,
    status: r.status,
    isArchived: r.is_archived,
    isActive: r.is_active,
    priority: r.priority,
  }));
}

export async function loadServiceDetail(q: Queryable, id: number, ctx: TableContext): Promise<ServiceDetail> {
  const s = await findById(q, serviceRecord, id);
  const place = await one<{ network_id: number; network_name: string; st_name: string }>(
    q,
    sql`SELECT n.id AS network_id, n.name AS network_name, st.name AS st_name FROM service_types st JOIN networks n ON n.id = st.network_id WHERE st.id = ${s.serviceTypeId}`,
  );
  const labels = await rows<{ id: number; name: string; icon: string }>(
    q,
    sql`SELECT l.id, l.name, l.icon FROM service_labels sl JOIN labels l ON l.id = sl.label_id WHERE sl.service_id = ${id} ORDER BY l.name`,
  );
  const targets = await rows<{ target_id: number; name: string; targetable_values: string[] | string }>(
    q,
    sql`SELECT t.id AS target_id, t.name, x.targetable_values FROM service_targets x JOIN targets t ON t.id = x.target_id WHERE x.service_id = ${id} ORDER BY t.id`,
  );
  const attachments = await rows<{ id: number; name: string; type: string }>(
    q,
    sql`SELECT a.id, a.name, a.type FROM service_target_attachments x JOIN target_attachments a ON a.id = x.target_attachment_id WHERE x.service_id = ${id} ORDER BY a.id`,
  );
  const manage = ctx.permissions.has('manageServicesAndProviders');
  const autoRefill = canEditAutoRefill(ctx);
  return {
    id: s.id,
    name: s.name,
    slug: s.slug,
    adminNote: s.adminNote,
    translations: s.translations,
    translationState: translationState(s.translations, s.translationsUpdatedAt, s.sourceUpdatedAt),
    network: { id: place!.network_id, name: place!.network_name },
    serviceType: { id: s.serviceTypeId, name: place!.st_name },
    serviceTypeId: s.serviceTypeId,
    minQuantity: s.minQuantity,
    maxQuantity: s.maxQuantity,
    quantityStep: s.quantityStep,
    minPrice: s.minPrice,
    defaultPrice: s.defaultPrice,
    pricingPer: s.pricingPer,
    providers: await providersOf(q, id),
    countries: s.countries,
    labels,
    targets: targets.map((t) => ({
      targetId: t.target_id,
      name: t.name,
      targetableValues: typeof t.targetable_values === 'string' ? JSON.parse(t.targetable_values) : t.targetable_values,
    })),
    targetAttachments: attachments,
    orderQuantityRatio: s.orderQuantityRatio,
    budgetMultiplier: s.budgetMultiplier,
    dripFeedIsAllowed: s.dripFeedIsAllowed,
    resaleMarginPercent: s.resaleMarginPercent,
    liveStreamSupportMinutes: s.liveStreamSupportMinutes,
    liveStreamRetentionQuantityMultiplier: s.liveStreamRetentionQuantityMultiplier,
    buyPageUrl: s.buyPageUrl,
    fullDescriptionLocation: s.fullDescriptionLocation,
    promotableCheckerGroupId: s.promotableCheckerGroupId,
    defaultQuantityForWidget: s.defaultQuantityForWidget,
    lastTimeProvidersAreAvailableAt: s.lastTimeProvidersAreAvailableAt ? utcString(s.lastTimeProvidersAreAvailableAt) : null,
    autoRefill: autoRefill ? { ...DEFAULT_AUTO_REFILL, ...s.autoRefill } : null,
    apiAccess: s.apiAccess,
    restrictedAccess: s.restrictedAccess,
    hasRefill: s.hasRefill,
    isEnabled: s.isEnabled,
    isArchived: s.isArchived,
    isDeactivated: s.isDeactivated,
    urlIsRequired: s.urlIsRequired,
    realCounterCompleteIsEnabled: s.realCounterCompleteIsEnabled,
    moderationIsEnabled: s.moderationIsEnabled,
    cancelByClientIsAllowed: s.cancelByClientIsAllowed,
    gatherStatistic: s.gatherStatistic,
    autoCancel: s.autoCancel,
    calculatableQuantity: s.calculatableQuantity,
    forbidsOrdersWithSameUrl: s.forbidsOrdersWithSameUrl,
    providersAreUnavailableForALongTime: s.providersAreUnavailableForALongTime,
    sorting: s.sorting,
    createdAt: utcString(s.createdAt),
    updatedAt: utcString(s.updatedAt),
    actions: { editable: manage, ...serviceActionFlags(s.isArchived, ctx.permissions), editAutoRefill: autoRefill },
  };
}

export async function serviceCollections(q: Queryable): Promise<ServiceCollections> {
  const types = await rows<{ id: number; name: string; network_id: number; network_name: string; st_id: number | null; st_name: string | null }>(
    q,
    sql`SELECT n.id AS network_id, n.name AS network_name, st.id AS st_id, st.name AS st_name
          FROM networks n LEFT JOIN service_types st ON st.network_id = n.id ORDER BY n.sorting, n.id, st.sorting, st.id`,
  );
  const networks: ServiceCollections['networks'] = [];
  for (const r of types) {
    let network = networks.at(-1);
    if (!network || network.id !== r.network_id) networks.push((network = { id: r.network_id, name: r.network_name, serviceTypes: [] }));
    if (r.st_id !== null) network.serviceTypes.push({ id: r.st_id, name: r.st_name! });
  }
  const targets = await rows<{
    id: number;
    name: string;
    tt_id: number;
    tt_name: string;
    tt_title: string;
    tt_view_type: string;
    tt_selectable: boolean;
    selectable_values: string[] | string;
  }>(
    q,
    sql`SELECT t.id, t.name, tt.id AS tt_id, tt.name AS tt_name, tt.title AS tt_title, tt.view_type AS tt_view_type, tt.selectable AS tt_selectable, t.selectable_values
          FROM targets t JOIN target_types tt ON tt.id = t.target_type_id WHERE tt.enabled_for_service ORDER BY t.name, t.id`,
  );
  return {
    networks,
    labels: await rows(q, sql`SELECT id, name, icon FROM labels ORDER BY name, id`),
    targets: targets.map((t) => ({
      id: t.id,
      name: t.name,
      targetType: { id: t.tt_id, name: t.tt_name, title: t.tt_title, viewType: t.tt_view_type, selectable: t.tt_selectable },
      selectableValues: typeof t.selectable_values === 'string' ? JSON.parse(t.selectable_values) : t.selectable_values,
    })),
    targetAttachments: await rows(q, sql`SELECT id, name, type, is_system AS "isSystem" FROM target_attachments ORDER BY id`),
    promotableCheckerGroups: await rows(q, sql`SELECT id, name, service_type_type AS "serviceTypeType" FROM promotable_checker_groups ORDER BY name, id`),
    providers: await rows(q, sql`SELECT id, name FROM providers WHERE NOT is_archived ORDER BY name, id`),
    fullDescriptionLocations: [...FULL_DESCRIPTION_LOCATIONS],
    defaultFullDescriptionLocation: DEFAULT_FULL_DESCRIPTION_LOCATION,
  };
}

const PROVIDER_SERVICE_OPTIONS = 30;

export async function providerServiceOptions(q: Queryable, search: string | undefined): Promise<ProviderServiceOption[]> {
  const term = search?.trim() ?? '';
  const byId = /^\d{1,9}$/.test(term) ? sql` OR ps.id = ${Number(term)}` : sql``;
  const where = term ? sql`AND (ps.name ILIKE ${containsPattern(term)} OR p.name ILIKE ${containsPattern(term)}${byId})` : sql``;
  const found = await rows<{
    id: number;
    name: string;
    provider_id: number;
    provider_name: string;
    source_price: string;
    source_pricing_per: number;
    status: string;
    is_archived: boolean;
  }>(
    q,
    sql`SELECT ps.id, ps.name, p.id AS provider_id, p.name AS provider_name, ps.source_price::text AS source_price, ps.source_pricing_per, ps.status, ps.is_archived
          FROM provider_services ps JOIN providers p ON p.id = ps.external_panel_id
         WHERE NOT ps.is_archived AND NOT p.is_archived ${where}
         ORDER BY p.name, ps.name, ps.id LIMIT ${PROVIDER_SERVICE_OPTIONS}`,
  );
  return found.map((r) => ({
    id: r.id,
    name: r.name,
    provider: { id: r.provider_id, name: r.provider_name },
    sourcePrice: r.source_price,
    sourcePricingPer: r.source_pricing_per,
    status: r.status,
    isArchived: r.is_archived,
  }));
}

/* ---------- writing ---------- */

export const slugify = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120) || 'service';

/** `base`, or `base-2`, `base-3`… : the first slug no other service holds. */
export async function freeSlug(q: Queryable, base: string, exceptId: number | null = null): Promise<string> {
  const taken = new Set(
    (await rows<{ slug: string }>(q, sql`SELECT slug FROM services WHERE (slug = ${base} OR slug LIKE ${`${base}-%`}) AND id <> ${exceptId ?? 0}`)).map(
      (r) => r.slug,
    ),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const missingIds = async (q: Queryable, table: string, ids: readonly number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const found = new Set((await rows<{ id: number }>(q, sql`SELECT id FROM ${sql.identifier(table)} WHERE id IN ${[...ids]}`)).map((r) => r.id));
  return new Set(ids.filter((id) => !found.has(id)));
};

/** Every rule that needs the database, as one 422 with every field at fault. */
async function checkReferences(q: Queryable, body: ServiceBodyOut, id: number | null, slug: string): Promise<void> {
  const errors: Record<string, string[]> = {};
  if ((await missingIds(q, 'service_types', [body.serviceTypeId!])).size) errors.serviceTypeId = ['Choose an existing service type.'];
  const missingProviders = await missingIds(
    q,
    'provider_services',
    body.providers.map((p) => p.providerServiceId),
  );
  body.providers.forEach((p, i) => {
    if (missingProviders.has(p.providerServiceId)) errors[`providers.${i}.providerServiceId`] = [`Provider service ${p.providerServiceId} does not exist.`];
  });
  const missingLabels = await missingIds(q, 'labels', body.labels);
  if (missingLabels.size) errors.labels = [`Unknown labels: ${[...missingLabels].join(', ')}.`];
  const missingTargets = await missingIds(
    q,
    'targets',
    body.targets.map((t) => t.targetId),
  );
  body.targets.forEach((t, i) => {
    if (missingTargets.has(t.targetId)) errors[`targets.${i}.targetId`] = [`Target ${t.targetId} does not exist.`];
  });
  const missingAttachments = await missingIds(q, 'target_attachments', body.targetAttachments);
  if (missingAttachments.size) errors.targetAttachments = [`Unknown attachments: ${[...missingAttachments].join(', ')}.`];
  if (body.promotableCheckerGroupId !== null && (await missingIds(q, 'promotable_checker_groups', [body.promotableCheckerGroupId])).size) {
    errors.promotableCheckerGroupId = ['Choose an existing checker group.'];
  }
  if (slug && (await one(q, sql`SELECT 1 FROM services WHERE slug = ${slug} AND id <> ${id ?? 0}`))) errors.slug = ['Another service already has this slug.'];
  if (Object.keys(errors).length) throw validationFailed(errors);
}

function columnsOf(body: ServiceBodyOut) {
  return {
    name: englishName(body.translations as Texts),
    adminNote: body.adminNote,
    translations: body.translations as Texts,
    serviceTypeId: body.serviceTypeId!,
    minQuantity: body.minQuantity,
    maxQuantity: body.maxQuantity,
    quantityStep: body.quantityStep,
    minPrice: body.minPrice,
    defaultPrice: body.defaultPrice,
    pricingPer: body.pricingPer,
    countries: [...new Set(body.countries)],
    orderQuantityRatio: body.orderQuantityRatio,
    budgetMultiplier: body.budgetMultiplier,
    dripFeedIsAllowed: body.dripFeedIsAllowed,
    resaleMarginPercent: body.resaleMarginPercent,
    liveStreamSupportMinutes: body.liveStreamSupportMinutes,
    liveStreamRetentionQuantityMultiplier: body.liveStreamRetentionQuantityMultiplier,
    buyPageUrl: body.buyPageUrl,
    fullDescriptionLocation: body.fullDescriptionLocation,
    promotableCheckerGroupId: body.promotableCheckerGroupId,
    defaultQuantityForWidget: body.defaultQuantityForWidget,
    apiAccess: body.apiAccess,
    restrictedAccess: body.restrictedAccess,
    hasRefill: body.hasRefill,
    isEnabled: body.isEnabled && !body.isArchived,
    isArchived: body.isArchived,
    isDeactivated: body.isDeactivated,
    urlIsRequired: body.urlIsRequired,
    realCounterCompleteIsEnabled: body.realCounterCompleteIsEnabled,
    moderationIsEnabled: body.moderationIsEnabled,
    cancelByClientIsAllowed: body.cancelByClientIsAllowed,
    gatherStatistic: body.gatherStatistic,
    autoCancel: body.autoCancel,
    calculatableQuantity: body.calculatableQuantity,
    forbidsOrdersWithSameUrl: body.forbidsOrdersWithSameUrl,
    providersAreUnavailableForALongTime: body.providersAreUnavailableForALongTime,
  };
}

interface Links {
  providers: { providerServiceId: number; isActive: boolean }[];
  labels: number[];
  targets: { targetId: number; targetableValues: string[] }[];
  targetAttachments: number[];
}

async function linksOf(q: Queryable, id: number): Promise<Links> {
  const targets = await rows<{ target_id: number; targetable_values: string[] | string }>(
    q,
    sql`SELECT target_id, targetable_values FROM service_targets WHERE service_id = ${id} ORDER BY target_id`,
  );
  return {
    providers: (
      await rows<{ provider_service_id: number; is_active: boolean }>(
        q,
        sql`SELECT provider_service_id, is_active FROM service_providers WHERE service_id = ${id} ORDER BY priority, provider_service_id`,
      )
    ).map((r) => ({ providerServiceId: r.provider_service_id, isActive: r.is_active })),
    labels: (await rows<{ label_id: number }>(q, sql`SELECT label_id FROM service_labels WHERE service_id = ${id} ORDER BY label_id`)).map((r) => r.label_id),
    targets: targets.map((t) => ({
      targetId: t.target_id,
      targetableValues: typeof t.targetable_values === 'string' ? JSON.parse(t.targetable_values) : t.targetable_values,
    })),
    targetAttachments: (
      await rows<{ target_attachment_id: number }>(
        q,
        sql`SELECT target_attachment_id FROM service_target_attachments WHERE service_id = ${id} ORDER BY target_attachment_id`,
      )
    ).map((r) => r.target_attachment_id),
  };
}

/** Replaces the service's providers (priority = place in the list), labels, targets and attachments; audits what changed. */
async function writeLinks(tx: Queryable, actor: Actor, id: number, links: Links, before: Links | null): Promise<void> {
  await tx.execute(sql`DELETE FROM service_providers WHERE service_id = ${id}`);
  for (const [i, p] of links.providers.entries()) {
    await tx.execute(
      sql`INSERT INTO service_providers (service_id, provider_service_id, is_active, priority) VALUES (${id}, ${p.providerServiceId}, ${p.isActive}, ${i + 1})`,
    );
  }
  await tx.execute(sql`DELETE FROM service_labels WHERE service_id = ${id}`);
  if (links.labels.length)
    await tx.execute(
      sql`INSERT INTO service_labels (service_id, label_id) SELECT ${id}, unnest(${sql`ARRAY[${sql.join(
        links.labels.map((l) => sql`${l}`),
        sql`, `,
      )}]::int[]`})`,
    );
  await tx.execute(sql`DELETE FROM service_targets WHERE service_id = ${id}`);
  for (const t of links.targets) {
    await tx.execute(
      sql`INSERT INTO service_targets (service_id, target_id, targetable_values) VALUES (${id}, ${t.targetId}, ${JSON.stringify(t.targetableValues)}::jsonb)`,
    );
  }
  await tx.execute(sql`DELETE FROM service_target_attachments WHERE service_id = ${id}`);
  for (const a of links.targetAttachments)
    await tx.execute(sql`INSERT INTO service_target_attachments (service_id, target_attachment_id) VALUES (${id}, ${a})`);

  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of ['providers', 'labels', 'targets', 'targetAttachments'] as const) {
    const was = before ? before[key] : [];
    if (JSON.stringify(was) !== JSON.stringify(links[key])) {
      oldValues[key] = was;
      newValues[key] = links[key];
    }
  }
  if (Object.keys(newValues).length) {
    await writeAudit(tx, actor, { event: 'links_updated', auditableType: 'service', auditableId: id, oldValues, newValues });
  }
}

const linksFromBody = (body: ServiceBodyOut): Links => ({
  providers: body.providers.map((p) => ({ providerServiceId: p.providerServiceId, isActive: p.isActive })),
  labels: [...body.labels].sort((a, b) => a - b),
  targets: [...body.targets].sort((a, b) => a.targetId - b.targetId).map((t) => ({ targetId: t.targetId, targetableValues: t.targetableValues })),
  targetAttachments: [...body.targetAttachments].sort((a, b) => a - b),
});

function autoRefillOf(body: ServiceBodyOut, ctx: TableContext, stored: AutoRefillSettings | null): AutoRefillSettings | undefined {
  if (body.autoRefill === undefined) return stored ? undefined : DEFAULT_AUTO_REFILL;
  // The settings need their own permission; sent unchanged by a member without it, they are no change.
  if (!canEditAutoRefill(ctx)) {
    if (stored && JSON.stringify({ ...DEFAULT_AUTO_REFILL, ...stored }) === JSON.stringify(body.autoRefill)) return undefined;
    throw forbidden('Changing the auto-refill settings needs the write auto refill params permission.');
  }
  return { ...body.autoRefill };
}

export async function storeService(tx: Queryable, actor: Actor, body: ServiceBodyOut, ctx: TableContext): Promise<ServiceDetail> {
  const columns = columnsOf(body);
  const slug = body.slug || (await freeSlug(tx, slugify(columns.name)));
  await checkReferences(tx, body, null, slug);
  const sorting = await one<{ n: number }>(
    tx,
    sql`SELECT coalesce(max(sorting), 0)::int + 1 AS n FROM services WHERE service_type_id = ${columns.serviceTypeId}`,
  );
  const row = await createRecord(
    tx,
    actor,
    serviceRecord,
    {
      ...columns,
      slug,
      sorting: sorting!.n,
      autoRefill: autoRefillOf(body, ctx, null) ?? DEFAULT_AUTO_REFILL,
      ...stampTranslations(null, columns.translations),
    },
    { changeLog: { information: ({ row }) => `Service ${row.id} (${row.name}) created.` } },
  );
  await writeLinks(tx, actor, row.id, linksFromBody(body), null);
  return loadServiceDetail(tx, row.id, ctx);
}

export async function updateService(tx: Queryable, actor: Actor, id: number, body: ServiceBodyOut, ctx: TableContext): Promise<ServiceDetail> {
  const before = await findById(tx, serviceRecord, id, { lock: true });
  const columns = columnsOf(body);
  const slug = body.slug || before.slug || (await freeSlug(tx, slugify(columns.name), id));
  await checkReferences(tx, body, id, slug);
  await updateRecord(
    tx,
    actor,
    serviceRecord,
    id,
    { ...columns, slug, autoRefill: autoRefillOf(body, ctx, before.autoRefill), ...stampTranslations(before, columns.translations) },
    { changeLog: { information: ({ after, changed }) => `Service ${id} (${after.name}) updated: ${changed.join(', ')}.` } },
  );
  await writeLinks(tx, actor, id, linksFromBody(body), await linksOf(tx, id));
  return loadServiceDetail(tx, id, ctx);
}

async function hasActiveProvider(q: Queryable, id: number): Promise<boolean> {
  return !!(await one(q, sql`SELECT 1 FROM service_providers WHERE service_id = ${id} AND is_active LIMIT 1`));
}

/** Archive (also disables) or unarchive (stays disabled until enabled on purpose); 409 when already there. */
export async function setArchived(tx: Queryable, actor: Actor, id: number, archived: boolean): Promise<ServiceRowDb> {
  const before = await findById(tx, serviceRecord, id, { lock: true });
  if (before.isArchived === archived) throw conflict(`Service ${id} is ${archived ? 'already archived' : 'not archived'}.`);
  const { after } = await updateRecord(tx, actor, serviceRecord, id, archived ? { isArchived: true, isEnabled: false } : { isArchived: false }, {
    event: archived ? SERVICE_ACTIONS.archive.past : SERVICE_ACTIONS.unarchive.past,
    changeLog: {
      actionType: archived ? 'archive' : 'unarchive',
      information: () => `Service ${id} (${before.name}) ${archived ? 'archived' : 'brought back from the archive, disabled'}.`,
    },
  });
  return after;
}

/** A copy: "<name> (copy)", a free slug, the same texts, providers, labels and targets; disabled until checked. */
export async function copyService(tx: Queryable, actor: Actor, id: number, ctx: TableContext): Promise<ServiceDetail> {
  const source = await findById(tx, serviceRecord, id);
  const name = `${source.name} (copy)`;
  const translations: Texts = JSON.parse(JSON.stringify(source.translations));
  translations.en = { ...(translations.en ?? {}), name };
  const slug = await freeSlug(tx, `${source.slug ?? slugify(source.name)}-copy`);
  const sorting = await one<{ n: number }>(
    tx,
    sql`SELECT coalesce(max(sorting), 0)::int + 1 AS n FROM services WHERE service_type_id = ${source.serviceTypeId}`,
  );
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = source;
  const row = await createRecord(
    tx,
    actor,
    serviceRecord,
    { ...rest, name, slug, translations, isEnabled: false, isArchived: false, sorting: sorting!.n, lastTimeProvidersAreAvailableAt: null },
    {
      event: SERVICE_ACTIONS.copy.past,
      changeLog: { actionType: 'copy', information: ({ row }) => `Service ${row.id} (${row.name}) copied from service ${id}.` },
    },
  );
  await writeLinks(tx, actor, row.id, await linksOf(tx, id), null);
  return loadServiceDetail(tx, row.id, ctx);
}

/**
 * One bulk update over many services: each id is applied or refused on its own (404 unknown, 409
 * archived or without an active provider when enabling), in one transaction.
 */
export async function bulkUpdate(tx: Queryable, actor: Actor, body: ServiceBulkBody & { resaleMarginPercent?: string }): Promise<BulkResultBody> {
  const done: number[] = [];
  const failed: { id: number; message: string }[] = [];
  for (const id of [...new Set(body.servicesIds)].sort((a, b) => a - b)) {
    const service = await findOptional(tx, serviceRecord, id, { lock: true });
    if (!service) {
      failed.push({ id, message: `Service ${id} not found.` });
      continue;
    }
    const archived = body.isArchived ?? service.isArchived;
    const refusal: HttpError | null =
      body.isEnabled === true && archived
        ? conflict(`Service ${id} is archived: bring it back before enabling it.`)
        : body.isEnabled === true && !(await hasActiveProvider(tx, id))
          ? conflict(`Service ${id} has no active provider: it cannot be enabled.`)
          : null;
    if (refusal) {
      failed.push({ id, message: refusal.message });
      continue;
    }
    const patch: Record<string, unknown> = { ...(body.flags ?? {}) };
    if (body.isEnabled !== undefined) patch.isEnabled = body.isEnabled;
    if (body.isArchived !== undefined) patch.isArchived = body.isArchived;
    if (body.isArchived === true) patch.isEnabled = false;
    if (body.resaleMarginPercent !== undefined) patch.resaleMarginPercent = body.resaleMarginPercent;
    const { changed } = await updateRecord(tx, actor, serviceRecord, id, patch, {
      event: 'bulk_updated',
      changeLog: { actionType: 'bulk_update', information: ({ changed: fields }) => `Service ${id} (${service.name}) bulk-updated: ${fields.join(', ')}.` },
    });
    void changed;
    done.push(id);
  }
  return { done, failed };
}
