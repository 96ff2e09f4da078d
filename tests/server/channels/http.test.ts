import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { validationErrorBodySchema } from '../../../src/contract/errors';
import { attachChannelServer, createChannelServer, mountChannels, type ChannelServer } from '../../../src/server/channels';
import { channelAuth, hmacHex, md5Hex, signedQuery } from '../../../src/server/channels/signatures';
import { bumpTokenVersion } from '../../../src/server/auth/staff';
import { createPublisher } from '../../../src/server/realtime/publisher';
import { withPusherSecret } from '../../../src/server/realtime/secret';
import { createTestApp, type TestApp } from '../helpers/testServer';

/**
 * The HTTP side of the channel server on the real app (real tokens, real `authenticate`):
 * /broadcasting/auth and the signed events API, over a real port.
 */

let t: TestApp;
let channels: ChannelServer;
let server: Server;
let base: string;
let member: { id: number; token: string };
const pusher = { appId: 'test-app', key: 'test-key', secret: 'test-pusher-secret' };

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  expect(t.deps.config.pusher).toMatchObject(pusher);
  channels = createChannelServer(t.deps.config.pusher);
  mountChannels(t.app, { ...t.deps, channels });
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s as Server)) as Server;
  });
  attachChannelServer(server, { channels });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  member = await t.createMember();
});

afterAll(async () => {
  await channels.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const postAuth = (body: string, contentType: string, token: string | null = member.token) =>
  fetch(`${base}/broadcasting/auth`, {
    method: 'POST',
    headers: { 'content-type': contentType, accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });

describe('POST /broadcasting/auth', () => {
  const socketId = '1234.5678';

  it('signs a form-encoded request (what pusher-js sends)', async () => {
    const res = await postAuth(`socket_id=${socketId}&channel_name=private-admin.counters`, 'application/x-www-form-urlencoded');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ auth: channelAuth(pusher, socketId, 'private-admin.counters') });
  });

  it('signs a JSON request with the same signature', async () => {
    const res = await postAuth(JSON.stringify({ socket_id: socketId, channel_name: 'private-admin.counters' }), 'application/json');
    expect(res.status).toBe(200);
    const { auth } = await res.json();
    const [key, signature] = auth.split(':');
    expect(key).toBe(pusher.key);
    expect(signature).toBe(hmacHex(pusher.secret, `${socketId}:private-admin.counters`));
  });

  it('lets a member into their own staff channel and nobody else', async () => {
    const own = await postAuth(`socket_id=${socketId}&channel_name=private-staff.${member.id}`, 'application/x-www-form-urlencoded');
    expect(own.status).toBe(200);
    const other = await postAuth(`socket_id=${socketId}&channel_name=private-staff.${member.id + 1000}`, 'application/x-www-form-urlencoded');
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ message: 'This action is unauthorized.' });
  });

  it('denies channels no rule names with 403', async () => {
    const res = await postAuth(`socket_id=${socketId}&channel_name=private-secret-things`, 'application/x-www-form-urlencoded');
    expect(res.status).toBe(403);
  });

  it('answers 401 without a token or with a revoked one', async () => {
    const none = await postAuth(`socket_id=${socketId}&channel_name=private-admin.counters`, 'application/x-www-form-urlencoded', null);
    expect(none.status).toBe(401);
    const revoked = await t.createMember();
    await bumpTokenVersion(t.db, revoked.id);
    const res = await postAuth(`socket_id=${socketId}&channel_name=private-admin.counters`, 'application/x-www-form-urlencoded', revoked.token);
    expect(res.status).toBe(401);
  });

  it('refuses a malformed socket id with a 422 in Laravel shape (never signs it)', async () => {
    const res = await postAuth(JSON.stringify({ socket_id: '1.1:private-staff.1', channel_name: 'private-admin.counters' }), 'application/json');
    expect(res.status).toBe(422);
    const body = validationErrorBodySchema.parse(await res.json());
    expect(Object.keys(body.errors)).toEqual(['socket_id']);
  });

  it('refuses a missing channel name with 422', async () => {
    const res = await postAuth(`socket_id=${socketId}`, 'application/x-www-form-urlencoded');
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(['channel_name']);
  });
});

