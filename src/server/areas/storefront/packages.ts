import { sql } from 'drizzle-orm';
import {
  PACKAGES_TABLE,
  PACKAGE_SERVICES_PAGE,
  type AvailableService,
  type PackageDetail,
  type PackageRow,
  type PackageTotalCost,
} from '../../../contract/storefront';
import type { packageBodySchema, packagesBulkBodySchema, packageTotalCostBodySchema } from '../../../contract/storefront';
import type { z } from 'zod';
import { tableRequestSchema } from '../../../contract/table';
import type { BulkResultBody } from '../../../contract/fields';
import { one, rows, type Queryable } from '../../db/client';
import { packages } from '../../db/schema/packages';
import { packageContents } from './schema';
import type { Actor } from '../../deps';
import { conflict, fieldError, validationFailed } from '../../http/errors';
import { createRecord, updateRecord } from '../../kit/crud';
import { defineRecord, findById, recordNotFound } from '../../kit/records';
import { decimalText, defineTable, utcText, type TableContext } from '../../table';
import { toUnits } from '../../pricing/decimal';
import { packageCosts } from './costs';

/**
 * Packages: a list, one package with its contents, create and update (contents replaced, costs
 * recomputed from
 * the services' default prices), bulk enable / archive / discount, archive and restore, the live
 * total cost and the services a package may hold.
 */

export const packageRecord = defineRecord({ table: packages, thing: 'Package', type: 'package', unique: { packages_slug_unique: 'slug' } });

type PackageBody = z.output<typeof packageBodySchema>;
type TotalCostBody = z.output<typeof packageTotalCostBodySchema>;
type BulkBody = z.output<typeof packagesBulkBodySchema>;

/** The most a money column holds (numeric(14,4)). */
const MONEY_MAX_UNITS = 10n ** 14n - 1n;

interface PackageDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  type: 'auto' | 'manual';
  network_id: number | null;
  network_name: string | null;
  contents: { serviceId: number; name: string; quantity: number }[] | string | null;
  default_cost: string;
  difference: string;
  total_cost: string;
  fixed_cost: string | null;
  discount_percent: string;
  sync: boolean;
  provider_id: number | null;
  provider_name: string | null;
  slug: string | null;
  restricted_access: boolean;
  is_enabled: boolean;
  is_archived: boolean;
  created_at: string;
}

/**
 * The total as written by this area is the fixed cost when one is set; a provider import writes
 * only the fixed cost, so the list reads it from there too and never shows a stale total.
 */
const totalSql = sql`coalesce(p.fixed_cost, p.total_cost)`;

const contentsJson = sql`(SELECT coalesce(json_agg(json_build_object('serviceId', s.id, 'name', s.name, 'quantity', pc.quantity) ORDER BY pc.sorting, pc.id), '[]'::json)
  FROM package_contents pc JOIN services s ON s.id = pc.service_id WHERE pc.package_id = p.id)`;

function mapPackageRow(row: PackageDbRow, ctx: TableContext): PackageRow {
  const can = ctx.permissions.has('managePackages');
  const contents = typeof row.contents === 'string' ? JSON.parse(row.contents) : (row.contents ?? []);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    network: row.network_id === null ? null : { id: row.network_id, name: row.network_name ?? '' },
    contents,
    defaultCost: row.default_cost,
    difference: row.difference,
    totalCost: row.total_cost,
    fixedCost: row.fixed_cost,
    discountPercent: row.discount_percent,
    sync: row.sync,
    provider: row.provider_id === null ? null : { id: row.provider_id, name: row.provider_name ?? '' },
    slug: row.slug,
    restrictedAccess: row.restricted_access,
    isEnabled: row.is_enabled,
    isArchived: row.is_archived,
    createdAt: row.created_at,
    actions: { editable: can, archivable: can && !row.is_archived, restorable: can && row.is_archived },
  };
}

