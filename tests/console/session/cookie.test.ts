import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_TOKEN_COOKIE,
  AUTH_TOKEN_MAX_AGE_SECONDS,
  buildCookie,
  clearToken,
  cookieDomainFor,
  readCookieValue,
  readToken,
  saveToken,
} from '../../../src/console/session/cookie';

const setUrl = (url: string) => (window as any).happyDOM.setURL(url);

/** The page's real cookie setter, to wrap in a spy that can play a stricter browser. */
function realCookieSetter(): (value: string) => void {
  for (let proto = Object.getPrototypeOf(document); proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
    if (descriptor?.set) return (value) => descriptor.set!.call(document, value);
  }
  throw new Error('document.cookie has no setter');
}

afterEach(() => {
  clearToken();
  setUrl('http://localhost:3000/');
  vi.restoreAllMocks();
});

describe('cookieDomainFor', () => {
  it.each([
    ['localhost', undefined],
    ['panel.localhost', undefined],
    ['127.0.0.1', undefined],
    ['10.1.2.3', undefined],
    ['::1', undefined],
    ['[::1]', undefined],
    ['[2001:db8::1]', undefined],
    ['panel', undefined],
    ['panel.com', '.panel.com'],
    ['admin.panel.com', '.panel.com'],
    ['ADMIN.Panel.com', '.panel.com'],
    ['a.b.panel.com', '.b.panel.com'],
    // Multi-part public suffixes: never the suffix itself.
    ['panel.co.uk', '.panel.co.uk'],
    ['admin.panel.co.uk', '.panel.co.uk'],
    ['a.b.panel.co.uk', '.b.panel.co.uk'],
    ['panel.com.au', '.panel.com.au'],
  ])('%s -> %s', (host, domain) => {
    expect(cookieDomainFor(host)).toBe(domain);
  });
});

describe('buildCookie', () => {
  it('writes the AUTH_TOKEN attributes of the spec: 7 days, site-wide, lax, parent domain, secure on https', () => {
    const cookie = buildCookie(AUTH_TOKEN_COOKIE, 'abc.def', {
      maxAgeSeconds: AUTH_TOKEN_MAX_AGE_SECONDS,
      domain: '.panel.com',
      secure: true,
    });
    const parts = cookie.split('; ');
    expect(parts[0]).toBe('AUTH_TOKEN=abc.def');
    expect(parts).toContain('Max-Age=604800');
    expect(parts).toContain('Path=/');
    expect(parts).toContain('SameSite=Lax');
    expect(parts).toContain('Domain=.panel.com');
    expect(parts).toContain('Secure');
    const expires = parts.find((p) => p.startsWith('Expires='))!.slice('Expires='.length);
    const days = (Date.parse(expires) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('is host-only without a domain and not Secure on http', () => {
    const cookie = buildCookie('AUTH_TOKEN', 't', { maxAgeSeconds: 10, secure: false });
    expect(cookie).not.toMatch(/Domain=/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('expires the cookie at once when max age is 0', () => {
    const cookie = buildCookie('AUTH_TOKEN', '', { maxAgeSeconds: 0, secure: false });
    expect(cookie).toContain('Max-Age=0');
    expect(cookie).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });

  it('encodes values that would break the cookie string', () => {
    const cookie = buildCookie('AUTH_TOKEN', 'a;b=c', { maxAgeSeconds: 10, secure: false });
    expect(readCookieValue(cookie.split('; ')[0]!, 'AUTH_TOKEN')).toBe('a;b=c');
  });
});

describe('saveToken / readToken / clearToken', () => {
  it('saves, reads and clears on localhost (host-only)', () => {
    expect(readToken()).toBeNull();
    saveToken('token-1');
    expect(readToken()).toBe('token-1');
    saveToken('token-2');
    expect(readToken()).toBe('token-2');
    clearToken();
    expect(readToken()).toBeNull();
  });

  it('saves and clears on a subdomain with the parent-domain cookie', () => {
    setUrl('https://admin.panel.com/orders');
    const writes: string[] = [];
    const write = realCookieSetter();
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      write(value);
    });
    saveToken('sub-token');
    expect(writes[0]).toContain('Domain=.panel.com');
    expect(writes[0]).toContain('Secure');
    expect(readToken()).toBe('sub-token');
    clearToken();
    expect(readToken()).toBeNull();
  });

  it('falls back to a host-only cookie when the browser refuses the parent domain', () => {
    setUrl('https://panel.example-suffix.net/');
    const write = realCookieSetter();
    const writes: string[] = [];
    // A browser that treats example-suffix.net as a public suffix.
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      if (!value.includes('Domain=.example-suffix.net')) write(value);
    });
    saveToken('fallback-token');
    expect(writes).toHaveLength(2);
    expect(writes[1]).not.toContain('Domain=');
    expect(readToken()).toBe('fallback-token');
    clearToken();
    expect(readToken()).toBeNull();
  });
});
