import { sql, type SQL } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import type { z } from 'zod';
import {
  SYNC_CHANGE_KINDS,
  SYNC_SCHEDULE_MINUTES,
  type BelowMarginRow,
  type ProviderHealthRow,
  type ProviderSyncOverview,
  type SyncChange,
  type SyncChangeKind,
  type SyncRun,
  type SyncRunDetail,
  type SyncSchedule,
  type SyncSettings,
  syncChangesQuerySchema,
} from '../../../contract/provider-sync';
import { one, rows, type Queryable } from '../../db/client';
import { notFound } from '../../http/errors';
import { belowMarginSql, defaultFloorOf, panelCurrencies } from './margin';

const utc = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

const zeroCounts = (): Record<SyncChangeKind, number> => Object.fromEntries(SYNC_CHANGE_KINDS.map((k) => [k, 0])) as Record<SyncChangeKind, number>;

interface RunRow {
  id: number;
  provider_id: number;
  status: SyncRun['status'];
  trigger: SyncRun['trigger'];
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  error: string | null;
  currency: string | null;
  services_count: number | null;
  skipped_count: number | null;
  counts: Record<string, number>;
  affected_count: number;
  pending_count: number;
  has_raw: boolean;
  raw_bytes: number | null;
  applied_at: string | null;
}

const RUN_COLUMNS = sql`r.id, r.provider_id, r.status, r.trigger, r.attempts, ${utc(sql`r.created_at`)} AS created_at,
  ${utc(sql`r.started_at`)} AS started_at, ${utc(sql`r.finished_at`)} AS finished_at, r.duration_ms, r.error, r.currency,
  r.services_count, r.skipped_count, r.counts, r.affected_count,
  (SELECT count(*)::int FROM provider_sync_changes c WHERE c.run_id = r.id AND c.state = 'pending') AS pending_count,
  r.raw_answer IS NOT NULL AS has_raw, r.raw_bytes, ${utc(sql`r.applied_at`)} AS applied_at`;

const toRun = (r: RunRow): SyncRun => ({
  id: r.id,
  providerId: r.provider_id,
  status: r.status,
  trigger: r.trigger,
  attempts: r.attempts,
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  durationMs: r.duration_ms,
  error: r.error,
  currency: r.currency,
  servicesCount: r.services_count,
  skippedCount: r.skipped_count,
  counts: { ...zeroCounts(), ...r.counts },
  affectedCount: r.affected_count,
  pendingCount: r.pending_count,
  hasRawAnswer: r.has_raw,
  rawBytes: r.raw_bytes,
  appliedAt: r.applied_at,
});

export async function loadRun(q: Queryable, runId: number): Promise<SyncRun> {
  const r = await one<RunRow>(q, sql`SELECT ${RUN_COLUMNS} FROM provider_sync_runs r WHERE r.id = ${runId}`);
  if (!r) throw notFound('Sync run');
  return toRun(r);
}

export async function loadSettings(q: Queryable, providerId: number): Promise<SyncSettings> {
  const s = await one<{ margin_floor: string | null; disable_below_margin: boolean; schedule: SyncSchedule; last: string | null; on: boolean }>(
    q,
    sql`SELECT st.margin_floor::text AS margin_floor, coalesce(st.disable_below_margin, false) AS disable_below_margin,
               coalesce(st.schedule, '30m') AS schedule, st.last_scheduled_at::text AS last,
               (p.status = 'active' AND NOT p.is_archived AND (p.sync_services OR p.sync_prices)) AS on
          FROM providers p LEFT JOIN provider_sync_settings st ON st.provider_id = p.id WHERE p.id = ${providerId}`,
  );
  if (!s) throw notFound('Provider');
  const floor = s.margin_floor ?? (await defaultFloorOf(q));
  const minutes = SYNC_SCHEDULE_MINUTES[s.schedule];
  let nextRunAt: string | null = null;
  if (minutes !== null && s.on) {
    const next = s.last ? new Date(new Date(s.last).getTime() + minutes * 60_000) : new Date();
    nextRunAt = (next.getTime() < Date.now() ? new Date() : next).toISOString().slice(0, 19).replace('T', ' ');
  }
  return { marginFloor: s.margin_floor, effectiveFloor: floor, disableBelowMargin: s.disable_below_margin, schedule: s.schedule, nextRunAt };
}

