import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { storable } from './quoted';

/**
 * Every outbound request (webhook receivers, providers' API URLs, the mail relay, the translation
 * service) goes through this one guard, with SSRF protection: only http(s) URLs; the host is
 * resolved once and the request goes to that checked address (a DNS answer that changes between the
 * check and the connection cannot redirect it); loopback, private, link-local, carrier-grade NAT,
 * multicast and reserved addresses — in any spelling, see canonicalAddress — are refused unless the
 * policy's allow-list names the host or address (comma-separated hostnames, IPs or CIDR ranges:
 * `127.0.0.1,10.0.0.0/8,hooks.internal`; one variable per kind of peer, allowedHostsFor). Redirects are not
 * followed. Each request has a timeout and reads at most a capped response.
 */

export interface OutboundPolicy {
  allowedHosts: readonly string[];
  timeoutMs: number;
  /** Response bytes read at most (the rest is discarded). */
  maxResponseBytes: number;
}

/** Who an outbound call goes to; each kind has its own allow-list variable. */
export type OutboundPeer = 'webhook' | 'provider' | 'mail' | 'translation';

const ALLOW_LIST_VARIABLE: Record<OutboundPeer, string> = {
  webhook: 'WEBHOOK_ALLOWED_HOSTS',
  provider: 'PROVIDER_ALLOWED_HOSTS',
  mail: 'MAIL_ALLOWED_HOSTS',
  translation: 'TRANSLATE_ALLOWED_HOSTS',
};

/** The private or loopback hosts, addresses and ranges a kind of peer may reach (its variable). */
export const allowedHostsFor = (peer: OutboundPeer, env: NodeJS.ProcessEnv = process.env): string[] =>
  (env[ALLOW_LIST_VARIABLE[peer]] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

/** The webhooks' policy (WEBHOOK_ALLOWED_HOSTS, WEBHOOK_TIMEOUT_MS). */
export function outboundPolicy(env: NodeJS.ProcessEnv = process.env): OutboundPolicy {
  const timeout = Number(env.WEBHOOK_TIMEOUT_MS ?? 10_000);
  return {
    allowedHosts: allowedHostsFor('webhook', env),
    timeoutMs: Number.isFinite(timeout) && timeout >= 100 ? Math.min(timeout, 60_000) : 10_000,
    maxResponseBytes: 64 * 1024,
  };
}

/** The request was not sent: the destination is not allowed (never retried). */
export class OutboundRefused extends Error {}

const blocked4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked4.addSubnet(net, prefix, 'ipv4');
const blocked6 = new BlockList();
for (const [net, prefix] of [
  ['::', 128], // unspecified: reaches the local host
  ['::1', 128],
  ['100::', 64], // discard-only
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the former site-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64: reaches an IPv4 address through a translator
  ['64:ff9b:1::', 48],
  ['2001::', 32], // Teredo tunnels
  ['2001:db8::', 32],
] as const)
  blocked6.addSubnet(net, prefix, 'ipv6');

/**
 * An IPv4 address in any spelling `inet_aton` accepts (what a resolver or a URL parser may turn into
 * an address): 1 to 4 parts, each decimal, octal (leading 0) or hex (0x) — `2130706433`, `0x7f.1`,
 * `0177.0.0.1` are all 127.0.0.1. Answers the dotted form, or null when it is not one.
 */
export function parseIPv4(text: string): string | null {
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part.slice(1), 8);
    else if (/^(0|[1-9]\d*)$/.test(part)) value = Number(part);
    else return null;
    if (!Number.isSafeInteger(value)) return null;
    values.push(value);
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255) || last >= 256 ** (4 - values.length)) return null;
  let n = last;
  values.forEach((v, i) => (n += v * 256 ** (3 - i)));
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** The 16 bytes of an IPv6 text (with or without an IPv4 tail and a zone), or null. */
function ipv6Bytes(text: string): number[] | null {
  const bare = text.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  // An IPv4 tail (`::ffff:127.0.0.1`) as its two hex groups.
  const head = bare.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a: string, b: string, c: string, d: string) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((w) => w.toString(16)).join(':'),
  );
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').filter((g) => g !== '') : []);
  const l = groups(left);
  const r = groups(right);
  const words = right === undefined ? l : [...l, ...Array(8 - l.length - r.length).fill('0'), ...r];
  if (words.length !== 8) return null;
  const bytes = words.flatMap((w) => {
    const v = Number.parseInt(w, 16);
    return [v >> 8, v & 255];
  });
  return bytes;
}

/**
 * What an address really reaches, in one spelling: an IPv4 address for every IPv6 form that
 * carries one (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d` — also written
 * `::7f00:1` —, SIIT `::ffff:0:a.b.c.d`, 6to4 `2002:AABB:CCDD::`), IPv4 in any inet_aton spelling as
 * dotted, and other IPv6 as canonical text. Null when it is not an address.
 */
