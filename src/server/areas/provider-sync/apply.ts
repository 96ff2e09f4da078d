import { sql, type SQL } from 'drizzle-orm';
import type { SyncChangeKind } from '../../../contract/provider-sync/columns';
import { writeAudit } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { conflict, fieldError, notFound } from '../../http/errors';
import { belowMarginSql, defaultFloorOf, panelCurrencies } from './margin';

/**
 * Deciding a run's changes. Accepting applies them in ONE transaction (the caller's):
 *
 * - the mirror takes the provider's values (new: inserted or present again; removed: not present;
 *   price, min/max, name: the new value);
 * - the provider services of ours with that external id follow, as the provider's sync flags
 *   allow: syncPrices → source_price (rate per 1000 scaled to the service's pricing unit),
 *   syncName → name, syncServices → status (a removal disables it; its return re-enables only what a
 *   removal disabled) and last_available_at;
 * - each changed provider service gets an audit entry (old and new values), the run one with counts;
 * - the margin guard then looks at the services of ours those provider services fulfil: with
 *   "disable below margin" on, a link whose cost leaves less than the floor is turned off.
 *
 * Only changes still pending are taken (locked FOR UPDATE) and are marked applied in the same
 * transaction, so deciding the same changes twice changes nothing the second time.
 */

export interface Selection {
  changeIds?: number[];
  all?: boolean;
  kinds?: SyncChangeKind[];
}

export interface DecisionResult {
  decided: number;
  providerServicesChanged: number;
  linksDisabled: number;
}

interface RunRow {
  id: number;
  provider_id: number;
  status: string;
}

async function lockRun(tx: Queryable, runId: number): Promise<RunRow> {
  const run = await one<RunRow>(tx, sql`SELECT id, provider_id, status FROM provider_sync_runs WHERE id = ${runId} FOR UPDATE`);
  if (!run) throw notFound('Sync run');
  if (run.status === 'superseded') throw conflict('A newer sync of this provider replaced this one: review that run instead.');
  if (run.status !== 'review' && run.status !== 'applied') throw conflict('This sync run has no changes to decide.');
  return run;
}

/**
 * Change ids that are not this run's are a 422 on `changeIds` naming them: an id that names nothing
 * is not "nothing to apply".
 */
async function assertRunChanges(tx: Queryable, runId: number, selection: Selection): Promise<void> {
  const ids = [...new Set(selection.changeIds ?? [])];
  if (ids.length === 0) return;
  const found = await rows<{ id: number }>(tx, sql`SELECT id FROM provider_sync_changes WHERE run_id = ${runId} AND id IN ${ids}`);
  const known = new Set(found.map((r) => Number(r.id)));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length)
    throw fieldError(
      'changeIds',
      `${unknown.length === 1 ? 'Change' : 'Changes'} ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? '…' : ''} ${unknown.length === 1 ? 'is' : 'are'} not part of this sync run.`,
    );
}

const selectionSql = (runId: number, selection: Selection): SQL => {
  const parts: SQL[] = [sql`c.run_id = ${runId}`, sql`c.state = 'pending'`];
  if (selection.changeIds?.length) parts.push(sql`c.id IN ${selection.changeIds}`);
  else if (!selection.all) parts.push(sql`false`);
  if (selection.kinds?.length) parts.push(sql`c.kind IN ${selection.kinds}`);
  return sql.join(parts, sql` AND `);
};

/** Marks the run applied once nothing is left to decide. */
async function settleRun(tx: Queryable, runId: number): Promise<void> {
  await tx.execute(sql`UPDATE provider_sync_runs r SET status = 'applied', applied_at = now()
    WHERE r.id = ${runId} AND r.status = 'review'
      AND NOT EXISTS (SELECT 1 FROM provider_sync_changes c WHERE c.run_id = r.id AND c.state = 'pending')`);
}

export async function dismissChanges(tx: Queryable, actor: Actor, runId: number, selection: Selection): Promise<DecisionResult> {
  await lockRun(tx, runId);
  await assertRunChanges(tx, runId, selection);
  const done = await rows<{ id: number }>(
    tx,
    sql`UPDATE provider_sync_changes c SET state = 'dismissed', decided_at = now(), decided_by = ${actor.staffId}
         WHERE ${selectionSql(runId, selection)} RETURNING c.id`,
  );
  if (done.length) {
    await writeAudit(tx, actor, { event: 'dismissed', auditableType: 'provider_sync_run', auditableId: runId, newValues: { changes: done.length } });
  }
  await settleRun(tx, runId);
  return { decided: done.length, providerServicesChanged: 0, linksDisabled: 0 };
}

