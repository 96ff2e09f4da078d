import { z } from 'zod';

/**
 * An HTTP client for providers speaking the SMM panel API v2 (the standard of Perfect Panel-like
 * panels, and of the simulator): form-encoded POSTs of `key`, `action` and the action's fields.
 *
 * Two kinds of failure: SmmApiError when the provider answered `{"error": "…"}` (the order was
 * refused; the message is the provider's), SmmTransportError when there was no usable answer
 * (network, timeout, HTTP status, not JSON, unexpected shape) — the request may or may not have
 * been applied.
 */

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
  fetch?: typeof fetch;
  /** Per-request timeout (default 15 s). */
  timeoutMs?: number;
}

/** Numbers come as numbers or strings depending on the panel; ids are kept as text. */
const idText = z.union([z.number(), z.string()]).transform(String);
const numberish = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);
const intish = numberish.transform((v) => Math.trunc(Number(v)));
const decimalText = numberish.transform(String);
const errorBody = z.object({ error: z.string() });

export const SMM_STATUSES = ['Pending', 'In progress', 'Processing', 'Completed', 'Partial', 'Canceled'] as const;
export type SmmStatus = (typeof SMM_STATUSES)[number];

const serviceSchema = z.object({
  service: idText,
  name: z.string(),
  type: z.string().default('Default'),
  category: z.string().default(''),
  rate: decimalText,
  min: intish,
  max: intish,
  refill: z.boolean().default(false),
  cancel: z.boolean().default(false),
  dripfeed: z.boolean().default(false),
});
export type SmmService = z.output<typeof serviceSchema>;

const statusSchema = z.object({
  charge: decimalText.nullish().transform((v) => v ?? null),
  start_count: intish.nullish().transform((v) => v ?? null),
  status: z.string(),
  remains: intish.nullish().transform((v) => v ?? null),
  currency: z.string().nullish().transform((v) => v ?? null),
});
export interface SmmOrderStatus {
  charge: string | null;
  startCount: number | null;
  /** One of SMM_STATUSES for panels that follow the standard; kept as sent otherwise. */
  status: string;
  /** Negative when the provider delivered more than ordered. */
  remains: number | null;
  currency: string | null;
}
export type SmmResult<T> = T | { error: string };

const toStatus = (s: z.output<typeof statusSchema>): SmmOrderStatus => ({
  charge: s.charge,
  startCount: s.start_count,
  status: s.status,
  remains: s.remains,
  currency: s.currency,
});

export interface SmmAddRequest {
  service: string | number;
  link: string;
  quantity: number;
  runs?: number;
  interval?: number;
}

export interface SmmClient {
  services(): Promise<SmmService[]>;
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
}

const perItemError = <T extends z.ZodType>(ok: T) => z.union([errorBody, ok]);

export function createSmmClient(options: SmmClientOptions): SmmClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(action: string, fields: Record<string, string | number | undefined> = {}): Promise<unknown> {
    const body = new URLSearchParams({ key: options.apiKey, action });
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.set(k, String(v));
    let response: Response;
    try {
      response = await doFetch(options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new SmmTransportError(`The provider could not be reached: ${e instanceof Error ? e.message : String(e)}`);
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new SmmTransportError(`The provider answered HTTP ${response.status} without JSON.`);
    }
    const failed = errorBody.safeParse(json);
    if (failed.success) throw new SmmApiError(failed.data.error);
    if (!response.ok) throw new SmmTransportError(`The provider answered HTTP ${response.status}.`);
    return json;
  }

  function read<T extends z.ZodType>(schema: T, json: unknown, action: string): z.output<T> {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new SmmTransportError(`The provider's answer to ${action} has an unexpected shape.`);
    return parsed.data;
  }

  const list = (ids: readonly (string | number)[]) => ids.map(String).join(',');

  return {
    async services() {
      return read(z.array(serviceSchema), await call('services'), 'services');
    },
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
      return read(z.object({ balance: decimalText, currency: z.string() }), await call('balance'), 'balance');
    },
    async refill(order) {
      return read(z.object({ refill: idText }), await call('refill', { order }), 'refill');
    },
    async refills(orders) {
      const json = read(
        z.array(z.object({ order: idText, refill: perItemError(idText) })),
        await call('refill', { orders: list(orders) }),
        'refill',
      );
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
      return read(
        z.array(z.object({ order: idText, cancel: perItemError(idText) })),
        await call('cancel', { orders: list(orders) }),
        'cancel',
      );
    },
  };
}
