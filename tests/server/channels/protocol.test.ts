import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { channelAuth } from '../../../src/server/channels/signatures';
import { startStandaloneChannelServer, type StandaloneChannelServer } from '../../../src/server/channels/standalone';
import { HttpError } from '../../../src/server/http/errors';
import type { StaffContext } from '../../../src/server/deps';

/**
 * The Pusher protocol 7 as a raw client sees it: exact frames over a real socket on an ephemeral
 * port, with no client library in between.
 */

const credentials = { appId: 'proto-app', key: 'proto-key', secret: 'proto-secret' };
const staff: StaffContext = { id: 1, email: 'a@example.test', name: 'A', permissions: new Set(), tokenVersion: 0 };
const authenticate = async () => {
  throw new HttpError(401, 'Unauthenticated.');
};

interface Frame {
  event: string;
  channel?: string;
  data?: any;
}

/** A raw ws client that queues every frame and lets a test await the next one. */
class RawClient {
  readonly ws: WebSocket;
  private frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame;
      const i = this.waiters.findIndex((w) => w.match(frame));
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(frame);
      else this.frames.push(frame);
    });
    this.closed = new Promise((resolve) => this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  next(match: (f: Frame) => boolean = () => true): Promise<Frame> {
    const i = this.frames.findIndex(match);
    if (i >= 0) return Promise.resolve(this.frames.splice(i, 1)[0]);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  nextEvent(event: string): Promise<Frame> {
    return this.next((f) => f.event === event);
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The socket id from the handshake. */
  async established(): Promise<string> {
    const frame = await this.nextEvent('pusher:connection_established');
    return JSON.parse(frame.data).socket_id;
  }

  /** Whatever arrived and nobody awaited (events a test expects not to get). */
  pending(): Frame[] {
    return [...this.frames];
  }

  close(): void {
    this.ws.close();
  }
}

let server: StandaloneChannelServer;
const clients: RawClient[] = [];
const connect = (path = `/app/${credentials.key}?protocol=7&client=js&version=8.6.0`, s = server) => {
  const client = new RawClient(`ws://127.0.0.1:${s.port}${path}`);
  clients.push(client);
  return client;
};

/** Round trip: once the pong is back, everything the server sent before it has arrived too. */
async function roundTrip(client: RawClient) {
  client.send({ event: 'pusher:ping', data: {} });
  await client.nextEvent('pusher:pong');
}

beforeAll(async () => {
  server = await startStandaloneChannelServer({ credentials, authenticate });
});
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
afterAll(async () => {
  await server.close();
});

describe('connection', () => {
  it('answers a connection with pusher:connection_established carrying socket_id and activity_timeout as a JSON string', async () => {
    const client = connect();
    const frame = await client.nextEvent('pusher:connection_established');
    expect(typeof frame.data).toBe('string');
    const data = JSON.parse(frame.data);
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(120);
    expect(Object.keys(frame)).toEqual(['event', 'data']);
  });

  it('gives every connection its own socket id', async () => {
    const ids = await Promise.all([connect().established(), connect().established(), connect().established()]);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses an unknown app key with pusher:error 4001 and closes with 4001', async () => {
    const client = connect('/app/not-the-key?protocol=7');
    const error = await client.nextEvent('pusher:error');
    expect(error.data.code).toBe(4001);
    expect(error.data.message).toContain('not-the-key');
    expect((await client.closed).code).toBe(4001);
  });

  it('refuses an app key of long multi-byte text cleanly (the close reason stays within its limit)', async () => {
    const client = connect(`/app/${encodeURIComponent('ключ'.repeat(40))}?protocol=7`);
    expect((await client.nextEvent('pusher:error')).data.code).toBe(4001);
    expect((await client.closed).code).toBe(4001);
    await connect().established();
  });

  it('refuses an unsupported protocol version with 4007', async () => {
    const client = connect(`/app/${credentials.key}?protocol=5`);
    const error = await client.nextEvent('pusher:error');
    expect(error.data.code).toBe(4007);
    expect((await client.closed).code).toBe(4007);
  });

  it('refuses a connection without a protocol version with 4008', async () => {
    const client = connect(`/app/${credentials.key}`);
    expect((await client.nextEvent('pusher:error')).data.code).toBe(4008);
    expect((await client.closed).code).toBe(4008);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const client = connect();
    await client.established();
    client.send({ event: 'pusher:ping', data: {} });
    expect(await client.nextEvent('pusher:pong')).toEqual({ event: 'pusher:pong', data: {} });
  });

  it('answers invalid JSON with a soft error and keeps the connection', async () => {
    const client = connect();
    await client.established();
    client.send('{not json');
    const error = await client.nextEvent('pusher:error');
    expect(error.data).toEqual({ code: null, message: 'Invalid JSON' });
    await roundTrip(client);
  });

  it('drops a message over the size limit with an error and keeps the connection', async () => {
    const client = connect();
    await client.established();
    client.send({ event: 'pusher:subscribe', data: { channel: 'big', padding: 'x'.repeat(11 * 1024) } });
    const error = await client.nextEvent('pusher:error');
    expect(error.data.code).toBeNull();
    expect(error.data.message).toMatch(/limit of 10240 bytes/);
    await roundTrip(client);
    expect(server.channels.subscriptionCount('big')).toBe(0);
  });

  it('rejects an upgrade to a path that is not /app/{key}', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/elsewhere`);
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => {});
    });
    expect(status).toBe(404);
  });
});

describe('subscriptions', () => {
  it('subscribes to a public channel and delivers published events there as Pusher frames', async () => {
    const client = connect();
    await client.established();
    client.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    expect(await client.nextEvent('pusher_internal:subscription_succeeded')).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'news',
      data: '{}',
    });
    expect(server.channels.publish('news', 'story', JSON.stringify({ id: 7 }))).toBe(1);
    expect(await client.nextEvent('story')).toEqual({ event: 'story', channel: 'news', data: '{"id":7}' });
  });

  it('refuses a private channel with a bad signature, Pusher-style, and delivers nothing there', async () => {
    const client = connect();
    const socketId = await client.established();
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-admin.counters', auth: `${credentials.key}:${'0'.repeat(64)}` } });
    const error = await client.nextEvent('pusher:error');
    expect(error.data.code).toBeNull();
    expect(error.data.message).toContain(`Invalid signature: Expected HMAC SHA256 hex digest of ${socketId}:private-admin.counters`);
    expect(server.channels.subscriptionCount('private-admin.counters')).toBe(0);
    server.channels.publish('private-admin.counters', 'counters.updated', '{}');
    await roundTrip(client);
    expect(client.pending().filter((f) => f.event === 'counters.updated')).toEqual([]);
  });

  it('refuses a signature issued for another socket (no replay)', async () => {
    const first = connect();
    const firstId = await first.established();
    const second = connect();
    await second.established();
    second.send({ event: 'pusher:subscribe', data: { channel: 'private-x', auth: channelAuth(credentials, firstId, 'private-x') } });
    expect((await second.nextEvent('pusher:error')).data.message).toMatch(/^Invalid signature/);
  });

  it('refuses a private channel without any auth field', async () => {
    const client = connect();
    await client.established();
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-x' } });
    expect((await client.nextEvent('pusher:error')).data.message).toMatch(/^Invalid signature/);
  });

  it('subscribes to a private channel with a good signature and receives its events', async () => {
    const client = connect();
    const socketId = await client.established();
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-admin.counters', auth: channelAuth(credentials, socketId, 'private-admin.counters') } });
    const ok = await client.nextEvent('pusher_internal:subscription_succeeded');
    expect(ok.channel).toBe('private-admin.counters');
    server.channels.publish('private-admin.counters', 'counters.updated', '{"ordersInProcessing":3}');
    const event = await client.nextEvent('counters.updated');
    expect(JSON.parse(event.data)).toEqual({ ordersInProcessing: 3 });
  });

  it('accepts subscribe data sent as a JSON string, as some clients do', async () => {
    const client = connect();
    await client.established();
    client.send({ event: 'pusher:subscribe', data: JSON.stringify({ channel: 'strings' }) });
    expect((await client.nextEvent('pusher_internal:subscription_succeeded')).channel).toBe('strings');
  });

  it('refuses an invalid channel name', async () => {
    const client = connect();
    await client.established();
    client.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } });
    expect((await client.nextEvent('pusher:error')).data).toEqual({ code: null, message: 'Invalid channel name' });
  });

  it('stops delivering after pusher:unsubscribe', async () => {
    const client = connect();
    await client.established();
    client.send({ event: 'pusher:subscribe', data: { channel: 'leaving' } });
    await client.nextEvent('pusher_internal:subscription_succeeded');
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'leaving' } });
    await roundTrip(client);
    expect(server.channels.publish('leaving', 'late', '{}')).toBe(0);
  });

  it('forgets a closed connection', async () => {
    const client = connect();
    await client.established();
    client.send({ event: 'pusher:subscribe', data: { channel: 'gone' } });
    await client.nextEvent('pusher_internal:subscription_succeeded');
    client.close();
    await client.closed;
    await expect.poll(() => server.channels.subscriptionCount('gone')).toBe(0);
  });

  it('leaves out the socket named as the event source', async () => {
    const a = connect();
    const aId = await a.established();
    const b = connect();
    await b.established();
    for (const c of [a, b]) c.send({ event: 'pusher:subscribe', data: { channel: 'room' } });
    await a.nextEvent('pusher_internal:subscription_succeeded');
    await b.nextEvent('pusher_internal:subscription_succeeded');
    expect(server.channels.publish('room', 'said', '"hi"', aId)).toBe(1);
    expect((await b.nextEvent('said')).data).toBe('"hi"');
    await roundTrip(a);
    expect(a.pending().some((f) => f.event === 'said')).toBe(false);
  });
});

describe('client events', () => {
  it('rejects client events on a public channel', async () => {
    const client = connect();
    await client.established();
    client.send({ event: 'pusher:subscribe', data: { channel: 'lobby' } });
    await client.nextEvent('pusher_internal:subscription_succeeded');
    client.send({ event: 'client-typing', channel: 'lobby', data: {} });
    expect((await client.nextEvent('pusher:error')).data.message).toBe('Client event rejected - only supported on private and presence channels');
  });

  it('rejects client events on a channel the socket did not join', async () => {
    const client = connect();
    await client.established();
    client.send({ event: 'client-typing', channel: 'private-elsewhere', data: {} });
    expect((await client.nextEvent('pusher:error')).data.message).toMatch(/not subscribed/);
  });

  it('relays client events on a private channel to the other subscribers only', async () => {
    const a = connect();
    const b = connect();
    for (const c of [a, b]) {
      const id = await c.established();
      c.send({ event: 'pusher:subscribe', data: { channel: 'private-chat', auth: channelAuth(credentials, id, 'private-chat') } });
      await c.nextEvent('pusher_internal:subscription_succeeded');
    }
    a.send({ event: 'client-typing', channel: 'private-chat', data: { who: 'a' } });
    expect(await b.nextEvent('client-typing')).toEqual({ event: 'client-typing', channel: 'private-chat', data: { who: 'a' } });
    await roundTrip(a);
    expect(a.pending().some((f) => f.event === 'client-typing')).toBe(false);
  });

  it('limits client events to 10 per second per connection with 4301', async () => {
    const client = connect();
    const id = await client.established();
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-burst', auth: channelAuth(credentials, id, 'private-burst') } });
    await client.nextEvent('pusher_internal:subscription_succeeded');
    for (let i = 0; i < 12; i++) client.send({ event: 'client-x', channel: 'private-burst', data: {} });
    expect((await client.nextEvent('pusher:error')).data.code).toBe(4301);
  });
});

describe('capacity', () => {
  it('refuses connections over the limit with 4100, so pusher-js backs off', async () => {
    const small = await startStandaloneChannelServer({ credentials, authenticate, channelOptions: { maxConnections: 1 } });
    try {
      await connect(undefined, small).established();
      const second = connect(undefined, small);
      expect((await second.nextEvent('pusher:error')).data).toEqual({ code: 4100, message: 'Over capacity' });
      expect((await second.closed).code).toBe(4100);
    } finally {
      for (const c of clients.splice(0)) c.close();
      await small.close();
    }
  });
});

describe('slow consumers', () => {
  it('closes a client that stops reading with 4100 instead of buffering without end', async () => {
    const small = await startStandaloneChannelServer({ credentials, authenticate, channelOptions: { maxBufferedBytes: 64 * 1024 } });
    try {
      const client = connect(undefined, small);
      await client.established();
      client.send({ event: 'pusher:subscribe', data: { channel: 'firehose' } });
      await client.nextEvent('pusher_internal:subscription_succeeded');
      client.ws.pause();
      const chunk = JSON.stringify('x'.repeat(9000));
      let rounds = 0;
      while (small.channels.subscriptionCount('firehose') > 0 && rounds < 5000) {
        small.channels.publish('firehose', 'bulk', chunk);
        if (++rounds % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      client.ws.resume();
      expect((await client.closed).code).toBe(4100);
    } finally {
      for (const c of clients.splice(0)) c.close();
      await small.close();
    }
  });
});

describe('server pings', () => {
  let quick: StandaloneChannelServer;
  beforeAll(async () => {
    quick = await startStandaloneChannelServer({
      credentials,
      authenticate: async () => staff,
      channelOptions: { idleMs: 80, pongTimeoutMs: 80 },
    });
  });
  afterAll(async () => {
    await quick.close();
  });

  it('pings a silent client and closes it with 4201 when no pong comes back', async () => {
    const client = connect(undefined, quick);
    await client.established();
    expect(await client.nextEvent('pusher:ping')).toEqual({ event: 'pusher:ping', data: {} });
    const error = await client.nextEvent('pusher:error');
    expect(error.data).toEqual({ code: 4201, message: 'Pong reply not received' });
    expect((await client.closed).code).toBe(4201);
  });

  it('keeps a client that answers its pings', async () => {
    const client = connect(undefined, quick);
    await client.established();
    for (let i = 0; i < 3; i++) {
      await client.nextEvent('pusher:ping');
      client.send({ event: 'pusher:pong', data: {} });
    }
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    expect(client.pending().some((f) => f.event === 'pusher:error')).toBe(false);
  });
});