export async function loadOverview(q: Queryable, providerId: number): Promise<ProviderSyncOverview> {
  const p = await one<{
    id: number;
    name: string;
    currency: string;
    status: string;
    is_archived: boolean;
    sync_services: boolean;
    sync_prices: boolean;
    sync_name: boolean;
    sync_failed: boolean;
  }>(q, sql`SELECT id, name, currency, status, is_archived, sync_services, sync_prices, sync_name, sync_failed FROM providers WHERE id = ${providerId}`);
  if (!p) throw notFound('Provider');
  const mirror = await one<{ services: number; present: number; linked: number; updated_at: string | null }>(
    q,
    sql`SELECT count(*)::int AS services, count(*) FILTER (WHERE m.present)::int AS present,
               (SELECT count(*)::int FROM provider_services ps WHERE ps.external_panel_id = ${providerId}) AS linked,
               ${utc(sql`max(m.updated_at)`)} AS updated_at
          FROM provider_catalogue_items m WHERE m.provider_id = ${providerId}`,
  );
  const runs = await rows<RunRow>(q, sql`SELECT ${RUN_COLUMNS} FROM provider_sync_runs r WHERE r.provider_id = ${providerId} ORDER BY r.id DESC LIMIT 50`);
  return {
    provider: {
      id: p.id,
      name: p.name,
      currency: p.currency,
      status: p.status,
      isArchived: p.is_archived,
      syncServices: p.sync_services,
      syncPrices: p.sync_prices,
      syncName: p.sync_name,
      syncFailed: p.sync_failed,
    },
    settings: await loadSettings(q, providerId),
    defaultFloor: await defaultFloorOf(q),
    mirror: { services: mirror?.services ?? 0, present: mirror?.present ?? 0, linked: mirror?.linked ?? 0, updatedAt: mirror?.updated_at ?? null },
    runs: runs.map(toRun),
  };
}

export async function loadRunDetail(q: Queryable, runId: number): Promise<SyncRunDetail> {
  const run = await loadRun(q, runId);
  const p = await one<{ id: number; name: string; currency: string; sync_prices: boolean; sync_name: boolean; sync_services: boolean }>(
    q,
    sql`SELECT id, name, currency, sync_prices, sync_name, sync_services FROM providers WHERE id = ${run.providerId}`,
  );
  const pending = await rows<{ kind: SyncChangeKind; n: number }>(
    q,
    sql`SELECT kind, count(*)::int AS n FROM provider_sync_changes WHERE run_id = ${runId} AND state = 'pending' GROUP BY kind`,
  );
  return {
    ...run,
    provider: { id: p!.id, name: p!.name, currency: p!.currency, syncPrices: p!.sync_prices, syncName: p!.sync_name, syncServices: p!.sync_services },
    pendingCounts: { ...zeroCounts(), ...Object.fromEntries(pending.map((r) => [r.kind, r.n])) },
  };
}

type Values = NonNullable<SyncChange['old']>;
const toValues = (v: Record<string, unknown> | null): Values | null =>
  v
    ? {
        name: String(v.name ?? ''),
        category: String(v.category ?? ''),
        rate: String(v.rate ?? '0'),
        min: Number(v.min ?? 0),
        max: Number(v.max ?? 0),
        refill: !!v.refill,
        cancel: !!v.cancel,
        dripfeed: !!v.dripfeed,
      }
    : null;

export async function loadChanges(q: Queryable, runId: number, query: z.output<typeof syncChangesQuerySchema>) {
  await loadRun(q, runId);
  const where: SQL[] = [sql`c.run_id = ${runId}`];
  if (query.kind) where.push(sql`c.kind = ${query.kind}`);
  if (query.state) where.push(sql`c.state = ${query.state}`);
  if (query.affected === '1') where.push(sql`c.provider_service_id IS NOT NULL`);
  if (query.affected === '0') where.push(sql`c.provider_service_id IS NULL`);
  if (query.search?.trim()) {
    const like = `%${query.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(sql`(c.external_id = ${query.search.trim()} OR coalesce(c.new_values->>'name', c.old_values->>'name') ILIKE ${like})`);
  }
  const filter = sql.join(where, sql` AND `);
  const total = await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM provider_sync_changes c WHERE ${filter}`);
  const found = await rows<{
    id: number;
    kind: SyncChangeKind;
    state: SyncChange['state'];
    external_id: string;
    old_values: Record<string, unknown> | null;
    new_values: Record<string, unknown> | null;
    ps_id: number | null;
    ps_name: string | null;
    ps_status: string | null;
    services: { id: number; name: string }[] | null;
  }>(
    q,
    sql`SELECT c.id, c.kind, c.state, c.external_id, c.old_values, c.new_values, ps.id AS ps_id, ps.name AS ps_name, ps.status AS ps_status,
               (SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.id)
                  FROM service_providers sp JOIN services s ON s.id = sp.service_id WHERE sp.provider_service_id = ps.id) AS services
          FROM provider_sync_changes c LEFT JOIN provider_services ps ON ps.id = c.provider_service_id
         WHERE ${filter}
         ORDER BY (c.provider_service_id IS NULL), c.kind, c.id
         LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}`,
  );
  const data: SyncChange[] = found.map((c) => {
    const old = toValues(c.old_values);
    const now = toValues(c.new_values);
    const priceChange =
      (c.kind === 'price_up' || c.kind === 'price_down') && old && now && Number(old.rate) > 0 ? (Number(now.rate) / Number(old.rate) - 1).toFixed(4) : null;
    return {
      id: c.id,
      kind: c.kind,
      state: c.state,
      externalId: c.external_id,
      name: now?.name ?? old?.name ?? '',
      old,
      new: now,
      priceChange,
      providerService: c.ps_id ? { id: c.ps_id, name: c.ps_name ?? '', status: c.ps_status ?? '' } : null,
      services: c.services ?? [],
    };
  });
  return { data, total: total?.n ?? 0, page: query.page, perPage: query.perPage };
}

