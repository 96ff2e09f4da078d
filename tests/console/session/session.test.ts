import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { readToken, saveToken } from '../../../src/console/session/cookie';
import { onLogout, onProfileLoaded } from '../../../src/console/session/lifecycle';
import { consumePostLoginPath, rememberPostLoginPath } from '../../../src/console/session/postLoginPath';
import { REFRESH_INTERVAL_MS, RefreshError, startRefreshLoop } from '../../../src/console/session/refresh';
import { Session } from '../../../src/console/session/session';
import { consumeUrlToken, takeTokenFromUrl } from '../../../src/console/session/urlToken';
import { clearCookies, json, makeProfile, makeSettings, scriptFetch } from '../helpers/app.fixtures';

const sessions: Session[] = [];
const newSession = (navigate = vi.fn()) => {
  const session = new Session({ queryClient: new QueryClient(), navigate, apiBaseUrl: '' });
  sessions.push(session);
  return { session, navigate };
};

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearCookies();
  window.__panelUserId = null;
});

describe('the refresh loop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('refreshes every 1,200,000 ms', async () => {
    const refresh = vi.fn().mockResolvedValue(undefined);
    const stop = startRefreshLoop({ refresh, onFailure: vi.fn() });
    expect(REFRESH_INTERVAL_MS).toBe(1_200_000);
    await vi.advanceTimersByTimeAsync(1_199_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(5 * 1_200_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('a failed refresh calls onFailure once and stops', async () => {
    const refresh = vi.fn().mockRejectedValue(new RefreshError('Unauthenticated.'));
    const onFailure = vi.fn();
    startRefreshLoop({ refresh, onFailure });
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(onFailure).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3 * 1_200_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("'no_saved_token' does nothing: no failure handling, no retry", async () => {
    const refresh = vi.fn().mockRejectedValue(new RefreshError('no_saved_token'));
    const onFailure = vi.fn();
    startRefreshLoop({ refresh, onFailure });
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * 1_200_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('the session refreshes the cookie token at 20 minutes', async () => {
    saveToken('first');
    const seen = scriptFetch({ 'GET /refresh': json({ token: 'second' }, 200, { authorization: 'Bearer second' }) });
    newSession();
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(seen.map((r) => `${r.method} ${r.path} ${r.authorization}`)).toEqual(['GET /refresh Bearer first']);
    expect(readToken()).toBe('second');
  });

  it('a failed session refresh logs out and goes to login', async () => {
    saveToken('first');
    const seen = scriptFetch({
      'GET /refresh': json({ message: 'Server Error' }, 500),
      'POST /logout': json({ message: 'ok' }),
    });
    const { session, navigate } = newSession();
    const loggedOut = vi.fn();
    const off = onLogout(loggedOut);
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(readToken()).toBeNull();
    expect(session.getState().status).toBe('guest');
    expect(seen.filter((r) => r.path === '/refresh')).toHaveLength(1);
    off();
  });

  it("a session whose cookie vanished gets 'no_saved_token': no logout, no retry, no request", async () => {
    saveToken('first');
    const seen = scriptFetch({});
    const { navigate } = newSession();
    clearCookies(); // e.g. cleared by another app of the panel
    const loggedOut = vi.fn();
    const off = onLogout(loggedOut);
    await vi.advanceTimersByTimeAsync(4 * 1_200_000);
    expect(seen).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
    expect(loggedOut).not.toHaveBeenCalled();
    off();
  });

  it('refreshToken rejects with reason no_saved_token when there is no token', async () => {
    scriptFetch({});
    const { session } = newSession();
    await expect(session.refreshToken()).rejects.toMatchObject({ reason: 'no_saved_token' });
  });
});

describe('login, profile and logout', () => {
  it('logs in: token from the authorization header into the cookie, profile loaded, user id global, hooks run', async () => {
    const profile = makeProfile(['viewOrders']);
    const seen = scriptFetch({
      'POST /login': json({ message: 'ok' }, 200, { authorization: 'Bearer jwt-1' }),
      'GET /api/v1/profile': json(profile),
    });
    const { session, navigate } = newSession();
    const loaded = vi.fn();
    const off = onProfileLoaded(loaded);
    rememberPostLoginPath('/orders?status=in_moderation');

    await session.login({ email: 'ada@example.test', password: 'secret', captcha: 'cap' });

    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/login',
      body: { email: 'ada@example.test', password: 'secret', 'g-recaptcha-response': 'cap' },
    });
    expect(seen[1]).toMatchObject({ path: '/api/v1/profile', authorization: 'Bearer jwt-1' });
    expect(readToken()).toBe('jwt-1');
    expect(session.getState()).toMatchObject({ status: 'authenticated', token: 'jwt-1', profile: { id: 7 } });
    expect(window.__panelUserId).toBe(7);
    expect(loaded).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    expect(session.can('viewOrders')).toBe(true);
    expect(session.can('viewUsers')).toBe(false);
    expect(session.canAny(['viewUsers', 'viewOrders'])).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/orders?status=in_moderation');
    // The stored address is used once.
    expect(consumePostLoginPath()).toBeNull();
    off();
  });

  it('a refused login throws the ValidationError and stores nothing', async () => {
    scriptFetch({
      'POST /login': json({ message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } }, 422),
    });
    const { session, navigate } = newSession();
    await expect(session.login({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ name: 'ValidationError' });
    expect(readToken()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(session.getState().status).toBe('guest');
  });

  it('logs out: POST /logout with the token, cookie and cache cleared, hooks told who left, sent to /login', async () => {
    saveToken('jwt-9');
    const seen = scriptFetch({
      'GET /api/v1/profile': json(makeProfile([], { id: 42 })),
      'POST /logout': json({ message: 'Logged out.' }),
    });
    const queryClient = new QueryClient();
    const navigate = vi.fn();
    const session = new Session({ queryClient, navigate, apiBaseUrl: '' });
    sessions.push(session);
    await session.ensureProfile();
    queryClient.setQueryData(['users', 'list'], ['secret rows']);
    queryClient.setQueryData(['settings'], makeSettings());
    const loggedOut = vi.fn();
    const off = onLogout(loggedOut);

    await session.logout();

    expect(seen.find((r) => r.path === '/logout')).toMatchObject({ method: 'POST', authorization: 'Bearer jwt-9' });
    expect(readToken()).toBeNull();
    // The member's data goes; the instance's public settings stay for the login screen.
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([['settings']]);
    expect(loggedOut).toHaveBeenCalledWith({ userId: 42 });
    expect(window.__panelUserId).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    off();
  });

  it('a module registering after the profile loaded is told at once; after logout it is not', async () => {
    saveToken('jwt-5');
    scriptFetch({ 'GET /api/v1/profile': json(makeProfile([], { id: 5 })), 'POST /logout': json({ message: 'ok' }) });
    const { session } = newSession();
    await session.ensureProfile();
    const late = vi.fn();
    const off = onProfileLoaded(late);
    expect(late).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
    off();
    await session.logout();
    const later = vi.fn();
    const off2 = onProfileLoaded(later);
    expect(later).not.toHaveBeenCalled();
    off2();
  });

  it('logs out even when the server cannot be reached', async () => {
    saveToken('jwt-9');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { session, navigate } = newSession();
    await session.logout();
    expect(readToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('ignores a token arriving after logout (a late answer must not sign back in)', async () => {
    saveToken('jwt-1');
    scriptFetch({
      'POST /logout': json({ message: 'ok' }),
      'GET /settings': json(makeSettings(), 200, { authorization: 'Bearer zombie' }),
    });
    const { session } = newSession();
    await session.logout();
    const { api } = await import('../../../src/console/api/client');
    await api('settings').catch(() => {});
    expect(readToken()).toBeNull();
  });
});

describe('token in the page query string', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('splits the token off the address', () => {
    expect(takeTokenFromUrl('https://admin.panel.com/users?token=abc&page=2#x')).toEqual({ token: 'abc', cleanPath: '/users?page=2#x' });
    expect(takeTokenFromUrl('https://admin.panel.com/users')).toEqual({ token: null, cleanPath: '/users' });
  });

  it('saves it, removes it from the address and moves to the stored post-login address', () => {
    rememberPostLoginPath('/orders/12');
    window.history.replaceState(null, '', '/login?token=from-sso');
    expect(consumeUrlToken()).toBe(true);
    expect(readToken()).toBe('from-sso');
    expect(window.location.pathname + window.location.search).toBe('/orders/12');
  });

  it('without a stored address, stays on the page without the token (login goes Home)', () => {
    window.history.replaceState(null, '', '/login?token=t2');
    consumeUrlToken();
    expect(window.location.pathname + window.location.search).toBe('/');
    window.history.replaceState(null, '', '/users?token=t3&status=active');
    consumeUrlToken();
    expect(window.location.pathname + window.location.search).toBe('/users?status=active');
    expect(readToken()).toBe('t3');
  });

  it('does nothing without a token', () => {
    window.history.replaceState(null, '', '/users?page=2');
    expect(consumeUrlToken()).toBe(false);
    expect(window.location.search).toBe('?page=2');
  });
});

describe('post-login address', () => {
  it('keeps only same-origin paths and never the login page', () => {
    rememberPostLoginPath('//evil.example/x');
    expect(consumePostLoginPath()).toBeNull();
    rememberPostLoginPath('/login?x=1');
    expect(consumePostLoginPath()).toBeNull();
    rememberPostLoginPath('/users/5?tab=orders');
    expect(consumePostLoginPath()).toBe('/users/5?tab=orders');
  });
});