export async function applyChanges(tx: Queryable, actor: Actor, runId: number, selection: Selection): Promise<DecisionResult> {
  const run = await lockRun(tx, runId);
  await assertRunChanges(tx, runId, selection);
  const providerId = run.provider_id;
  // Take the selected pending changes (locked) and mark them applied at once.
  const taken = await rows<{ id: number; kind: SyncChangeKind }>(
    tx,
    sql`UPDATE provider_sync_changes c SET state = 'applied', decided_at = now(), decided_by = ${actor.staffId}
          FROM (SELECT id FROM provider_sync_changes c WHERE ${selectionSql(runId, selection)} FOR UPDATE) picked
         WHERE c.id = picked.id RETURNING c.id, c.kind`,
  );
  if (taken.length === 0) {
    await settleRun(tx, runId);
    return { decided: 0, providerServicesChanged: 0, linksDisabled: 0 };
  }
  const ids = taken.map((t) => t.id);
  const picked = sql`(SELECT * FROM provider_sync_changes WHERE id IN ${ids})`;
  const n = (field: string) => sql.raw(`(c.new_values->>'${field}')`);

  // 1. The mirror.
  await tx.execute(sql`INSERT INTO provider_catalogue_items AS m (provider_id, external_id, name, category, type, rate, min, max, refill, cancel, dripfeed, present, updated_at)
      SELECT ${providerId}, c.external_id, ${n('name')}, coalesce(${n('category')}, ''), coalesce(${n('type')}, 'Default'), ${n('rate')}::numeric,
             ${n('min')}::bigint, ${n('max')}::bigint, ${n('refill')}::boolean, ${n('cancel')}::boolean, ${n('dripfeed')}::boolean, true, now()
        FROM ${picked} c WHERE c.kind = 'new'
      ON CONFLICT (provider_id, external_id) DO UPDATE SET name = excluded.name, category = excluded.category, type = excluded.type,
        rate = excluded.rate, min = excluded.min, max = excluded.max, refill = excluded.refill, cancel = excluded.cancel,
        dripfeed = excluded.dripfeed, present = true, updated_at = now()`);
  await tx.execute(sql`UPDATE provider_catalogue_items m SET present = false, updated_at = now()
      FROM ${picked} c WHERE c.kind = 'removed' AND m.provider_id = ${providerId} AND m.external_id = c.external_id`);
  await tx.execute(sql`UPDATE provider_catalogue_items m SET rate = ${n('rate')}::numeric, updated_at = now()
      FROM ${picked} c WHERE c.kind IN ('price_up', 'price_down') AND m.provider_id = ${providerId} AND m.external_id = c.external_id`);
  await tx.execute(sql`UPDATE provider_catalogue_items m SET min = ${n('min')}::bigint, max = ${n('max')}::bigint, updated_at = now()
      FROM ${picked} c WHERE c.kind = 'limits' AND m.provider_id = ${providerId} AND m.external_id = c.external_id`);
  await tx.execute(sql`UPDATE provider_catalogue_items m SET name = ${n('name')}, category = coalesce(${n('category')}, m.category), updated_at = now()
      FROM ${picked} c WHERE c.kind = 'renamed' AND m.provider_id = ${providerId} AND m.external_id = c.external_id`);

  // 2. Our provider services with those external ids, as the provider's sync flags allow. One
  // statement computes each one's new values from all its accepted changes; old values come from
  // the locked snapshot so the audit shows both.
  const changed = await rows<{
    id: number;
    old_name: string;
    name: string;
    old_price: string;
    price: string;
    old_status: string;
    status: string;
    returned: boolean;
    removed: boolean;
  }>(
    tx,
    sql`WITH flags AS (SELECT sync_prices, sync_name, sync_services FROM providers WHERE id = ${providerId}),
        per AS (
          SELECT ps.id,
                 max(CASE WHEN c.kind IN ('price_up', 'price_down', 'new') THEN c.new_values->>'rate' END) AS rate,
                 max(CASE WHEN c.kind IN ('renamed', 'new') THEN c.new_values->>'name' END) AS name,
                 bool_or(c.kind = 'removed') AS removed,
                 bool_or(c.kind = 'new') AS returned
            FROM ${picked} c JOIN provider_services ps ON ps.external_panel_id = ${providerId} AND ps.external_panel_service_id = c.external_id
           GROUP BY ps.id),
        old AS (SELECT ps.id, ps.name, ps.source_price, ps.source_pricing_per, ps.status, ps.sync_flags, ps.external_panel_service_id
                  FROM provider_services ps JOIN per ON per.id = ps.id FOR UPDATE OF ps),
        next AS (
          SELECT old.id, old.name AS old_name, old.source_price AS old_price, old.status AS old_status, per.removed, per.returned,
                 CASE WHEN f.sync_name AND per.name IS NOT NULL THEN per.name ELSE old.name END AS name,
                 CASE WHEN f.sync_prices AND per.rate IS NOT NULL AND coalesce(old.sync_flags->>'prices', 'true') <> 'false'
                      THEN round(per.rate::numeric * old.source_pricing_per / 1000, 4) ELSE old.source_price END AS price,
                 CASE WHEN f.sync_services AND per.removed THEN 'disabled'
                      WHEN f.sync_services AND per.returned AND m.disabled_by_sync THEN 'active'
                      ELSE old.status END AS status
            FROM old JOIN per ON per.id = old.id CROSS JOIN flags f
            LEFT JOIN provider_catalogue_items m ON m.provider_id = ${providerId} AND m.external_id = old.external_panel_service_id)
        UPDATE provider_services ps SET name = next.name, source_price = next.price, status = next.status, updated_at = now(),
               last_available_at = CASE WHEN next.removed THEN ps.last_available_at ELSE now() END
          FROM next WHERE ps.id = next.id
        RETURNING ps.id, next.old_name, next.name, next.old_price::text AS old_price, next.price::text AS price,
                  next.old_status, next.status, next.returned, next.removed`,
  );
  // Remember which removals disabled a service, so only those come back on with a return.
  await tx.execute(sql`UPDATE provider_catalogue_items m SET disabled_by_sync = CASE WHEN c.kind = 'removed' THEN ps.status = 'disabled' ELSE false END
      FROM ${picked} c JOIN provider_services ps ON ps.external_panel_id = ${providerId} AND ps.external_panel_service_id = c.external_id
     WHERE c.kind IN ('removed', 'new') AND m.provider_id = ${providerId} AND m.external_id = c.external_id`);

  let providerServicesChanged = 0;
  for (const c of changed) {
    const oldValues: Record<string, unknown> = {};
    const newValues: Record<string, unknown> = {};
    if (c.old_name !== c.name) [oldValues.name, newValues.name] = [c.old_name, c.name];
    if (c.old_price !== c.price) [oldValues.source_price, newValues.source_price] = [c.old_price, c.price];
    if (c.old_status !== c.status) [oldValues.status, newValues.status] = [c.old_status, c.status];
    if (Object.keys(newValues).length === 0) continue;
    providerServicesChanged++;
    await writeAudit(tx, actor, {
      event: 'synced',
      auditableType: 'provider_service',
      auditableId: c.id,
      oldValues,
      newValues: { ...newValues, sync_run_id: runId },
    });
  }

  // 3. The margin guard, for the services those provider services fulfil.
  const linksDisabled = await guardMargins(
    tx,
    actor,
    providerId,
    runId,
    changed.map((c) => c.id),
  );

  const kinds: Record<string, number> = {};
  for (const t of taken) kinds[t.kind] = (kinds[t.kind] ?? 0) + 1;
  await writeAudit(tx, actor, {
    event: 'applied',
    auditableType: 'provider_sync_run',
    auditableId: runId,
    newValues: { changes: taken.length, kinds, provider_services_changed: providerServicesChanged, links_disabled: linksDisabled },
  });
  await settleRun(tx, runId);
  return { decided: taken.length, providerServicesChanged, linksDisabled };
}