export async function loadRawAnswer(q: Queryable, runId: number) {
  const r = await one<{ raw: string | null; provider_id: number }>(q, sql`SELECT raw_answer AS raw, provider_id FROM provider_sync_runs WHERE id = ${runId}`);
  if (!r) throw notFound('Sync run');
  if (!r.raw) throw notFound('Raw answer of this run');
  return {
    fileName: `provider-${r.provider_id}-sync-run-${runId}-services.json`,
    contentType: 'application/json',
    text: gunzipSync(Buffer.from(r.raw, 'base64')).toString('utf8'),
  };
}

export async function loadBelowMargin(q: Queryable) {
  const currencies = await panelCurrencies(q);
  const defaultFloor = await defaultFloorOf(q);
  const found = await rows<{
    service_id: number;
    service_name: string;
    price: string;
    pricing_per: number;
    is_enabled: boolean;
    ps_id: number;
    ps_name: string;
    external_id: string;
    source_price: string;
    source_pricing_per: number;
    currency: string;
    provider_id: number;
    provider_name: string;
    cost: string;
    margin: string;
    floor: string;
    link_active: boolean;
    disabled_by_guard: boolean;
  }>(
    q,
    sql`SELECT b.service_id, sv.name AS service_name, sv.default_price::text AS price, sv.pricing_per, sv.is_enabled,
               ps.id AS ps_id, ps.name AS ps_name, ps.external_panel_service_id AS external_id, ps.source_price::text AS source_price,
               ps.source_pricing_per, coalesce(ps.source_price_currency, p.currency) AS currency, p.id AS provider_id, p.name AS provider_name,
               b.cost::text AS cost, b.margin::text AS margin, b.floor::text AS floor, b.link_active, b.disabled_by_guard
          FROM (${belowMarginSql(currencies, defaultFloor)}) b
          JOIN services sv ON sv.id = b.service_id JOIN provider_services ps ON ps.id = b.provider_service_id JOIN providers p ON p.id = b.provider_id
         ORDER BY b.margin, b.service_id LIMIT 2000`,
  );
  const list: BelowMarginRow[] = found.map((r) => ({
    service: { id: r.service_id, name: r.service_name, price: r.price, pricingPer: r.pricing_per, isEnabled: r.is_enabled },
    providerService: {
      id: r.ps_id,
      name: r.ps_name,
      externalId: r.external_id,
      sourcePrice: r.source_price,
      pricingPer: r.source_pricing_per,
      currency: r.currency,
    },
    provider: { id: r.provider_id, name: r.provider_name },
    cost: r.cost,
    margin: r.margin,
    floor: r.floor,
    linkActive: r.link_active,
    disabledByGuard: r.disabled_by_guard,
  }));
  return { currency: currencies.currency, defaultFloor, rows: list };
}

/* ---------- provider health ---------- */

const share = (part: number, whole: number): string | null => (whole > 0 ? (part / whole).toFixed(4) : null);

/**
 * Health from our own attempts at each provider over the last `days` days (external_panel_orders,
 * read through its created_at index): shares of partial and cancelled endings among ended attempts,
 * average seconds from sending to completion, and the balance runway at the last 7 days' spend.
 */
