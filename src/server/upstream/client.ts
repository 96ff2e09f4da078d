import { z } from 'zod';
import { allowedHostsFor, outboundRequest, type OutboundPolicy } from '../http/outbound';
import { storable } from '../http/quoted';
import {
  decimalText,
  errorBody,
  flag,
  idText,
  packageSchema,
  perItemError,
  serviceSchema,
  statusSchema,
  toStatus,
  type SmmOrderStatus,
  type SmmPackage,
  type SmmResult,
  type SmmService,
  type SmmServiceList,
  type SmmUnreadable,
} from './answers';

/**
 * An HTTP client for providers speaking the SMM panel API v2 (the standard of Perfect Panel-like
 * panels, and of the simulator): form-encoded POSTs of `key`, `action` and the action's fields.
 *
 * Tolerant of how real panels answer (answers.ts reads each answer): the service list as an array
 * or as an object keyed by id, entries it cannot read skipped (and counted) instead of failing the
 * list.
 *
 * Transport: by default through the SSRF-safe outbound request (src/server/http/outbound.ts): a
 * timeout, no redirects, loopback and private addresses refused unless PROVIDER_ALLOWED_HOSTS names
 * them or the caller passes `trusted: true` — which callers do only for the simulated panels on this
 * server's own origin (see providerTarget in target.ts). Tests may pass their own `fetch`.
 *
 * The failures:
 * - SmmApiError: the provider answered `{"error": "…"}` — with HTTP 200 as most panels do, or with a
 *   4xx/5xx status as some do; the message is the provider's;
 * - SmmRateLimitError: HTTP 429. The client then holds every call to that provider (it is one
 *   client per endpoint and key) until Retry-After has passed — seconds or an HTTP date — or, with
 *   no Retry-After, for a default pause; calls in the pause fail at once without a request;
 * - SmmUnreadableError (a SmmTransportError): an answer came but could not be read — an HTML page
 *   (a CDN's error page), JSON of an unexpected shape, a non-2xx status without `{"error"}`. It
 *   carries the answer as it came (`raw`, cut at RAW_KEPT_CHARS) so it can be shown to a human;
 * - SmmTransportError: no answer at all (network, timeout, refused address).
 * In the last two the request may or may not have been applied.
 */

/** Every string of a parsed answer (values and keys) without NUL, control characters or lone surrogates. */
function cleanTexts(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(cleanTexts);
  // fromEntries defines own properties: a "__proto__" key stays a key.
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), cleanTexts(v)]));
  return value;
}

export class SmmApiError extends Error {
  readonly kind = 'api';
}
export class SmmTransportError extends Error {
  readonly kind: 'transport' | 'unreadable' | 'rate_limited' = 'transport';
}
/** How much of an unreadable answer is kept (and shown on the attempt). */
export const RAW_KEPT_CHARS = 4000;
export class SmmUnreadableError extends SmmTransportError {
  override readonly kind = 'unreadable' as const;
  constructor(
    message: string,
    /** The answer's text as it came (its start). */
    readonly raw: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
  }
}
export class SmmRateLimitError extends SmmTransportError {
  override readonly kind = 'rate_limited' as const;
  constructor(
    message: string,
    /** When calls to this provider may start again (ms, the client's clock). */
    readonly retryAt: number,
  ) {
    super(message);
  }
}
/** The pause after a 429 without Retry-After. */
export const DEFAULT_RATE_LIMIT_PAUSE_MS = 30_000;
/** The longest pause honoured (a Retry-After of a day is read as this). */
const MAX_RATE_LIMIT_PAUSE_MS = 15 * 60_000;

/** Retry-After as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface SmmClientOptions {
  /** The provider's API URL, e.g. https://panel.example/api/v2. */
  endpoint: string;
  apiKey: string;
  /** Replaces the SSRF-safe transport (tests, in-process panels). */
  fetch?: typeof fetch;
  /** Per-request timeout (default 15 s). */
  timeoutMs?: number;
  /**
   * The endpoint is this server's own simulated panel (providerTarget said so): a loopback address
   * is allowed for it. Never set for an address a user typed that was not checked that way.
   */
  trusted?: boolean;
  /** The largest answer read (default 16 MB: a catalogue of many thousand services). */
  maxResponseBytes?: number;
  /** The clock the rate-limit pause is kept on (tests move it). */
  now?: () => number;
}

