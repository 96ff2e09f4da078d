import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one, rows } from '../../../src/server/db/client';
import { startJobWorkers } from '../../../src/server/jobs';
import { ensureSimAccount } from '../../../src/server/provider-sim/catalogue';
import { createSmmClient, SmmTransportError } from '../../../src/server/upstream/client';
import { driftChanges, driftSim } from '../../../src/server/provider-sim/drift';
import { startProviderSimServer, type ProviderSimServer } from '../../../src/server/provider-sim/standalone';
import { providerSyncJob, queueDueRuns, queueRun, runSync, setSyncClientFactory } from '../../../src/server/areas/provider-sync/sync';
import { compareDecimals, diffCatalogue } from '../../../src/server/areas/provider-sync/diff';
import { QUOTED_CHARS } from '../../../src/server/http/quoted';
import { useTestApp } from '../helpers/testServer';

/**
 * Provider sync against the two simulated panels over HTTP: the change set of a drifted catalogue,
 * accepting only the price changes (twice: nothing more happens), a run interrupted and rerun
 * without duplicate changes, a failing provider beside a healthy one under the real job workers,
 * and the margin guard (flagging, currency conversion, turning links off).
 */

const t = useTestApp({ demo: false });
let sim: ProviderSimServer;
let admin: string;
let panvy: number;
let perfect: number;
let broken: number;
let ourService: number;
let eurService: number;
let youtubeViews: number;

const perfectEndpoint = () => sim.endpoint.replace('/provider-sim/api/v2', '/provider-sim/perfect/api/v2');
const run = (runId: number) => t.ok('providerSyncRunShow', { params: { runId } }, admin);
const changesOf = async (runId: number, query: Record<string, string> = {}) =>
  (await t.ok('providerSyncRunChanges', { params: { runId }, query: { perPage: 500, ...query } }, admin)).data;
const allChanges = async (runId: number) =>
  rows<{ external_id: string; kind: string; state: string; new_values: any }>(
    t.db,
    sql`SELECT external_id, kind, state, new_values FROM provider_sync_changes WHERE run_id = ${runId} ORDER BY id`,
  );
