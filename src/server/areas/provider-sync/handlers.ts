import { sql } from 'drizzle-orm';
import { writeAudit } from '../../audit';
import { one } from '../../db/client';
import { defineHandlers } from '../../http/handlers';
import { conflict, notFound } from '../../http/errors';
import { applyChanges, dismissChanges } from './apply';
import { loadBelowMargin, loadChanges, loadHealth, loadOverview, loadRawAnswer, loadRun, loadRunDetail, loadServiceHealth, loadSettings } from './queries';
import { queueRun } from './sync';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Provider sync, the margin guard and provider health (docs/provider-sync.md). */
export const providerSyncHandlers = defineHandlers({
  providerSyncOverview: async ({ params, deps }) => loadOverview(deps.database.db, params.providerId),

  providerSyncNow: async ({ params: { providerId }, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const p = await one<{ name: string; is_archived: boolean }>(tx, sql`SELECT name, is_archived FROM providers WHERE id = ${providerId} FOR UPDATE`);
      if (!p) throw notFound('Provider');
      if (p.is_archived) throw conflict('The provider is archived: restore it before syncing.');
      const busy = await one(tx, sql`SELECT id FROM provider_sync_runs WHERE provider_id = ${providerId} AND status IN ('queued', 'running')`);
      if (busy) throw conflict('A sync of this provider is already queued or running.');
      const runId = await queueRun(tx, providerId, 'manual', actor.staffId);
      await writeAudit(tx, actor, { event: 'sync_requested', auditableType: 'provider', auditableId: providerId, newValues: { sync_run_id: runId } });
      return { message: `Sync of ${p.name} queued.`, run: await loadRun(tx, runId) };
    }),

  providerSyncSettingsUpdate: async ({ params: { providerId }, body, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const before = await loadSettings(tx, providerId);
      await tx.execute(sql`INSERT INTO provider_sync_settings (provider_id, margin_floor, disable_below_margin, schedule, last_scheduled_at)
        VALUES (${providerId}, ${body.marginFloor}::numeric, ${body.disableBelowMargin}, ${body.schedule}, now())
        ON CONFLICT (provider_id) DO UPDATE SET margin_floor = excluded.margin_floor, disable_below_margin = excluded.disable_below_margin,
          schedule = excluded.schedule, updated_at = now()`);
      const after = await loadSettings(tx, providerId);
      const old: Record<string, unknown> = {};
      const now: Record<string, unknown> = {};
      for (const key of ['marginFloor', 'disableBelowMargin', 'schedule'] as const) {
        if (String(before[key]) !== String(after[key])) [old[key], now[key]] = [before[key], after[key]];
      }
      if (Object.keys(now).length)
        await writeAudit(tx, actor, { event: 'sync_settings_updated', auditableType: 'provider', auditableId: providerId, oldValues: old, newValues: now });
      return after;
    }),

  providerSyncRunShow: async ({ params, deps }) => loadRunDetail(deps.database.db, params.runId),

  providerSyncRunChanges: async ({ params, query, deps }) => loadChanges(deps.database.db, params.runId, query),

  providerSyncRunApply: async ({ params: { runId }, body, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const result = await applyChanges(tx, actor, runId, body);
      const message = result.decided
        ? `${plural(result.decided, 'change')} applied; ${plural(result.providerServicesChanged, 'provider service')} updated` +
          (result.linksDisabled ? `; ${plural(result.linksDisabled, 'link')} below the margin floor turned off.` : '.')
        : 'Nothing to apply: these changes were already decided.';
      return { message, ...result, run: await loadRun(tx, runId) };
    }),

  providerSyncRunDismiss: async ({ params: { runId }, body, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const result = await dismissChanges(tx, actor, runId, body);
      const message = result.decided ? `${plural(result.decided, 'change')} dismissed.` : 'Nothing to dismiss: these changes were already decided.';
      return { message, ...result, run: await loadRun(tx, runId) };
    }),

  providerSyncRunRetry: async ({ params: { runId }, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const run = await one<{ provider_id: number; status: string }>(tx, sql`SELECT provider_id, status FROM provider_sync_runs WHERE id = ${runId}`);
      if (!run) throw notFound('Sync run');
      if (run.status !== 'failed') throw conflict('Only a failed sync run can be retried.');
      await one(tx, sql`SELECT id FROM providers WHERE id = ${run.provider_id} FOR UPDATE`);
      const busy = await one(tx, sql`SELECT id FROM provider_sync_runs WHERE provider_id = ${run.provider_id} AND status IN ('queued', 'running')`);
      if (busy) throw conflict('A sync of this provider is already queued or running.');
      const next = await queueRun(tx, run.provider_id, 'retry', actor.staffId);
      await writeAudit(tx, actor, { event: 'sync_retried', auditableType: 'provider_sync_run', auditableId: runId, newValues: { sync_run_id: next } });
      return { message: `Sync run ${runId} retried as run ${next}.`, run: await loadRun(tx, next) };
    }),

  providerSyncRunRaw: async ({ params, deps }) => loadRawAnswer(deps.database.db, params.runId),

  providerSyncBelowMargin: async ({ deps }) => loadBelowMargin(deps.database.db),

  providerHealth: async ({ query, deps }) => loadHealth(deps.database.db, query.days),

  providerHealthServices: async ({ params, query, deps }) => loadServiceHealth(deps.database.db, params.providerId, query.days),
});