/** Hosts a provider endpoint may have even though they are private (PROVIDER_ALLOWED_HOSTS). */
export const providerAllowedHosts = (env: NodeJS.ProcessEnv = process.env): string[] => allowedHostsFor('provider', env);

export interface SmmAddRequest {
  service: string | number;
  link: string;
  quantity: number;
  runs?: number;
  interval?: number;
}

export interface SmmClient {
  services(): Promise<SmmService[]>;
  /** The service list with what was skipped and the raw answer (the sync keeps it). */
  serviceList(): Promise<SmmServiceList>;
  add(request: SmmAddRequest): Promise<{ order: string }>;
  status(order: string | number): Promise<SmmOrderStatus>;
  /**
   * Many orders at once (at most 100): each id maps to its status, to `{error}` (the provider's
   * word about that id alone) or to `{unreadable}` (that entry as it came, when it cannot be read).
   */
  statuses(orders: readonly (string | number)[]): Promise<Record<string, SmmResult<SmmOrderStatus> | SmmUnreadable>>;
  balance(): Promise<{ balance: string; currency: string }>;
  refill(order: string | number): Promise<{ refill: string }>;
  refills(orders: readonly (string | number)[]): Promise<{ order: string; refill: SmmResult<string> }[]>;
  refillStatus(refill: string | number): Promise<{ status: string }>;
  refillStatuses(refills: readonly (string | number)[]): Promise<{ refill: string; status: SmmResult<string> }[]>;
  cancel(orders: readonly (string | number)[]): Promise<{ order: string; cancel: SmmResult<string> }[]>;
  /** Our own panels answer whether they are one and their canonical endpoint; others answer an error. */
  panelInfo(): Promise<{ isOurPanel: boolean; endpoint: string | null }>;
  /** Our own panels' packages. */
  packages(): Promise<SmmPackage[]>;
  /** Opens an account at one of our own panels (no key needed); answers its API key. */
  createAccount(): Promise<{ apiKey: string }>;
}

/** An answer as read: its JSON, its text and its HTTP status. */
interface Answer {
  json: unknown;
  text: string;
  status: number;
}

