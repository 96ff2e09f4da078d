import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COUNTERS_CHANNEL, COUNTERS_EVENT } from '../../../src/contract/realtime';
import { attachChannelServer, createChannelServer, mountChannels, type ChannelServer } from '../../../src/server/channels';
import { orders } from '../../../src/server/db/schema/orders';
import { freeTrialRequests } from '../../../src/server/areas/free-trials/schema';
import { countersNotifier, readCounters } from '../../../src/server/realtime/counters';
import { createPublisher, type Publisher } from '../../../src/server/realtime/publisher';
import { createTestApp, type TestApp } from '../helpers/testServer';

/**
 * The real pusher-js client (node build) against the real app: it connects to /app/{key},
 * authorises a private channel at /broadcasting/auth with a bearer token, and receives what the
 * server's publisher sends after commit.
 */

let t: TestApp;
let channels: ChannelServer;
let server: Server;
let port: number;
let publisher: Publisher;
const clients: Pusher[] = [];

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  channels = createChannelServer(t.deps.config.pusher);
  publisher = createPublisher(t.deps.config, channels);
  mountChannels(t.app, { ...t.deps, publish: publisher.publish, channels });
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s as Server)) as Server;
  });
  attachChannelServer(server, { channels });
  port = (server.address() as AddressInfo).port;
});

afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});

afterAll(async () => {
  await channels.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function client(token: string): Pusher {
  const pusher = new Pusher(t.deps.config.pusher.key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      transport: 'ajax',
      endpoint: `http://127.0.0.1:${port}/broadcasting/auth`,
      headers: { Authorization: `Bearer ${token}` },
    },
  });
  clients.push(pusher);
  return pusher;
}

const subscribed = (channel: ReturnType<Pusher['subscribe']>) =>
  new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error: unknown) => reject(error));
  });

const subscriptionError = (channel: ReturnType<Pusher['subscribe']>) =>
  new Promise<{ status: number }>((resolve) => channel.bind('pusher:subscription_error', resolve));

describe('pusher-js against the channel server', () => {
  it('connects, subscribes to private-admin.counters through /broadcasting/auth and receives a published event', async () => {
    const member = await t.createMember();
    const pusher = client(member.token);
    const channel = pusher.subscribe(COUNTERS_CHANNEL);
    await subscribed(channel);
    expect(pusher.connection.state).toBe('connected');
    expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);

    const received = new Promise((resolve) => channel.bind(COUNTERS_EVENT, resolve));
    publisher.publish(COUNTERS_CHANNEL, COUNTERS_EVENT, { ordersInProcessing: 1, ordersInModeration: 2, ordersWithNoActiveProviders: 3, freeTrialsPending: 4 });
    expect(await received).toEqual({ ordersInProcessing: 1, ordersInModeration: 2, ordersWithNoActiveProviders: 3, freeTrialsPending: 4 });
  });

  it('fails the subscription with 401 for a token that is not valid', async () => {
    const pusher = client('not-a-token');
    const error = await subscriptionError(pusher.subscribe(COUNTERS_CHANNEL));
    expect(error.status).toBe(401);
  });

  it("fails the subscription with 403 for another member's channel", async () => {
    const member = await t.createMember();
    const pusher = client(member.token);
    const error = await subscriptionError(pusher.subscribe(`private-staff.${member.id + 1000}`));
    expect(error.status).toBe(403);
    await subscribed(pusher.subscribe(`private-staff.${member.id}`));
  });

  it('carries the counters from the database after a commit, bursts coalesced into one event', async () => {
    const member = await t.createMember();
    const pusher = client(member.token);
    const channel = pusher.subscribe(COUNTERS_CHANNEL);
    await subscribed(channel);
    const events: unknown[] = [];
    channel.bind(COUNTERS_EVENT, (data: unknown) => events.push(data));

    const notifier = countersNotifier({ database: t.database, publish: publisher.publish }, { delayMs: 20 });
    const before = await readCounters(t.db);
    await t.db.insert(orders).values([{ status: 'in_moderation' }, { status: 'in_processing', hasNoActiveProviders: true }]);
    await t.db.insert(freeTrialRequests).values({ status: 'pending' });
    for (let i = 0; i < 5; i++) notifier.changed();
    await notifier.flush();

    const expected = {
      ordersInProcessing: before.ordersInProcessing + 1,
      ordersInModeration: before.ordersInModeration + 1,
      ordersWithNoActiveProviders: before.ordersWithNoActiveProviders + 1,
      freeTrialsPending: before.freeTrialsPending + 1,
    };
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject(expected);
    notifier.close();
  });
});
