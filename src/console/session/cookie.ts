import { isLocalOrIpHost } from '../api/baseUrl';

/**
 * The session token cookie: AUTH_TOKEN, 7 days, path=/, SameSite=Lax, Secure on
 * https, scoped to the parent domain of the page's host so sibling apps of the panel share it.
 */
export const AUTH_TOKEN_COOKIE = 'AUTH_TOKEN';
export const AUTH_TOKEN_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * Second-level labels under which registrations happen (panel.co.uk, panel.com.au…). Dropping a
 * label of `panel.co.uk` would scope the cookie to `co.uk`, a public suffix that browsers refuse.
 * A full public-suffix list is too large to ship for this; the short list covers the common
 * country registries, and `saveToken` falls back to a host-only cookie whenever the browser still
 * refuses the domain (github.io-like suffixes), so an unlisted suffix costs sharing, never login.
 */
const MULTI_PART_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'me.uk',
  'ac.uk',
  'gov.uk',
  'ltd.uk',
  'plc.uk',
  'net.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.nz',
  'org.nz',
  'co.za',
  'co.jp',
  'ne.jp',
  'or.jp',
  'co.kr',
  'co.in',
  'co.il',
  'com.br',
  'com.mx',
  'com.ar',
  'com.tr',
  'com.ua',
  'com.cn',
  'com.hk',
  'com.sg',
  'com.my',
  'com.pl',
  'com.ru',
  'co.id',
  'co.th',
]);

/**
 * The Domain attribute for a host, or undefined for a host-only cookie.
 *
 * - localhost, *.localhost and IP addresses (v4, v6): host-only (browsers reject Domain there).
 * - two labels (panel.com): `.panel.com` — its own registrable domain, shared with subdomains.
 * - more labels: the parent, i.e. the host without its first label (admin.panel.com -> .panel.com,
 *   a.b.panel.co.uk -> .b.panel.co.uk), unless that parent is a public suffix from the list above,
 *   in which case the host is its own registrable domain (panel.co.uk -> .panel.co.uk).
 */
export function cookieDomainFor(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host || isLocalOrIpHost(host)) return undefined;
  const labels = host.split('.');
  if (labels.length < 2) return undefined; // intranet names such as "panel": host-only
  if (labels.length === 2) return `.${host}`;
  const parent = labels.slice(1).join('.');
  if (MULTI_PART_SUFFIXES.has(parent)) return `.${host}`;
  return `.${parent}`;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  domain?: string;
  secure: boolean;
}

/** The `document.cookie` string that writes one cookie. */
export function buildCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${options.maxAgeSeconds}`, 'Path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds > 0) {
    parts.push(`Expires=${new Date(Date.now() + options.maxAgeSeconds * 1000).toUTCString()}`);
  } else {
    parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Reads one cookie's value from a `document.cookie` string. */
export function readCookieValue(cookieString: string, name: string): string | null {
  for (const pair of cookieString.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    if (pair.slice(0, index).trim() !== name) continue;
    const raw = pair.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

const pageIsSecure = () => window.location.protocol === 'https:';

export function readToken(): string | null {
  const value = readCookieValue(document.cookie, AUTH_TOKEN_COOKIE);
  return value ? value : null;
}

export function saveToken(token: string): void {
  const domain = cookieDomainFor(window.location.hostname);
  const secure = pageIsSecure();
  document.cookie = buildCookie(AUTH_TOKEN_COOKIE, token, { maxAgeSeconds: AUTH_TOKEN_MAX_AGE_SECONDS, domain, secure });
  // The browser silently drops a cookie whose Domain it refuses (an unlisted public suffix).
  if (domain && readToken() !== token) {
    document.cookie = buildCookie(AUTH_TOKEN_COOKIE, token, { maxAgeSeconds: AUTH_TOKEN_MAX_AGE_SECONDS, secure });
  }
}

export function clearToken(): void {
  const domain = cookieDomainFor(window.location.hostname);
  const secure = pageIsSecure();
  // Both scopes: a host-only fallback may exist beside the domain cookie.
  if (domain) document.cookie = buildCookie(AUTH_TOKEN_COOKIE, '', { maxAgeSeconds: 0, domain, secure });
  document.cookie = buildCookie(AUTH_TOKEN_COOKIE, '', { maxAgeSeconds: 0, secure });
}