const sourcePrice = async (id: number) => (await one<{ p: string }>(t.db, sql`SELECT source_price::text AS p FROM provider_services WHERE id = ${id}`))!.p;
const auditCount = async () => (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_entries`))!.n;

async function syncOnce(providerId: number): Promise<number> {
  const runId = await t.db.transaction((tx) => queueRun(tx, providerId, 'manual', null));
  await runSync(t.deps, runId, { lastAttempt: true });
  return runId;
}

beforeAll(async () => {
  sim = await startProviderSimServer(t.database);
  // Provider calls go to the simulator of this test (its loopback address trusted, as on the server).
  setSyncClientFactory(({ endpoint, apiKey }) => createSmmClient({ endpoint, apiKey, trusted: endpoint.startsWith('http://127.0.0.1'), timeoutMs: 3000 }));
  await ensureSimAccount(t.db, 'sync-panvy', '100.0000');
  await ensureSimAccount(t.db, 'sync-perfect', '80.0000', 'EUR', 'perfect');
  const provider = async (name: string, endpoint: string, token: string, currency: string) =>
    (await one<{ id: number }>(
      t.db,
      sql`INSERT INTO providers (name, endpoint, api_token, currency, type) VALUES (${name}, ${endpoint}, ${token}, ${currency}, 'socpanel') RETURNING id`,
    ))!.id;
  panvy = await provider('Panvy', sim.endpoint, 'sync-panvy', 'USD');
  perfect = await provider('Perfect', perfectEndpoint(), 'sync-perfect', 'EUR');
  // A loopback address that is not the simulator: refused before any request is made.
  broken = await provider('Broken', 'http://10.255.255.1/api/v2', 'nope', 'USD');
  const network = await one<{ id: number }>(t.db, sql`INSERT INTO networks (name, network) VALUES ('YouTube', 'youtube') RETURNING id`);
  const type = await one<{ id: number }>(
    t.db,
    sql`INSERT INTO service_types (name, network_id, type) VALUES ('YouTube Views', ${network!.id}, 'views') RETURNING id`,
  );
  ourService = (await one<{ id: number }>(
    t.db,
    sql`INSERT INTO services (name, service_type_id, default_price, pricing_per) VALUES ('YouTube Views', ${type!.id}, '1.0000', 1000) RETURNING id`,
  ))!.id;
  eurService = (await one<{ id: number }>(
    t.db,
    sql`INSERT INTO services (name, service_type_id, default_price, pricing_per) VALUES ('YouTube Views EU', ${type!.id}, '1.0000', 1000) RETURNING id`,
  ))!.id;
  // Linked to panvy's service 1 (YouTube Views, 0.6000 per 1000), whose price the first drift step doubles.
  youtubeViews = (await one<{ id: number }>(
    t.db,
    sql`INSERT INTO provider_services (name, external_panel_id, external_panel_service_id, source_price, source_pricing_per)
    VALUES ('YouTube Views [Real]', ${panvy}, '1', '0.6000', 1000) RETURNING id`,
  ))!.id;
  await t.db.execute(sql`INSERT INTO service_providers (service_id, provider_service_id, priority) VALUES (${ourService}, ${youtubeViews}, 1)`);
  admin = (await t.createMember({ permissions: ['manageExternalPanels'] })).token;
});

afterAll(async () => {
  setSyncClientFactory(null);
  await sim?.close();
});

describe('the change set', () => {
  it('finds every service as new on the first run, and accepting all fills the mirror', async () => {
    const runId = await syncOnce(panvy);
    const first = await run(runId);
    expect(first).toMatchObject({ status: 'review', servicesCount: 3000, currency: 'USD', affectedCount: 1 });
    expect(first.counts).toMatchObject({ new: 3000, removed: 0, price_up: 0 });
    // Changes touching our services come first.
    const [top] = await changesOf(runId, { perPage: '1' });
    expect(top).toMatchObject({ externalId: '1', kind: 'new', providerService: { id: youtubeViews }, services: [{ id: ourService, name: 'YouTube Views' }] });
    const applied = await t.ok('providerSyncRunApply', { params: { runId }, body: { all: true } }, admin);
    expect(applied).toMatchObject({ decided: 3000, run: { status: 'applied', pendingCount: 0 } });
    expect((await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM provider_catalogue_items WHERE provider_id = ${panvy} AND present`))!.n).toBe(
      3000,
    );
    // Nothing changed upstream: the next run finds nothing.
    expect((await run(await syncOnce(panvy))).status).toBe('no_changes');
  });

  it('reports what the catalogue’s drift did: removals, price changes, limits, renames', async () => {
    await driftSim(t.db, 'panvy', 3);
    const runId = await syncOnce(panvy);
    const found = await allChanges(runId);
    const has = (id: number, kind: string) => found.find((c) => c.external_id === String(id) && c.kind === kind);
    const drift = [1, 2, 3].flatMap((step) => driftChanges('panvy', step));
    const removed = new Set(drift.filter((d) => d.change.kind === 'removed').map((d) => d.change.service));
    for (const { change, set } of drift) {
      if (change.kind === 'removed') expect(has(change.service, 'removed'), `removed ${change.service}`).toBeTruthy();
      if (removed.has(change.service)) continue;
      if (change.kind === 'price_up' || change.kind === 'price_down') {
        const c = found.find((x) => x.external_id === String(change.service) && x.kind.startsWith('price'));
        expect(c, `price of ${change.service}`).toBeTruthy();
        expect(compareDecimals(c!.new_values.rate, set.rate!)).toBe(0);
      }
      if (change.kind === 'limits') expect(has(change.service, 'limits')?.new_values).toMatchObject({ min: set.min, max: set.max });
      if (change.kind === 'renamed') expect(has(change.service, 'renamed')?.new_values.name).toBe(set.name);
    }
    // Nothing but what the drift touched.
    const touched = new Set(drift.map((d) => String(d.change.service)));
    expect(found.every((c) => touched.has(c.external_id))).toBe(true);
    expect(found.filter((c) => c.external_id === '1').map((c) => c.kind)).toEqual(['price_up']);
  });

  it('compares prices as decimals and treats a service back from removal as new', () => {
    const mirror = new Map([
      [
        '5',
        {
          externalId: '5',
          name: 'A',
          category: '',
          type: 'Default',
          rate: '1.50',
          min: 1,
          max: 10,
          refill: false,
          cancel: false,
          dripfeed: false,
          present: true,
        },
      ],
      [
        '6',
        {
          externalId: '6',
          name: 'B',
          category: '',
          type: 'Default',
          rate: '2',
          min: 1,
          max: 10,
          refill: false,
          cancel: false,
          dripfeed: false,
          present: false,
        },
      ],
    ]);
    const service = (id: string, name: string, rate: string) => ({
      service: id,
      name,
      category: '',
      type: 'Default',
      rate,
      min: 1,
      max: 10,
      refill: false,
      cancel: false,
      dripfeed: false,
    });
    expect(diffCatalogue(mirror, [service('5', 'A', '1.5'), service('6', 'B', '2')]).map((c) => [c.externalId, c.kind])).toEqual([['6', 'new']]);
  });
});

