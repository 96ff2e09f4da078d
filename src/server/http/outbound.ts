import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound requests to places a staff member typed in (webhook receivers, providers' API URLs),
 * with SSRF protection: only http(s) URLs; the host is
 * resolved once and the request goes to that checked address (a DNS answer that changes between the
 * check and the connection cannot redirect it); loopback, private, link-local, carrier-grade NAT,
 * multicast and reserved addresses are refused unless the policy's allow-list names the host or
 * address (comma-separated hostnames, IPs or CIDR ranges: `127.0.0.1,10.0.0.0/8,hooks.internal`;
 * WEBHOOK_ALLOWED_HOSTS for webhooks, PROVIDER_ALLOWED_HOSTS for providers). Redirects are not
 * followed. Each request has a timeout and reads at most a capped response.
 */

export interface OutboundPolicy {
  allowedHosts: readonly string[];
  timeoutMs: number;
  /** Response bytes read at most (the rest is discarded). */
  maxResponseBytes: number;
}

export function outboundPolicy(env: NodeJS.ProcessEnv = process.env): OutboundPolicy {
  const timeout = Number(env.WEBHOOK_TIMEOUT_MS ?? 10_000);
  return {
    allowedHosts: (env.WEBHOOK_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    timeoutMs: Number.isFinite(timeout) && timeout >= 100 ? Math.min(timeout, 60_000) : 10_000,
    maxResponseBytes: 64 * 1024,
  };
}

/** The request was not sent: the destination is not allowed (never retried). */
export class OutboundRefused extends Error {}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an address is one a webhook may not reach (IPv4-mapped IPv6 is judged as its IPv4). */
export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

function isAllowListed(policy: OutboundPolicy, hostname: string, address?: string): boolean {
  for (const entry of policy.allowedHosts) {
    if (entry === '*') return true;
    if (entry === hostname) return true;
    if (!address) continue;
    if (entry === address) return true;
    const [net, prefix] = entry.split('/');
    if (prefix && isIP(net) && isIP(address) === isIP(net)) {
      const list = new BlockList();
      list.addSubnet(net, Number(prefix), isIP(net) === 4 ? 'ipv4' : 'ipv6');
      if (list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6')) return true;
    }
  }
  return false;
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * The check a URL passes when a webhook is saved: scheme, and no literal forbidden address or
 * localhost (names are resolved only when sending, as they may change). Null when fine, else why not.
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
  const literal = isIP(host) ? host : host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : null;
  if (literal && isForbiddenAddress(literal) && !isAllowListed(policy, host, literal)) {
    return 'The url may not point to a loopback, private or link-local address.';
  }
  return null;
}

/** Resolves and checks the destination; throws OutboundRefused when it may not be reached. */
export async function checkDestination(rawUrl: string, policy: OutboundPolicy): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  const why = refuseAtSave(rawUrl, policy);
  if (why) throw new OutboundRefused(why);
  const url = new URL(rawUrl);
  const host = bareHost(url.hostname);
  let address: string;
  let family: 4 | 6;
  if (isIP(host)) {
    address = host;
    family = isIP(host) as 4 | 6;
  } else {
    try {
      const found = await lookup(host);
      address = found.address;
      family = found.family as 4 | 6;
    } catch {
      throw new OutboundRefused(`The host ${host} could not be resolved.`);
    }
  }
  if (isForbiddenAddress(address) && !isAllowListed(policy, host, address)) {
    throw new OutboundRefused(`The host ${host} resolves to ${address}, a loopback, private or link-local address.`);
  }
  return { url, address, family };
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
  let target: Awaited<ReturnType<typeof checkDestination>>;
  try {
    target = await checkDestination(rawUrl, policy);
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), body: null, truncated: false, error: (error as Error).message, refused: true };
  }
  const { url, address, family } = target;
  const client = url.protocol === 'https:' ? https : http;
  const body = request.body ?? '';
  return new Promise<OutboundResponse>((resolve) => {
    let settled = false;
    const finish = (result: Omit<OutboundResponse, 'durationMs' | 'refused'>) => {
      if (settled) return;
      settled = true;
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
    const deadline = setTimeout(() => outgoing.destroy(new Error(`No answer within ${policy.timeoutMs} ms.`)), policy.timeoutMs);
    outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer within ${policy.timeoutMs} ms.`)));
    outgoing.on('error', (error) => finish({ statusCode: null, body: null, truncated: false, error: error.message }));
    outgoing.on('close', () => clearTimeout(deadline));
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
    excerpt: result.body === null ? null : result.body.slice(0, EXCERPT_CHARS),
    error: result.error,
    refused: result.refused,
  };
}
