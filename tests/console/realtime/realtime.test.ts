import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COUNTERS_CHANNEL, COUNTERS_EVENT } from '../../../src/contract/realtime';
import { COUNTERS_QUERY_KEY } from '../../../src/console/realtime/counters';
import { getConnectionState, useConnectionState } from '../../../src/console/realtime/connectionState';
import { echoOptions } from '../../../src/console/realtime/echo';
import { startRealtime } from '../../../src/console/realtime/startRealtime';
import { startStandaloneChannelServer, type StandaloneChannelServer } from '../../../src/server/channels/standalone';
import { HttpError } from '../../../src/server/http/errors';

/**
 * The console's realtime client end to end: real laravel-echo + pusher-js against a real channel
 * server on a local port, writing `counters.updated` into the counters query.
 */

const credentials = { appId: 'console-app', key: 'console-key', secret: 'console-secret' };
let server: StandaloneChannelServer;
const seenTokens: (string | undefined)[] = [];
let tokenAccepted = (token: string | undefined) => token === 'Bearer token-1' || token === 'Bearer token-2';

beforeAll(async () => {
  server = await startStandaloneChannelServer({
    credentials,
    authenticate: async (c) => {
      const header = c.req.header('authorization');
      seenTokens.push(header);
      if (!tokenAccepted(header)) throw new HttpError(401, 'Unauthenticated.');
      return { id: 1, email: 'a@example.test', name: 'A', permissions: new Set(), tokenVersion: 0 };
    },
  });
});
afterAll(async () => {
  await server.close();
});

const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  // The next test counts subscribers: the previous socket must be gone first.
  await expect.poll(() => server.channels.connectionCount()).toBe(0);
  seenTokens.splice(0);
  tokenAccepted = (token) => token === 'Bearer token-1' || token === 'Bearer token-2';
});

const settings = () => ({ key: credentials.key, wsHost: '127.0.0.1', wsPort: server.port, forceTLS: false });
const page = { protocol: 'http:', hostname: 'console.example.test', port: '8443' };

function start(queryClient: QueryClient, token: string | (() => string | null) = 'token-1') {
  const stop = startRealtime({ token, settings: settings(), queryClient, apiBaseUrl: server.url, page });
  stops.push(stop);
  return stop;
}

const counters = { ordersInProcessing: 12, ordersInModeration: 3, ordersWithNoActiveProviders: 1, freeTrialsPending: 5 };