describe('accepting changes', () => {
  let runId: number;

  it('applies the price changes only, to the mirror and the linked provider service, in one go', async () => {
    runId = (await t.ok('providerSyncOverview', { params: { providerId: panvy } }, admin)).runs[0].id;
    const before = await run(runId);
    expect(before.status).toBe('review');
    const audits = await auditCount();
    const result = await t.ok('providerSyncRunApply', { params: { runId }, body: { all: true, kinds: ['price_up', 'price_down'] } }, admin);
    expect(result.decided).toBe(before.pendingCounts.price_up + before.pendingCounts.price_down);
    expect(result.providerServicesChanged).toBe(1);
    expect(await sourcePrice(youtubeViews)).toBe('1.2000');
    const mirrorRate = await one<{ rate: string }>(
      t.db,
      sql`SELECT rate::text AS rate FROM provider_catalogue_items WHERE provider_id = ${panvy} AND external_id = '1'`,
    );
    expect(compareDecimals(mirrorRate!.rate, '1.2')).toBe(0);
    // The other kinds wait for a decision.
    const after = await run(runId);
    expect(after.status).toBe('review');
    expect(after.pendingCounts.price_up + after.pendingCounts.price_down).toBe(0);
    expect(after.pendingCounts.renamed).toBe(before.pendingCounts.renamed);
    const entry = await one<{ old_values: any; new_values: any }>(
      t.db,
      sql`SELECT old_values, new_values FROM audit_entries WHERE auditable_type = 'provider_service' AND auditable_id = ${youtubeViews} ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toMatchObject({ old_values: { source_price: '0.6000' }, new_values: { source_price: '1.2000', sync_run_id: runId } });
    expect(await auditCount()).toBe(audits + 2);
  });

  it('applying the same change set again changes nothing', async () => {
    const audits = await auditCount();
    const mirror = await rows(t.db, sql`SELECT * FROM provider_catalogue_items WHERE provider_id = ${panvy} ORDER BY external_id`);
    const again = await t.ok('providerSyncRunApply', { params: { runId }, body: { all: true, kinds: ['price_up', 'price_down'] } }, admin);
    expect(again).toMatchObject({ decided: 0, providerServicesChanged: 0, message: 'Nothing to apply: these changes were already decided.' });
    const ids = (await allChanges(runId)).length;
    expect(ids).toBeGreaterThan(0);
    expect(await sourcePrice(youtubeViews)).toBe('1.2000');
    expect(await rows(t.db, sql`SELECT * FROM provider_catalogue_items WHERE provider_id = ${panvy} ORDER BY external_id`)).toEqual(mirror);
    expect(await auditCount()).toBe(audits);
  });

  it('dismisses the rest, which a later run finds again; the run is then applied', async () => {
    const dismissed = await t.ok('providerSyncRunDismiss', { params: { runId }, body: { all: true } }, admin);
    expect(dismissed.run).toMatchObject({ status: 'applied', pendingCount: 0 });
    const next = await run(await syncOnce(panvy));
    expect(next.counts.price_up + next.counts.price_down).toBe(0);
    expect(next.counts.renamed).toBeGreaterThan(0);
    // The older run is superseded only while in review; an applied one stays applied.
    expect((await run(runId)).status).toBe('applied');
  });

  it('refuses decisions on a superseded run, and a second sync while one is queued', async () => {
    const older = (await t.ok('providerSyncOverview', { params: { providerId: panvy } }, admin)).runs[0].id;
    await driftSim(t.db, 'panvy', 1);
    await syncOnce(panvy);
    expect((await run(older)).status).toBe('superseded');
    const refused = await t.call('providerSyncRunApply', { params: { runId: older }, body: { all: true } }, admin);
    expect(refused.status).toBe(409);
    const queued = await t.ok('providerSyncNow', { params: { providerId: perfect } }, admin);
    expect(queued.run.status).toBe('queued');
    expect((await t.call('providerSyncNow', { params: { providerId: perfect } }, admin)).status).toBe(409);
    await runSync(t.deps, queued.run.id, { lastAttempt: true });
    expect((await run(queued.run.id)).currency).toBe('EUR');
  });
});

describe('runs as durable jobs', () => {
  it('a run interrupted mid-way reruns without duplicate changes, and a second delivery does nothing', async () => {
    await driftSim(t.db, 'perfect', 2);
    const runId = await t.db.transaction((tx) => queueRun(tx, perfect, 'manual', null));
    // The first attempt dies after claiming the run (the provider stops answering mid-run).
    let calls = 0;
    setSyncClientFactory(({ endpoint, apiKey }) => {
      const real = createSmmClient({ endpoint, apiKey, trusted: true, timeoutMs: 3000 });
      return { ...real, serviceList: async () => (++calls === 1 ? Promise.reject(new SmmTransportError('socket hang up')) : real.serviceList()) };
    });
    try {
      await expect(runSync(t.deps, runId)).rejects.toThrow('socket hang up');
      expect(await run(runId)).toMatchObject({ status: 'running', error: 'socket hang up', attempts: 1 });
      expect(await allChanges(runId)).toHaveLength(0);
      expect((await runSync(t.deps, runId)).status).toBe('review');
      const once = await allChanges(runId);
      expect(once.length).toBeGreaterThan(0);
      expect(new Set(once.map((c) => `${c.external_id}:${c.kind}`)).size).toBe(once.length);
      expect((await runSync(t.deps, runId)).status).toBe('skipped');
      expect(await allChanges(runId)).toEqual(once);
      expect(await run(runId)).toMatchObject({ attempts: 2, error: null });
    } finally {
      setSyncClientFactory(({ endpoint, apiKey }) => createSmmClient({ endpoint, apiKey, trusted: endpoint.startsWith('http://127.0.0.1'), timeoutMs: 3000 }));
    }
  });

  it('one failing provider does not stop another (real job workers)', async () => {
    await driftSim(t.db, 'panvy', 1);
    const [bad, good] = await t.db.transaction(async (tx) => [await queueRun(tx, broken, 'schedule', null), await queueRun(tx, panvy, 'schedule', null)]);
    const workers = await startJobWorkers(t.deps, [providerSyncJob]);
    try {
      for (let i = 0; i < 100 && (await run(good)).status !== 'review'; i++) await new Promise((r) => setTimeout(r, 100));
      expect((await run(good)).status).toBe('review');
      for (let i = 0; i < 50 && !(await run(bad)).error; i++) await new Promise((r) => setTimeout(r, 100));
      // Waiting for its retry with the reason kept.
      expect(await run(bad)).toMatchObject({ status: 'running', error: expect.stringMatching(/private|loopback|link-local/) });
    } finally {
      await workers.stop();
    }
    // Its last attempt fails the run and marks the provider.
    await runSync(t.deps, bad, { lastAttempt: true });
    expect((await run(bad)).status).toBe('failed');
    expect((await one<{ f: boolean }>(t.db, sql`SELECT sync_failed AS f FROM providers WHERE id = ${broken}`))!.f).toBe(true);
    const retried = await t.ok('providerSyncRunRetry', { params: { runId: bad } }, admin);
    expect(retried.run).toMatchObject({ trigger: 'retry', status: 'queued' });
  });

  it('keeps the raw answer for download', async () => {
    const withRaw = (await t.ok('providerSyncOverview', { params: { providerId: panvy } }, admin)).runs.find((r) => r.hasRawAnswer)!;
    const runId = withRaw.id;
    const raw = await t.ok('providerSyncRunRaw', { params: { runId } }, admin);
    expect(JSON.parse(raw.text)).toHaveLength(withRaw.servicesCount!);
    expect(Buffer.byteLength(raw.text)).toBe(withRaw.rawBytes);
    expect(raw.fileName).toBe(`provider-${panvy}-sync-run-${runId}-services.json`);
  });
});

describe('the margin guard', () => {
  it('flags a service whose provider cost leaves less than the floor, converting currencies', async () => {
    // 1.2000 per 1000 against our 1.0000: a loss, below the panel's 10 % floor.
    let list = await t.ok('providerSyncBelowMargin', {}, admin);
    expect(list.rows.find((r) => r.service.id === ourService)).toMatchObject({ cost: '1.2000', margin: '-0.2000', floor: '0.1000', linkActive: true });
    // EUR at the panel's rate 0.92 per USD: 0.8280 EUR is 0.9000 USD, a 10 % margin: not below a 10 % floor, below 15 %.
    const eur = (await one<{ id: number }>(
      t.db,
      sql`INSERT INTO provider_services (name, external_panel_id, external_panel_service_id, source_price, source_pricing_per)
      VALUES ('EU views', ${perfect}, '20001', '0.8280', 1000) RETURNING id`,
    ))!.id;
    await t.db.execute(sql`INSERT INTO service_providers (service_id, provider_service_id, priority) VALUES (${eurService}, ${eur}, 1)`);
    list = await t.ok('providerSyncBelowMargin', {}, admin);
    expect(list.rows.some((r) => r.service.id === eurService)).toBe(false);
    await t.ok(
      'providerSyncSettingsUpdate',
      { params: { providerId: perfect }, body: { marginFloor: '0.15', disableBelowMargin: false, schedule: '1h' } },
      admin,
    );
    list = await t.ok('providerSyncBelowMargin', {}, admin);
    expect(list.rows.find((r) => r.service.id === eurService)).toMatchObject({
      cost: '0.9000',
      margin: '0.1000',
      floor: '0.1500',
      providerService: { currency: 'EUR' },
    });
  });

  it('turns the link off when the provider’s guard says so, on the accepted price change', async () => {
    await t.ok('providerSyncSettingsUpdate', { params: { providerId: panvy }, body: { marginFloor: '0.2', disableBelowMargin: true, schedule: '30m' } }, admin);
    // Step 21 doubles service 1 again (from its undrifted 0.6000: still 1.2000), so move the link's price back first.
    await t.db.execute(sql`UPDATE provider_catalogue_items SET rate = 0.6 WHERE provider_id = ${panvy} AND external_id = '1'`);
    await t.db.execute(sql`UPDATE provider_services SET source_price = 0.6 WHERE id = ${youtubeViews}`);
    const runId = await syncOnce(panvy);
    const price = (await changesOf(runId, { kind: 'price_up', affected: '1' }))[0];
    expect(price).toMatchObject({ externalId: '1', priceChange: '1.0000' });
    const result = await t.ok('providerSyncRunApply', { params: { runId }, body: { changeIds: [price.id] } }, admin);
    expect(result).toMatchObject({ decided: 1, providerServicesChanged: 1, linksDisabled: 1 });
    const link = await one<{ active: boolean }>(
      t.db,
      sql`SELECT is_active AS active FROM service_providers WHERE service_id = ${ourService} AND provider_service_id = ${youtubeViews}`,
    );
    expect(link!.active).toBe(false);
    const list = await t.ok('providerSyncBelowMargin', {}, admin);
    expect(list.rows.find((r) => r.service.id === ourService)).toMatchObject({ linkActive: false, disabledByGuard: true, floor: '0.2000' });
  });

  it('answers a floor out of range as a 422 on its field', async () => {
    const bad = await t.call(
      'providerSyncSettingsUpdate',
      { params: { providerId: panvy }, body: { marginFloor: '1.5', disableBelowMargin: false, schedule: '30m' } },
      admin,
    );
    expect(bad.status).toBe(422);
    expect(bad.ok ? null : Object.keys(bad.body.errors ?? {})).toEqual(['marginFloor']);
  });
});

describe('provider health', () => {
  it('gives shares, completion time and the balance runway from our own attempts', async () => {
    const user = (await one<{ id: number }>(t.db, sql`INSERT INTO users (name, email) VALUES ('H', 'h@example.test') RETURNING id`))!.id;
    const order = (await one<{ id: number }>(
      t.db,
      sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, is_paid, source)
      VALUES ('completed', ${user}, ${ourService}, 'x', 'https://x.test', '1', '1', 100, true, 'cabinet') RETURNING id::int AS id`,
    ))!.id;
    const attempt = (status: string, charge: string, minutes: number) =>
      t.db.execute(sql`INSERT INTO external_panel_orders (order_id, provider_id, external_service_id, status, quantity, url, charge, sent_at, created_at, updated_at)
        VALUES (${order}, ${panvy}, '1', ${status}, 100, 'https://x.test', ${charge}::numeric, now() - interval '1 day', now() - interval '1 day',
                now() - interval '1 day' + make_interval(mins => ${minutes}))`);
    await attempt('completed', '7.0000', 30);
    await attempt('completed', '7.0000', 90);
    await attempt('partial', '3.5000', 10);
    await attempt('canceled', '0', 5);
    await t.db.execute(sql`UPDATE providers SET balance = 50 WHERE id = ${panvy}`);
    const health = await t.ok('providerHealth', { query: { days: 30 } }, admin);
    const row = health.rows.find((r) => r.provider.id === panvy)!;
    // 17.5 spent in 7 days: 2.5 a day; 50 lasts 20 days.
    expect(row).toMatchObject({
      orders: 4,
      completed: 2,
      partialShare: '0.2500',
      canceledShare: '0.2500',
      averageCompletionSeconds: 3600,
      dailySpend: '2.5000',
      runwayDays: '20.0',
    });
    const services = await t.ok('providerHealthServices', { params: { providerId: panvy }, query: { days: 30 } }, admin);
    expect(services.rows).toEqual([
      expect.objectContaining({ externalServiceId: '1', providerService: { id: youtubeViews, name: 'YouTube Views [Real]' }, orders: 4 }),
    ]);
  });
});

