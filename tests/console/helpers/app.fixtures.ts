import { vi } from 'vitest';
import type { Permission } from '../../../src/contract/permissions';
import type { Profile, PublicSettings } from '../../../src/contract/session';

/** Shared fixtures of the console foundation's tests: a profile, settings and a scripted fetch. */

export function makeProfile(permissions: readonly Permission[] = [], overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    email: 'ada@example.test',
    name: 'Ada Lovelace',
    balance: '0.0000',
    accountType: 'staff',
    companyName: null,
    companyAddress: null,
    companySite: null,
    vat: null,
    permissions: [...permissions],
    allPermissions: [...permissions],
    roles: [{ id: 1, name: 'Manager' }],
    referralProgramPercent: '0.0000',
    affiliateCode: null,
    notificationPreferences: { email: true, browser: true, telegram: false },
    frozenAt: null,
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<PublicSettings> = {}): PublicSettings {
  return {
    panelName: 'Acme Panel',
    favicon: null,
    inhouse: false,
    captchaIsEnabled: false,
    captchaSiteKey: null,
    broadcasting: { key: 'k', wsHost: null, wsPort: null, forceTLS: false },
    ...overrides,
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export interface SeenRequest {
  method: string;
  path: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

export type FetchHandler = (request: SeenRequest) => Response | Promise<Response>;

/**
 * Replaces global fetch with a script: `routes['GET /settings']` answers that call; anything
 * unscripted is a 404 with a message. Returns the list of requests seen.
 */
export function scriptFetch(routes: Record<string, FetchHandler | Response | (() => Response)>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const headers = new Headers(init.headers);
    const request: SeenRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: parsed.pathname,
      url,
      authorization: headers.get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    const route = routes[`${request.method} ${request.path}`];
    if (!route) return json({ message: `No script for ${request.method} ${request.path}` }, 404);
    if (route instanceof Response) return route.clone();
    return route(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}

/** Removes every cookie the page can see (tests share one document). */
export function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}
