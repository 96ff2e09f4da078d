import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freeTrialRowSchema } from '../../../src/contract/free-trials';
import { auditRowSchema, changeLogRowSchema, recordHistorySchema, serviceLogRowSchema } from '../../../src/contract/logs';
import { COUNTERS_EVENT } from '../../../src/contract/realtime';
import { one } from '../../../src/server/db/client';
import { flushCounters } from '../../../src/server/realtime/counters';
import { useTestApp, type TestMember } from '../helpers/testServer';

/**
 * Free trials (approve/reject by flag, 409 on a second approve, the live counter after commit,
 * store/update errors on their fields, archive), quests, the audit log, change logs, service logs
 * with their collections, a record's history, the append-only guarantee and referral statistics —
 * through the real app on PGlite with the demo seed.
 */

const t = useTestApp();
let admin: string;
let manager: TestMember;
let auditor: TestMember;

beforeAll(async () => {
  admin = await t.login('admin@example.com', 'password');
  manager = await t.memberWith(['manageFreeTrials']);
  auditor = await t.memberWith(['viewAudits']);
});

const pendingId = async (skip = 0) =>
  (await one<{ id: number }>(t.db, sql`SELECT id FROM free_trial_requests WHERE status = 'pending' AND NOT is_archived ORDER BY id LIMIT 1 OFFSET ${skip}`))!
    .id;