/** A raw socket subscribed to a channel; resolves the events it receives. */
async function subscriber(channel: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/app/${pusher.key}?protocol=7`);
  const frames: any[] = [];
  const listeners: ((f: any) => void)[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString());
    frames.push(frame);
    for (const l of [...listeners]) l(frame);
  });
  const next = (event: string) =>
    new Promise<any>((resolve) => {
      const found = frames.find((f) => f.event === event);
      if (found) return resolve(found);
      const l = (f: any) => {
        if (f.event === event) {
          listeners.splice(listeners.indexOf(l), 1);
          resolve(f);
        }
      };
      listeners.push(l);
    });
  const socketId = JSON.parse((await next('pusher:connection_established')).data).socket_id as string;
  ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: channelAuth(pusher, socketId, channel) } }));
  await next('pusher_internal:subscription_succeeded');
  return { ws, socketId, next, frames };
}

const trigger = (body: object, options: { nowMs?: number; secret?: string; appId?: string; tamper?: (q: URLSearchParams) => void } = {}) => {
  const appId = options.appId ?? pusher.appId;
  const path = `/apps/${appId}/events`;
  const text = JSON.stringify(body);
  const query = new URLSearchParams(signedQuery({ ...pusher, appId, secret: options.secret ?? pusher.secret }, 'POST', path, text, options.nowMs));
  options.tamper?.(query);
  return fetch(`${base}${path}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
};

describe('HTTP events API', () => {
  it('delivers a signed event to the channel subscribers, leaving out socket_id', async () => {
    const a = await subscriber('private-api.test');
    const b = await subscriber('private-api.test');
    const res = await trigger({ name: 'thing.happened', channels: ['private-api.test'], data: '{"n":1}', socket_id: a.socketId });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await b.next('thing.happened')).toEqual({ event: 'thing.happened', channel: 'private-api.test', data: '{"n":1}' });
    // a excluded: a round trip proves nothing was queued for it.
    a.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await a.next('pusher:pong');
    expect(a.frames.some((f) => f.event === 'thing.happened')).toBe(false);
    a.ws.close();
    b.ws.close();
  });

  it('accepts the single `channel` form too', async () => {
    const s = await subscriber('private-api.single');
    expect((await trigger({ name: 'one', channel: 'private-api.single', data: '1' })).status).toBe(200);
    expect((await s.next('one')).data).toBe('1');
    s.ws.close();
  });

  it('refuses a bad signature with 401', async () => {
    const res = await trigger({ name: 'x', channel: 'c', data: '{}' }, { secret: 'wrong-secret' });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Invalid signature');
  });

  // Timestamps are whole seconds and the request takes time to arrive, so the tests stay a few
  // seconds past the 600 s window rather than on its edge.
  it('refuses a timestamp older than 600 s with 401, even when correctly signed', async () => {
    const res = await trigger({ name: 'x', channel: 'c', data: '{}' }, { nowMs: Date.now() - 605_000 });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/^Timestamp expired/);
  });

  it('refuses a timestamp from more than 600 s in the future', async () => {
    const res = await trigger({ name: 'x', channel: 'c', data: '{}' }, { nowMs: Date.now() + 605_000 });
    expect(res.status).toBe(401);
  });

  it('refuses a body that does not match body_md5 (signature over a different body)', async () => {
    const path = `/apps/${pusher.appId}/events`;
    const signedFor = JSON.stringify({ name: 'x', channel: 'c', data: '{}' });
    const query = signedQuery(pusher, 'POST', path, signedFor);
    const res = await fetch(`${base}${path}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', channel: 'other', data: '{}' }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('body_md5 does not match the body');
  });

  it('refuses a request whose signed query was altered', async () => {
    const res = await trigger({ name: 'x', channel: 'c', data: '{}' }, { tamper: (q) => q.set('auth_timestamp', String(Number(q.get('auth_timestamp')) - 1)) });
    expect(res.status).toBe(401);
  });

  it('answers 404 for another app id', async () => {
    expect((await trigger({ name: 'x', channel: 'c', data: '{}' }, { appId: 'other-app' })).status).toBe(404);
  });

  it('answers 400 for a body without channels or with non-string data', async () => {
    expect((await trigger({ name: 'x', data: '{}' })).status).toBe(400);
    expect((await trigger({ name: 'x', channel: 'c', data: { not: 'a string' } })).status).toBe(400);
    expect((await trigger({ name: 'pusher:internal', channel: 'c', data: '{}' })).status).toBe(400);
  });

  it('answers 413 for event data over 10 KB', async () => {
    expect((await trigger({ name: 'x', channel: 'c', data: 'x'.repeat(10 * 1024 + 1) })).status).toBe(413);
  });

  it('lists occupied channels with their subscription counts (signed GET)', async () => {
    const s = await subscriber('private-api.listed');
    const path = `/apps/${pusher.appId}/channels`;
    const query = signedQuery(pusher, 'GET', path, undefined, Date.now(), { filter_by_prefix: 'private-api.listed', info: 'subscription_count' });
    const res = await fetch(`${base}${path}?${query}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ channels: { 'private-api.listed': { subscription_count: 1 } } });
    const unsigned = await fetch(`${base}${path}?auth_key=${pusher.key}`);
    expect(unsigned.status).toBe(401);
    s.ws.close();
  });
});