export async function loadHealth(q: Queryable, days: number) {
  const found = await rows<{
    id: number;
    name: string;
    status: string;
    balance: string;
    currency: string;
    sync_failed: boolean;
    orders: number;
    completed: number;
    partial: number;
    canceled: number;
    ended: number;
    avg_seconds: number | null;
    spend7: string | null;
    last_sync_at: string | null;
    last_sync_status: SyncRun['status'] | null;
  }>(
    q,
    sql`WITH e AS (
          SELECT provider_id, count(*)::int AS orders,
                 count(*) FILTER (WHERE status = 'completed')::int AS completed,
                 count(*) FILTER (WHERE status = 'partial')::int AS partial,
                 count(*) FILTER (WHERE status = 'canceled')::int AS canceled,
                 count(*) FILTER (WHERE status IN ('completed', 'partial', 'canceled'))::int AS ended,
                 round(avg(extract(epoch FROM updated_at - coalesce(sent_at, created_at))) FILTER (WHERE status = 'completed'))::int AS avg_seconds,
                 sum(charge) FILTER (WHERE created_at >= now() - interval '7 days')::text AS spend7
            FROM external_panel_orders
           WHERE created_at >= now() - make_interval(days => ${days})
           GROUP BY provider_id)
        SELECT p.id, p.name, p.status, p.balance::text AS balance, p.currency, p.sync_failed,
               coalesce(e.orders, 0) AS orders, coalesce(e.completed, 0) AS completed, coalesce(e.partial, 0) AS partial,
               coalesce(e.canceled, 0) AS canceled, coalesce(e.ended, 0) AS ended, e.avg_seconds, e.spend7,
               ${utc(sql`r.created_at`)} AS last_sync_at, r.status AS last_sync_status
          FROM providers p LEFT JOIN e ON e.provider_id = p.id
          LEFT JOIN LATERAL (SELECT created_at, status FROM provider_sync_runs WHERE provider_id = p.id ORDER BY id DESC LIMIT 1) r ON true
         WHERE NOT p.is_archived
         ORDER BY p.name, p.id`,
  );
  const list: ProviderHealthRow[] = found.map((r) => {
    const daily = r.spend7 ? Number(r.spend7) / 7 : 0;
    return {
      provider: { id: r.id, name: r.name, status: r.status, balance: r.balance, currency: r.currency, syncFailed: r.sync_failed },
      orders: r.orders,
      completed: r.completed,
      partialShare: share(r.partial, r.ended),
      canceledShare: share(r.canceled, r.ended),
      averageCompletionSeconds: r.avg_seconds,
      dailySpend: daily.toFixed(4),
      runwayDays: daily > 0 ? (Math.max(0, Number(r.balance)) / daily).toFixed(1) : null,
      lastSyncAt: r.last_sync_at,
      lastSyncStatus: r.last_sync_status,
    };
  });
  return { days, rows: list };
}

export async function loadServiceHealth(q: Queryable, providerId: number, days: number) {
  const p = await one<{ id: number; name: string }>(q, sql`SELECT id, name FROM providers WHERE id = ${providerId}`);
  if (!p) throw notFound('Provider');
  const found = await rows<{
    external_service_id: string;
    ps_id: number | null;
    ps_name: string | null;
    orders: number;
    completed: number;
    partial: number;
    canceled: number;
    ended: number;
    avg_seconds: number | null;
  }>(
    q,
    sql`SELECT e.external_service_id, ps.id AS ps_id, ps.name AS ps_name, e.orders, e.completed, e.partial, e.canceled, e.ended, e.avg_seconds
          FROM (SELECT coalesce(external_service_id, '') AS external_service_id, count(*)::int AS orders,
                       count(*) FILTER (WHERE status = 'completed')::int AS completed,
                       count(*) FILTER (WHERE status = 'partial')::int AS partial,
                       count(*) FILTER (WHERE status = 'canceled')::int AS canceled,
                       count(*) FILTER (WHERE status IN ('completed', 'partial', 'canceled'))::int AS ended,
                       round(avg(extract(epoch FROM updated_at - coalesce(sent_at, created_at))) FILTER (WHERE status = 'completed'))::int AS avg_seconds
                  FROM external_panel_orders
                 WHERE provider_id = ${providerId} AND created_at >= now() - make_interval(days => ${days})
                 GROUP BY 1) e
          LEFT JOIN provider_services ps ON ps.external_panel_id = ${providerId} AND ps.external_panel_service_id = e.external_service_id
         ORDER BY e.orders DESC LIMIT 500`,
  );
  return {
    days,
    provider: p,
    rows: found.map((r) => ({
      externalServiceId: r.external_service_id,
      providerService: r.ps_id ? { id: r.ps_id, name: r.ps_name ?? '' } : null,
      orders: r.orders,
      completed: r.completed,
      partialShare: share(r.partial, r.ended),
      canceledShare: share(r.canceled, r.ended),
      averageCompletionSeconds: r.avg_seconds,
    })),
  };
}
