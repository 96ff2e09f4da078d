import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, onlineManager, useQuery } from '@tanstack/react-query';
import { createMemoryHistory, createRoute } from '@tanstack/react-router';
import { App } from '../../../src/console/app/AppProviders';
import { settingsQueryOptions } from '../../../src/console/session/instanceSettings';
import { guardedRoute } from '../../../src/console/app/layoutRoute';
import { createAppQueryClient } from '../../../src/console/app/queryClient';
import { createAppRouter } from '../../../src/console/app/router';
import { OfflineBanner } from '../../../src/console/offline/OfflineBanner';
import { offerUpdate, offerWaitingVersions, registerServiceWorker } from '../../../src/console/offline/serviceWorker';
import { forgetSavedProfile, loadSettingsOrSaved, tokenOwner } from '../../../src/console/offline/startupAnswers';
import { UpdatePrompt } from '../../../src/console/offline/UpdatePrompt';
import { followBrowserOnlineState } from '../../../src/console/offline/useOnline';
import { readToken, saveToken } from '../../../src/console/session/cookie';
import { onLogout } from '../../../src/console/session/lifecycle';
import { Session } from '../../../src/console/session/session';
import { clearCookies, json, makeProfile, makeSettings, scriptFetch } from '../helpers/app.fixtures';

