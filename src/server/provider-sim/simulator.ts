import { sql } from 'drizzle-orm';
import { one, rows, type Db, type Queryable } from '../db/client';
import { ensureSimCatalogue, generatedCatalogue, type SimPanelKey } from './catalogue';
import { driftSim } from './drift';
import { DEFAULT_SIM_TIMING, FINAL_SIM_STATUSES, planOrder, refillStatusAt, simStateAt, type SimTiming } from './progress';
import type { SimDialect } from './dialect';
import type { SimOrderStatus, SimOutcome } from './schema';

/**
 * The simulated provider's actions (SMM panel API v2): services, add, status (one or many),
 * balance, refill, refill_status, cancel. Every answer is the JSON body a real panel sends; errors
 * are `{"error": "…"}` with HTTP 200, as such panels answer.
 *
 * Money: a placed order charges the account at once (rate per 1000); when it ends short (Partial,
 * Canceled) the undelivered part is given back in the same statement that records the ending, so a
 * repeated or concurrent status call can never refund twice.
 */

export interface SimulatorOptions {
  /** The simulator's clock (ms); tests move it by hand. */
  now?: () => number;
  timing?: Partial<SimTiming>;
  /**
   * The key the `drift` control action requires (SIM_CONTROL_KEY); without one the action is
   * refused, so nobody outside can move the catalogue.
   */
  controlKey?: string;
  /**
   * Panels in an outage (SIM_OUTAGE): every call there is refused as a panel under maintenance
   * answers, so a provider pointing at one fails its syncs and orders. Off unless named: the demo
   * shows a failing provider only when asked to.
   */
  outage?: readonly SimPanelKey[];
  /** The dialect panel's quirks at start (dialect.ts); all off unless given. */
  dialect?: Partial<SimDialect>;
}

/** Who is asking: which simulated panel, and its canonical endpoint URL (for `panel_info`). */
export interface SimCall {
  panel: SimPanelKey;
  endpoint: string;
}

/** Balance a new account opened through `create_account` starts with (USD). */
export const SIM_NEW_ACCOUNT_BALANCE = '500.0000';

export type SimParams = Record<string, string | undefined>;
type Json = Record<string, unknown> | unknown[];

const error = (message: string) => ({ error: message });
export const SIM_ERRORS = {
  key: 'Invalid API key',
  action: 'Incorrect request',
  orderId: 'Incorrect order ID',
  serviceId: 'Incorrect service ID',
  link: 'Bad link',
  quantity: 'Incorrect quantity',
  funds: 'Not enough funds on balance',
  refillNotFound: 'Refill not found',
  outage: 'The panel is under maintenance, try again later',
} as const;

/** The most ids one multi call takes (status, cancel, refill). */
export const SIM_MULTI_LIMIT = 100;

interface AccountRow {
  id: number;
  balance: string;
  currency: string;
}

interface OrderRow {
  id: number;
  account_id: number;
  service_id: number;
  quantity: number;
  runs: number | null;
  charge: string;
  start_count: number;
  status: SimOrderStatus;
  remains: number;
  outcome: SimOutcome;
  target: number;
  placed_at_ms: string | number;
  pending_ms: number;
  processing_ms: number;
  duration_ms: number;
  canceled_at_ms: string | number | null;
  refill: boolean;
  cancel: boolean;
}

const ORDER_COLUMNS = sql`o.id::int AS id, o.account_id, o.service_id, o.quantity, o.runs, o.charge::text AS charge, o.start_count,
  o.status, o.remains, o.outcome, o.target, o.placed_at_ms, o.pending_ms, o.processing_ms, o.duration_ms, o.canceled_at_ms,
  coalesce(s.refill, false) AS refill, coalesce(s.cancel, false) AS cancel`;

const isFinal = (status: SimOrderStatus) => FINAL_SIM_STATUSES.includes(status);
const total = (o: Pick<OrderRow, 'quantity' | 'runs'>) => o.quantity * (o.runs ?? 1);