describe('startRealtime', () => {
  it('subscribes to private-admin.counters with the bearer token and writes counters.updated into the counters query', async () => {
    const queryClient = new QueryClient();
    start(queryClient);
    await expect.poll(() => server.channels.subscriptionCount(COUNTERS_CHANNEL), { timeout: 10_000 }).toBe(1);
    expect(seenTokens).toEqual(['Bearer token-1']);
    expect(getConnectionState()).toBe('connected');

    server.channels.publish(COUNTERS_CHANNEL, COUNTERS_EVENT, JSON.stringify({ ...counters, comboOrdersInModeration: 2 }));
    await expect.poll(() => queryClient.getQueryData(COUNTERS_QUERY_KEY)).toEqual(counters);
  });

  it('ignores a payload that is not the counters shape', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(COUNTERS_QUERY_KEY, counters);
    const received: unknown[] = [];
    const stop = startRealtime({
      token: 'token-1',
      settings: settings(),
      queryClient,
      apiBaseUrl: server.url,
      page,
      onCounters: (c) => received.push(c),
    });
    stops.push(stop);
    await expect.poll(() => server.channels.subscriptionCount(COUNTERS_CHANNEL), { timeout: 10_000 }).toBe(1);
    server.channels.publish(COUNTERS_CHANNEL, COUNTERS_EVENT, JSON.stringify({ ordersInProcessing: 'many' }));
    server.channels.publish(COUNTERS_CHANNEL, COUNTERS_EVENT, JSON.stringify({ ...counters, freeTrialsPending: 6 }));
    await expect.poll(() => received.length).toBe(1);
    expect(queryClient.getQueryData(COUNTERS_QUERY_KEY)).toEqual({ ...counters, freeTrialsPending: 6 });
  });

  it('stops on logout: unsubscribes, disconnects and reports unavailable', async () => {
    const queryClient = new QueryClient();
    const stop = start(queryClient);
    await expect.poll(() => server.channels.subscriptionCount(COUNTERS_CHANNEL), { timeout: 10_000 }).toBe(1);
    stop();
    expect(getConnectionState()).toBe('unavailable');
    await expect.poll(() => server.channels.connectionCount()).toBe(0);
    server.channels.publish(COUNTERS_CHANNEL, COUNTERS_EVENT, JSON.stringify(counters));
    expect(queryClient.getQueryData(COUNTERS_QUERY_KEY)).toBeUndefined();
  });

  it('asks for the token at each authorisation, so a refreshed token is used after a refused one', async () => {
    let token = 'revoked-token';
    const queryClient = new QueryClient();
    start(queryClient, () => token);
    await expect.poll(() => seenTokens.length, { timeout: 10_000 }).toBe(1);
    expect(seenTokens[0]).toBe('Bearer revoked-token');
    token = 'token-2';
    // The refused subscription is retried after a back-off, with whatever token is current then.
    await expect.poll(() => server.channels.subscriptionCount(COUNTERS_CHANNEL), { timeout: 10_000 }).toBe(1);
    expect(seenTokens.at(-1)).toBe('Bearer token-2');
  });

  it('re-reads the counters when a subscription starts after they were fetched', async () => {
    const queryClient = new QueryClient();
    let fetches = 0;
    // An observer keeps the query active, as the header's useQuery does.
    const observer = new QueryObserver(queryClient, {
      queryKey: COUNTERS_QUERY_KEY,
      queryFn: async () => {
        fetches++;
        return counters;
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => fetches).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    start(queryClient);
    await expect.poll(() => fetches, { timeout: 10_000 }).toBe(2);
    unsubscribe();
  });
});

describe('useConnectionState', () => {
  it('follows the connection: connecting, connected, then unavailable after stop', async () => {
    const { result } = renderHook(() => useConnectionState());
    expect(result.current).toBe('unavailable');
    const queryClient = new QueryClient();
    let stop!: () => void;
    act(() => {
      stop = start(queryClient);
    });
    expect(result.current).toBe('connecting');
    await expect.poll(() => result.current, { timeout: 10_000 }).toBe('connected');
    act(() => stop());
    expect(result.current).toBe('unavailable');
  });
});

describe('echoOptions', () => {
  const base = { getToken: () => 'abc', apiBaseUrl: 'https://core.panel.test', page };

  it('configures Echo for a self-hosted Pusher-protocol server', () => {
    const options = echoOptions({ ...base, settings: { key: 'k', wsHost: 'ws.panel.test', wsPort: 6001, forceTLS: false } });
    expect(options).toMatchObject({
      broadcaster: 'reverb',
      key: 'k',
      wsHost: 'ws.panel.test',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      authEndpoint: 'https://core.panel.test/broadcasting/auth',
    });
    expect(options.channelAuthorization.endpoint).toBe('https://core.panel.test/broadcasting/auth');
  });

  it('falls back to the page host and port when the settings leave them null', () => {
    const options = echoOptions({ ...base, settings: { key: 'k', wsHost: null, wsPort: null, forceTLS: false } });
    expect(options.wsHost).toBe('console.example.test');
    expect(options.wsPort).toBe(8443);
  });

  it('uses the default port of the scheme when the page has none', () => {
    const https = echoOptions({
      ...base,
      page: { protocol: 'https:', hostname: 'h', port: '' },
      settings: { key: 'k', wsHost: null, wsPort: null, forceTLS: false },
    });
    expect(https.wssPort).toBe(443);
    const http = echoOptions({
      ...base,
      page: { protocol: 'http:', hostname: 'h', port: '' },
      settings: { key: 'k', wsHost: null, wsPort: null, forceTLS: false },
    });
    expect(http.wsPort).toBe(80);
  });

  it('builds fresh header objects per connection and reads the token at each request', () => {
    let token: string | null = 'first';
    const settingsNull = { key: 'k', wsHost: null, wsPort: null, forceTLS: false };
    const a = echoOptions({ ...base, getToken: () => token, settings: settingsNull });
    const b = echoOptions({ ...base, getToken: () => token, settings: settingsNull });
    expect(a.auth).not.toBe(b.auth);
    expect(a.auth.headers).not.toBe(b.auth.headers);
    expect(a.channelAuthorization.headersProvider()).toEqual({ Accept: 'application/json', Authorization: 'Bearer first' });
    token = 'second';
    expect(a.channelAuthorization.headersProvider().Authorization).toBe('Bearer second');
    token = null;
    expect(a.channelAuthorization.headersProvider()).toEqual({ Accept: 'application/json' });
  });
});
