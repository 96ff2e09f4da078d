import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { serviceBodySchema } from '../../../contract/catalogue';
import type { importPackagesBodySchema, importServicesBodySchema, ImportableService } from '../../../contract/providers';
import { writeAudit } from '../../audit';
import { rows, one, type Queryable } from '../../db/client';
import type { providers } from '../../db/schema/providers';
import type { AppContext } from '../../http/context';
import type { Actor, AppDeps, StaffContext } from '../../deps';
import { HttpError, validationFailed } from '../../http/errors';
import { createRecord, updateRecord } from '../../kit/crud';
import type { RowOf } from '../../kit/records';
import type { SmmService } from '../../upstream/answers';
import { storeService } from '../catalogue/services';
import { proposedPrice, rateToUsd } from './rates';
import { providerServiceRecord } from './records';
import { isUpstreamError, upstream, upstreamMessage } from '../../upstream/calls';

/**
 * Imports from a provider: the provider's services are read live through its API; importing makes
 * (or updates) one provider
 * service per provider service id — the pair (provider, service id at the provider) is unique, so
 * a re-import never duplicates — and, for import-services, one catalogue service linked to it,
 * created by the catalogue's own storeService (its rules, slug and audit).
 *
 * Errors of one row come back keyed by the row's index (`services.3.price`), the message starting
 * "Row 4:"; the console maps them to the row's service id and strips the prefix.
 */

type Panel = RowOf<typeof providers>;

