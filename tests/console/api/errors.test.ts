import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { api, configureApi } from '../../../src/console/api/client';
import { HttpStatusError, isCancellation, mapErrorBody, PlainError, ValidationError } from '../../../src/console/api/errors';
import { shouldRetry } from '../../../src/console/app/queryClient';
import { readToken, saveToken } from '../../../src/console/session/cookie';
import { Session } from '../../../src/console/session/session';
import { onLogout } from '../../../src/console/session/lifecycle';
import { clearCookies, json, scriptFetch } from '../helpers/app.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  clearCookies();
});

describe('mapErrorBody', () => {
  it('an errors map becomes a field-keyed ValidationError with the general message', () => {
    const error = mapErrorBody(422, {
      message: 'The email field is required. (and 1 more error)',
      errors: { email: ['The email field is required.'], 'ordersIds.2': ['Bad id.', 'Second.'] },
    });
    expect(error).toBeInstanceOf(ValidationError);
    const v = error as ValidationError;
    expect(v.status).toBe(422);
    expect(v.message).toBe('The email field is required. (and 1 more error)');
    expect(v.field('email')).toBe('The email field is required.');
    expect(v.errors['ordersIds.2']).toEqual(['Bad id.', 'Second.']);
    expect(v.field('password')).toBeUndefined();
  });

  it('a body with only a message becomes a PlainError', () => {
    const error = mapErrorBody(409, { message: 'The order is no longer in moderation.' });
    expect(error).toBeInstanceOf(PlainError);
    expect(error).toMatchObject({ status: 409, message: 'The order is no longer in moderation.' });
  });

  it('a response without a usable body is rethrown with its status', () => {
    expect(mapErrorBody(500, undefined)).toBeInstanceOf(HttpStatusError);
    expect(mapErrorBody(502, 'Bad gateway')).toMatchObject({ status: 502 });
  });

  it('knows cancellations', () => {
    expect(isCancellation(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isCancellation(new Error('new request'))).toBe(true);
    expect(isCancellation(new Error('canceled'))).toBe(true);
    expect(isCancellation(new PlainError('Nope', 400))).toBe(false);
  });
});

describe('api() against a scripted server', () => {
  const onUnauthorized = vi.fn();
  beforeEach(() => {
    onUnauthorized.mockReset();
    configureApi({ baseUrl: '', getToken: () => 'tok', onUnauthorized, onToken: undefined });
  });

  it('sends the bearer token and returns the parsed body', async () => {
    const seen = scriptFetch({
      'GET /api/v1/admin/websockets/init': json({ ordersInProcessing: 1, ordersInModeration: 2, ordersWithNoActiveProviders: 3, freeTrialsPending: 4 }),
    });
    await expect(api('websocketsInit')).resolves.toMatchObject({ ordersInModeration: 2 });
    expect(seen[0]!.authorization).toBe('Bearer tok');
  });

  it('a 422 throws a ValidationError carrying the fields', async () => {
    scriptFetch({ 'POST /login': json({ message: 'Bad.', errors: { password: ['Wrong password.'] } }, 422) });
    const error = await api('login', { body: { email: 'a@b.c', password: 'x' } }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field('password')).toBe('Wrong password.');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 on any response calls onUnauthorized and throws', async () => {
    scriptFetch({ 'GET /api/v1/profile': json({ message: 'Unauthenticated.' }, 401) });
    const error = await api('profile').catch((e) => e);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(PlainError);
    expect(error.status).toBe(401);
  });

  it('a 401 without a body still logs out', async () => {
    scriptFetch({ 'GET /api/v1/profile': () => new Response(null, { status: 401 }) });
    await expect(api('profile')).rejects.toBeInstanceOf(HttpStatusError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('5xx and 4xx other than 401 do not log out', async () => {
    scriptFetch({
      'GET /api/v1/profile': json({ message: 'Server Error' }, 500),
      'GET /settings': json({ message: 'Forbidden' }, 403),
    });
    await expect(api('profile')).rejects.toMatchObject({ status: 500 });
    await expect(api('settings')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('401 through the session', () => {
  it('logs out once for a burst of 401s: cookie cleared, hooks run, sent to /login', async () => {
    saveToken('dead-token');
    const navigate = vi.fn();
    const queryClient = new QueryClient();
    queryClient.setQueryData(['orders'], { items: [1] });
    const session = new Session({ queryClient, navigate, apiBaseUrl: '' });
    const loggedOut = vi.fn();
    const off = onLogout(loggedOut);
    const seen = scriptFetch({ 'GET /api/v1/admin/websockets/init': json({ message: 'Unauthenticated.' }, 401) });

    await Promise.allSettled([api('websocketsInit'), api('websocketsInit'), api('websocketsInit')]);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));

    expect(navigate).toHaveBeenCalledTimes(1);
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(readToken()).toBeNull();
    expect(queryClient.getQueryData(['orders'])).toBeUndefined();
    expect(session.getState().status).toBe('guest');
    // The token is known dead: no POST /logout is sent for a 401.
    expect(seen.filter((r) => r.path === '/logout')).toHaveLength(0);
    off();
    session.dispose();
  });
});

describe('query retries', () => {
  it('retries once, never on a 4xx', () => {
    expect(shouldRetry(0, new HttpStatusError(503))).toBe(true);
    expect(shouldRetry(1, new HttpStatusError(503))).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(0, new PlainError('Not found.', 404))).toBe(false);
    expect(shouldRetry(0, new ValidationError('Bad.', {}))).toBe(false);
  });
});