describe("signatures match Pusher's documented worked examples", () => {
  const docs = { appId: '3', key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };

  it('channel auth for socket 1234.1234 on private-foobar', () => {
    expect(channelAuth(docs, '1234.1234', 'private-foobar')).toBe('278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4');
  });

  it('HTTP API query for POST /apps/3/events at 1353088179', () => {
    const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
    expect(md5Hex(body)).toBe('ec365a775a4cd0599faeb73354201b6f');
    const query = new URLSearchParams(signedQuery(docs, 'POST', '/apps/3/events', body, 1353088179 * 1000));
    expect(query.get('auth_signature')).toBe('da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c');
  });
});

describe('publisher', () => {
  it('publishes in-process to the local channel server, data as a JSON string', async () => {
    const s = await subscriber('private-admin.counters');
    const publisher = createPublisher(t.deps.config, channels);
    publisher.publish('private-admin.counters', 'counters.updated', { ordersInProcessing: 4 });
    expect(JSON.parse((await s.next('counters.updated')).data)).toEqual({ ordersInProcessing: 4 });
    s.ws.close();
  });

  it('posts to an external Pusher-compatible HTTP API when a host is configured, signed so it is accepted', async () => {
    const s = await subscriber('private-admin.counters');
    const port = Number(new URL(base).port);
    const errors: unknown[] = [];
    const publisher = createPublisher({ pusher: { ...t.deps.config.pusher, host: '127.0.0.1', port } }, undefined, {
      onError: (error) => errors.push(error),
    });
    publisher.publish('private-admin.counters', 'counters.updated', { freeTrialsPending: 2 });
    await publisher.flush();
    expect(errors).toEqual([]);
    expect(JSON.parse((await s.next('counters.updated')).data)).toEqual({ freeTrialsPending: 2 });
    s.ws.close();
  });

  it('reports, never throws, when the external service refuses', async () => {
    const port = Number(new URL(base).port);
    const errors: unknown[] = [];
    const publisher = createPublisher({ pusher: { ...t.deps.config.pusher, secret: 'not-the-secret', host: '127.0.0.1', port } }, undefined, {
      onError: (error) => errors.push(error),
    });
    expect(() => publisher.publish('c', 'e', {})).not.toThrow();
    await publisher.flush();
    expect(String(errors[0])).toMatch(/HTTP 401/);
  });
});

describe('withPusherSecret', () => {
  const base = { appId: 'a', key: 'k', secret: '' };

  it('keeps a configured secret', () => {
    expect(withPusherSecret({ ...base, secret: 's3cret' }, 'jwt').secret).toBe('s3cret');
  });

  it('derives a stable secret from the token secret, never the token secret itself', () => {
    const first = withPusherSecret(base, 'jwt-secret').secret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(withPusherSecret(base, 'jwt-secret').secret).toBe(first);
    expect(withPusherSecret(base, 'other-jwt-secret').secret).not.toBe(first);
  });

  it('refuses to guess the secret of an external service', () => {
    expect(() => withPusherSecret({ ...base, host: 'soketi.internal' }, 'jwt-secret')).toThrow(/PUSHER_APP_SECRET/);
  });

  it('makes the channel server refuse an empty secret', () => {
    expect(() => createChannelServer(base)).toThrow(/must not be empty/);
  });
});
