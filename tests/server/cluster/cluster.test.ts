import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNTERS_CHANNEL, COUNTERS_EVENT } from '../../../src/contract/realtime';
import { ADMIN } from '../../../src/contract/paths';
import { channelAuth, signedQuery } from '../../../src/server/channels/signatures';
import { one, rows } from '../../../src/server/db/client';
import { CANCEL_REASONS } from '../../../src/server/areas/orders/seed';
import { PUSHER, PusherClient, call, makePaidOrder, startProcessPair, type OpsFixture, type ProcessPair, type ServerProcess } from '../helpers/serverProcesses';

/**
 * Two server processes on one PostgreSQL database serve one console: an event published in one
 * reaches websocket clients of the other (LISTEN/NOTIFY), a race spread over both refunds once, a
 * job runs in one of them, and exactly one of them leads the background work.
 */
let pair: ProcessPair;
let fixture: OpsFixture;
let a: ServerProcess;
let b: ServerProcess;
let receiver: ProcessPair['receiver'];
let hooks: string[];
const CANCEL = { cancelReason: CANCEL_REASONS[0].value, cancelDescription: null, sendEmailNotification: false };

beforeAll(async () => {
  pair = await startProcessPair('The cluster suite', [8130, 8131]);
  ({ fixture, a, b, receiver, hooks } = pair);
}, 90_000);

afterAll(async () => {
  await pair?.close();
});

const until = async (check: () => boolean | Promise<boolean>, what: string, tries = 200) => {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}; the processes printed:\n${a.output()}\n---\n${b.output()}`);
};

describe('several server processes on one PostgreSQL', () => {
  it('a status change made through one process moves the counter of a websocket client of the other', async () => {
    const orderId = await makePaidOrder(fixture, 'in_processing', '10.0000');
    const client = new PusherClient(b.port);
    try {
      const socketId = await client.established();
      client.send({ event: 'pusher:subscribe', data: { channel: COUNTERS_CHANNEL, auth: channelAuth(PUSHER, socketId, COUNTERS_CHANNEL) } });
      await client.next((f) => f.event === 'pusher_internal:subscription_succeeded');
      const before = await one<{ n: number }>(fixture.database.db, sql`SELECT count(*)::int AS n FROM orders WHERE status = 'in_processing'`);

      const answer = await call(a.port, fixture.token, 'POST', `${ADMIN}/orders/cancel`, { orderId, ...CANCEL, returnMoney: false });
      expect(answer.status).toBe(200);

      const update = await client.next((f) => f.event === COUNTERS_EVENT && f.channel === COUNTERS_CHANNEL);
      expect(JSON.parse(update.data).ordersInProcessing).toBe(before!.n - 1);
    } finally {
      client.close();
    }
  });

  it('an event posted to the events API of one process reaches a websocket client of the other', async () => {
    const client = new PusherClient(b.port);
    try {
      await client.established();
      client.send({ event: 'pusher:subscribe', data: { channel: 'public-announcements' } });
      await client.next((f) => f.event === 'pusher_internal:subscription_succeeded');
      const body = JSON.stringify({ name: 'notice', channel: 'public-announcements', data: JSON.stringify({ text: 'from A' }) });
      const path = `/apps/${PUSHER.appId}/events`;
      const res = await fetch(`http://127.0.0.1:${a.port}${path}?${signedQuery(PUSHER, 'POST', path, body)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(200);
      const event = await client.next((f) => f.event === 'notice');
      expect(JSON.parse(event.data)).toEqual({ text: 'from A' });
    } finally {
      client.close();
    }
  });

  it('50 parallel cancels with refund spread over both processes refund once', async () => {
    const orderId = await makePaidOrder(fixture, 'in_processing', '30.0000');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(i % 2 ? a.port : b.port, fixture.token, 'POST', `${ADMIN}/orders/cancel`, { orderId, ...CANCEL, returnMoney: true }),
      ),
    );
    const statuses = answers.map((x) => x.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const refunds = await rows<{ amount: string }>(
      fixture.database.db,
      sql`SELECT amount::text AS amount FROM transactions WHERE order_id = ${orderId} AND type = 'refund'`,
    );
    expect(refunds).toEqual([{ amount: '22.5000' }]);
    const order = await one<{ status: string; refund_amount: string }>(
      fixture.database.db,
      sql`SELECT status, refund_amount::text AS refund_amount FROM orders WHERE id = ${orderId}`,
    );
    expect(order).toEqual({ status: 'canceled', refund_amount: '22.5000' });
  });

  it('a job enqueued through one process runs once', async () => {
    const { port } = receiver.address() as AddressInfo;
    const hook = await one<{ id: number }>(
      fixture.database.db,
      sql`INSERT INTO webhooks (url, secret) VALUES (${`http://127.0.0.1:${port}/hook`}, 'ops-secret') RETURNING id`,
    );
    const queued = await call(a.port, fixture.token, 'POST', `${ADMIN}/webhooks/${hook!.id}/test`);
    expect(queued.status).toBe(200);
    const deliveryId = queued.body.delivery.id;
    await until(
      async () =>
        (await one<{ status: string }>(fixture.database.db, sql`SELECT status FROM webhook_deliveries WHERE id = ${deliveryId}`))?.status === 'delivered',
      'the delivery',
    );
    // Both processes poll the queue every second: give the other one a few polls to run it again.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(hooks.filter((h) => h.includes('webhook.test'))).toHaveLength(1);
    const delivery = await one<{ attempts: number }>(fixture.database.db, sql`SELECT attempts FROM webhook_deliveries WHERE id = ${deliveryId}`);
    expect(delivery!.attempts).toBe(1);
  });

  it('exactly one process leads the background work, and another takes over when it dies', async () => {
    const leads = (p: ServerProcess) => p.output().includes('this process leads the background work');
    await until(() => leads(a) || leads(b), 'a leader', 600);
    expect([leads(a), leads(b)].filter(Boolean)).toHaveLength(1);
    const [leader, other] = leads(a) ? [a, b] : [b, a];
    // Killed outright: its connection drops and PostgreSQL releases the lock.
    leader.child.kill('SIGKILL');
    await leader.exited;
    await until(() => leads(other), 'the other process to take over', 600);
  }, 90_000);
});
