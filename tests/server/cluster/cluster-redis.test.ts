import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { COUNTERS_CHANNEL, COUNTERS_EVENT } from '../../../src/contract/realtime';
import { ADMIN } from '../../../src/contract/paths';
import { channelAuth, signedQuery } from '../../../src/server/channels/signatures';
import { startRedisFanout } from '../../../src/server/cluster/fanout';
import { one } from '../../../src/server/db/client';
import { CANCEL_REASONS } from '../../../src/server/areas/orders/seed';
import { PUSHER, PusherClient, call, makePaidOrder, startProcessPair, type ProcessPair } from '../helpers/serverProcesses';

/**
 * With REDIS_URL set, realtime events travel between server processes over Redis pub/sub instead
 * of PostgreSQL LISTEN/NOTIFY (Redis at 127.0.0.1:6379, or REDIS_TEST_URL).
 */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
let pair: ProcessPair;
const CANCEL = { cancelReason: CANCEL_REASONS[0].value, cancelDescription: null, sendEmailNotification: false, returnMoney: false };

beforeAll(async () => {
  pair = await startProcessPair('The Redis fan-out suite', [8134, 8135], { REDIS_URL });
}, 90_000);

afterAll(async () => {
  await pair?.close();
});

describe('several server processes with Redis for realtime events', () => {
  it('a status change made through one process moves the counter of a websocket client of the other, through Redis', async () => {
    const { fixture, a, b } = pair;
    // A Redis client of the test's own sees the deployment's events on its channel.
    const watcher = new Redis(REDIS_URL);
    const seen: string[] = [];
    watcher.on('pmessage', (_pattern: string, channel: string) => seen.push(channel));
    await watcher.psubscribe('panel_realtime:*');
    const client = new PusherClient(b.port);
    try {
      const socketId = await client.established();
      client.send({ event: 'pusher:subscribe', data: { channel: COUNTERS_CHANNEL, auth: channelAuth(PUSHER, socketId, COUNTERS_CHANNEL) } });
      await client.next((f) => f.event === 'pusher_internal:subscription_succeeded');
      const orderId = await makePaidOrder(fixture, 'in_processing', '10.0000');
      const before = await one<{ n: number }>(fixture.database.db, sql`SELECT count(*)::int AS n FROM orders WHERE status = 'in_processing'`);

      const answer = await call(a.port, fixture.token, 'POST', `${ADMIN}/orders/cancel`, { orderId, ...CANCEL });
      expect(answer.status).toBe(200);
      const update = await client.next((f) => f.event === COUNTERS_EVENT && f.channel === COUNTERS_CHANNEL);
      expect(JSON.parse(update.data).ordersInProcessing).toBe(before!.n - 1);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((channel) => /^panel_realtime:[0-9a-f]{16}$/.test(channel))).toBe(true);
    } finally {
      client.close();
      watcher.disconnect();
    }
  });

  it('an event posted to the events API of one process reaches a websocket client of the other', async () => {
    const { a, b } = pair;
    const client = new PusherClient(b.port);
    try {
      await client.established();
      client.send({ event: 'pusher:subscribe', data: { channel: 'public-announcements' } });
      await client.next((f) => f.event === 'pusher_internal:subscription_succeeded');
      const body = JSON.stringify({ name: 'notice', channel: 'public-announcements', data: JSON.stringify({ text: 'over Redis' }) });
      const path = `/apps/${PUSHER.appId}/events`;
      const res = await fetch(`http://127.0.0.1:${a.port}${path}?${signedQuery(PUSHER, 'POST', path, body)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(200);
      expect(JSON.parse((await client.next((f) => f.event === 'notice')).data)).toEqual({ text: 'over Redis' });
    } finally {
      client.close();
    }
  });

  it('an unreachable Redis is a clear error at start, not a silent process', async () => {
    await expect(startRedisFanout('redis://127.0.0.1:1', () => {}, { onError: () => {} })).rejects.toThrow(
      /REDIS_URL: Redis could not be reached \(connect ECONNREFUSED/,
    );
  });
});
