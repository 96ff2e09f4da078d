import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The two signatures of the Pusher protocol (HMAC-SHA256 with the app secret, lowercase hex):
 * - a private channel's auth string, `key:HMAC(socket_id:channel)`, issued by /broadcasting/auth
 *   and checked when the socket subscribes;
 * - the HTTP API's signed query (auth_key, auth_timestamp, auth_version, body_md5, auth_signature).
 * Both ends live here so the publisher and the server can never disagree on the format.
 */
export interface AppCredentials {
  appId: string;
  key: string;
  secret: string;
}

export const AUTH_VERSION = '1.0';
/** How far an HTTP API request's timestamp may be from the server's clock (Pusher uses 600 s). */
export const MAX_TIMESTAMP_SKEW_SECONDS = 600;

export const hmacHex = (secret: string, data: string): string => createHmac('sha256', secret).update(data).digest('hex');
export const md5Hex = (body: Uint8Array | string): string => createHash('md5').update(body).digest('hex');

/** Constant-time string comparison; different lengths fail before any byte is compared. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}

/** Refuses to sign with an empty secret: anyone could forge every private channel's signature. */
export function assertSecret(credentials: AppCredentials): void {
  if (!credentials.secret) throw new Error('The realtime app secret (PUSHER_APP_SECRET) must not be empty');
}

/** The auth string a client sends with `pusher:subscribe` for a private channel. */
export function channelAuth(credentials: AppCredentials, socketId: string, channel: string): string {
  return `${credentials.key}:${hmacHex(credentials.secret, `${socketId}:${channel}`)}`;
}

export function verifyChannelAuth(credentials: AppCredentials, socketId: string, channel: string, auth: unknown): boolean {
  if (typeof auth !== 'string') return false;
  return safeEqual(auth, channelAuth(credentials, socketId, channel));
}

/** Pusher's canonical query: lowercase keys, sorted, `k=v` joined by `&`, values not escaped. */
function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const stringToSign = (method: string, path: string, params: Record<string, string>): string =>
  `${method.toUpperCase()}\n${path}\n${canonicalQuery(params)}`;

/**
 * A signed query string for an HTTP API request (what pusher-http-node, Laravel's broadcaster and
 * our publisher send). `extra` carries other query parameters, which are signed too.
 */
export function signedQuery(
  credentials: AppCredentials,
  method: string,
  path: string,
  body: string | undefined,
  nowMs: number = Date.now(),
  extra: Record<string, string> = {},
): string {
  const params: Record<string, string> = {
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k.toLowerCase(), v])),
    auth_key: credentials.key,
    auth_timestamp: String(Math.floor(nowMs / 1000)),
    auth_version: AUTH_VERSION,
  };
  if (body) params.body_md5 = md5Hex(body);
  const signature = hmacHex(credentials.secret, stringToSign(method, path, params));
  const search = new URLSearchParams(params);
  search.set('auth_signature', signature);
  return search.toString();
}

export type ApiAuthResult = { ok: true } | { ok: false; message: string };

/**
 * Checks an HTTP API request's signature: key, version, timestamp freshness, body MD5 and the
 * HMAC of the canonical string, compared in constant time.
 */
export function verifyApiRequest(
  credentials: AppCredentials,
  method: string,
  path: string,
  search: URLSearchParams,
  body: Uint8Array,
  nowMs: number = Date.now(),
): ApiAuthResult {
  const params: Record<string, string> = {};
  let signature: string | undefined;
  for (const [rawKey, value] of search) {
    const key = rawKey.toLowerCase();
    if (key === 'auth_signature') {
      if (signature !== undefined) return { ok: false, message: 'Duplicate auth_signature parameter' };
      signature = value;
      continue;
    }
    // A repeated key makes the canonical string ambiguous.
    if (key in params) return { ok: false, message: `Duplicate query parameter ${key}` };
    params[key] = value;
  }
  if (!signature) return { ok: false, message: 'Missing auth_signature' };
  if (params.auth_key !== credentials.key) return { ok: false, message: 'Unknown auth_key' };
  if (params.auth_version !== AUTH_VERSION) return { ok: false, message: `auth_version must be ${AUTH_VERSION}` };

  const timestamp = Number(params.auth_timestamp);
  const nowSeconds = Math.floor(nowMs / 1000);
  if (!/^\d+$/.test(params.auth_timestamp ?? '') || Math.abs(nowSeconds - timestamp) > MAX_TIMESTAMP_SKEW_SECONDS) {
    return {
      ok: false,
      message: `Timestamp expired: given timestamp (${params.auth_timestamp ?? ''}) not within ${MAX_TIMESTAMP_SKEW_SECONDS}s of server time (${nowSeconds})`,
    };
  }

  if (body.length > 0 || params.body_md5 !== undefined) {
    if (params.body_md5 === undefined) return { ok: false, message: 'Missing body_md5' };
    if (!safeEqual(params.body_md5, md5Hex(body))) return { ok: false, message: 'body_md5 does not match the body' };
  }

  const expected = hmacHex(credentials.secret, stringToSign(method, path, params));
  if (!safeEqual(signature, expected)) return { ok: false, message: 'Invalid signature' };
  return { ok: true };
}