const pendingCount = async () => (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM free_trial_requests WHERE status = 'pending'`))!.n;

/** The database's error message for a statement that must fail (drizzle wraps it as the cause). */
async function refusal(statement: SQL): Promise<string> {
  try {
    await t.db.execute(statement);
  } catch (error) {
    const e = error as { message: string; cause?: { message?: string } };
    return e.cause?.message ?? e.message;
  }
  throw new Error('The statement was not refused');
}

/** Records what the app publishes, until the returned stop is called. */
function capturePublished() {
  const published: { channel: string; event: string; data: any }[] = [];
  const original = t.deps.publish;
  t.deps.publish = (channel, event, data) => {
    published.push({ channel, event, data });
    return original(channel, event, data);
  };
  return { published, stop: () => void (t.deps.publish = original) };
}

describe('free-trial requests', () => {
  it('lists requests across statuses in the contract shape, pending ones approvable', async () => {
    const page = await t.ok('freeTrialsTable', { body: { headers: [{ value: 'status', filter: ['pending'] }], options: { itemsPerPage: -1 } } }, manager);
    const items = freeTrialRowSchema.array().parse(page.items);
    expect(items.length).toBe(await pendingCount());
    expect(items.every((r) => r.status === 'pending' && r.actions.approvable && r.actions.rejectable && !r.actions.archivable)).toBe(true);
    const all = await t.ok('freeTrialsTable', { body: { options: { itemsPerPage: -1 } } }, manager);
    expect(new Set(all.items.map((r) => r.status))).toEqual(new Set(['pending', 'approved', 'rejected']));
    const approved = all.items.find((r) => r.status === 'approved')!;
    expect(approved.orderId).not.toBeNull();
    expect(approved.actions.approvable).toBe(false);
  });

  it('approves a pending request once: the free order is placed, the counter drops after commit, a second approve is a 409', async () => {
    const id = await pendingId();
    const before = await pendingCount();
    const capture = capturePublished();
    try {
      const answer = await t.ok('freeTrialsApprove', { params: { freeTrialId: id } }, manager);
      expect(answer.freeTrial.status).toBe('approved');
      expect(answer.freeTrial.decidedBy?.id).toBe(manager.id);
      const order = await one<{ source: string; price: string; user_id: number; status: string }>(
        t.db,
        sql`SELECT source, price::text AS price, user_id, status FROM orders WHERE id = ${answer.freeTrial.orderId}`,
      );
      expect(order).toMatchObject({ source: 'free_trial', price: '0.0000', user_id: answer.freeTrial.user!.id, status: 'in_processing' });
      await flushCounters(t.deps);
      const counters = capture.published.filter((p) => p.event === COUNTERS_EVENT);
      expect(counters.at(-1)?.data.freeTrialsPending).toBe(before - 1);
    } finally {
      capture.stop();
    }

    const again = await t.call('freeTrialsApprove', { params: { freeTrialId: id } }, manager);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: `Free trial ${id} cannot be approved: it is approved.` });
    const reject = await t.call('freeTrialsReject', { params: { freeTrialId: id }, body: {} }, manager);
    expect(reject.status).toBe(409);
    // One audit entry and one change-log entry for the approval.
    const trail = await one<{ a: number; c: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM audit_entries WHERE auditable_type = 'free_trial_request' AND auditable_id = ${id} AND event = 'approved') AS a,
                 (SELECT count(*)::int FROM change_logs WHERE model_type = 'free_trial_request' AND model_id = ${id} AND action_type = 'approve') AS c`,
    );
    expect(trail).toEqual({ a: 1, c: 1 });
  });

  it('rejects a pending request with a note; 404 for an unknown id; 403 without manageFreeTrials', async () => {
    const id = await pendingId();
    const answer = await t.ok('freeTrialsReject', { params: { freeTrialId: id }, body: { admin_note: 'The account is private.' } }, manager);
    expect(answer.freeTrial).toMatchObject({ status: 'rejected', adminNote: 'The account is private.', orderId: null });
    expect((await t.call('freeTrialsApprove', { params: { freeTrialId: id } }, manager)).status).toBe(409);
    expect((await t.call('freeTrialsApprove', { params: { freeTrialId: 99999999 } }, manager)).status).toBe(404);
    const other = await pendingId();
    const viewer = await t.memberWith(['viewOrders']);
    expect((await t.call('freeTrialsApprove', { params: { freeTrialId: other } }, viewer)).status).toBe(403);
    expect((await one<{ status: string }>(t.db, sql`SELECT status FROM free_trial_requests WHERE id = ${other}`))!.status).toBe('pending');
  });

  it('stores and updates a request, with server errors on their fields and nothing changed', async () => {
    const user = (await one<{ email: string }>(t.db, sql`SELECT email FROM users WHERE status = 'active' ORDER BY id LIMIT 1`))!;
    const service = (await one<{ id: number }>(t.db, sql`SELECT id FROM services WHERE is_enabled AND NOT is_archived ORDER BY id LIMIT 1`))!;
    const before = await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM free_trial_requests`);

    const bad = await t.call(
      'freeTrialsStore',
      { body: { userEmail: 'nobody@example.invalid', serviceId: service.id, url: 'https://instagram.com/p/x', quantity: 100 } },
      manager,
    );
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: { userEmail: ['No user has this e-mail.'] } });
    const invalid = await t.call('freeTrialsStore', { body: { userEmail: user.email, serviceId: null, url: 'not a url', quantity: 0 } }, manager);
    expect(invalid.status).toBe(422);
    expect(Object.keys((invalid.body as { errors: object }).errors).sort()).toEqual(['quantity', 'serviceId', 'url']);
    expect(await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM free_trial_requests`)).toEqual(before);

    const created = await t.ok(
      'freeTrialsStore',
      { body: { userEmail: user.email.toUpperCase(), serviceId: service.id, url: 'https://instagram.com/p/new', quantity: 100, comment: 'Asked in chat' } },
      manager,
    );
    expect(created.freeTrial).toMatchObject({ status: 'pending', url: 'https://instagram.com/p/new', comment: 'Asked in chat' });
    const id = created.freeTrial.id;
    const updated = await t.ok(
      'freeTrialsUpdate',
      { params: { freeTrialId: id }, body: { userEmail: user.email, serviceId: service.id, url: 'https://instagram.com/p/changed', quantity: 50 } },
      manager,
    );
    expect(updated.freeTrial).toMatchObject({ url: 'https://instagram.com/p/changed', quantity: 50 });
    const audit = await one<{ old_values: any; new_values: any }>(
      t.db,
      sql`SELECT old_values, new_values FROM audit_entries WHERE auditable_type = 'free_trial_request' AND auditable_id = ${id} AND event = 'updated'`,
    );
    expect(audit?.old_values).toMatchObject({ url: 'https://instagram.com/p/new', quantity: 100 });
    expect(audit?.new_values).toMatchObject({ url: 'https://instagram.com/p/changed', quantity: 50 });

    // Archive is for decided requests; a decided one cannot be edited.
    expect((await t.call('freeTrialsArchive', { params: { freeTrialId: id } }, manager)).status).toBe(409);
    await t.ok('freeTrialsReject', { params: { freeTrialId: id }, body: {} }, manager);
    const changeAfter = await t.call(
      'freeTrialsUpdate',
      { params: { freeTrialId: id }, body: { userEmail: user.email, serviceId: service.id, url: 'https://x.example/a', quantity: 50 } },
      manager,
    );
    expect(changeAfter.status).toBe(409);
    const archived = await t.ok('freeTrialsArchive', { params: { freeTrialId: id } }, manager);
    expect(archived.freeTrial).toMatchObject({ isArchived: true, actions: { restorable: true, archivable: false } });
    const active = await t.ok('freeTrialsTable', { body: { headers: [{ value: 'archive', filter: 'active' }], options: { itemsPerPage: -1 } } }, manager);
    expect(active.items.some((r) => r.id === id)).toBe(false);
    const restored = await t.ok('freeTrialsRestore', { params: { freeTrialId: id } }, manager);
    expect(restored.freeTrial.isArchived).toBe(false);
  });
});

