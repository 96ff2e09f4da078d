import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../config';
import type { AppEnv } from './context';

/**
 * The headers every answer carries (docs/security.md):
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: same-origin` and `X-Frame-Options: DENY`
 *   everywhere;
 * - API answers: `Cache-Control: no-store` unless the handler chose a policy (a profile or a token
 *   must never sit in a shared cache), and a CSP that allows nothing (`default-src 'none'`), since
 *   an answer opened as a page must not run or load anything;
 * - the console (its page, scripts, service worker): a strict CSP — scripts only from this origin
 *   and the inline scripts of index.html by their SHA-256 (the theme and the instant-reload copy),
 *   no plugins, no framing (`frame-ancestors 'none'`).
 * A handler that set its own CSP or cache policy (an uploaded image) keeps it.
 */

/** reCAPTCHA (src/console/session/recaptcha.ts) loads its script and frame from Google. */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** SHA-256 sources of the inline scripts (those without `src`) of a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** Where the browser may open realtime connections besides this origin (an external Pusher-protocol service). */
function realtimeSources(config: Pick<ServerConfig, 'pusher'>): string[] {
  const host = config.pusher.wsHost ?? config.pusher.host;
  if (!host) return [];
  const port = config.pusher.wsPort ?? config.pusher.port;
  const at = `${host}${port ? `:${port}` : ''}`;
  return config.pusher.useTLS ? [`wss://${at}`, `https://${at}`] : [`ws://${at}`, `wss://${at}`, `http://${at}`, `https://${at}`];
}

export function consoleCsp(scriptHashes: string[], config: Pick<ServerConfig, 'pusher'>): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, ...RECAPTCHA_SCRIPTS].join(' ')}`,
    // Mantine writes its theme variables in a <style> element and positions with style attributes.
    "style-src 'self' 'unsafe-inline'",
    // The panel's favicon and logos may be any https address (panel settings).
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // ws:/wss: of the request's own host are added per request (older browsers do not count them as 'self').
    `connect-src 'self' ${realtimeSources(config).join(' ')}`.trim(),
    `frame-src ${RECAPTCHA_FRAMES.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The console's CSP, recomputed when index.html changes (a new build under a running server). */
function consoleCspReader(indexFile: string | undefined, config: Pick<ServerConfig, 'pusher'>): () => string {
  let cached: { mtime: number; csp: string } | undefined;
  return () => {
    let mtime = -1;
    let html = '';
    if (indexFile) {
      try {
        mtime = statSync(indexFile).mtimeMs;
        if (cached && cached.mtime === mtime) return cached.csp;
        html = readFileSync(indexFile, 'utf8');
      } catch {
        mtime = -1;
      }
    }
    if (cached && cached.mtime === mtime) return cached.csp;
    cached = { mtime, csp: consoleCsp(inlineScriptHashes(html), config) };
    return cached.csp;
  };
}

const setIfAbsent = (headers: Headers, name: string, value: string) => {
  if (!headers.has(name)) headers.set(name, value);
};

/** A Host header safe to repeat in a header value (no spaces, quotes or semicolons). */
const PLAIN_HOST = /^[A-Za-z0-9.\-:[\]]+$/;

/** The middleware; `indexFile` is the built console's index.html (absent: no console is served). */
export function securityHeaders(config: Pick<ServerConfig, 'pusher'>, indexFile?: string): MiddlewareHandler<AppEnv> {
  const readCsp = consoleCspReader(indexFile, config);
  return async (c, next) => {
    await next();
    let headers: Headers;
    try {
      headers = c.res.headers;
      headers.set('x-content-type-options', 'nosniff');
    } catch {
      // An answer with immutable headers (a WebSocket upgrade) is left as it is.
      return;
    }
    headers.set('referrer-policy', 'same-origin');
    headers.set('x-frame-options', 'DENY');
    // The console's files carry their own cache policy (./staticConsole.ts); every other answer is
    // the API's and is never stored unless its handler says so.
    setIfAbsent(headers, 'cache-control', 'no-store');
    const type = (headers.get('content-type') ?? '').toLowerCase();
    // A page and the scripts it runs (the service worker takes its CSP from its own script).
    if (type.includes('html') || type.includes('javascript')) {
      let csp = readCsp();
      const host = c.req.header('host');
      if (host && PLAIN_HOST.test(host)) csp = csp.replace("connect-src 'self'", `connect-src 'self' ws://${host} wss://${host}`);
      setIfAbsent(headers, 'content-security-policy', csp);
    } else {
      setIfAbsent(headers, 'content-security-policy', API_CSP);
    }
  };
}
