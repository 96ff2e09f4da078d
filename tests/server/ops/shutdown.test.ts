import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN } from '../../../src/contract/paths';
import { one, rows } from '../../../src/server/db/client';
import { CANCEL_REASONS } from '../../../src/server/areas/orders/seed';
import {
  PusherClient,
  call,
  makePaidOrder,
  startProcessPair,
  type Answer,
  type OpsFixture,
  type ProcessPair,
  type ServerProcess,
} from '../helpers/serverProcesses';

/**
 * SIGTERM to one of two server processes in the middle of a stream of requests: every request it
 * accepted is answered, the ones it refused succeed on the other process (retried with the same
 * Idempotency-Key), its websocket clients are told to reconnect, and no job runs twice.
 */
let pair: ProcessPair;
let fixture: OpsFixture;
let a: ServerProcess;
let b: ServerProcess;
let receiver: ProcessPair['receiver'];
let hooks: string[];
const CANCEL = { cancelReason: CANCEL_REASONS[0].value, cancelDescription: null, sendEmailNotification: false, returnMoney: true };

beforeAll(async () => {
  pair = await startProcessPair('The shutdown suite', [8132, 8133]);
  ({ fixture, a, b, receiver, hooks } = pair);
}, 90_000);

afterAll(async () => {
  await pair?.close();
});

/**
 * Not accepted by A: refused once its listener is closed, or reset while still unread (a connection
 * the kernel queued, or Node accepted, just as the listener closed: Node drops connections that have
 * not sent a request yet). Such a request is retried on B with the same Idempotency-Key, as a
 * balancer would; the checks below prove that nothing ran twice or was lost either way.
 */
const notAccepted = (error: unknown) => ['ECONNREFUSED', 'ECONNRESET'].includes((error as NodeJS.ErrnoException).code ?? '');

describe('graceful shutdown on SIGTERM', () => {
  it('answers every accepted request, moves websocket clients, and neither loses nor doubles work', async () => {
    const { port } = receiver.address() as AddressInfo;
    const hook = await one<{ id: number }>(
      fixture.database.db,
      sql`INSERT INTO webhooks (url, secret) VALUES (${`http://127.0.0.1:${port}/hook`}, 'ops-secret') RETURNING id`,
    );
    const orderIds: number[] = [];
    for (let i = 0; i < 40; i++) orderIds.push(await makePaidOrder(fixture, 'in_processing', '10.0000'));

    const client = new PusherClient(a.port);
    await client.established();

    const answeredByA: Answer[] = [];
    const retried: string[] = [];
    let terminated = false;
    /** Sends to the preferred process; only a refused request moves to the other, with the same key. */
    const send = async (preferred: ServerProcess, path: string, body: unknown, key: string): Promise<Answer> => {
      try {
        const answer = await call(preferred.port, fixture.token, 'POST', path, body, { 'idempotency-key': key });
        if (preferred === a) answeredByA.push(answer);
        return answer;
      } catch (error) {
        if (!(preferred === a && terminated && notAccepted(error))) throw error;
        retried.push(key);
        return call(b.port, fixture.token, 'POST', path, body, { 'idempotency-key': key });
      }
    };

    const work = [
      ...orderIds.map((orderId) => ({ path: `${ADMIN}/orders/cancel`, body: { orderId, ...CANCEL }, key: `cancel-${orderId}` })),
      ...Array.from({ length: 10 }, (_, i) => ({ path: `${ADMIN}/webhooks/${hook!.id}/test`, body: undefined, key: `hook-test-${i}` })),
    ].sort((x, y) => (x.key < y.key ? -1 : 1));
    const answers: Answer[] = [];
    let next = 0;
    // Four requests at a time, alternating between the processes; SIGTERM to A a third of the way in.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < work.length) {
          const i = next++;
          if (i === Math.floor(work.length / 3) && !terminated) {
            terminated = true;
            a.child.kill('SIGTERM');
          }
          answers[i] = await send(i % 2 ? b : a, work[i].path, work[i].body, work[i].key);
        }
      }),
    );

    expect(answers.map((x) => x.status).filter((s) => s !== 200)).toEqual([]);
    expect(answeredByA.length).toBeGreaterThan(0);
    expect(retried.length).toBeGreaterThan(0);
    expect(await a.exited).toBe(0);

    // The websocket client was told to reconnect at once (4200-4299), then closed with that code.
    const hint = await client.next((f) => f.event === 'pusher:error');
    expect(hint.data.code).toBeGreaterThanOrEqual(4200);
    expect(hint.data.code).toBeLessThan(4300);
    expect((await client.closed).code).toBe(hint.data.code);

    // Every cancel happened once: one refund each, and every balance equals its transactions.
    const refunds = await rows<{ order_id: string; n: number }>(
      fixture.database.db,
      sql`SELECT o.id AS order_id, (SELECT count(*)::int FROM transactions t WHERE t.order_id = o.id AND t.type = 'refund') AS n
            FROM orders o WHERE o.id IN ${orderIds} AND o.status = 'canceled'`,
    );
    expect(refunds).toHaveLength(orderIds.length);
    expect(refunds.every((r) => r.n === 1)).toBe(true);
    const mismatched = await rows(
      fixture.database.db,
      sql`SELECT u.id FROM users u JOIN orders o ON o.user_id = u.id WHERE o.id IN ${orderIds}
            AND u.balance <> (SELECT coalesce(sum(amount), 0) FROM transactions t WHERE t.user_id = u.id AND t.balance_type = 'main')`,
    );
    expect(mismatched).toEqual([]);

    // Every test delivery ran exactly once: the ones A left queued ran on B.
    const deliveries = async () =>
      rows<{ status: string; attempts: number }>(fixture.database.db, sql`SELECT status, attempts FROM webhook_deliveries WHERE webhook_id = ${hook!.id}`);
    for (let i = 0; i < 300 && (await deliveries()).some((d) => d.status !== 'delivered'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const done = await deliveries();
    expect(done).toHaveLength(10);
    expect(done.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    const eventIds = hooks.map((h) => JSON.parse(h).id as string);
    expect(eventIds).toHaveLength(10);
    expect(new Set(eventIds).size).toBe(10);
  });
});