/** Turns off links below the floor when the provider's guard says so; answers how many. */
async function guardMargins(tx: Queryable, actor: Actor, providerId: number, runId: number, providerServiceIds: number[]): Promise<number> {
  if (providerServiceIds.length === 0) return 0;
  const guard = await one<{ disable: boolean }>(tx, sql`SELECT disable_below_margin AS disable FROM provider_sync_settings WHERE provider_id = ${providerId}`);
  if (!guard?.disable) return 0;
  const currencies = await panelCurrencies(tx);
  const below = await rows<{ service_id: number; provider_service_id: number; margin: string; floor: string }>(
    tx,
    sql`SELECT b.service_id, b.provider_service_id, b.margin::text AS margin, b.floor::text AS floor
          FROM (${belowMarginSql(currencies, await defaultFloorOf(tx))}) b
         WHERE b.link_active AND b.provider_service_id IN ${providerServiceIds}`,
  );
  for (const b of below) {
    await tx.execute(sql`UPDATE service_providers SET is_active = false WHERE service_id = ${b.service_id} AND provider_service_id = ${b.provider_service_id}`);
    await tx.execute(sql`INSERT INTO provider_sync_guard_disabled (service_id, provider_service_id, margin, floor, run_id)
      VALUES (${b.service_id}, ${b.provider_service_id}, ${b.margin}::numeric, ${b.floor}::numeric, ${runId})
      ON CONFLICT (service_id, provider_service_id) DO UPDATE SET margin = excluded.margin, floor = excluded.floor, run_id = excluded.run_id, disabled_at = now()`);
    await writeAudit(tx, actor, {
      event: 'disabled_below_margin',
      auditableType: 'service',
      auditableId: b.service_id,
      oldValues: { provider_service_id: b.provider_service_id, is_active: true },
      newValues: { provider_service_id: b.provider_service_id, is_active: false, margin: b.margin, floor: b.floor, sync_run_id: runId },
    });
  }
  return below.length;
}
