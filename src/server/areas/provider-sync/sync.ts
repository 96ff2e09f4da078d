import { sql } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import { SYNC_CHANGE_KINDS, SYNC_SCHEDULE_MINUTES, type SyncChangeKind, type SyncRunTrigger } from '../../../contract/provider-sync/columns';
import { one, rows, type Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import { defineJobKind, defineRecurringTask, enqueue } from '../../jobs';
import { createSmmClient, SmmApiError, type SmmClient } from '../../upstream/client';
import { describeUpstreamFailure } from '../../upstream/failure';
import { providerTarget } from '../../upstream/target';
import { driftIfDue } from '../../provider-sim/drift';
import { diffCatalogue, type MirrorItem } from './diff';

/**
 * Sync runs as durable jobs (pg-boss, src/server/jobs): one job per run, so one provider's bad
 * answer never holds up another's. A run:
 *
 * 1. is claimed (queued/running → running, attempts + 1); a run already finished is left alone, so
 *    a job delivered twice or rerun after a crash does nothing more;
 * 2. asks the provider for its balance (the currency its rates are in) and its services;
 * 3. in ONE transaction: compares the answer with the mirror, writes the change set, the raw answer
 *    (gzip) and the counts, and marks older runs of the provider still in review as superseded.
 *    A process killed before the commit leaves no changes behind: the retry computes them afresh.
 *
 * A failed attempt is retried with backoff (retryLimit); the last failure marks the run failed and
 * the provider's sync_failed flag, which the next successful run clears.
 */

interface ProviderForSync {
  id: number;
  name: string;
  endpoint: string;
  api_token: string;
  currency: string;
}

/** How a sync reaches a provider; tests and benchmarks replace it. */
export type SyncClientFactory = (provider: { endpoint: string; apiKey: string }, deps: Pick<AppDeps, 'config'>) => SmmClient;

export const defaultSyncClient: SyncClientFactory = ({ endpoint, apiKey }, deps) => {
  // The simulated panels answer on this server's own port (see providerTarget).
  const target = providerTarget(endpoint, { on: deps.config.simulator, origin: `http://127.0.0.1:${deps.config.port}` });
  return createSmmClient({ endpoint: target.url, apiKey, trusted: target.trusted, timeoutMs: 30_000 });
};

let clientFactory: SyncClientFactory = defaultSyncClient;
/** Tests route provider calls elsewhere (null: back to the real transport). */
export function setSyncClientFactory(factory: SyncClientFactory | null): void {
  clientFactory = factory ?? defaultSyncClient;
}

export const SYNC_RETRY_LIMIT = 3;

export const providerSyncJob = defineJobKind<{ runId: number }>({
  name: 'provider-sync',
  retryLimit: SYNC_RETRY_LIMIT,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 300,
  batchSize: 2,
  run: async ({ runId }, { deps, retryCount, retryLimit }) => {
    await runSync(deps, runId, { lastAttempt: retryCount >= retryLimit });
  },
});

/** Creates a run and queues its job in the caller's transaction. */
export async function queueRun(tx: Queryable, providerId: number, trigger: SyncRunTrigger, staffId: number | null): Promise<number> {
  const run = await one<{ id: number }>(
    tx,
    sql`INSERT INTO provider_sync_runs (provider_id, trigger, staff_id) VALUES (${providerId}, ${trigger}, ${staffId}) RETURNING id`,
  );
  await enqueue(tx, providerSyncJob, { runId: run!.id });
  return run!.id;
}

export interface RunOutcome {
  status: 'review' | 'no_changes' | 'failed' | 'skipped' | 'retrying';
  changes: number;
}

/** Runs one sync (the job's body). Throws to have the job retried, unless this is the last attempt. */
export async function runSync(deps: Pick<AppDeps, 'database' | 'config'>, runId: number, options: { lastAttempt?: boolean } = {}): Promise<RunOutcome> {
  const db = deps.database.db;
  const claimed = await one<{ provider_id: number }>(
    db,
    sql`UPDATE provider_sync_runs SET status = 'running', attempts = attempts + 1, started_at = coalesce(started_at, now()), error = NULL
         WHERE id = ${runId} AND status IN ('queued', 'running') RETURNING provider_id`,
  );
  if (!claimed) return { status: 'skipped', changes: 0 };
  const started = performance.now();
  const provider = await one<ProviderForSync>(db, sql`SELECT id, name, endpoint, api_token, currency FROM providers WHERE id = ${claimed.provider_id}`);
  try {
    if (!provider) throw new SmmApiError('The provider was deleted.');
    const client = clientFactory({ endpoint: provider.endpoint, apiKey: provider.api_token }, deps);
    const balance = await client.balance();
    const list = await client.serviceList();
    const changes = await db.transaction(async (tx) => {
      const mirror = await loadMirror(tx, provider.id);
      const diff = diffCatalogue(mirror, list.services);
      const counts = Object.fromEntries(SYNC_CHANGE_KINDS.map((k) => [k, 0])) as Record<SyncChangeKind, number>;
      for (const change of diff) counts[change.kind]++;
      // Older runs still waiting for review describe a catalogue that is no longer current.
      await tx.execute(sql`UPDATE provider_sync_changes SET state = 'superseded' WHERE state = 'pending'
        AND run_id IN (SELECT id FROM provider_sync_runs WHERE provider_id = ${provider.id} AND status = 'review' AND id <> ${runId})`);
      await tx.execute(sql`UPDATE provider_sync_runs SET status = 'superseded' WHERE provider_id = ${provider.id} AND status = 'review' AND id <> ${runId}`);
      await tx.execute(sql`DELETE FROM provider_sync_changes WHERE run_id = ${runId}`);
      const affected = await insertChanges(tx, runId, provider.id, diff);
      const raw = gzipSync(Buffer.from(list.raw, 'utf8'));
      const finished = await one<{ status: string }>(
        tx,
        sql`UPDATE provider_sync_runs SET status = ${diff.length ? 'review' : 'no_changes'}, finished_at = now(),
              duration_ms = ${Math.round(performance.now() - started)}, currency = ${balance.currency},
              services_count = ${list.services.length}, skipped_count = ${list.skipped}, counts = ${JSON.stringify(counts)}::jsonb,
              affected_count = ${affected}, raw_answer = ${raw.toString('base64')}, raw_bytes = ${Buffer.byteLength(list.raw)}, error = NULL
            WHERE id = ${runId} AND status = 'running' RETURNING status`,
      );
      if (!finished) throw new Error('The run was finished elsewhere.');
      // The balance read on the way is kept when it is in the provider's recorded currency.
      await tx.execute(sql`UPDATE providers SET sync_failed = false,
          balance = CASE WHEN currency = ${balance.currency} THEN ${balance.balance}::numeric ELSE balance END,
          balance_updated_at = CASE WHEN currency = ${balance.currency} THEN now() ELSE balance_updated_at END
        WHERE id = ${provider.id}`);
      return diff.length;
    });
    return { status: changes ? 'review' : 'no_changes', changes };
  } catch (error) {
    // In words, with the provider's text quoted and cut; a database failure never shows its statement.
    const message = describeUpstreamFailure(error, 'the catalogue');
    const duration = Math.round(performance.now() - started);
    if (options.lastAttempt) {
      await db.execute(sql`UPDATE provider_sync_runs SET status = 'failed', error = ${message}, finished_at = now(), duration_ms = ${duration}
        WHERE id = ${runId} AND status = 'running'`);
      if (provider) await db.execute(sql`UPDATE providers SET sync_failed = true WHERE id = ${provider.id}`);
      return { status: 'failed', changes: 0 };
    }
    // Kept on the run while it waits for its retry.
    await db.execute(sql`UPDATE provider_sync_runs SET error = ${message}, duration_ms = ${duration} WHERE id = ${runId} AND status = 'running'`);
    throw error instanceof Error ? error : new Error(message);
  }
}

async function loadMirror(q: Queryable, providerId: number): Promise<Map<string, MirrorItem>> {
  const found = await rows<{
    external_id: string;
    name: string;
    category: string;
    type: string;
    rate: string;
    min: string | number;
    max: string | number;
    refill: boolean;
    cancel: boolean;
    dripfeed: boolean;
    present: boolean;
  }>(
    q,
    sql`SELECT external_id, name, category, type, rate::text AS rate, min, max, refill, cancel, dripfeed, present
          FROM provider_catalogue_items WHERE provider_id = ${providerId}`,
  );
  const map = new Map<string, MirrorItem>();
  for (const r of found) {
    map.set(r.external_id, {
      externalId: r.external_id,
      name: r.name,
      category: r.category,
      type: r.type,
      rate: r.rate,
      min: Number(r.min),
      max: Number(r.max),
      refill: r.refill,
      cancel: r.cancel,
      dripfeed: r.dripfeed,
      present: r.present,
    });
  }
  return map;
}

/** Writes the change set (one statement per 2,000 changes; rows travel as one JSON parameter). Answers how many touch our services. */
async function insertChanges(tx: Queryable, runId: number, providerId: number, diff: ReturnType<typeof diffCatalogue>): Promise<number> {
  let affected = 0;
  for (let i = 0; i < diff.length; i += 2000) {
    const chunk = diff.slice(i, i + 2000).map((c) => ({ e: c.externalId, k: c.kind, o: c.old, n: c.new }));
    const result = await one<{ affected: number }>(
      tx,
      sql`WITH inserted AS (
            INSERT INTO provider_sync_changes (run_id, provider_id, external_id, kind, old_values, new_values, provider_service_id)
            SELECT ${runId}, ${providerId}, x.e, x.k, x.o, x.n, ps.id
              FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x(e text, k text, o jsonb, n jsonb)
              LEFT JOIN provider_services ps ON ps.external_panel_id = ${providerId} AND ps.external_panel_service_id = x.e
            RETURNING provider_service_id)
          SELECT count(provider_service_id)::int AS affected FROM inserted`,
    );
    affected += result?.affected ?? 0;
  }
  return affected;
}

/* ---------- the schedule ---------- */

/**
 * Every minute: queues a run for each provider whose schedule is due — active, not archived, with
 * syncServices or syncPrices on, and no run queued or running. The claim is a conditional update of
 * last_scheduled_at, so two server processes never queue the same provider twice.
 */
export async function queueDueRuns(deps: Pick<AppDeps, 'database'>): Promise<number> {
  const db = deps.database.db;
  await db.execute(sql`INSERT INTO provider_sync_settings (provider_id, last_scheduled_at)
    SELECT id, now() FROM providers ON CONFLICT (provider_id) DO NOTHING`);
  const minutes = sql`CASE s.schedule ${sql.join(
    Object.entries(SYNC_SCHEDULE_MINUTES)
      .filter(([, m]) => m !== null)
      .map(([k, m]) => sql`WHEN ${k} THEN ${m}::int`),
    sql` `,
  )} END`;
  return db.transaction(async (tx) => {
    const due = await rows<{ provider_id: number }>(
      tx,
      sql`UPDATE provider_sync_settings s SET last_scheduled_at = now()
            FROM providers p
           WHERE p.id = s.provider_id AND s.schedule <> 'off' AND p.status = 'active' AND NOT p.is_archived
             AND (p.sync_services OR p.sync_prices)
             AND (s.last_scheduled_at IS NULL OR s.last_scheduled_at <= now() - make_interval(mins => ${minutes}))
             AND NOT EXISTS (SELECT 1 FROM provider_sync_runs r WHERE r.provider_id = p.id AND r.status IN ('queued', 'running'))
          RETURNING s.provider_id`,
    );
    for (const d of due) await queueRun(tx, d.provider_id, 'schedule', null);
    return due.length;
  });
}

export const providerSyncScheduleTask = defineRecurringTask({
  name: 'provider-sync-schedule',
  everyMs: 60_000,
  run: async (deps) => {
    await queueDueRuns(deps);
  },
});

/** The simulated panels' catalogues drift every 10 minutes while the simulator runs in full (demo). */
export const simDriftTask = defineRecurringTask({
  name: 'provider-sim-drift',
  everyMs: 60_000,
  run: async (deps) => {
    if (!deps.config.simulator || deps.config.simulatorBackground === false) return;
    await driftIfDue(deps.database.db, 10 * 60_000);
  },
});