describe('the schedule', () => {
  it('queues a run for each provider whose schedule is due, once, skipping busy and on-demand ones', async () => {
    await t.ok(
      'providerSyncSettingsUpdate',
      { params: { providerId: perfect }, body: { marginFloor: null, disableBelowMargin: false, schedule: 'off' } },
      admin,
    );
    await t.db.execute(sql`UPDATE provider_sync_runs SET status = 'failed' WHERE provider_id = ${panvy} AND status IN ('queued', 'running')`);
    // The broken provider still has its retry queued (previous test): it is not queued again.
    expect(
      (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM provider_sync_runs WHERE provider_id = ${broken} AND status = 'queued'`))!.n,
    ).toBe(1);
    await t.db.execute(sql`UPDATE provider_sync_settings SET last_scheduled_at = now() - interval '2 hours'`);
    const queuedBefore = await rows<{ provider_id: number }>(t.db, sql`SELECT provider_id FROM provider_sync_runs WHERE status = 'queued'`);
    expect(await queueDueRuns(t.deps)).toBe(1);
    const queued = await rows<{ provider_id: number; trigger: string }>(
      t.db,
      sql`SELECT provider_id, trigger FROM provider_sync_runs WHERE status = 'queued' ORDER BY id`,
    );
    expect(queued.slice(queuedBefore.length)).toEqual([{ provider_id: panvy, trigger: 'schedule' }]);
    expect(await queueDueRuns(t.deps)).toBe(0);
  });
});

describe('failures told in sentences', () => {
  /** A provider on a local HTTP server answering `answer(action)` as JSON text. */
  async function provider(answer: (action: string) => string): Promise<{ endpoint: string; close: () => void }> {
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(answer(new URLSearchParams(body).get('action') ?? ''));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`,
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  }
  const providerRow = async (name: string, endpoint: string) =>
    (await one<{ id: number }>(
      t.db,
      sql`INSERT INTO providers (name, endpoint, api_token, currency, type) VALUES (${name}, ${endpoint}, 'k', 'USD', 'socpanel') RETURNING id`,
    ))!.id;

  it('cleans NUL bytes out of an answer: the run reaches review with the names stored without them', async () => {
    const p = await provider((action) =>
      action === 'balance'
        ? '{"balance":"5","currency":"USD"}'
        : JSON.stringify([{ service: 1, name: 'Views\u0000 fast', type: 'Default', category: 'Cat\u0000', rate: '1', min: 1, max: 10 }]),
    );
    try {
      const runId = await syncOnce(await providerRow('Nul bytes', p.endpoint));
      expect(await run(runId)).toMatchObject({ status: 'review', error: null });
      expect((await allChanges(runId)).map((c) => c.new_values.name)).toEqual(['Views fast']);
    } finally {
      p.close();
    }
  });

  it("quotes the provider's error as plain data, without its markup, cut to a sane length", async () => {
    const p = await provider(() => JSON.stringify({ error: `<b>Invalid</b> <script>x()</script>key${'!'.repeat(5000)}` }));
    try {
      const runId = await syncOnce(await providerRow('Marked up', p.endpoint));
      const { error } = await run(runId);
      expect(error).toMatch(/^The provider answered: "Invalid x\(\) key!+…"\.$/);
      expect(error).not.toContain('<');
      expect(error!.length).toBeLessThan(QUOTED_CHARS + 40);
    } finally {
      p.close();
    }
  });

  it('never puts a database statement into the run: a storage failure is said in words', async () => {
    // A client that hands over text the database refuses (what a NUL byte did before answers were cleaned).
    const id = await providerRow('Unstorable', 'https://unstorable.test/api/v2');
    setSyncClientFactory(
      () =>
        ({
          balance: async () => ({ balance: '1', currency: 'USD' }),
          serviceList: async () => ({
            services: [{ service: '1', name: 'bad\u0000name', type: 'Default', category: 'c', rate: '1', min: 1, max: 10 } as never],
            skipped: 0,
            raw: '[]',
          }),
        }) as never,
    );
    try {
      const runId = await syncOnce(id);
      const shown = await run(runId);
      expect(shown.status).toBe('failed');
      expect(shown.error).toBe('The provider answered, but the catalogue could not be stored (a database error on this server).');
      expect(JSON.stringify(shown)).not.toMatch(/Failed query|INSERT|provider_sync_changes/);
    } finally {
      setSyncClientFactory(({ endpoint, apiKey }) => createSmmClient({ endpoint, apiKey, trusted: endpoint.startsWith('http://127.0.0.1'), timeoutMs: 3000 }));
    }
  });
});

describe('change ids', () => {
  it('applying or dismissing change ids that are not the run’s is a 422 on changeIds naming them, and decides nothing', async () => {
    const runId = await syncOnce(panvy);
    await driftSim(t.db, 'panvy', 1);
    const withChanges = (await one<{ id: number }>(
      t.db,
      sql`SELECT r.id FROM provider_sync_runs r WHERE r.status = 'review' AND EXISTS (SELECT 1 FROM provider_sync_changes c WHERE c.run_id = r.id AND c.state = 'pending') ORDER BY r.id DESC LIMIT 1`,
    )) ?? { id: runId };
    const before = await allChanges(withChanges.id);
    for (const name of ['providerSyncRunApply', 'providerSyncRunDismiss'] as const) {
      const res = await t.call(name, { params: { runId: withChanges.id }, body: { changeIds: [2_147_483_000] } }, admin);
      expect(res, name).toMatchObject({ status: 422, body: { errors: { changeIds: ['Change 2147483000 is not part of this sync run.'] } } });
    }
    expect(await allChanges(withChanges.id)).toEqual(before);
  });
});