export function createSmmClient(options: SmmClientOptions): SmmClient {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const policy: OutboundPolicy = {
    allowedHosts: options.trusted ? ['*'] : providerAllowedHosts(),
    timeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? 16 * 1024 * 1024,
  };

  const now = options.now ?? Date.now;
  /** Calls are held until then after a 429 (this client is one provider's). */
  let pausedUntil = 0;

  /** One POST; answers the status and text, or throws SmmTransportError when nothing usable came. */
  async function send(body: URLSearchParams): Promise<{ status: number; text: string; retryAfter: string | null }> {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (options.fetch) {
      try {
        const response = await options.fetch(options.endpoint, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
        return { status: response.status, text: await response.text().catch(() => ''), retryAfter: response.headers.get('retry-after') };
      } catch (e) {
        throw new SmmTransportError(`The provider could not be reached: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const result = await outboundRequest(options.endpoint, { method: 'POST', body: body.toString(), headers }, policy);
    if (result.refused) throw new SmmTransportError(`The provider could not be reached: ${result.error}`);
    if (result.statusCode === null) throw new SmmTransportError(`The provider could not be reached: ${result.error ?? 'no answer'}`);
    if (result.truncated) throw new SmmTransportError(`The provider's answer is larger than ${Math.round(policy.maxResponseBytes / 1048576)} MB.`);
    const retryAfter = result.headers?.['retry-after'];
    return { status: result.statusCode, text: result.body ?? '', retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : (retryAfter ?? null) };
  }

  const unreadable = (message: string, text: string, status: number | null) => new SmmUnreadableError(message, text.slice(0, RAW_KEPT_CHARS), status);

  async function callRaw(action: string, fields: Record<string, string | number | undefined> = {}, withKey = true): Promise<Answer> {
    if (now() < pausedUntil) {
      throw new SmmRateLimitError(`The provider asked to wait (HTTP 429); calls resume in ${Math.ceil((pausedUntil - now()) / 1000)} s.`, pausedUntil);
    }
    const body = new URLSearchParams(withKey ? { key: options.apiKey, action } : { action });
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.set(k, String(v));
    const response = await send(body);
    if (response.status === 429) {
      const wait = retryAfterMs(response.retryAfter, now());
      pausedUntil = now() + Math.min(MAX_RATE_LIMIT_PAUSE_MS, wait ?? DEFAULT_RATE_LIMIT_PAUSE_MS);
      throw new SmmRateLimitError(
        `The provider answered HTTP 429 (too many requests); calls pause ${wait === null ? 'for the default' : 'as its Retry-After asks'}, ${Math.ceil((pausedUntil - now()) / 1000)} s.`,
        pausedUntil,
      );
    }
    if (response.status >= 300 && response.status < 400)
      throw new SmmTransportError(`The provider answered with a redirect (HTTP ${response.status}), which is not followed.`);
    let json: unknown;
    try {
      // Some panels put a byte-order mark or whitespace before the JSON.
      json = JSON.parse(response.text.replace(/^\uFEFF/, '').trim());
    } catch {
      const html = /^\s*</.test(response.text);
      throw unreadable(
        `The provider answered HTTP ${response.status} with ${html ? 'an HTML page' : 'something that is not JSON'}.`,
        response.text,
        response.status,
      );
    }
    // NUL bytes and lone surrogates (raw or as \u escapes) cannot be stored: every text is cleaned of them.
    json = cleanTexts(json);
    // {"error": …} is the provider's word whatever the HTTP status (200 for most panels, 4xx for some).
    const failed = errorBody.safeParse(json);
    if (failed.success && !Array.isArray(json)) throw new SmmApiError(failed.data.error);
    if (response.status < 200 || response.status >= 300) throw unreadable(`The provider answered HTTP ${response.status}.`, response.text, response.status);
    return { json, text: response.text, status: response.status };
  }
  const call = (action: string, fields: Record<string, string | number | undefined> = {}) => callRaw(action, fields);

  function read<T extends z.ZodType>(schema: T, answer: Answer, action: string): z.output<T> {
    const parsed = schema.safeParse(answer.json);
    if (!parsed.success) throw unreadable(`The provider's answer to ${action} has an unexpected shape.`, answer.text, answer.status);
    return parsed.data;
  }

  /**
   * One order's status answer: the status object, or the same wrapped in an object keyed by the
   * order's id (`{"123": {…}}`), as some panels answer even a single order; an `{"error"}` inside the
   * wrapper is the provider's refusal.
   */
  function readOneStatus(answer: Answer, order: string): SmmOrderStatus {
    const json = answer.json;
    if (json && typeof json === 'object' && !Array.isArray(json) && !('status' in json)) {
      const entries = Object.entries(json as Record<string, unknown>);
      const inner = entries.length === 1 ? entries[0][1] : (json as Record<string, unknown>)[order];
      if (inner && typeof inner === 'object') {
        const failed = errorBody.safeParse(inner);
        if (failed.success) throw new SmmApiError(failed.data.error);
        return toStatus(read(statusSchema, { ...answer, json: inner }, 'status'));
      }
    }
    return toStatus(read(statusSchema, answer, 'status'));
  }

  /** One entry of a multi-status answer: its status, its own error, or kept as it came. */
  function readStatusEntry(value: unknown): SmmResult<SmmOrderStatus> | SmmUnreadable {
    const failed = errorBody.safeParse(value);
    if (failed.success) return { error: failed.data.error };
    const parsed = statusSchema.safeParse(value);
    if (parsed.success) return toStatus(parsed.data);
    return { unreadable: (JSON.stringify(value) ?? String(value)).slice(0, RAW_KEPT_CHARS) };
  }

  const list = (ids: readonly (string | number)[]) => ids.map(String).join(',');

  async function serviceList(): Promise<SmmServiceList> {
    const { json, text, status } = await callRaw('services');
    // An array, or an object keyed by service id (some panels answer that way).
    const entries: unknown[] = Array.isArray(json)
      ? json
      : json && typeof json === 'object'
        ? Object.entries(json as Record<string, unknown>).map(([id, v]) => (v && typeof v === 'object' && !('service' in v) ? { service: id, ...v } : v))
        : [];
    if (!Array.isArray(json) && entries.length === 0 && !(json && typeof json === 'object')) {
      throw unreadable("The provider's answer to services has an unexpected shape.", text, status);
    }
    const services: SmmService[] = [];
    let skipped = 0;
    for (const entry of entries) {
      const parsed = serviceSchema.safeParse(entry);
      if (parsed.success && parsed.data.name) services.push(parsed.data);
      else skipped++;
    }
    if (entries.length > 0 && services.length === 0)
      throw unreadable(`The provider's answer to services has an unexpected shape (none of ${entries.length} entries could be read).`, text, status);
    return { services, skipped, raw: text };
  }

  return {
    async services() {
      return (await serviceList()).services;
    },
    serviceList,
    async add(request) {
      const json = await call('add', {
        service: request.service,
        link: request.link,
        quantity: request.quantity,
        runs: request.runs,
        interval: request.interval,
      });
      return read(z.object({ order: idText }), json, 'add');
    },
    async status(order) {
      return readOneStatus(await call('status', { order }), String(order));
    },
    async statuses(orders) {
      if (orders.length === 0) return {};
      const answer = await call('status', { orders: list(orders) });
      const json = answer.json;
      // A panel that answers one order's status unwrapped when asked for one.
      if (orders.length === 1 && json && typeof json === 'object' && 'status' in json) return { [String(orders[0])]: readStatusEntry(json) };
      const map = read(z.record(z.string(), z.unknown()), answer, 'status');
      const out: Record<string, SmmResult<SmmOrderStatus> | SmmUnreadable> = {};
      for (const [id, value] of Object.entries(map)) out[id.trim()] = readStatusEntry(value);
      return out;
    },
    async balance() {
      // A panel that leaves the currency out is taken to be in US dollars, the API's usual currency.
      const r = read(z.object({ balance: decimalText, currency: z.string().trim().nullish() }), await call('balance'), 'balance');
      return { balance: r.balance, currency: r.currency ? r.currency.toUpperCase() : 'USD' };
    },
    async refill(order) {
      return read(z.object({ refill: idText }), await call('refill', { order }), 'refill');
    },
    async refills(orders) {
      const json = read(z.array(z.object({ order: idText, refill: perItemError(idText) })), await call('refill', { orders: list(orders) }), 'refill');
      return json.map((r) => ({ order: r.order, refill: r.refill }));
    },
    async refillStatus(refill) {
      return read(z.object({ status: z.string() }), await call('refill_status', { refill }), 'refill_status');
    },
    async refillStatuses(refills) {
      return read(
        z.array(z.object({ refill: idText, status: perItemError(z.string()) })),
        await call('refill_status', { refills: list(refills) }),
        'refill_status',
      );
    },
    async cancel(orders) {
      return read(z.array(z.object({ order: idText, cancel: perItemError(idText) })), await call('cancel', { orders: list(orders) }), 'cancel');
    },
    async panelInfo() {
      try {
        const r = read(z.object({ is_our_panel: flag, endpoint: z.string().nullish() }), await call('panel_info'), 'panel_info');
        return { isOurPanel: r.is_our_panel, endpoint: r.endpoint ?? null };
      } catch (e) {
        // A foreign panel does not know the action: it is simply not one of ours.
        if (e instanceof SmmApiError) return { isOurPanel: false, endpoint: null };
        throw e;
      }
    },
    async packages() {
      const parsed = read(z.array(packageSchema), await call('packages'), 'packages');
      return parsed.map((p) => ({ id: p.id, name: p.name, type: p.type, fixedCost: p.fixed_cost, discountPercent: p.discount_percent, services: p.services }));
    },
    async createAccount() {
      const r = read(z.object({ api_key: z.string().trim().min(1) }), await callRaw('create_account', {}, false), 'create_account');
      return { apiKey: r.api_key };
    },
  };
}