/** The provider's live services; an unreachable provider or an answer with an error is a 422. */
export async function liveServices(deps: AppDeps, panel: Panel, c: AppContext): Promise<SmmService[]> {
  try {
    return await upstream(deps, c, panel.endpoint, panel.apiToken, 30_000).services();
  } catch (e) {
    if (!isUpstreamError(e)) throw e;
    const message = `The services of ${panel.name} could not be read. ${upstreamMessage(e)}`;
    throw new HttpError(422, message, { externalPanel: [message] });
  }
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

export async function listImportableServices(deps: AppDeps, panel: Panel, c: AppContext) {
  const q = deps.database.db;
  const live = await liveServices(deps, panel, c);
  const networks = await rows<{ id: number; name: string; network: string }>(q, sql`SELECT id, name, network FROM networks ORDER BY sorting, id`);
  const types = await rows<{ id: number; name: string; network_id: number; type: string }>(
    q,
    sql`SELECT id, name, network_id, type FROM service_types ORDER BY sorting, id`,
  );
  const groups = await rows<{ id: number; name: string }>(q, sql`SELECT id, name FROM promotable_checker_groups ORDER BY name, id`);
  const existing = new Map(
    (
      await rows<{ id: number; external_panel_service_id: string }>(
        q,
        sql`SELECT id, external_panel_service_id FROM provider_services WHERE external_panel_id = ${panel.id}`,
      )
    ).map((r) => [r.external_panel_service_id, r.id]),
  );
  const items: ImportableService[] = live.map((s) => {
    const category = words(s.category);
    const network = networks.find((n) => category.includes(n.network.toLowerCase()) || category.includes(n.name.toLowerCase())) ?? null;
    const nameWords = new Set(words(s.name));
    const type = network ? (types.find((t) => t.network_id === network.id && nameWords.has(t.type.toLowerCase())) ?? null) : null;
    const { providerPrice, price } = proposedPrice(s.rate, panel.currency, panel.resaleMarginPercent);
    return {
      id: s.service,
      name: s.name,
      category: s.category,
      type: s.type,
      min: s.min,
      max: s.max,
      externalPanelPrice: s.rate,
      providerPrice,
      price,
      currency: panel.currency,
      networkId: network?.id ?? null,
      serviceTypeId: type?.id ?? null,
      providerServiceId: existing.get(s.service) ?? null,
      refill: s.refill,
      dripfeed: s.dripfeed,
    };
  });
  return {
    items,
    margin: panel.resaleMarginPercent,
    rate: rateToUsd(panel.currency),
    networks: networks.map((n) => ({ id: n.id, name: n.name })),
    serviceTypes: types.map((t) => ({ id: t.id, name: t.name, networkId: t.network_id })),
    promotableCheckerGroups: groups,
  };
}

const PS_TYPE: Record<string, string> = {
  'custom comments': 'custom_comments',
  package: 'package',
  subscriptions: 'subscription',
  poll: 'poll',
  mentions: 'mentions',
};

/** Creates or updates the provider service of one live service (by provider and service id). */
async function upsertProviderService(tx: Queryable, actor: Actor, panel: Panel, s: SmmService, syncFlags: Record<string, boolean> | undefined) {
  const found = await one<{ id: number }>(
    tx,
    sql`SELECT id FROM provider_services WHERE external_panel_id = ${panel.id} AND external_panel_service_id = ${s.service} FOR UPDATE`,
  );
  const fields = {
    name: s.name,
    sourcePrice: s.rate,
    sourcePricingPer: 1000,
    lastAvailableAt: new Date(),
    ...(syncFlags ? { syncFlags } : {}),
  };
  if (found) {
    await updateRecord(tx, actor, providerServiceRecord, found.id, { ...fields, isArchived: false }, { event: 'reimported' });
    return { id: found.id, created: false };
  }
  const row = await createRecord(
    tx,
    actor,
    providerServiceRecord,
    { ...fields, type: PS_TYPE[s.type.toLowerCase()] ?? 'default', externalPanelId: panel.id, externalPanelServiceId: s.service, syncFlags: syncFlags ?? {} },
    { event: 'imported', changeLog: { information: ({ row }) => `Provider service ${row.id} (${row.name}) imported from ${panel.name}.` } },
  );
  return { id: row.id, created: true };
}

type ImportServicesOut = z.output<typeof importServicesBodySchema>;

export async function importServices(deps: AppDeps, actor: Actor, staff: StaffContext, panel: Panel, body: ImportServicesOut, c: AppContext) {
  const live = new Map((await liveServices(deps, panel, c)).map((s) => [s.service, s]));
  const db = deps.database.db;
  const errors: Record<string, string[]> = {};
  const add = (key: string, i: number, message: string) => (errors[`services.${i}.${key}`] ??= []).push(`Row ${i + 1}: ${message}`);
  const typeIds = [...new Set(body.services.map((r) => r.service_type_id))];
  const knownTypes = new Set((await rows<{ id: number }>(db, sql`SELECT id FROM service_types WHERE id IN ${typeIds}`)).map((r) => r.id));
  const groupIds = [...new Set(body.services.flatMap((r) => (r.promotable_checker_group_id === null ? [] : [r.promotable_checker_group_id])))];
  const knownGroups = new Set(
    groupIds.length ? (await rows<{ id: number }>(db, sql`SELECT id FROM promotable_checker_groups WHERE id IN ${groupIds}`)).map((r) => r.id) : [],
  );
  const seen = new Set<string>();
  body.services.forEach((r, i) => {
    if (seen.has(r.id)) add('id', i, `service ${r.id} is chosen twice.`);
    seen.add(r.id);
    if (!live.has(r.id)) add('id', i, `${panel.name} does not sell service ${r.id} (any more).`);
    if (!knownTypes.has(r.service_type_id)) add('service_type_id', i, 'choose an existing service type.');
    if (r.promotable_checker_group_id !== null && !knownGroups.has(r.promotable_checker_group_id))
      add('promotable_checker_group_id', i, 'choose an existing checker group.');
    if (Number(r.price) <= 0) add('price', i, 'the price must be above zero.');
  });
  if (Object.keys(errors).length) throw validationFailed(errors);

  return db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    const ids: number[] = [];
    for (const [i, r] of body.services.entries()) {
      const s = live.get(r.id)!;
      const ps = await upsertProviderService(tx, actor, panel, s, r.sync);
      const linked = await one<{ service_id: number }>(
        tx,
        sql`SELECT service_id FROM service_providers WHERE provider_service_id = ${ps.id} ORDER BY priority LIMIT 1`,
      );
      if (linked) {
        updated++;
        ids.push(linked.service_id);
        continue;
      }
      const min = Math.max(1, s.min);
      const max = Math.max(min, s.max);
      const parsed = serviceBodySchema.safeParse({
        translations: { en: { name: s.name } },
        serviceTypeId: r.service_type_id,
        minQuantity: min,
        maxQuantity: max,
        quantityStep: 1,
        minPrice: r.price,
        defaultPrice: r.price,
        pricingPer: 1000,
        providers: [{ providerServiceId: ps.id, isActive: true }],
        dripFeedIsAllowed: s.dripfeed,
        resaleMarginPercent: Number(panel.resaleMarginPercent) <= 1 ? panel.resaleMarginPercent : '1',
        promotableCheckerGroupId: r.promotable_checker_group_id,
        apiAccess: true,
        restrictedAccess: false,
        hasRefill: s.refill,
        isEnabled: true,
        isDeactivated: false,
        urlIsRequired: true,
        realCounterCompleteIsEnabled: false,
        moderationIsEnabled: false,
        cancelByClientIsAllowed: s.cancel,
        gatherStatistic: false,
        autoCancel: false,
        calculatableQuantity: false,
        forbidsOrdersWithSameUrl: false,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const key = String(issue?.path[0] ?? 'id');
        throw validationFailed({
          [`services.${i}.${key === 'defaultPrice' || key === 'minPrice' ? 'price' : key === 'serviceTypeId' ? 'service_type_id' : 'id'}`]: [
            `Row ${i + 1}: ${issue?.message ?? 'cannot be imported.'}`,
          ],
        });
      }
      try {
        const service = await storeService(tx, actor, parsed.data, staff);
        ids.push(service.id);
        created++;
      } catch (e) {
        if (e instanceof HttpError && e.status === 422 && e.errors) {
          const rekeyed = Object.fromEntries(
            Object.entries(e.errors).map(([k, v]) => [
              `services.${i}.${k === 'defaultPrice' || k === 'minPrice' ? 'price' : k === 'serviceTypeId' ? 'service_type_id' : k === 'promotableCheckerGroupId' ? 'promotable_checker_group_id' : 'id'}`,
              v.map((m) => `Row ${i + 1}: ${m}`),
            ]),
          );
          throw validationFailed(rekeyed);
        }
        throw e;
      }
    }
    const parts = [
      created ? `${created} service${created === 1 ? '' : 's'} created` : '',
      updated ? `${updated} already imported (provider services updated)` : '',
    ].filter(Boolean);
    return { message: `Import from ${panel.name}: ${parts.join(', ')}.`, created, updated, ids };
  });
}

