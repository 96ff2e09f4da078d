import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNTERS_CHANNEL } from '../../../src/contract/realtime';
import type { PublicSettings } from '../../../src/contract/session';
import { configureApi } from '../../../src/console/api/client';
import { SETTINGS_QUERY_KEY } from '../../../src/console/session/instanceSettings';
import { getConnectionState } from '../../../src/console/realtime/connectionState';
import { connectRealtimeToSession } from '../../../src/console/realtime/sessionRealtime';
import { runLogoutCallbacks, runProfileLoadedCallbacks } from '../../../src/console/session/lifecycle';
import type { Session } from '../../../src/console/session/session';
import type { Profile } from '../../../src/contract/session';
import { startStandaloneChannelServer, type StandaloneChannelServer } from '../../../src/server/channels/standalone';

/** The counters follow the session: they start when the profile loads and stop at logout. */

const credentials = { appId: 'session-app', key: 'session-key', secret: 'session-secret' };
let server: StandaloneChannelServer;
let disconnect: (() => void) | null = null;

beforeAll(async () => {
  server = await startStandaloneChannelServer({
    credentials,
    authenticate: async () => ({ id: 1, email: 'a@example.test', name: 'A', permissions: new Set(), tokenVersion: 0 }),
  });
  configureApi({ baseUrl: server.url });
});
afterEach(async () => {
  disconnect?.();
  disconnect = null;
  await expect.poll(() => server.channels.connectionCount()).toBe(0);
});
afterAll(async () => {
  configureApi({ baseUrl: '' });
  await server.close();
});

const profile = { id: 1 } as Profile;

const settingsFor = (port: number): PublicSettings => ({
  panelName: 'Panel',
  favicon: null,
  inhouse: false,
  captchaIsEnabled: false,
  captchaSiteKey: null,
  broadcasting: { key: credentials.key, wsHost: '127.0.0.1', wsPort: port, forceTLS: false },
});

function setup(token: string | null = 'token') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SETTINGS_QUERY_KEY, settingsFor(server.port));
  const session = { currentToken: () => token } as unknown as Session;
  disconnect = connectRealtimeToSession({ session, queryClient });
  return { queryClient };
}

describe('connectRealtimeToSession', () => {
  it('subscribes once the profile is loaded and disconnects on logout', async () => {
    setup();
    expect(server.channels.connectionCount()).toBe(0);
    runProfileLoadedCallbacks(profile);
    await expect.poll(() => server.channels.subscriptionCount(COUNTERS_CHANNEL), { timeout: 10_000 }).toBe(1);
    await runLogoutCallbacks({ userId: 1 });
    await expect.poll(() => server.channels.connectionCount()).toBe(0);
  });

  it('starts nothing when the member logged out before the settings answered', async () => {
    const queryClient = new QueryClient();
    let answer!: (response: Response) => void;
    const realFetch = globalThis.fetch;
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input, init) =>
        String(input).endsWith('/settings') ? new Promise<Response>((resolve) => (answer = resolve)) : realFetch(input, init),
      );
    try {
      disconnect = connectRealtimeToSession({ session: { currentToken: () => 'token' } as unknown as Session, queryClient });
      runProfileLoadedCallbacks(profile);
      await expect.poll(() => typeof answer).toBe('function');
      await runLogoutCallbacks({ userId: 1 });
      answer(Response.json(settingsFor(server.port)));
      await expect.poll(() => queryClient.getQueryData(SETTINGS_QUERY_KEY)).toBeDefined();
      // startRealtime would have set 'connecting' synchronously in the settings' then().
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(getConnectionState()).toBe('unavailable');
      expect(server.channels.connectionCount()).toBe(0);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('keeps a single connection when the profile loads again (another member signs in)', async () => {
    setup();
    runProfileLoadedCallbacks(profile);
    await expect.poll(() => server.channels.subscriptionCount(COUNTERS_CHANNEL), { timeout: 10_000 }).toBe(1);
    runProfileLoadedCallbacks({ ...profile, id: 2 });
    await expect.poll(() => server.channels.connectionCount(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => server.channels.subscriptionCount(COUNTERS_CHANNEL), { timeout: 10_000 }).toBe(1);
  });
});