export function canonicalAddress(host: string): { address: string; family: 4 | 6 } | null {
  const text = host.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = parseIPv4(text);
  if (v4) return { address: v4, family: 4 };
  const bytes = ipv6Bytes(text);
  if (!bytes) return null;
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const v4At = (i: number) => bytes.slice(i, i + 4).join('.');
  const ffff = (i: number) => bytes[i] === 255 && bytes[i + 1] === 255;
  if (zero(0, 10) && ffff(10)) return { address: v4At(12), family: 4 }; // mapped
  if (zero(0, 12)) return { address: v4At(12), family: 4 }; // compatible, ::, ::1
  if (zero(0, 8) && ffff(8) && zero(10, 12)) return { address: v4At(12), family: 4 }; // SIIT
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return { address: v4At(2), family: 4 }; // 6to4
  const words: string[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return { address: new URL(`http://[${words.join(':')}]/`).hostname.slice(1, -1), family: 6 };
}

/**
 * Whether an address is one an outbound call may not reach: loopback, "this host" (0.0.0.0, ::),
 * private, carrier-grade NAT, link-local, unique-local, multicast, documentation and reserved
 * ranges — judged after canonicalAddress, so no IPv6 or numeric spelling of them slips through. Not an
 * address at all: forbidden.
 */
export function isForbiddenAddress(address: string): boolean {
  const canonical = canonicalAddress(address);
  if (!canonical) return true;
  // ::1 is IPv4-compatible in form (0.0.0.1, already forbidden); judging by IPv4 covers it.
  return canonical.family === 4 ? blocked4.check(canonical.address, 'ipv4') : blocked6.check(canonical.address, 'ipv6');
}

function isAllowListed(policy: OutboundPolicy, hostname: string, address?: string): boolean {
  const canonical = address ? canonicalAddress(address) : null;
  for (const entry of policy.allowedHosts) {
    if (entry === '*') return true;
    if (entry === hostname) return true;
    if (!canonical) continue;
    if (entry === address || entry === canonical.address) return true;
    const [net, prefix] = entry.split('/');
    const family = isIP(net);
    if (prefix && family === canonical.family) {
      const list = new BlockList();
      list.addSubnet(net, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
      if (list.check(canonical.address, family === 4 ? 'ipv4' : 'ipv6')) return true;
    }
  }
  return false;
}

/** A URL's host without brackets, in lower case, without a trailing dot (`localhost.` is localhost). */
const bareHost = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

export const REFUSED_ADDRESS = 'The url may not point to a loopback, private or link-local address.';

/**
 * The check a URL passes when it is saved: scheme, no credentials, and no literal forbidden address
 * in any spelling, nor localhost. Names are judged when sending (they may change). Null when fine,
 * else why not.
 */
export function refuseAtSave(rawUrl: string, policy: OutboundPolicy = outboundPolicy()): string | null {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'The url must be a valid http or https URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The url must be a valid http or https URL.';
  if (url.username || url.password) return 'The url may not contain a user name or password.';
  const host = bareHost(url.hostname);
  const literal = canonicalAddress(host)?.address ?? (isLocalName(host) ? '127.0.0.1' : null);
  if (literal && isForbiddenAddress(literal) && !isAllowListed(policy, host, literal)) return REFUSED_ADDRESS;
  return null;
}

/**
 * Resolves and checks the destination; throws OutboundRefused when it may not be reached. A name is
 * resolved once, every address it has is judged (one forbidden address refuses it: a resolver
 * answering in turns could otherwise slip one in), and the caller connects to the address answered
 * here — a DNS answer that changes before the connection cannot move it.
 */
export async function checkDestination(rawUrl: string, policy: OutboundPolicy): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  const why = refuseAtSave(rawUrl, policy);
  if (why) throw new OutboundRefused(why);
  const url = new URL(rawUrl);
  const host = bareHost(url.hostname);
  const literal = canonicalAddress(host);
  if (literal) {
    const address = host.replace(/%.*$/, '');
    return { url, address: isIP(address) ? address : literal.address, family: isIP(address) ? (isIP(address) as 4 | 6) : literal.family };
  }
  let found: { address: string; family: number }[];
  try {
    found = await lookup(host, { all: true });
  } catch {
    throw new OutboundRefused(`The host ${host} could not be resolved.`);
  }
  if (found.length === 0) throw new OutboundRefused(`The host ${host} could not be resolved.`);
  for (const { address } of found) {
    if (isForbiddenAddress(address) && !isAllowListed(policy, host, address)) {
      throw new OutboundRefused(`The host ${host} resolves to ${address}, a loopback, private or link-local address.`);
    }
  }
  return { url, address: found[0].address, family: found[0].family as 4 | 6 };
}

export interface OutboundResult {
  /** null when no response came (refused, timeout, connection error). */
  statusCode: number | null;
  durationMs: number;
  /** The response body's start (up to 1,000 characters). */
  excerpt: string | null;
  error: string | null;
  /** The destination was refused: retrying would not help. */
  refused: boolean;
}

export const EXCERPT_CHARS = 1000;

export interface OutboundResponse {
  /** null when no response came (refused, timeout, connection error). */
  statusCode: number | null;
  durationMs: number;
  /** The response body (at most policy.maxResponseBytes), null without a response. */
  body: string | null;
  /** The body was cut at maxResponseBytes. */
  truncated: boolean;
  error: string | null;
  /** The destination was refused: retrying would not help. */
  refused: boolean;
  /** The response's headers (absent without a response). */
  headers?: http.IncomingHttpHeaders;
}

// Kept-alive connections per destination (a connection is made to the checked address only).
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }) };