/** A JWT-shaped token for staff member `sub` (the console never verifies it, it reads `sub`). */
const jwtFor = (sub: number, nonce = 'a') => {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: String(sub), jti: nonce })}.signature-${nonce}`;
};

/** 1 March 2025, 09:30 in the browser's time zone, as the console shows it. */
const FETCHED_AT = new Date(2025, 2, 1, 9, 30).getTime();

let browserOnline = true;
const sessions: Session[] = [];

function goOffline() {
  browserOnline = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  browserOnline = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

beforeEach(() => {
  browserOnline = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => browserOnline);
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  for (const session of sessions.splice(0)) session.dispose();
  offerUpdate(null);
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearCookies();
  window.__panelUserId = null;
});

/** A screen showing one query's data; the test fills the query in beforehand (never fetched). */
function Shows({ queryKey }: { queryKey: readonly unknown[] }) {
  const query = useQuery({ queryKey, queryFn: () => new Promise<string>(() => {}), staleTime: Infinity });
  return <p>{query.data}</p>;
}

function renderBanner(queryClient: QueryClient, children: React.ReactNode = null) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <OfflineBanner />
        {children}
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the offline banner', () => {
  it('appears when the connection drops, says when the data on screen was fetched, and goes when it returns', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['list', 'orders'], 'order rows', { updatedAt: FETCHED_AT + 60_000 });
    queryClient.setQueryData(['detail', 'orders', 5], 'order 5', { updatedAt: FETCHED_AT });
    renderBanner(
      queryClient,
      <>
        <Shows queryKey={['list', 'orders']} />
        <Shows queryKey={['detail', 'orders', 5]} />
      </>,
    );
    expect(await screen.findByText('order rows')).toBeInTheDocument();
    expect(screen.queryByText(/Offline/)).toBeNull();

    goOffline();
    // The oldest of what is on screen.
    expect(screen.getByRole('status')).toHaveTextContent('Offline — data from 2025-03-01 09:30');

    goOnline();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('ignores data no screen shows and the instance settings', async () => {
    browserOnline = false;
    const queryClient = new QueryClient();
    queryClient.setQueryData(['list', 'users'], 'an old list nobody shows', { updatedAt: FETCHED_AT - 86_400_000 });
    queryClient.setQueryData(['settings'], 'instance settings', { updatedAt: FETCHED_AT - 86_400_000 });
    queryClient.setQueryData(['list', 'orders'], 'order rows', { updatedAt: FETCHED_AT });
    renderBanner(
      queryClient,
      <>
        <Shows queryKey={['list', 'orders']} />
        <Shows queryKey={['settings']} />
      </>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Offline — data from 2025-03-01 09:30');
  });

  it('says so when nothing on the page was saved', async () => {
    browserOnline = false;
    renderBanner(new QueryClient());
    expect(await screen.findByRole('status')).toHaveTextContent('Offline — no saved data on this page');
  });

  it('follows the data: a refetch that lands moves the time forward', async () => {
    browserOnline = false;
    const queryClient = new QueryClient();
    queryClient.setQueryData(['list', 'orders'], 'order rows', { updatedAt: FETCHED_AT });
    renderBanner(queryClient, <Shows queryKey={['list', 'orders']} />);
    expect(await screen.findByRole('status')).toHaveTextContent('2025-03-01 09:30');
    act(() => {
      queryClient.setQueryData(['list', 'orders'], 'new rows', { updatedAt: FETCHED_AT + 3_600_000 });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Offline — data from 2025-03-01 10:30');
  });
});

describe('starting offline', () => {
  const newSession = () => {
    const session = new Session({ queryClient: new QueryClient(), navigate: vi.fn(), apiBaseUrl: '' });
    sessions.push(session);
    return session;
  };
  const offlineFetch = () => vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

  it('the signed-in member gets the profile saved at their last start when the request gets no answer', async () => {
    const profile = makeProfile(['viewOrders'], { id: 7 });
    saveToken(jwtFor(7, 'first'));
    scriptFetch({ 'GET /api/v1/profile': json(profile) });
    await newSession().ensureProfile();

    // Later, offline, with a refreshed token of the same member.
    saveToken(jwtFor(7, 'refreshed'));
    offlineFetch();
    const session = newSession();
    await expect(session.ensureProfile()).resolves.toEqual(profile);
    expect(session.getState()).toMatchObject({ status: 'authenticated', profile: { id: 7 } });
    expect(readToken()).toBe(jwtFor(7, 'refreshed'));
  });

  it('another member never gets that profile, and without a saved one the failure stands', async () => {
    saveToken(jwtFor(7));
    scriptFetch({ 'GET /api/v1/profile': json(makeProfile([], { id: 7 })) });
    await newSession().ensureProfile();

    saveToken(jwtFor(8));
    offlineFetch();
    await expect(newSession().ensureProfile()).rejects.toBeInstanceOf(TypeError);
  });

  it('a reload answers the saved profile at once and takes the fresh one when it lands', async () => {
    saveToken(jwtFor(7));
    scriptFetch({ 'GET /api/v1/profile': json(makeProfile([], { id: 7 })) });
    await newSession().ensureProfile();

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    scriptFetch({
      'GET /api/v1/profile': async () => {
        await held;
        return json(makeProfile(['viewOrders'], { id: 7 }));
      },
    });
    const session = newSession();
    await session.ensureProfile();
    expect(session.getState().status).toBe('authenticated');
    expect(session.can('viewOrders')).toBe(false);
    release();
    await vi.waitFor(() => expect(session.can('viewOrders')).toBe(true));
  });

  it('a refusal is not a network failure: a 401 behind the saved profile logs out', async () => {
    saveToken(jwtFor(7));
    scriptFetch({ 'GET /api/v1/profile': json(makeProfile([], { id: 7 })) });
    await newSession().ensureProfile();

    scriptFetch({ 'GET /api/v1/profile': json({ message: 'Unauthenticated.' }, 401) });
    const session = newSession();
    // The saved profile paints the reload at once; the fresh request behind it is refused, and
    // the refusal logs out instead of keeping the saved profile.
    await session.ensureProfile();
    await vi.waitFor(() => expect(readToken()).toBeNull());
    expect(session.getState().status).toBe('guest');
    expect(session.getState().profile).toBeNull();
  });

  it('logout forgets the saved profile', async () => {
    const off = onLogout(forgetSavedProfile);
    saveToken(jwtFor(7));
    scriptFetch({ 'GET /api/v1/profile': json(makeProfile([], { id: 7 })), 'POST /logout': json({ message: 'ok' }) });
    const session = newSession();
    await session.ensureProfile();
    await session.logout();
    off();

    saveToken(jwtFor(7));
    offlineFetch();
    await expect(newSession().ensureProfile()).rejects.toBeInstanceOf(TypeError);
  });

  it('a token refresh that gets no answer keeps the member signed in', async () => {
    vi.useFakeTimers();
    saveToken(jwtFor(7));
    offlineFetch();
    const loggedOut = vi.fn();
    const off = onLogout(loggedOut);
    const session = newSession();
    await vi.advanceTimersByTimeAsync(3 * 1_200_000);
    expect(loggedOut).not.toHaveBeenCalled();
    expect(readToken()).toBe(jwtFor(7));
    expect(session.getState().status).not.toBe('guest');
    off();
  });

  it('the instance settings saved online answer when the request gets no answer', async () => {
    scriptFetch({ 'GET /settings': json(makeSettings({ panelName: 'Acme Panel' })) });
    await new QueryClient().fetchQuery(settingsQueryOptions);
    offlineFetch();
    await expect(new QueryClient().fetchQuery(settingsQueryOptions)).resolves.toMatchObject({ panelName: 'Acme Panel' });
    await expect(loadSettingsOrSaved(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  it('a JWT names its member across refreshes; any other token stands for itself', () => {
    expect(tokenOwner(jwtFor(7, 'a'))).toBe(tokenOwner(jwtFor(7, 'b')));
    expect(tokenOwner(jwtFor(7))).not.toBe(tokenOwner(jwtFor(8)));
    expect(tokenOwner('opaque-1')).not.toBe(tokenOwner('opaque-2'));
    expect(tokenOwner('opaque-1')).not.toContain('opaque');
  });

  it('opens the shell with the saved data and the banner, without logging out', async () => {
    // An earlier online start saved the profile and the settings.
    saveToken(jwtFor(7));
    scriptFetch({
      'GET /api/v1/profile': json(makeProfile(['viewOrders'], { id: 7 })),
      'GET /settings': json(makeSettings({ panelName: 'Acme Panel' })),
    });
    await newSession().ensureProfile();
    await new QueryClient().fetchQuery(settingsQueryOptions);

    browserOnline = false;
    offlineFetch();
    followBrowserOnlineState();
    const queryClient = createAppQueryClient();
    queryClient.setQueryData(['list', 'orders'], 'order rows', { updatedAt: FETCHED_AT });
    const session = new Session({ queryClient, navigate: vi.fn(), apiBaseUrl: '' });
    sessions.push(session);
    const ordersRoute = createRoute({ ...guardedRoute('orders'), component: () => <Shows queryKey={['list', 'orders']} /> });
    const router = createAppRouter({ queryClient, session, routes: [ordersRoute], history: createMemoryHistory({ initialEntries: ['/orders'] }) });
    render(<App queryClient={queryClient} session={session} router={router} mantineEnv="test" />);

    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Acme Panel' })).toBeInTheDocument();
    expect(await screen.findByText('order rows')).toBeInTheDocument();
    expect(screen.getByText('Offline — data from 2025-03-01 09:30').closest('[role="status"]')).not.toBeNull();
    expect(readToken()).toBe(jwtFor(7));
    expect(router.state.location.pathname).toBe('/orders');
  });
});

describe('a new version', () => {
  function renderPrompt() {
    return render(
      <MantineProvider env="test">
        <UpdatePrompt />
      </MantineProvider>,
    );
  }

  it('is offered with a Reload button that switches to it', async () => {
    const activate = vi.fn();
    renderPrompt();
    expect(screen.queryByText('A new version is available')).toBeNull();
    act(() => offerUpdate({ activate }));
    expect(screen.getByText('A new version is available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });

  /** A stand-in for workbox-window's Workbox: records listeners, lets the test fire events. */
  function fakeWorkbox() {
    const handlers = new Map<string, ((event: any) => void)[]>();
    return {
      addEventListener: (type: string, handler: (event: any) => void) => handlers.set(type, [...(handlers.get(type) ?? []), handler]),
      messageSkipWaiting: vi.fn(),
      fire: (type: string, event: object = {}) => act(() => handlers.get(type)?.forEach((h) => h(event))),
    };
  }

  it('waits for the member: Reload asks the waiting worker to take over, and the page reloads once it controls it', async () => {
    const workbox = fakeWorkbox();
    const reload = vi.fn();
    offerWaitingVersions(workbox as never, reload);
    renderPrompt();
    workbox.fire('waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('when another tab already switched, Reload only reloads', async () => {
    const workbox = fakeWorkbox();
    const reload = vi.fn();
    offerWaitingVersions(workbox as never, reload);
    renderPrompt();
    workbox.fire('waiting');
    workbox.fire('controlling', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('nothing is registered in tests, nor where the browser has no service workers', async () => {
    expect(await registerServiceWorker()).toBeNull();
    const hadServiceWorker = 'serviceWorker' in navigator;
    if (hadServiceWorker) vi.spyOn(window, 'navigator', 'get').mockReturnValue({ onLine: true } as Navigator);
    expect(await registerServiceWorker({ enabled: true })).toBeNull();
  });
});
