import type { ServerConfig } from '../config';

/**
 * Which browser origins may call the API (docs/security.md). The token travels in a header, not a
 * cookie, so CORS is not what keeps a token safe — but an open CORS lets any page a member visits
 * read what the API answers for a token it got hold of, and post into the public endpoints from a
 * visitor's browser. Allowed:
 * - the server's own origin (the console served by this server);
 * - the README's `core.` pairing: an API at `core.panel.com` serves a console at `panel.com` and
 *   `admin.panel.com` (src/console/api/baseUrl.ts derives the API address the same way);
 * - the origins listed in CONSOLE_ORIGINS.
 * Anything else gets no Access-Control-Allow-Origin, so the browser withholds the answer.
 */

const normalise = (origin: string): string | null => {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return `${url.protocol}//${url.host}`.toLowerCase();
  } catch {
    return null;
  }
};

export interface RequestPlace {
  /** The Host header (host[:port]) the request came to. */
  host: string | undefined;
  /** The scheme the request came over ('http:' or 'https:'; behind a proxy, X-Forwarded-Proto). */
  protocol: string;
}

export function allowedOrigin(origin: string | undefined, place: RequestPlace, config: Pick<ServerConfig, 'consoleOrigins'>): string | null {
  if (!origin) return null;
  const wanted = normalise(origin);
  if (!wanted) return null;
  if ((config.consoleOrigins ?? []).some((o) => normalise(o) === wanted)) return origin;
  const host = place.host?.toLowerCase();
  if (!host) return null;
  const wantedUrl = new URL(wanted);
  // The same scheme as the request, or https when the request came over http behind a proxy that
  // did not say (a console on https calling its API through a TLS-terminating proxy).
  const schemeOk = wantedUrl.protocol === place.protocol || wantedUrl.protocol === 'https:';
  if (!schemeOk) return null;
  if (wantedUrl.host === host) return origin;
  if (host.startsWith('core.')) {
    const rest = host.slice('core.'.length);
    if (wantedUrl.host === rest || wantedUrl.host === `admin.${rest}`) return origin;
  }
  return null;
}