/** Provider services only (no catalogue services) for the chosen live services. */
export async function importProviderServices(
  deps: AppDeps,
  actor: Actor,
  panel: Panel,
  serviceIds: readonly string[],
  c: AppContext,
  field = 'importableServicesIds',
) {
  const live = new Map((await liveServices(deps, panel, c)).map((s) => [s.service, s]));
  const errors: Record<string, string[]> = {};
  serviceIds.forEach((id, i) => {
    if (!live.has(id))
      errors[field === 'importableServicesIds' ? `importableServicesIds.${i}` : field] = [`Row ${i + 1}: ${panel.name} does not sell service ${id}.`];
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return deps.database.db.transaction(async (tx) => {
    let created = 0;
    const ids: number[] = [];
    for (const id of [...new Set(serviceIds)]) {
      const r = await upsertProviderService(tx, actor, panel, live.get(id)!, undefined);
      if (r.created) created++;
      ids.push(r.id);
    }
    const updated = ids.length - created;
    return {
      message: `${created} provider service${created === 1 ? '' : 's'} created${updated ? `, ${updated} updated` : ''} from ${panel.name}.`,
      created,
      updated,
      ids,
    };
  });
}

/** Panels send a discount as a percentage ("15") or a fraction ("0.15"); the panel stores a fraction of 1. */
function asFraction(value: string | null): string {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n) || n <= 0) return '0';
  return n > 1 ? (Math.min(n, 100) / 100).toFixed(3) : n.toFixed(3);
}

