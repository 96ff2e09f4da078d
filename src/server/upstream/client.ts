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
 * Two kinds of failure: SmmApiError when the provider answered `{"error": "…"}` (the order was
 * refused; the message is the provider's), SmmTransportError when there was no usable answer
 * (network, timeout, HTTP status, not JSON, unexpected shape, refused address) — the request may or
 * may not have been applied.
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
  readonly kind = 'transport';
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
  /** Many orders at once (at most 100): each id maps to its status or to `{error}`. */
  statuses(orders: readonly (string | number)[]): Promise<Record<string, SmmResult<SmmOrderStatus>>>;
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

export function createSmmClient(options: SmmClientOptions): SmmClient {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const policy: OutboundPolicy = {
    allowedHosts: options.trusted ? ['*'] : providerAllowedHosts(),
    timeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? 16 * 1024 * 1024,
  };

  /** One POST; answers the status and text, or throws SmmTransportError when nothing usable came. */
  async function send(body: URLSearchParams): Promise<{ status: number; text: string }> {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (options.fetch) {
      try {
        const response = await options.fetch(options.endpoint, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
        return { status: response.status, text: await response.text().catch(() => '') };
      } catch (e) {
        throw new SmmTransportError(`The provider could not be reached: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const result = await outboundRequest(options.endpoint, { method: 'POST', body: body.toString(), headers }, policy);
    if (result.refused) throw new SmmTransportError(`The provider could not be reached: ${result.error}`);
    if (result.statusCode === null) throw new SmmTransportError(`The provider could not be reached: ${result.error ?? 'no answer'}`);
    if (result.truncated) throw new SmmTransportError(`The provider's answer is larger than ${Math.round(policy.maxResponseBytes / 1048576)} MB.`);
    return { status: result.statusCode, text: result.body ?? '' };
  }

  async function callRaw(action: string, fields: Record<string, string | number | undefined> = {}, withKey = true): Promise<{ json: unknown; text: string }> {
    const body = new URLSearchParams(withKey ? { key: options.apiKey, action } : { action });
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.set(k, String(v));
    const response = await send(body);
    if (response.status >= 300 && response.status < 400)
      throw new SmmTransportError(`The provider answered with a redirect (HTTP ${response.status}), which is not followed.`);
    let json: unknown;
    try {
      // Some panels put a byte-order mark or whitespace before the JSON.
      json = JSON.parse(response.text.replace(/^\uFEFF/, '').trim());
    } catch {
      throw new SmmTransportError(`The provider answered HTTP ${response.status} without JSON.`);
    }
    // NUL bytes and lone surrogates (raw or as \u escapes) cannot be stored: every text is cleaned of them.
    json = cleanTexts(json);
    const failed = errorBody.safeParse(json);
    if (failed.success && !Array.isArray(json)) throw new SmmApiError(failed.data.error);
    if (response.status < 200 || response.status >= 300) throw new SmmTransportError(`The provider answered HTTP ${response.status}.`);
    return { json, text: response.text };
  }
  const call = async (action: string, fields: Record<string, string | number | undefined> = {}) => (await callRaw(action, fields)).json;

  function read<T extends z.ZodType>(schema: T, json: unknown, action: string): z.output<T> {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new SmmTransportError(`The provider's answer to ${action} has an unexpected shape.`);
    return parsed.data;
  }

  const list = (ids: readonly (string | number)[]) => ids.map(String).join(',');

  async function serviceList(): Promise<SmmServiceList> {
    const { json, text } = await callRaw('services');
    // An array, or an object keyed by service id (some panels answer that way).
    const entries: unknown[] = Array.isArray(json)
      ? json
      : json && typeof json === 'object'
        ? Object.entries(json as Record<string, unknown>).map(([id, v]) => (v && typeof v === 'object' && !('service' in v) ? { service: id, ...v } : v))
        : [];
    if (!Array.isArray(json) && entries.length === 0 && !(json && typeof json === 'object')) {
      throw new SmmTransportError("The provider's answer to services has an unexpected shape.");
    }
    const services: SmmService[] = [];
    let skipped = 0;
    for (const entry of entries) {
      const parsed = serviceSchema.safeParse(entry);
      if (parsed.success && parsed.data.name) services.push(parsed.data);
      else skipped++;
    }
    if (entries.length > 0 && services.length === 0)
      throw new SmmTransportError(`The provider's answer to services has an unexpected shape (none of ${entries.length} entries could be read).`);
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
      return toStatus(read(statusSchema, await call('status', { order }), 'status'));
    },
    async statuses(orders) {
      if (orders.length === 0) return {};
      const json = read(z.record(z.string(), perItemError(statusSchema)), await call('status', { orders: list(orders) }), 'status');
      const out: Record<string, SmmResult<SmmOrderStatus>> = {};
      for (const [id, value] of Object.entries(json)) out[id] = 'error' in value ? { error: value.error } : toStatus(value);
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
      const r = read(z.object({ api_key: z.string().trim().min(1) }), (await callRaw('create_account', {}, false)).json, 'create_account');
      return { apiKey: r.api_key };
    },
  };
}