describe('free-trial quests', () => {
  it('lists, stores (errors on fields), updates and archives quests', async () => {
    const list = await t.ok('freeTrialQuestsTable', { body: { options: { itemsPerPage: -1 } } }, manager);
    expect(list.items.some((q) => q.isArchived)).toBe(true);
    expect(list.items.some((q) => q.requestsCount > 0)).toBe(true);
    const collections = await t.ok('freeTrialsCollections', {}, manager);
    expect(collections.questKinds).toContain('subscribe');
    expect(collections.services.length).toBeGreaterThan(0);

    const bad = await t.call(
      'freeTrialQuestsStore',
      { body: { name: '', kind: 'follow', serviceId: collections.services[0].id, quantity: 10, perUserLimit: 1, isEnabled: true, taskUrl: 'ftp://x' } },
      manager,
    );
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(['name', 'taskUrl']);

    const created = await t.ok(
      'freeTrialQuestsStore',
      {
        body: {
          name: 'Follow our TikTok',
          kind: 'follow',
          serviceId: collections.services[0].id,
          quantity: 100,
          perUserLimit: 1,
          isEnabled: true,
          taskUrl: 'https://tiktok.com/@panel',
        },
      },
      manager,
    );
    const id = created.quest.id;
    const updated = await t.ok(
      'freeTrialQuestsUpdate',
      {
        params: { questId: id },
        body: { name: 'Follow our TikTok account', kind: 'follow', serviceId: collections.services[0].id, quantity: 150, perUserLimit: 2, isEnabled: false },
      },
      manager,
    );
    expect(updated.quest).toMatchObject({ name: 'Follow our TikTok account', quantity: 150, perUserLimit: 2, isEnabled: false });
    await t.ok('freeTrialQuestsArchive', { params: { questId: id } }, manager);
    expect((await t.call('freeTrialQuestsArchive', { params: { questId: id } }, manager)).status).toBe(409);
    expect(
      (
        await t.call(
          'freeTrialQuestsUpdate',
          {
            params: { questId: id },
            body: { name: 'x', kind: 'follow', serviceId: collections.services[0].id, quantity: 1, perUserLimit: 1, isEnabled: true },
          },
          manager,
        )
      ).status,
    ).toBe(409);
    const restored = await t.ok('freeTrialQuestsRestore', { params: { questId: id } }, manager);
    expect(restored.quest.isArchived).toBe(false);
  });
});