/** Parses "1,2, 3" into distinct positive integers; anything else in the list is kept as text. */
function idList(raw: string | undefined): string[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
const asId = (text: string): number | null => (/^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null);
const positiveInt = (text: string | undefined): number | null => {
  if (text === undefined || !/^\s*\d{1,9}\s*$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
};

export function createSimulator(options: SimulatorOptions = {}) {
  const now = options.now ?? Date.now;
  const timing: SimTiming = { ...DEFAULT_SIM_TIMING, ...options.timing };

  async function account(q: Queryable, key: string | undefined, panel: SimPanelKey): Promise<AccountRow | undefined> {
    if (!key) return undefined;
    return one<AccountRow>(q, sql`SELECT id, balance::text AS balance, currency FROM provider_sim.accounts WHERE api_key = ${key} AND panel = ${panel}`);
  }

  async function loadOrders(q: Queryable, accountId: number, ids: number[]): Promise<Map<number, OrderRow>> {
    if (ids.length === 0) return new Map();
    const found = await rows<OrderRow>(
      q,
      sql`SELECT ${ORDER_COLUMNS} FROM provider_sim.orders o LEFT JOIN provider_sim.services s ON s.id = o.service_id
          WHERE o.account_id = ${accountId} AND o.id IN ${ids}`,
    );
    return new Map(found.map((o) => [Number(o.id), o]));
  }

  /**
   * Brings a stored order up to the clock. A final state is written once, conditionally (the row
   * must not be final yet), together with the refund of what was not delivered.
   */
  async function advance(q: Queryable, o: OrderRow, atMs: number): Promise<OrderRow> {
    if (isFinal(o.status)) return o;
    const state = simStateAt(
      {
        total: total(o),
        outcome: o.outcome,
        target: o.target,
        placedAtMs: Number(o.placed_at_ms),
        pendingMs: o.pending_ms,
        processingMs: o.processing_ms,
        durationMs: o.duration_ms,
        canceledAtMs: o.canceled_at_ms === null ? null : Number(o.canceled_at_ms),
      },
      atMs,
    );
    if (state.status === o.status && state.remains === o.remains) return o;
    if (!isFinal(state.status)) {
      await q.execute(sql`UPDATE provider_sim.orders SET status = ${state.status}, remains = ${state.remains}, updated_at = now()
        WHERE id = ${o.id} AND status NOT IN ('Completed', 'Partial', 'Canceled')`);
      return { ...o, status: state.status, remains: state.remains };
    }
    // Short endings keep only the delivered share of the charge and refund the rest.
    const delivered = Math.min(state.delivered, total(o));
    const settled = await one<{ charge: string }>(
      q,
      sql`WITH changed AS (
            UPDATE provider_sim.orders o SET status = ${state.status}, remains = ${state.remains}, updated_at = now(),
              charge = CASE WHEN ${state.status} = 'Completed' THEN o.charge
                            ELSE round(o.charge * ${delivered}::numeric / ${total(o)}::numeric, 4) END
              FROM (SELECT id, charge AS old_charge FROM provider_sim.orders WHERE id = ${o.id} FOR UPDATE) old
             WHERE o.id = old.id AND o.status NOT IN ('Completed', 'Partial', 'Canceled')
            RETURNING o.account_id, o.charge, old.old_charge
          ), refunded AS (
            UPDATE provider_sim.accounts a SET balance = a.balance + (c.old_charge - c.charge)
              FROM changed c WHERE a.id = c.account_id AND c.old_charge > c.charge
            RETURNING a.id
          )
          SELECT charge::text AS charge FROM changed`,
    );
    if (!settled) {
      // Someone else recorded the ending first: read what they wrote.
      const fresh = await one<OrderRow>(
        q,
        sql`SELECT ${ORDER_COLUMNS} FROM provider_sim.orders o LEFT JOIN provider_sim.services s ON s.id = o.service_id WHERE o.id = ${o.id}`,
      );
      return fresh ?? o;
    }
    return { ...o, status: state.status, remains: state.remains, charge: settled.charge };
  }

  const statusBody = (o: OrderRow, currency: string) => ({
    charge: o.charge,
    start_count: String(o.start_count),
    status: o.status,
    remains: String(o.remains),
    currency,
  });

  async function services(q: Queryable, panel: SimPanelKey): Promise<Json> {
    const list = await rows<{
      id: number;
      name: string;
      type: string;
      category: string;
      rate: string;
      min: number;
      max: number;
      refill: boolean;
      cancel: boolean;
      dripfeed: boolean;
    }>(
      q,
      sql`SELECT id, name, type, category, rate::text AS rate, min, max, refill, cancel, dripfeed FROM provider_sim.services WHERE panel = ${panel} AND present ORDER BY id`,
    );
    return list.map((s) => ({
      service: s.id,
      name: s.name,
      type: s.type,
      category: s.category,
      rate: s.rate,
      min: String(s.min),
      max: String(s.max),
      dripfeed: s.dripfeed,
      refill: s.refill,
      cancel: s.cancel,
    }));
  }

  async function add(q: Queryable, acc: AccountRow, p: SimParams, panel: SimPanelKey): Promise<Json> {
    const serviceId = positiveInt(p.service);
    const service =
      serviceId === null
        ? undefined
        : await one<{ id: number; rate: string; min: number; max: number; dripfeed: boolean }>(
            q,
            sql`SELECT id, rate::text AS rate, min, max, dripfeed FROM provider_sim.services WHERE id = ${serviceId} AND panel = ${panel} AND present`,
          );
    if (!service) return error(SIM_ERRORS.serviceId);
    const link = (p.link ?? '').trim();
    if (!link || link.length > 2048) return error(SIM_ERRORS.link);
    const quantity = positiveInt(p.quantity);
    if (quantity === null) return error(SIM_ERRORS.quantity);
    if (quantity < service.min) return error(`Quantity less than minimal ${service.min}`);
    if (quantity > service.max) return error(`Quantity more than maximal ${service.max}`);
    let runs: number | null = null;
    let interval: number | null = null;
    if (p.runs !== undefined && p.runs !== '') {
      if (!service.dripfeed) return error('Drip-feed is not available for this service');
      runs = positiveInt(p.runs);
      interval = positiveInt(p.interval);
      if (runs === null || interval === null) return error('Incorrect runs or interval');
    }
    const units = quantity * (runs ?? 1);
    const placedAtMs = now();
    const plan = planOrder(link, units, `${acc.id}|${placedAtMs}|${serviceId}`, timing);
    // Charge and insert in one statement: the balance check and the debit cannot be split by a
    // concurrent order.
    const placed = await one<{ id: number }>(
      q,
      sql`WITH price AS (SELECT round(${service.rate}::numeric * ${units}::numeric / 1000, 4) AS charge),
          debited AS (
            UPDATE provider_sim.accounts a SET balance = a.balance - price.charge FROM price
             WHERE a.id = ${acc.id} AND a.balance >= price.charge
            RETURNING price.charge
          )
          INSERT INTO provider_sim.orders (account_id, service_id, link, quantity, runs, interval, charge, start_count, status, remains,
                                  outcome, target, placed_at_ms, pending_ms, processing_ms, duration_ms)
          SELECT ${acc.id}, ${service.id}, ${link}, ${quantity}, ${runs}, ${interval}, debited.charge, ${plan.startCount}, 'Pending', ${units},
                 ${plan.outcome}, ${plan.target}, ${placedAtMs}, ${plan.pendingMs}, ${plan.processingMs}, ${plan.durationMs}
            FROM debited
          RETURNING id::int AS id`,
    );
    if (!placed) return error(SIM_ERRORS.funds);
    return { order: placed.id };
  }

  async function status(q: Queryable, acc: AccountRow, p: SimParams): Promise<Json> {
    const atMs = now();
    if (p.orders !== undefined) {
      const ids = idList(p.orders);
      if (ids.length === 0) return error(SIM_ERRORS.action);
      if (ids.length > SIM_MULTI_LIMIT) return error(`Too many orders: at most ${SIM_MULTI_LIMIT}`);
      const found = await loadOrders(
        q,
        acc.id,
        ids.map(asId).filter((n): n is number => n !== null),
      );
      const answer: Record<string, unknown> = {};
      for (const text of ids) {
        const id = asId(text);
        const o = id === null ? undefined : found.get(id);
        answer[text] = o ? statusBody(await advance(q, o, atMs), acc.currency) : error(SIM_ERRORS.orderId);
      }
      return answer;
    }
    const id = asId(p.order ?? '');
    const o = id === null ? undefined : (await loadOrders(q, acc.id, [id])).get(id);
    if (!o) return error(SIM_ERRORS.orderId);
    return statusBody(await advance(q, o, atMs), acc.currency);
  }

  async function cancel(q: Queryable, acc: AccountRow, p: SimParams): Promise<Json> {
    const ids = idList(p.orders ?? p.order);
    if (ids.length === 0) return error(SIM_ERRORS.action);
    if (ids.length > SIM_MULTI_LIMIT) return error(`Too many orders: at most ${SIM_MULTI_LIMIT}`);
    const atMs = now();
    const found = await loadOrders(
      q,
      acc.id,
      ids.map(asId).filter((n): n is number => n !== null),
    );
    const answer: unknown[] = [];
    for (const text of ids) {
      const id = asId(text);
      const stored = id === null ? undefined : found.get(id);
      const order = id ?? text;
      if (!stored) {
        answer.push({ order, cancel: error(SIM_ERRORS.orderId) });
        continue;
      }
      if (!stored.cancel) {
        answer.push({ order, cancel: error('Cancel is not available for this order') });
        continue;
      }
      const current = await advance(q, stored, atMs);
      if (isFinal(current.status) || current.canceled_at_ms !== null) {
        answer.push({ order, cancel: error(`Order is ${current.status.toLowerCase()} and cannot be canceled`) });
        continue;
      }
      const marked = await one(
        q,
        sql`UPDATE provider_sim.orders SET canceled_at_ms = ${atMs}, updated_at = now()
        WHERE id = ${current.id} AND canceled_at_ms IS NULL AND status NOT IN ('Completed', 'Partial', 'Canceled') RETURNING id`,
      );
      if (!marked) {
        answer.push({ order, cancel: error('Order cannot be canceled') });
        continue;
      }
      await advance(q, { ...current, canceled_at_ms: atMs }, atMs);
      answer.push({ order, cancel: 1 });
    }
    return answer;
  }

  async function refillOne(q: Queryable, acc: AccountRow, o: OrderRow | undefined, atMs: number): Promise<{ refill: number } | { error: string }> {
    if (!o) return error(SIM_ERRORS.orderId);
    if (!o.refill) return error('Refill is not available for this order');
    const current = await advance(q, o, atMs);
    if (current.status !== 'Completed' && current.status !== 'Partial') return error('Refill is available only for completed orders');
    const created = await one<{ id: number }>(
      q,
      sql`INSERT INTO provider_sim.refills (order_id, account_id, requested_at_ms) VALUES (${o.id}, ${acc.id}, ${atMs}) RETURNING id::int AS id`,
    );
    return { refill: created!.id };
  }

  async function refill(q: Queryable, acc: AccountRow, p: SimParams): Promise<Json> {
    const atMs = now();
    if (p.orders !== undefined) {
      const ids = idList(p.orders);
      if (ids.length === 0) return error(SIM_ERRORS.action);
      if (ids.length > SIM_MULTI_LIMIT) return error(`Too many orders: at most ${SIM_MULTI_LIMIT}`);
      const found = await loadOrders(
        q,
        acc.id,
        ids.map(asId).filter((n): n is number => n !== null),
      );
      const answer: unknown[] = [];
      for (const text of ids) {
        const id = asId(text);
        const result = await refillOne(q, acc, id === null ? undefined : found.get(id), atMs);
        answer.push({ order: id ?? text, refill: 'refill' in result ? result.refill : result });
      }
      return answer;
    }
    const id = asId(p.order ?? '');
    const result = await refillOne(q, acc, id === null ? undefined : (await loadOrders(q, acc.id, [id])).get(id), atMs);
    return 'refill' in result ? { refill: String(result.refill) } : result;
  }

  async function refillStatus(q: Queryable, acc: AccountRow, p: SimParams): Promise<Json> {
    const atMs = now();
    const lookup = async (ids: number[]) =>
      new Map(
        (
          await rows<{ id: number; requested_at_ms: string | number }>(
            q,
            sql`SELECT id::int AS id, requested_at_ms FROM provider_sim.refills WHERE account_id = ${acc.id} AND id IN ${ids.length ? ids : [0]}`,
          )
        ).map((r) => [Number(r.id), Number(r.requested_at_ms)]),
      );
    if (p.refills !== undefined) {
      const ids = idList(p.refills);
      if (ids.length === 0) return error(SIM_ERRORS.action);
      if (ids.length > SIM_MULTI_LIMIT) return error(`Too many refills: at most ${SIM_MULTI_LIMIT}`);
      const found = await lookup(ids.map(asId).filter((n): n is number => n !== null));
      return ids.map((text) => {
        const id = asId(text);
        const at = id === null ? undefined : found.get(id);
        return { refill: id ?? text, status: at === undefined ? error(SIM_ERRORS.refillNotFound) : refillStatusAt(at, atMs) };
      });
    }
    const id = asId(p.refill ?? '');
    const at = id === null ? undefined : (await lookup([id])).get(id);
    return at === undefined ? error(SIM_ERRORS.refillNotFound) : { status: refillStatusAt(at, atMs) };
  }

  /** A few dozen packages of panvy's services (bundles sold at a fixed cost or a discount). */
  function packages(): Json {
    const list = generatedCatalogue('panvy');
    const out: unknown[] = [];
    for (let i = 0; i < 36; i++) {
      const first = list[(i * 83) % list.length];
      const members = [first, list[(i * 83 + 12) % list.length], list[(i * 83 + 24) % list.length]].slice(0, 1 + (i % 3));
      const fixed = i % 2 === 0;
      out.push({
        id: 900 + i,
        name: `${first.category} bundle ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? '2' : ''}`,
        type: fixed ? 'fixed' : 'discount',
        fixed_cost: fixed ? (members.reduce((sum, m) => sum + Number(m.rate), 0) * 0.9).toFixed(4) : '0.0000',
        discount_percent: fixed ? '0' : String(5 + (i % 4) * 5),
        services: members.map((m) => m.id),
      });
    }
    return out;
  }

  /** Opens a new USD account and answers its key (panvy only; no key is needed to ask). */
  async function createAccount(q: Queryable, panel: SimPanelKey): Promise<Json> {
    const apiKey = `sim-${panel}-${crypto.randomUUID().replaceAll('-', '')}`;
    await q.execute(
      sql`INSERT INTO provider_sim.accounts (api_key, balance, currency, panel) VALUES (${apiKey}, ${SIM_NEW_ACCOUNT_BALANCE}::numeric, 'USD', ${panel})`,
    );
    return { api_key: apiKey };
  }

  /**
   * Answers one API call at one of the simulated panels: the keyless actions first (panel_info,
   * create_account, the drift control), then authenticates the key at that panel and runs the
   * action in one transaction.
   */
  async function handle(db: Db, params: SimParams, call: SimCall = { panel: 'panvy', endpoint: '' }): Promise<Json> {
    await ensureSimCatalogue(db);
    const { panel } = call;
    const action = (params.action ?? '').trim().toLowerCase();
    if (options.outage?.includes(panel) && action !== 'drift') return error(SIM_ERRORS.outage);
    if (action === 'panel_info') return panel === 'panvy' ? { is_our_panel: true, endpoint: call.endpoint } : error(SIM_ERRORS.action);
    if (action === 'create_account') return panel === 'panvy' ? createAccount(db, panel) : error(SIM_ERRORS.action);
    if (action === 'drift') {
      if (!options.controlKey || params.control !== options.controlKey) return error(SIM_ERRORS.action);
      const steps = positiveInt(params.steps) ?? 1;
      return { step: await driftSim(db, panel, Math.min(steps, 50)) };
    }
    const acc = await account(db, params.key?.trim(), panel);
    if (!acc) return error(SIM_ERRORS.key);
    const run = (fn: (q: Queryable) => Promise<Json>) => db.transaction((tx) => fn(tx));
    switch (action) {
      case 'services':
        return services(db, panel);
      case 'packages':
        return panel === 'panvy' ? packages() : error(SIM_ERRORS.action);
      case 'balance': {
        const fresh = await account(db, params.key?.trim(), panel);
        return { balance: fresh!.balance, currency: fresh!.currency };
      }
      case 'add':
        return run((q) => add(q, acc, params, panel));
      case 'status':
        return run((q) => status(q, acc, params));
      case 'cancel':
        return run((q) => cancel(q, acc, params));
      case 'refill':
        return run((q) => refill(q, acc, params));
      case 'refill_status':
        return run((q) => refillStatus(q, acc, params));
      default:
        return error(SIM_ERRORS.action);
    }
  }

  return { handle, now };
}

export type Simulator = ReturnType<typeof createSimulator>;