async function packageColumns(q: Queryable): Promise<Set<string>> {
  return new Set(
    (
      await rows<{ column_name: string }>(
        q,
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'packages' AND table_schema = current_schema()`,
      )
    ).map((r) => r.column_name),
  );
}

async function livePackages(deps: AppDeps, panel: Panel, c: AppContext) {
  try {
    return await upstream(deps, c, panel.endpoint, panel.apiToken).packages();
  } catch (e) {
    if (!isUpstreamError(e)) throw e;
    const message = `The packages of ${panel.name} could not be read. ${upstreamMessage(e)}`;
    throw new HttpError(422, message, { externalPanel: [message] });
  }
}

export async function listImportablePackages(deps: AppDeps, panel: Panel, c: AppContext) {
  const q = deps.database.db;
  const list = await livePackages(deps, panel, c);
  const columns = await packageColumns(q);
  const names = new Set(
    columns.has('provider_id') ? (await rows<{ name: string }>(q, sql`SELECT name FROM packages WHERE provider_id = ${panel.id}`)).map((r) => r.name) : [],
  );
  return list.map((p) => ({
    id: p.id,
    name: p.name,
    type: p.type === 'manual' ? 'manual' : 'auto',
    fixedCost: p.fixedCost ?? '0',
    discountPercent: asFraction(p.discountPercent),
    sync: true,
    imported: names.has(p.name),
  }));
}

type ImportPackagesOut = z.output<typeof importPackagesBodySchema>;

/**
 * Packages from the provider. The packages table is the packages area's: only the columns that
 * exist are written (name, type; fixed cost, discount, sync and provider once that area has them).
 * A package of the same provider and name is updated, not duplicated.
 */
export async function importPackages(deps: AppDeps, actor: Actor, panel: Panel, body: ImportPackagesOut, c: AppContext) {
  const live = new Map((await livePackages(deps, panel, c)).map((p) => [p.id, p]));
  const errors: Record<string, string[]> = {};
  body.packages.forEach((p, i) => {
    if (!live.has(p.id)) errors[`packages.${i}.id`] = [`Row ${i + 1}: ${panel.name} has no package ${p.id}.`];
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return deps.database.db.transaction(async (tx) => {
    const columns = await packageColumns(tx);
    let created = 0;
    let updated = 0;
    const ids: number[] = [];
    for (const p of body.packages) {
      const source = live.get(p.id)!;
      const values: Record<string, unknown> = { name: source.name, type: source.type === 'manual' ? 'manual' : 'auto' };
      // A fixed cost of 0 means none: the package is priced by its discount.
      if (columns.has('fixed_cost')) values.fixed_cost = Number(p.fixed_cost) > 0 ? p.fixed_cost : null;
      if (columns.has('discount_percent')) values.discount_percent = p.discount_percent;
      if (columns.has('sync')) values.sync = p.sync;
      if (columns.has('provider_id')) values.provider_id = panel.id;
      const existing = columns.has('provider_id')
        ? await one<{ id: number }>(tx, sql`SELECT id FROM packages WHERE provider_id = ${panel.id} AND name = ${source.name} LIMIT 1 FOR UPDATE`)
        : undefined;
      const entries = Object.entries(values);
      if (existing) {
        await tx.execute(
          sql`UPDATE packages SET ${sql.join(
            entries.map(([k, v]) => sql`${sql.identifier(k)} = ${v}`),
            sql`, `,
          )} WHERE id = ${existing.id}`,
        );
        ids.push(existing.id);
        updated++;
      } else {
        const row = await one<{ id: number }>(
          tx,
          sql`INSERT INTO packages (${sql.join(
            entries.map(([k]) => sql.identifier(k)),
            sql`, `,
          )}) VALUES (${sql.join(
            entries.map(([, v]) => sql`${v}`),
            sql`, `,
          )}) RETURNING id`,
        );
        ids.push(row!.id);
        created++;
      }
    }
    for (const id of ids)
      await writeAudit(tx, actor, { event: 'imported', auditableType: 'package', auditableId: id, newValues: { external_panel_id: panel.id } });
    return {
      message: `${created} package${created === 1 ? '' : 's'} imported${updated ? `, ${updated} updated` : ''} from ${panel.name}.`,
      created,
      updated,
      ids,
    };
  });
}