describe('audit log, change logs and service logs', () => {
  it('answers the audit log newest first and filters by staff member, event, record and date range', async () => {
    const page = await t.ok('auditsTable', { query: { q: JSON.stringify({ options: { itemsPerPage: 30 } }) } }, auditor);
    const items = auditRowSchema.array().parse(page.items);
    expect(items.length).toBe(30);
    const stamps = items.map((r) => r.createdAt);
    expect(stamps).toEqual([...stamps].sort().reverse());

    const staffId = items.find((r) => r.user)!.user!.id;
    const byStaff = await t.ok(
      'auditsTable',
      {
        query: {
          q: JSON.stringify({
            headers: [
              { value: 'user', filter: staffId },
              { value: 'createdAt', filter: { from: '2000-01-01', to: '2100-01-01' } },
            ],
          }),
        },
      },
      auditor,
    );
    expect(byStaff.items.length).toBeGreaterThan(0);
    expect(byStaff.items.every((r) => r.user?.id === staffId)).toBe(true);

    const order = (await one<{ id: number }>(t.db, sql`SELECT auditable_id::int AS id FROM audit_entries WHERE auditable_type = 'order' LIMIT 1`))!.id;
    const byRecord = await t.ok(
      'auditsTable',
      {
        query: {
          q: JSON.stringify({
            headers: [
              { value: 'auditableType', filter: 'order' },
              { value: 'auditableId', filter: order },
            ],
            options: { itemsPerPage: -1 },
          }),
        },
      },
      auditor,
    );
    const expected = (await one<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_entries WHERE auditable_type = 'order' AND auditable_id = ${order}`,
    ))!.n;
    expect(byRecord.totalItemsCount).toBe(expected);

    const future = await t.ok('auditsTable', { query: { q: JSON.stringify({ headers: [{ value: 'createdAt', filter: { from: '2099-01-01' } }] }) } }, auditor);
    expect(future.totalItemsCount).toBe(0);
    const badFilter = await t.call('auditsTable', { query: { q: JSON.stringify({ headers: [{ value: 'oldValues', filter: 'x' }] }) } }, auditor);
    expect(badFilter.status).toBe(422);
  });

  it('never answers a secret value', async () => {
    await t.db.execute(sql`INSERT INTO audit_entries (event, auditable_type, auditable_id, old_values, new_values)
      VALUES ('updated', 'payment_method', 424242, '{"secrets": {"apiKey": "old-key"}, "name": "A"}', '{"secrets": {"apiKey": "new-key"}, "name": "B", "api_token": "t0k"}')`);
    const page = await t.ok('auditsTable', { query: { q: JSON.stringify({ headers: [{ value: 'auditableId', filter: 424242 }] }) } }, auditor);
    expect(page.items[0].oldValues).toEqual({ secrets: 'changed', name: 'A' });
    expect(page.items[0].newValues).toEqual({ secrets: 'changed', name: 'B', api_token: 'changed' });
  });

  it('never answers a secret nested in a value, in the audit log nor in a record history', async () => {
    await t.db.execute(sql`INSERT INTO audit_entries (event, auditable_type, auditable_id, old_values, new_values)
      VALUES ('updated', 'provider', 434343, '{"settings": {"mode": "a", "private_key": "pk-old"}}', '{"settings": {"mode": "b", "private_key": "pk-new"}, "items": [{"password": "pw"}]}')`);
    const page = await t.ok('auditsTable', { query: { q: JSON.stringify({ headers: [{ value: 'auditableId', filter: 434343 }] }) } }, auditor);
    expect(page.items[0].oldValues).toEqual({ settings: { mode: 'a', private_key: 'changed' } });
    expect(page.items[0].newValues).toEqual({ settings: { mode: 'b', private_key: 'changed' }, items: [{ password: 'changed' }] });
    const history = await t.ok('recordHistory', { params: { recordType: 'provider', recordId: 434343 }, query: { limit: 10 } }, auditor);
    expect(JSON.stringify(history.items)).not.toMatch(/pk-old|pk-new|"pw"/);
  });

  it('offers the collections of events, types, action types and staff', async () => {
    const audits = await t.ok('auditsCollections', {}, auditor);
    expect(audits.events.map((e) => e.value)).toEqual(expect.arrayContaining(['approved', 'updated']));
    expect(audits.auditableTypes.map((e) => e.value)).toEqual(expect.arrayContaining(['order', 'user']));
    expect(audits.staff.length).toBeGreaterThan(0);

    const viewer = await t.memberWith(['viewChangeLogs']);
    const logs = await t.ok('changeLogsCollections', {}, viewer);
    const distinct = await one<{ types: string[]; actions: string[] }>(
      t.db,
      sql`SELECT array_agg(DISTINCT model_type ORDER BY model_type) AS types, array_agg(DISTINCT action_type ORDER BY action_type) AS actions FROM change_logs`,
    );
    expect(logs.types.map((o) => o.value)).toEqual(distinct!.types);
    expect(logs.actionTypes.map((o) => o.value)).toEqual(distinct!.actions);

    const byAction = await t.ok(
      'changeLogsTable',
      {
        query: {
          q: JSON.stringify({
            headers: [
              { value: 'actionType', filter: ['approve'] },
              { value: 'type', filter: 'order' },
            ],
          }),
        },
      },
      viewer,
    );
    const rows = changeLogRowSchema.array().parse(byAction.items);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.actionType === 'approve' && r.type === 'order' && r.target.modelType.fullName === 'Order')).toBe(true);

    const service = await t.ok('serviceLogsCollections', {}, viewer);
    expect(service.types.map((o) => o.value).sort()).toEqual(['min_quantity', 'price', 'provider', 'status']);
    expect(service.actionTypes.map((o) => o.value).sort()).toEqual(['automatic', 'import', 'sync']);
    const prices = await t.ok('serviceLogsTable', { query: { q: JSON.stringify({ headers: [{ value: 'type', filter: ['price'] }] }) } }, viewer);
    const parsed = serviceLogRowSchema.array().parse(prices.items);
    expect(parsed.length).toBeGreaterThan(0);
    expect(parsed.every((r) => r.type === 'price' && r.oldValue !== null && r.newValue !== null)).toBe(true);
  });

  it("merges a record's audit and change-log entries, newest first, and gives each part its permission", async () => {
    const order = (await one<{ id: number }>(
      t.db,
      sql`SELECT model_id::int AS id FROM change_logs WHERE model_type = 'order' AND model_id IN (SELECT auditable_id FROM audit_entries WHERE auditable_type = 'order') LIMIT 1`,
    ))!.id;
    const full = recordHistorySchema.parse(await t.ok('recordHistory', { params: { recordType: 'order', recordId: order }, query: { limit: 200 } }, admin));
    expect(new Set(full.items.map((e) => e.kind))).toEqual(new Set(['audit', 'change']));
    const stamps = full.items.map((e) => e.createdAt);
    expect(stamps).toEqual([...stamps].sort().reverse());
    const onlyAudits = await t.ok('recordHistory', { params: { recordType: 'order', recordId: order } }, auditor);
    expect(onlyAudits.includes).toEqual({ audits: true, changeLogs: false });
    expect(onlyAudits.items.every((e) => e.kind === 'audit')).toBe(true);
    expect((await t.call('recordHistory', { params: { recordType: 'Order; drop', recordId: order } }, admin)).status).toBe(404);
    expect((await t.call('recordHistory', { params: { recordType: 'order', recordId: order } }, manager)).status).toBe(403);
    const one1 = await t.ok('recordHistory', { params: { recordType: 'order', recordId: order }, query: { limit: 1 } }, admin);
    expect(one1.items).toHaveLength(1);
    expect(one1.hasMore).toBe(full.items.length > 1);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit entries, change logs and service logs in the database', async () => {
    for (const table of ['audit_entries', 'change_logs', 'service_logs']) {
      const name = sql.identifier(table);
      const before = await one<{ n: number; at: string }>(t.db, sql`SELECT count(*)::int AS n, max(created_at)::text AS at FROM ${name}`);
      expect(await refusal(sql`UPDATE ${name} SET created_at = now() WHERE id = (SELECT min(id) FROM ${name})`)).toMatch(/append-only: UPDATE refused/);
      expect(await refusal(sql`DELETE FROM ${name} WHERE id = (SELECT min(id) FROM ${name})`)).toMatch(/append-only: DELETE refused/);
      expect(await refusal(sql`TRUNCATE ${name}`)).toMatch(/append-only: TRUNCATE refused/);
      expect(await one(t.db, sql`SELECT count(*)::int AS n, max(created_at)::text AS at FROM ${name}`)).toEqual(before);
    }
    // Inserting stays possible: the kit writes every change's trail.
    await t.db.execute(sql`INSERT INTO change_logs (action_type, model_type, model_id, information) VALUES ('note', 'order', 1, '"x"')`);
  });
});

describe('referral statistics', () => {
  it('answers per-affiliate figures over a range with the default percent', async () => {
    const stats = await t.ok('referralStatistics', { query: { startDate: '2000-01-01', endDate: '2100-12-31', perPage: 100 } }, admin);
    expect(stats.defaultPercent).toBe('0.0500');
    expect(stats.items.length).toBeGreaterThan(0);
    const affiliates = (await one<{ n: number }>(t.db, sql`SELECT count(DISTINCT referrer_id)::int AS n FROM users WHERE referrer_id IS NOT NULL`))!.n;
    expect(stats.totalItemsCount).toBe(affiliates);
    const spent = stats.items.map((r) => Number(r.spent));
    expect(spent).toEqual([...spent].sort((a, b) => b - a));
    for (const r of stats.items) expect(Number(r.expectedCommission)).toBeCloseTo(Number(r.spent) * 0.05, 3);
    const empty = await t.ok('referralStatistics', { query: { startDate: '2000-01-01', endDate: '2000-01-02' } }, admin);
    expect(empty.items.every((r) => r.newReferrals === 0 && r.spent === '0.0000')).toBe(true);
    const backwards = await t.call('referralStatistics', { query: { startDate: '2020-02-01', endDate: '2020-01-01' } }, admin);
    expect(backwards.status).toBe(422);
    expect(backwards.body).toMatchObject({ errors: { endDate: expect.any(Array) } });
  });
});