export const packagesTable = defineTable(PACKAGES_TABLE, {
  from: sql`packages p LEFT JOIN networks n ON n.id = p.network_id LEFT JOIN providers pr ON pr.id = p.provider_id`,
  select: sql`p.id, p.name, p.type, p.network_id, n.name AS network_name, ${contentsJson} AS contents,
    ${decimalText(sql`p.default_cost`)} AS default_cost, ${decimalText(sql`p.default_cost - ${totalSql}`)} AS difference, ${decimalText(totalSql)} AS total_cost,
    ${decimalText(sql`p.fixed_cost`)} AS fixed_cost, ${decimalText(sql`p.discount_percent`)} AS discount_percent, p.sync,
    p.provider_id, pr.name AS provider_name, p.slug, p.restricted_access, p.is_enabled, p.is_archived, ${utcText(sql`p.created_at`)} AS created_at`,
  id: sql`p.id`,
  columns: {
    id: { sql: sql`p.id` },
    name: { sql: sql`p.name` },
    type: { sql: sql`p.type` },
    'network.name': { sql: sql`n.name`, filterSql: sql`p.network_id`, nullable: true },
    defaultCost: { sql: sql`p.default_cost` },
    discountPercent: { sql: sql`p.discount_percent` },
    totalCost: { sql: totalSql },
    'provider.name': { sql: sql`pr.name`, filterSql: sql`p.provider_id`, nullable: true },
    isEnabled: { sql: sql`p.is_enabled` },
    isArchived: { sql: sql`p.is_archived` },
    createdAt: { sql: sql`p.created_at` },
  },
  search: [sql`p.name`, sql`p.slug`],
  defaultSort: [{ key: 'id', desc: true }],
  map: mapPackageRow,
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

export async function loadPackage(q: Queryable, id: number, ctx: TableContext): Promise<PackageDetail> {
  const { items } = await packagesTable.query(q, ONE_ROW, ctx, { where: sql`p.id = ${id}` });
  const row = items[0];
  if (!row) throw recordNotFound(packageRecord, id);
  const extra = (await one<{ buy_page_url: string | null; translations: Record<string, Record<string, string>>; updated_at: string }>(
    q,
    sql`SELECT buy_page_url, translations, ${utcText(sql`updated_at`)} AS updated_at FROM packages WHERE id = ${id}`,
  ))!;
  const items2 = await rows<{
    id: number;
    service_id: number;
    name: string;
    service_type: string;
    default_price: string;
    pricing_per: number;
    quantity: number;
    cost: string;
    price: string;
    is_displayable: boolean;
  }>(
    q,
    sql`SELECT pc.id, s.id AS service_id, s.name, st.name AS service_type, s.default_price::text AS default_price, s.pricing_per,
          pc.quantity, pc.cost::text AS cost, pc.price::text AS price, pc.is_displayable
        FROM package_contents pc JOIN services s ON s.id = pc.service_id JOIN service_types st ON st.id = s.service_type_id
        WHERE pc.package_id = ${id} ORDER BY pc.sorting, pc.id`,
  );
  return {
    ...row,
    buyPageUrl: extra.buy_page_url,
    translations: extra.translations ?? {},
    updatedAt: extra.updated_at,
    items: items2.map((r) => ({
      id: r.id,
      service: { id: r.service_id, name: r.name, serviceType: r.service_type, defaultPrice: r.default_price, pricingPer: r.pricing_per },
      quantity: r.quantity,
      cost: r.cost,
      price: r.price,
      isDisplayable: r.is_displayable,
    })),
  };
}

interface ServiceFacts {
  id: number;
  name: string;
  network_id: number;
  default_price: string;
  pricing_per: number;
  min_quantity: number;
  max_quantity: number;
  quantity_step: number;
  is_archived: boolean;
}

/**
 * The contents' services, checked: each exists, belongs to the network (when one is given), is not
 * archived, and the quantity is within its limits and steps. Errors land on `contents.i.*`.
 */
async function checkedServices(q: Queryable, contents: readonly { service_id: number; quantity: number }[], networkId: number | null): Promise<ServiceFacts[]> {
  if (contents.length === 0) return [];
  const ids = [...new Set(contents.map((c) => c.service_id))];
  const found = await rows<ServiceFacts>(
    q,
    sql`SELECT s.id, s.name, st.network_id, s.default_price::text AS default_price, s.pricing_per, s.min_quantity, s.max_quantity, s.quantity_step, s.is_archived
          FROM services s JOIN service_types st ON st.id = s.service_type_id WHERE s.id IN ${ids}`,
  );
  const byId = new Map(found.map((s) => [s.id, s]));
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  contents.forEach((c, i) => {
    const s = byId.get(c.service_id);
    if (!s) errors[`contents.${i}.service_id`] = ['The service does not exist.'];
    else if (seen.has(c.service_id)) errors[`contents.${i}.service_id`] = ['Each service may appear once; change the quantity instead.'];
    else if (networkId !== null && s.network_id !== networkId) errors[`contents.${i}.service_id`] = [`${s.name} is not a service of the package's network.`];
    else if (s.is_archived) errors[`contents.${i}.service_id`] = [`${s.name} is archived.`];
    else if (c.quantity < s.min_quantity || c.quantity > s.max_quantity)
      errors[`contents.${i}.quantity`] = [`The quantity must be between ${s.min_quantity} and ${s.max_quantity}.`];
    else if (s.quantity_step > 1 && c.quantity % s.quantity_step !== 0)
      errors[`contents.${i}.quantity`] = [`The quantity must be a multiple of ${s.quantity_step}.`];
    seen.add(c.service_id);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return contents.map((c) => byId.get(c.service_id)!);
}

function costsOf(services: readonly ServiceFacts[], contents: readonly { quantity: number }[], fixedCost: string | null, discount: string, field = 'contents') {
  const costs = packageCosts(
    contents.map((c, i) => ({ defaultPrice: services[i].default_price, pricingPer: services[i].pricing_per, quantity: c.quantity })),
    fixedCost,
    discount,
  );
  if (toUnits(costs.defaultCost) > MONEY_MAX_UNITS) throw fieldError(field, 'The contents cost more than a package can hold; lower the quantities.');
  return costs;
}

/** POST total-cost: what the editor shows live; the same arithmetic as saving. */
export async function totalCost(q: Queryable, body: TotalCostBody): Promise<PackageTotalCost> {
  const services = await checkedServices(q, body.contents, null);
  const costs = costsOf(services, body.contents, body.fixed_cost, body.discount_percent);
  return {
    defaultCost: costs.defaultCost,
    totalCost: costs.totalCost,
    difference: costs.difference,
    contents: body.contents.map((c, i) => ({ serviceId: c.service_id, quantity: c.quantity, ...costs.lines[i] })),
  };
}

export async function availableServices(q: Queryable, body: { network_id: number; search: string; page: number }) {
  if (!(await one(q, sql`SELECT 1 FROM networks WHERE id = ${body.network_id}`))) throw fieldError('network_id', 'The selected network is invalid.');
  const pattern = `%${body.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const where = sql`st.network_id = ${body.network_id} AND NOT s.is_archived ${body.search ? sql`AND (s.name ILIKE ${pattern} OR s.id::text = ${body.search})` : sql``}`;
  const total = Number(
    (await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM services s JOIN service_types st ON st.id = s.service_type_id WHERE ${where}`))!.n,
  );
  const items = await rows<{
    id: number;
    name: string;
    service_type: string;
    default_price: string;
    pricing_per: number;
    min_quantity: number;
    max_quantity: number;
    quantity_step: number;
  }>(
    q,
    sql`SELECT s.id, s.name, st.name AS service_type, s.default_price::text AS default_price, s.pricing_per, s.min_quantity, s.max_quantity, s.quantity_step
          FROM services s JOIN service_types st ON st.id = s.service_type_id
         WHERE ${where} ORDER BY st.sorting, s.sorting, s.id LIMIT ${PACKAGE_SERVICES_PAGE} OFFSET ${(body.page - 1) * PACKAGE_SERVICES_PAGE}`,
  );
  return {
    items: items.map(
      (s): AvailableService => ({
        id: s.id,
        name: s.name,
        serviceType: s.service_type,
        defaultPrice: s.default_price,
        pricingPer: s.pricing_per,
        minQuantity: s.min_quantity,
        maxQuantity: s.max_quantity,
        quantityStep: s.quantity_step,
      }),
    ),
    page: body.page,
    lastPage: Math.max(1, Math.ceil(total / PACKAGE_SERVICES_PAGE)),
  };
}

export async function packageCollections(q: Queryable) {
  return {
    networks: await rows<{ id: number; name: string }>(q, sql`SELECT id, name FROM networks ORDER BY sorting, id`),
    providers: await rows<{ id: number; name: string }>(
      q,
      sql`SELECT id, name FROM providers WHERE id IN (SELECT provider_id FROM packages) ORDER BY name, id`,
    ),
  };
}

async function checkNetwork(q: Queryable, networkId: number) {
  const found = await one(q, sql`SELECT 1 FROM networks WHERE id = ${networkId}`);
  if (!found) throw fieldError('network_id', 'The network does not exist.');
}

async function checkSlug(q: Queryable, slug: string | null, id: number | null) {
  if (!slug) return;
  const taken = await one(q, sql`SELECT 1 FROM packages WHERE slug = ${slug} ${id ? sql`AND id <> ${id}` : sql``}`);
  if (taken) throw fieldError('slug', 'The slug has already been taken.');
}

/** Writes the contents (replacing the old ones) and the costs; audit of contents is part of the package's entry. */
async function writeContents(tx: Queryable, packageId: number, body: PackageBody, services: ServiceFacts[]) {
  const costs = costsOf(services, body.contents, body.fixed_cost, body.discount_percent);
  await tx.delete(packageContents).where(sql`${packageContents.packageId} = ${packageId}`);
  await tx.insert(packageContents).values(
    body.contents.map((c, i) => ({
      packageId,
      serviceId: c.service_id,
      quantity: c.quantity,
      isDisplayable: c.is_displayable,
      sorting: i,
      cost: costs.lines[i].cost,
      price: costs.lines[i].price,
    })),
  );
  return costs;
}

const contentsSummary = (body: PackageBody) => body.contents.map((c) => `${c.service_id}×${c.quantity}${c.is_displayable ? '' : ' (hidden)'}`).join(', ');

function fieldsOf(body: PackageBody) {
  return {
    name: body.name,
    type: body.type,
    networkId: body.network_id,
    translations: body.translations as Record<string, Record<string, string>>,
    slug: body.slug,
    restrictedAccess: body.restricted_access,
    buyPageUrl: body.buy_page_url,
    fixedCost: body.fixed_cost,
    discountPercent: body.discount_percent,
    isEnabled: body.is_enabled,
  };
}

export async function storePackage(tx: Queryable, actor: Actor, body: PackageBody): Promise<number> {
  await checkNetwork(tx, body.network_id);
  await checkSlug(tx, body.slug, null);
  const services = await checkedServices(tx, body.contents, body.network_id);
  const costs = costsOf(services, body.contents, body.fixed_cost, body.discount_percent);
  const row = await createRecord(
    tx,
    actor,
    packageRecord,
    {
      ...fieldsOf(body),
      defaultCost: costs.defaultCost,
      totalCost: costs.totalCost,
      difference: costs.difference,
    },
    { changeLog: { information: ({ row }) => `Package ${row.id} (${row.name}) created with ${body.contents.length} services: ${contentsSummary(body)}.` } },
  );
  await writeContents(tx, row.id, body, services);
  return row.id;
}

export async function updatePackage(tx: Queryable, actor: Actor, id: number, body: PackageBody): Promise<void> {
  const before = await findById(tx, packageRecord, id, { lock: true });
  if (before.isArchived && body.is_enabled) throw fieldError('is_enabled', 'An archived package cannot be enabled: restore it first.');
  await checkNetwork(tx, body.network_id);
  await checkSlug(tx, body.slug, id);
  const services = await checkedServices(tx, body.contents, body.network_id);
  const oldContents = await rows<{ service_id: number; quantity: number; is_displayable: boolean }>(
    tx,
    sql`SELECT service_id, quantity, is_displayable FROM package_contents WHERE package_id = ${id} ORDER BY sorting, id`,
  );
  const costs = await writeContents(tx, id, body, services);
  const contentsChanged =
    JSON.stringify(oldContents.map((c) => [c.service_id, c.quantity, c.is_displayable])) !==
    JSON.stringify(body.contents.map((c) => [c.service_id, c.quantity, c.is_displayable]));
  await updateRecord(
    tx,
    actor,
    packageRecord,
    id,
    {
      ...fieldsOf(body),
      defaultCost: costs.defaultCost,
      totalCost: costs.totalCost,
      difference: costs.difference,
      // Contents live in their own table: touching updated_at records that they changed.
      ...(contentsChanged ? { updatedAt: new Date() } : {}),
    },
    { changeLog: { information: () => `Package ${id} (${before.name}) saved${contentsChanged ? `; contents now ${contentsSummary(body)}` : ''}.` } },
  );
}

/** Archive (also disables) or restore (stays disabled until enabled on purpose); 409 when already there. */
export async function setPackageArchived(tx: Queryable, actor: Actor, id: number, archived: boolean): Promise<void> {
  const before = await findById(tx, packageRecord, id, { lock: true });
  if (before.isArchived === archived) throw conflict(`Package ${id} is ${archived ? 'already archived' : 'not archived'}.`);
  await updateRecord(tx, actor, packageRecord, id, archived ? { isArchived: true, isEnabled: false } : { isArchived: false }, {
    event: archived ? 'archived' : 'restored',
    changeLog: {
      actionType: archived ? 'archive' : 'restore',
      information: () => `Package ${id} (${before.name}) ${archived ? 'archived' : 'restored from the archive, disabled'}.`,
    },
  });
}

/**
 * Bulk: enable or disable, archive or restore, and the discount (a fraction with
 * 3 decimals), applied per package so each gets its audit entry; an archived package cannot be
 * enabled (unless restored in the same call). A new discount recomputes the costs.
 */
export async function bulkPackages(tx: Queryable, actor: Actor, body: BulkBody): Promise<BulkResultBody> {
  const done: number[] = [];
  const failed: { id: number; message: string }[] = [];
  for (const id of body.package_ids) {
    const before = await tx
      .select()
      .from(packages)
      .where(sql`${packages.id} = ${id}`)
      .for('update')
      .then((r) => r[0]);
    if (!before) {
      failed.push({ id, message: `Package ${id} not found.` });
      continue;
    }
    const archived = body.is_archived ?? before.isArchived;
    if (body.is_enabled === true && archived) {
      failed.push({ id, message: `Package ${id} is archived: restore it before enabling it.` });
      continue;
    }
    const patch: Partial<typeof packages.$inferInsert> = {};
    if (body.is_archived !== undefined) patch.isArchived = body.is_archived;
    if (body.is_archived === true) patch.isEnabled = false;
    if (body.is_enabled !== undefined) patch.isEnabled = body.is_enabled;
    if (body.discount_percent !== undefined) {
      patch.discountPercent = body.discount_percent;
      const lines = await rows<{ id: number; default_price: string; pricing_per: number; quantity: number }>(
        tx,
        sql`SELECT pc.id, s.default_price::text AS default_price, s.pricing_per, pc.quantity FROM package_contents pc JOIN services s ON s.id = pc.service_id
             WHERE pc.package_id = ${id} ORDER BY pc.sorting, pc.id`,
      );
      const costs = packageCosts(
        lines.map((l) => ({ defaultPrice: l.default_price, pricingPer: l.pricing_per, quantity: l.quantity })),
        before.fixedCost,
        body.discount_percent,
      );
      Object.assign(patch, { defaultCost: costs.defaultCost, totalCost: costs.totalCost, difference: costs.difference });
      for (const [i, line] of lines.entries()) {
        await tx.update(packageContents).set({ cost: costs.lines[i].cost, price: costs.lines[i].price }).where(sql`${packageContents.id} = ${line.id}`);
      }
    }
    await updateRecord(tx, actor, packageRecord, id, patch, {
      event: 'bulk_updated',
      changeLog: { actionType: 'bulk_update', information: () => `Package ${id} (${before.name}) changed in bulk.` },
    });
    done.push(id);
  }
  return { done, failed };
}