/** Sends one request to a checked destination; never throws (the outcome says what happened). */
export async function outboundRequest(
  rawUrl: string,
  request: { method: 'GET' | 'POST'; body?: string; headers?: Record<string, string> },
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // One deadline for the whole wait: resolving the name, connecting, the headers and the body.
  const noAnswer = `No answer within ${policy.timeoutMs} ms.`;
  let lookupTimer: NodeJS.Timeout | undefined;
  const lookupDeadline = new Promise<null>((resolve) => (lookupTimer = setTimeout(() => resolve(null), policy.timeoutMs)));
  let target: Awaited<ReturnType<typeof checkDestination>> | null;
  try {
    target = await Promise.race([checkDestination(rawUrl, policy), lookupDeadline]);
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), body: null, truncated: false, error: (error as Error).message, refused: true };
  } finally {
    clearTimeout(lookupTimer);
  }
  if (!target) return { statusCode: null, durationMs: elapsed(), body: null, truncated: false, error: noAnswer, refused: false };
  const { url, address, family } = target;
  const client = url.protocol === 'https:' ? https : http;
  const body = request.body ?? '';
  return new Promise<OutboundResponse>((resolve) => {
    let settled = false;
    let deadline: NodeJS.Timeout | undefined;
    const finish = (result: Omit<OutboundResponse, 'durationMs' | 'refused'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...result, durationMs: elapsed(), refused: false });
    };
    const outgoing = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        // Connect to the address that was checked, whatever DNS says now (TLS still checks the name).
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all)
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
          else callback(null, address, family);
        },
        headers: {
          ...(request.method === 'POST' ? { 'content-length': Buffer.byteLength(body).toString() } : {}),
          'user-agent': 'PanelConsole/1.0',
          ...request.headers,
        },
        timeout: policy.timeoutMs,
        agent: agents[url.protocol as 'http:' | 'https:'],
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const done = () =>
          finish({ statusCode: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), truncated, error: null, headers: response.headers });
        response.on('data', (chunk: Buffer) => {
          if (size >= policy.maxResponseBytes) return;
          chunks.push(chunk.subarray(0, policy.maxResponseBytes - size));
          size += chunk.length;
          if (size >= policy.maxResponseBytes) {
            truncated = size > policy.maxResponseBytes || !response.complete;
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', (error) => finish({ statusCode: response.statusCode ?? null, body: null, truncated: false, error: error.message }));
      },
    );
    // What is left of the deadline covers the connection, the headers and every byte of the body:
    // a peer that drips its answer is cut off like one that never answers.
    deadline = setTimeout(
      () => {
        finish({ statusCode: null, body: null, truncated: false, error: noAnswer });
        outgoing.destroy(new Error(noAnswer));
      },
      Math.max(1, policy.timeoutMs - elapsed()),
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(noAnswer)));
    outgoing.on('error', (error) => finish({ statusCode: null, body: null, truncated: false, error: error.message }));
    outgoing.end(request.method === 'POST' ? body : undefined);
  });
}

/** POSTs a JSON body to a webhook receiver; never throws (the outcome says what happened). */
export async function postJson(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  policy: OutboundPolicy = outboundPolicy(),
): Promise<OutboundResult> {
  const result = await outboundRequest(
    rawUrl,
    { method: 'POST', body, headers: { 'content-type': 'application/json', 'user-agent': 'PanelConsole-Webhooks/1.0', ...headers } },
    policy,
  );
  return {
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    // Cleaned of NUL and lone surrogates: the delivery log stores it.
    excerpt: result.body === null ? null : storable(result.body.slice(0, EXCERPT_CHARS)),
    error: result.error,
    refused: result.refused,
  };
}
