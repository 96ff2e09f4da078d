import { sql, type SQL } from 'drizzle-orm';
import { baseCatalogue, SIM_SERVICES } from '../../provider-sim/catalogue';
import { SIM_PANELS } from '../../provider-sim/panels';
import { one, rows, type Queryable } from '../../db/client';
import { readPanelSettings } from '../../db/panelSettings';
import { fromUnits, mulDiv, SCALE, toUnits } from '../../pricing/decimal';
import { demoPricer, type DemoPricer } from '../../pricing/demoPricing';

/**
 * Orders and their providers: the cancel reasons (a base step, every start), and the demo order
 * book (a demo step, after the users step): providers with their services and links, then
 * SEED_ORDERS orders (default 200,000) over the last ~18 months across every status and source,
 * with their payments and refunds.
 *
 * Everything is set-based (INSERT … SELECT generate_series, in chunks); values come from hashint4
 * of the row number, so the demo is the same on every machine. Money follows the rules: every
 * paid order has its 'order' debit (with order_id), every refund its 'refund' credit, each
 * customer got a top-up covering their orders, and balances are recomputed as the SUM of the
 * 'main' transactions at the end — balance == SUM(transactions) holds after seeding.
 *
 * Links for other areas: orders from drip feeds, subscriptions and packages carry source_type
 * ('drip_feed', 'subscription', 'combo_order') with source_id NULL; those areas' seeds set
 * source_id to their own rows (`UPDATE orders SET source_id = … WHERE source_type = …`).
 * The newest 100 orders in processing have no external_id, so the order worker sends them.
 */

export const DEFAULT_SEED_ORDERS = 200_000;

/** SEED_ORDERS from the environment (0 allowed), else the default. */
export function seedOrdersCount(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SEED_ORDERS?.trim();
  if (!raw) return DEFAULT_SEED_ORDERS;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`SEED_ORDERS must be a whole number, got "${raw}"`);
  return n;
}

export const CANCEL_REASONS = [
  { value: 'incorrect_link', text: 'Incorrect link' },
  { value: 'private_account', text: 'The account or post is private' },
  { value: 'duplicate_order', text: 'Duplicate order' },
  { value: 'service_unavailable', text: 'The service is temporarily unavailable' },
  { value: 'provider_failed', text: 'The provider could not deliver' },
  { value: 'customer_request', text: 'Canceled at the customer’s request' },
  { value: 'suspected_fraud', text: 'Suspected fraud' },
  { value: 'other', text: 'Other' },
] as const;

export async function seedCancelReasons(q: Queryable): Promise<void> {
  const values = CANCEL_REASONS.map((r, i) => sql`(${r.value}, ${r.text}, ${i + 1})`);
  await q.execute(sql`INSERT INTO cancel_reasons (value, text, sorting) VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT (value) DO NOTHING`);
}

/**
 * The simulated provider's API key (src/server/provider-sim): the demo provider "Panvy Demo"
 * calls the simulator with it. The simulator opens an account for this key.
 */
export const DEMO_SIM_API_KEY = 'demo-simulator-key-0001';
export const DEMO_SIM_ENDPOINT = 'http://127.0.0.1:8080/provider-sim/api/v2';
/** Perfect Panel Hub buys from the simulated foreign panel (EUR), on the same server. */
const DEMO_PERFECT_ENDPOINT = `http://127.0.0.1:8080${SIM_PANELS.find((p) => p.key === 'perfect')!.path}`;

const DEMO_PROVIDERS = [
  {
    name: 'Panvy Demo (simulator)',
    type: 'socpanel',
    endpoint: DEMO_SIM_ENDPOINT,
    token: DEMO_SIM_API_KEY,
    balance: '10000',
    currency: 'USD',
    margin: '0.5000',
  },
  {
    name: 'Perfect Panel Hub',
    type: 'perfect_panel',
    endpoint: DEMO_PERFECT_ENDPOINT,
    token: 'pp-hub-demo-token',
    balance: '2450.75',
    // The simulated panel's currency: its rates, balance and charges are in EUR.
    currency: 'EUR',
    margin: '0.4000',
  },
  {
    name: 'SocialValue Pro',
    type: 'social_value',
    endpoint: 'https://socialvalue-pro.example/api/v2',
    token: 'sv-pro-demo-token',
    balance: '88000',
    currency: 'RUB',
    margin: '0.3500',
  },
  {
    name: 'Growth Wholesale',
    type: 'perfect_panel',
    endpoint: 'https://growth-wholesale.example/api/v2',
    token: 'gw-demo-token',
    balance: '12.40',
    currency: 'EUR',
    margin: '0.4500',
    status: 'disabled',
  },
  {
    name: 'Legacy Boost Panel',
    type: 'socpanel',
    endpoint: 'https://legacy-boost.example/api/v2',
    token: 'legacy-demo-token',
    balance: '0',
    currency: 'USD',
    margin: '0.3000',
    archived: true,
  },
] as const;

/** A stable pseudo-random number in [0, n) for row `id` and a salt. */
const h = (id: SQL, salt: number, n: number): SQL => sql`(abs(hashint4((${id} * 7 + ${salt})::int)::bigint) % ${n})`;
const textArray = (values: readonly string[]): SQL =>
  sql`(ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[])`;

const COMMENTS = [
  'Customer asked for slow delivery',
  'Checked the link with the customer',
  'VIP customer, handle with care',
  'Refill promised by support',
  'Second attempt after a drop',
];

/**
 * Which simulator service fulfils our services of a network and kind (service_types.type); the ids
 * are the simulator's service numbers (src/server/provider-sim/catalogue.ts), each of that same
 * network and kind. Their rates leave our prices a margin of a third or more, but one: Facebook Post
 * Likes (2.20 per 1000) sells below the Facebook Page Likes it is bought as (2.75), one of the few
 * services the demo keeps below margin on purpose (the catalogue seed prices the others).
 */
const SIM_SERVICE_FOR: Record<string, number> = {
  'youtube:views': 1,
  'youtube:subscribers': 3,
  'youtube:likes': 4,
  'instagram:followers': 11,
  'instagram:likes': 13,
  'instagram:views': 14,
  'tiktok:followers': 21,
  'tiktok:likes': 22,
  'tiktok:views': 23,
  'telegram:members': 31,
  'telegram:views': 32,
  'telegram:reactions': 33,
  'facebook:likes': 41,
  'facebook:views': 42,
  'facebook:members': 43,
};

/** About one service in twelve can only go to unusable providers: its open orders show "no providers". */
const hasNoUsableProvider = (serviceId: number) => serviceId % 12 === 5;

/**
 * A provider service's cost for `pricingPer` units of our service in the panel's currency, as the
 * margin guard reckons it (provider-sync/margin.ts): source price × pricingPer ÷ its pricing unit,
 * divided by the panel's rate of the provider's currency, to 4 decimals.
 */
const costOf = (sourcePrice: string, sourcePer: number, pricingPer: number, rate: bigint): bigint =>
  mulDiv(toUnits(sourcePrice) * BigInt(pricingPer), SCALE, BigInt(sourcePer) * rate);

/**
 * Providers, their services and the links, each provider service fulfilling services of one
 * network and kind. The simulator comes first for every service it sells; Perfect Panel Hub (the
 * simulated foreign panel, EUR) is the backup, with a service of its catalogue of the same network
 * and kind per service of ours; SocialValue Pro (RUB) and the disabled and archived providers have
 * provider services of their own per service. Each costs a share (35–75 %) of our price, converted
 * to the provider's currency with the panel's rates; the links to the disabled and archived
 * providers are never usable.
 */
async function seedDemoProviders(q: Queryable): Promise<void> {
  const ids: number[] = [];
  const currencyOf = new Map<number, string>();
  for (const p of DEMO_PROVIDERS) {
    const row = await one<{ id: number }>(
      q,
      sql`INSERT INTO providers (name, endpoint, api_token, balance, currency, type, status, is_archived, resale_margin_percent)
        VALUES (${p.name}, ${p.endpoint}, ${p.token}, ${p.balance}::numeric, ${p.currency}, ${p.type},
          ${'status' in p ? p.status : 'active'}, ${'archived' in p ? p.archived : false}, ${p.margin}::numeric)
        RETURNING id`,
    );
    ids.push(row!.id);
    currencyOf.set(row!.id, p.currency);
  }
  const [sim, hub, value, wholesale, legacy] = ids;
  const { currencies } = await readPanelSettings(q);
  const rates: Record<string, string | undefined> = { ...currencies.rates, [currencies.default]: '1' };
  const rateOf = (providerId: number) => toUnits(rates[currencyOf.get(providerId)!] ?? '1');

  const simServiceIds = new Map<number, number>();
  for (const s of SIM_SERVICES) {
    if (!Object.values(SIM_SERVICE_FOR).includes(s.id)) continue;
    const row = await one<{ id: number }>(
      q,
      sql`INSERT INTO provider_services (name, type, external_panel_id, external_panel_service_id, source_price, source_pricing_per, last_available_at)
        VALUES (${s.name}, 'default', ${sim}, ${String(s.id)}, ${s.rate}::numeric, 1000, now()) RETURNING id`,
    );
    simServiceIds.set(s.id, row!.id);
  }

  const services = await rows<{ id: number; name: string; default_price: string; pricing_per: number; network: string; type: string }>(
    q,
    sql`SELECT s.id, s.name, s.default_price::text AS default_price, s.pricing_per, n.network, st.type
          FROM services s JOIN service_types st ON st.id = s.service_type_id JOIN networks n ON n.id = st.network_id ORDER BY s.id`,
  );
  const link = (serviceId: number, providerServiceId: number, isActive: boolean, priority: number) =>
    q.execute(sql`INSERT INTO service_providers (service_id, provider_service_id, is_active, priority)
      VALUES (${serviceId}, ${providerServiceId}, ${isActive}, ${priority}) ON CONFLICT DO NOTHING`);
  const providerService = async (providerId: number, name: string, externalId: string, sourcePrice: string, sourcePer: number) => {
    const row = await one<{ id: number }>(
      q,
      sql`INSERT INTO provider_services (name, type, external_panel_id, external_panel_service_id, source_price, source_pricing_per, last_available_at)
        VALUES (${name}, 'default', ${providerId}, ${externalId}, ${sourcePrice}::numeric, ${sourcePer}, now())
        RETURNING id`,
    );
    return row!.id;
  };
  /** A provider service of the provider's own, for this one service, at `share` (in units) of its price. */
  const ownService = (providerId: number, s: (typeof services)[number], share: bigint) =>
    providerService(
      providerId,
      s.name,
      String(1000 + s.id),
      fromUnits(mulDiv(mulDiv(toUnits(s.default_price), share, SCALE), rateOf(providerId), SCALE)),
      s.pricing_per,
    );

  // Perfect Panel Hub: for each service, an unused offer of the simulated panel's catalogue of the
  // service's network and kind, costing the nearest to the share of our price, with a markup of 30 % or more.
  const perfect = baseCatalogue('perfect');
  const usedAtHub = new Set<number>();
  const hubService = (s: (typeof services)[number], share: bigint) => {
    const price = toUnits(s.default_price);
    const target = mulDiv(price, share, SCALE);
    const ceiling = mulDiv(price, 10n, 13n);
    const offers = perfect
      .filter((o) => o.network === s.network && o.kind === s.type && !usedAtHub.has(o.id))
      .map((o) => ({ o, cost: costOf(o.rate, 1000, s.pricing_per, rateOf(hub)) }));
    const fitting = offers.filter((x) => x.cost <= ceiling);
    const distance = (x: { cost: bigint }) => (x.cost > target ? x.cost - target : target - x.cost);
    const best = (fitting.length ? fitting : offers).reduce<(typeof offers)[number] | undefined>(
      (a, x) => (!a || distance(x) < distance(a) ? x : a),
      undefined,
    );
    if (!best) throw new Error(`The simulated panel sells no ${s.network} ${s.type}: the demo cannot link ${s.name}`);
    usedAtHub.add(best.o.id);
    return providerService(hub, best.o.name, String(best.o.id), best.o.rate, 1000);
  };

  for (const s of services) {
    // 40–70 % of our price (in ten-thousandths); SocialValue Pro's own services cost 5 points more, Growth Wholesale's 5 less.
    const share = BigInt(8 + (s.id % 7)) * 500n;
    if (hasNoUsableProvider(s.id)) {
      await link(s.id, await hubService(s, share), false, 1);
      await link(s.id, await ownService(wholesale, s, share), true, 2);
      await link(s.id, await ownService(legacy, s, share), true, 3);
      continue;
    }
    const simService = simServiceIds.get(SIM_SERVICE_FOR[`${s.network}:${s.type}`] ?? -1);
    if (simService !== undefined) await link(s.id, simService, true, 1);
    await link(s.id, await hubService(s, share), true, 2);
    if (s.id % 3 === 0) await link(s.id, await ownService(value, s, share + 500n), true, 3);
    if (s.id % 4 === 0) await link(s.id, await ownService(wholesale, s, share - 500n), true, 4);
  }
}

const CHUNK = 50_000;

/** Seeds the providers once, then adds `count` orders (a second call adds more: the bench's 1M). */
export async function seedDemoOrders(q: Queryable, count: number = seedOrdersCount()): Promise<void> {
  const providersSeeded = await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM providers`);
  if (!providersSeeded?.n) await seedDemoProviders(q);
  if (count === 0) return;

  // What each order can draw from: services (with network and the provider they go to) and users.
  // Plain temp tables, dropped at the end: the step also runs outside a transaction (bench).
  await q.execute(sql`DROP TABLE IF EXISTS seed_services, seed_users`);
  await q.execute(sql`CREATE TEMP TABLE seed_services AS
    SELECT row_number() OVER (ORDER BY s.id) AS k, s.id, s.name, s.default_price, s.pricing_per,
      s.min_quantity, s.max_quantity, s.quantity_step, n.network,
      best.provider_service_id, best.provider_id
    FROM services s
    JOIN service_types st ON st.id = s.service_type_id
    JOIN networks n ON n.id = st.network_id
    LEFT JOIN LATERAL (
      SELECT ps.id AS provider_service_id, ps.external_panel_id AS provider_id
        FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id
       WHERE sp.service_id = s.id ORDER BY sp.is_active DESC, sp.priority, ps.id LIMIT 1
    ) best ON true`);
  await q.execute(sql`CREATE TEMP TABLE seed_users AS
    SELECT row_number() OVER (ORDER BY id) AS k, id, replace(split_part(email, '@', 1), '.', '_') AS handle FROM users`);
  // Keys and statistics, or the planner may scan the lookup tables once per generated order.
  await q.execute(sql`ALTER TABLE seed_services ADD PRIMARY KEY (k)`);
  await q.execute(sql`ALTER TABLE seed_users ADD PRIMARY KEY (k)`);
  await q.execute(sql`ANALYZE seed_services, seed_users`);
  const counts = await one<{ services: number; users: number }>(
    q,
    sql`SELECT (SELECT count(*) FROM seed_services)::int AS services, (SELECT count(*) FROM seed_users)::int AS users`,
  );
  if (!counts?.services || !counts.users) throw new Error('The orders seed needs the users seed (services and users) first');
  const reasons = (await rows<{ value: string }>(q, sql`SELECT value FROM cancel_reasons ORDER BY sorting, id`)).map((r) => r.value);
  const firstNew = Number((await one<{ id: string | number }>(q, sql`SELECT coalesce(max(id), 0) AS id FROM orders`))?.id ?? 0);
  // Prices come from the pricing function with the seeded coupons, discounts, grades and custom prices.
  const pricer = await demoPricer(q);

  await withIndexesRebuilt(q, ['orders', 'transactions'], async () => {
    for (let start = 1; start <= count; start += CHUNK) {
      await insertOrders(q, start, Math.min(start + CHUNK - 1, count), count, counts.services, counts.users, reasons, pricer);
    }
    await seedMoney(q, firstNew);
  });
  await pricer.recordUsages(q, firstNew);

  // The newest orders in processing were not sent yet: the worker picks them up.
  await q.execute(sql`UPDATE orders SET external_id = NULL WHERE id IN (
    SELECT id FROM orders WHERE status = 'in_processing' AND id > ${firstNew} ORDER BY id DESC LIMIT 100)`);
  await q.execute(sql`UPDATE orders o SET has_no_active_providers = true
    WHERE o.id > ${firstNew} AND o.status IN ('in_processing', 'in_moderation', 'stopped', 'unpaid')
      AND NOT EXISTS (SELECT 1 FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id
                        JOIN providers p ON p.id = ps.external_panel_id
                       WHERE sp.service_id = o.service_id AND sp.is_active AND ps.status = 'active' AND NOT ps.is_archived
                         AND p.status = 'active' AND NOT p.is_archived)`);
  await seedOrderExtras(q, firstNew);
  await q.execute(sql`DROP TABLE seed_services, seed_users`);
  // PGlite has no autovacuum: fresh statistics let the planner use the indexes (and estimate counts).
  await q.execute(sql`ANALYZE orders`);
  await q.execute(sql`ANALYZE transactions`);
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped, then recreates them from their own
 * definitions: building an index once over 200,000 rows is several times faster than updating it
 * row by row (the url's trigram index above all). Indexes that back a constraint (primary keys,
 * unique constraints) stay. Only for seeding: the tables are locked until the transaction ends.
 */
async function withIndexesRebuilt(q: Queryable, tables: string[], load: () => Promise<void>): Promise<void> {
  const indexes = await rows<{ name: string; definition: string }>(
    q,
    sql`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
         WHERE i.schemaname = current_schema() AND i.tablename IN ${tables}
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
         ORDER BY i.indexname`,
  );
  for (const index of indexes) await q.execute(sql.raw(`DROP INDEX "${index.name.replace(/"/g, '""')}"`));
  await load();
  for (const index of indexes) await q.execute(sql.raw(index.definition));
}

async function insertOrders(
  q: Queryable,
  from: number,
  to: number,
  total: number,
  services: number,
  users: number,
  reasons: string[],
  pricer: DemoPricer,
): Promise<void> {
  const i = sql`i`;
  // The newest 2 % (at least 200 orders) are still moving: most of them in processing, about 5 % in
  // moderation (200 of 200,000), so even a small test seed has some of each.
  const recent = Math.max(Math.ceil(total * 0.02), 200);
  await q.execute(sql`DROP TABLE IF EXISTS seed_chunk`);
  await q.execute(sql`
    CREATE TEMP TABLE seed_chunk AS
    WITH g AS (
      SELECT i, (${total}::int - i)::float8 / ${total}::int AS age, (${total}::int - i) < ${recent}::int AS recent,
        ${h(i, 1, 1000)} AS r_status, ${h(i, 2, 1000)} AS r_user, ${h(i, 3, services)} AS r_service,
        ${h(i, 4, 12)} AS r_qty, ${h(i, 5, 100)} AS r_source, ${h(i, 6, 100)} AS r_mod,
        ${h(i, 8, 1000)} / 1000.0 AS r_cq, ${h(i, 9, 100)} AS r_misc, ${h(i, 10, 7200)} AS r_minutes
      FROM generate_series(${from}::int, ${to}::int) AS i
    ), a AS (
      SELECT g.*,
        now() - age * interval '548 days' - ${h(i, 11, 3600)} * interval '1 second' AS created_at,
        CASE WHEN recent THEN
          CASE WHEN r_status < 450 THEN 'in_processing' WHEN r_status < 500 THEN 'in_moderation' WHEN r_status < 550 THEN 'stopped'
               WHEN r_status < 650 THEN 'unpaid' WHEN r_status < 950 THEN 'completed' ELSE 'canceled' END
        ELSE
          CASE WHEN r_status < 80 THEN 'in_processing' WHEN r_status < 110 THEN 'stopped' WHEN r_status < 160 THEN 'unpaid'
               WHEN r_status < 880 THEN 'completed' ELSE 'canceled' END
        END AS status,
        CASE WHEN r_source < 38 THEN 'cabinet' WHEN r_source < 56 THEN 'api' WHEN r_source < 62 THEN 'order_widget'
             WHEN r_source < 66 THEN 'socpanel' WHEN r_source < 70 THEN 'perfect_panel_api' WHEN r_source < 73 THEN 'subscription'
             WHEN r_source < 75 THEN 'order_widget_multiple' WHEN r_source < 79 THEN 'buy_page' WHEN r_source < 82 THEN 'single_form'
             WHEN r_source < 87 THEN 'drip_feed' WHEN r_source < 89 THEN 'free_trial' WHEN r_source < 93 THEN 'package'
             WHEN r_source < 96 THEN 'order_widget_step_by_step' ELSE 'order_widget_mini' END AS source,
        s.id AS service_id, s.name AS service_name, s.default_price, s.pricing_per, s.network,
        s.provider_id, s.provider_service_id,
        u.id AS user_id, u.handle,
        GREATEST(s.min_quantity, LEAST(s.max_quantity,
          (ARRAY[100, 200, 250, 500, 1000, 1000, 2000, 2500, 5000, 10000, 20000, 50000])[1 + r_qty])) AS q0, s.quantity_step
      FROM g
      JOIN seed_services s ON s.k = 1 + r_service
      -- Older customers order more: the square skews the pick towards low user numbers.
      JOIN seed_users u ON u.k = 1 + floor(${users}::int * power(r_user / 1000.0, 2))::int
    ), b AS (
      SELECT a.*, (q0 - q0 % quantity_step) AS quantity,
        round((q0 - q0 % quantity_step)::numeric / pricing_per * default_price, 4) AS base_price
      FROM a
    )
    SELECT * FROM b`);
  // The pricing function prices the chunk (seed_chunk -> seed_chunk_prices).
  await pricer.priceChunk(q);
  await q.execute(sql`
    WITH c AS (
      SELECT b.*, p.price, p.price_modifications,
        CASE status
          WHEN 'completed' THEN quantity
          WHEN 'in_processing' THEN floor(quantity * r_cq * 0.95)::int
          WHEN 'stopped' THEN floor(quantity * r_cq * 0.9)::int
          WHEN 'canceled' THEN CASE WHEN r_cq < 0.5 THEN 0 ELSE floor(quantity * (r_cq - 0.5))::int END
          ELSE 0 END AS current_quantity
      FROM seed_chunk b JOIN seed_chunk_prices p USING (i)
    )
    INSERT INTO orders (status, has_no_active_providers, created_at, user_id, service_id, name, url, price, cost, quantity,
      current_quantity, start_count, completed_at, source, source_type, refund_amount, is_paid, comment,
      percent_of_external_statistics_fill, price_modifications, provider_id, provider_service_id, external_id,
      cancel_reason, cancel_description, canceled_at, updated_at)
    SELECT status, false, created_at, user_id, service_id, service_name,
      CASE network
        WHEN 'youtube' THEN 'https://www.youtube.com/watch?v=' || substr(md5(i::text), 1, 11)
        WHEN 'instagram' THEN 'https://www.instagram.com/' || handle || '/p/' || substr(md5(i::text), 1, 11)
        WHEN 'tiktok' THEN 'https://www.tiktok.com/@' || handle || '/video/' || (7200000000000000000 + i::bigint * 7919)
        WHEN 'telegram' THEN 'https://t.me/' || handle || '_channel/' || (i % 5000)
        ELSE 'https://www.facebook.com/' || handle || '/posts/' || i END,
      price,
      round(CASE WHEN source = 'free_trial' THEN base_price ELSE price END * (0.35 + (r_misc % 30) / 100.0), 4),
      quantity, current_quantity,
      CASE WHEN status IN ('in_moderation', 'unpaid') THEN NULL ELSE ${h(i, 12, 50000)}::int END,
      CASE WHEN status = 'completed' THEN LEAST(now(), created_at + (30 + r_minutes) * interval '1 minute') END,
      source,
      CASE source WHEN 'drip_feed' THEN 'drip_feed' WHEN 'subscription' THEN 'subscription' WHEN 'package' THEN 'combo_order' END,
      CASE WHEN status = 'canceled' AND source <> 'free_trial' AND price > 0 AND r_misc < 85
           THEN trunc(price * (1 - current_quantity::numeric / NULLIF(quantity, 0)), 4) ELSE 0 END,
      status <> 'unpaid' AND source <> 'free_trial' AND price > 0,
      CASE WHEN r_misc < 3 THEN ${textArray(COMMENTS)}[1 + r_qty % ${COMMENTS.length}] END,
      CASE WHEN status = 'completed' AND r_misc < 40 THEN 80 + (r_minutes % 2001) / 100.0
           WHEN status = 'in_processing' AND r_misc < 30 THEN round(current_quantity::numeric / NULLIF(quantity, 0) * 100, 2) END,
      price_modifications,
      CASE WHEN status <> 'unpaid' THEN provider_id END,
      CASE WHEN status <> 'unpaid' THEN provider_service_id END,
      CASE WHEN status IN ('in_processing', 'stopped', 'completed') OR (status = 'canceled' AND current_quantity > 0) THEN (500000 + i)::text END,
      CASE WHEN status = 'canceled' THEN ${textArray(reasons.length ? reasons : ['other'])}[1 + r_misc % ${Math.max(reasons.length, 1)}] END,
      CASE WHEN status = 'canceled' AND r_misc % 4 = 0 THEN 'Canceled by support after checking the order.' END,
      CASE WHEN status = 'canceled' THEN LEAST(now(), created_at + (10 + r_minutes % 2880) * interval '1 minute') END,
      CASE WHEN status = 'completed' THEN LEAST(now(), created_at + (30 + r_minutes) * interval '1 minute')
           WHEN status = 'canceled' THEN LEAST(now(), created_at + (10 + r_minutes % 2880) * interval '1 minute')
           ELSE created_at END
    FROM c
    ORDER BY i`);
}

/** Debits for paid orders, credits for refunds, a covering top-up per customer, then balances. */
async function seedMoney(q: Queryable, firstNew: number): Promise<void> {
  await q.execute(sql`
    INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, order_id, created_at)
    SELECT user_id, -price, 'main', 'order', 'expense', 'Payment for order #' || id, id, created_at
    FROM orders WHERE id > ${firstNew} AND is_paid`);
  await q.execute(sql`
    INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, order_id, created_at)
    SELECT user_id, refund_amount, 'main', 'refund', 'income', 'Refund for order #' || id, id, canceled_at
    FROM orders WHERE id > ${firstNew} AND refund_amount > 0`);
  // Customers paid for their orders from top-ups made before them.
  const methods = (await rows<{ id: number }>(q, sql`SELECT id FROM payment_methods WHERE is_enabled ORDER BY position, id`)).map((r) => r.id);
  const method = methods.length
    ? sql`(ARRAY[${sql.join(
        methods.map((m) => sql`${m}`),
        sql`, `,
      )}]::int[])[1 + ${h(sql`t.user_id`, 13, methods.length)}]`
    : sql`NULL::int`;
  await q.execute(sql`
    INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, payment_method_id, created_at)
    SELECT t.user_id, ceil(-sum(t.amount)) + ${h(sql`t.user_id`, 14, 50)}, 'main', 'deposit', 'income', 'Balance top-up', ${method},
      min(t.created_at) - interval '1 hour'
    FROM transactions t JOIN orders o ON o.id = t.order_id
    WHERE o.id > ${firstNew} AND t.type IN ('order', 'refund')
    GROUP BY t.user_id
    HAVING sum(t.amount) < 0`);
  await q.execute(sql`
    UPDATE users u SET balance = s.main, spent = s.spent
      FROM (SELECT user_id,
                   coalesce(sum(amount) FILTER (WHERE balance_type = 'main'), 0) AS main,
                   GREATEST(coalesce(-sum(amount) FILTER (WHERE balance_type = 'main' AND type IN ('order', 'refund')), 0), 0) AS spent
              FROM transactions GROUP BY user_id) s
     WHERE s.user_id = u.id`);
}

/** Counter checks for some running orders, and refill requests for some completed ones. */
async function seedOrderExtras(q: Queryable, firstNew: number): Promise<void> {
  const id = sql`o.id::int`;
  await q.execute(sql`
    INSERT INTO order_statistics (order_id, count, checked_at)
    SELECT o.id, o.start_count + floor(o.current_quantity * k / 4.0)::int, o.created_at + k * interval '2 hours'
    FROM (SELECT * FROM orders WHERE id > ${firstNew} AND status IN ('in_processing', 'stopped') AND start_count IS NOT NULL
          ORDER BY id DESC LIMIT 2000) o
    CROSS JOIN generate_series(1, 4) AS k
    WHERE o.created_at + k * interval '2 hours' < now()`);
  await q.execute(sql`
    INSERT INTO order_refill_requests (order_id, status, quantity, external_refill_id, created_at, completed_at)
    SELECT o.id,
      (ARRAY['pending', 'in_progress', 'completed', 'completed', 'rejected'])[1 + ${h(id, 15, 5)}],
      CASE WHEN ${h(id, 16, 2)} = 0 THEN GREATEST(1, o.quantity / 10) END,
      CASE WHEN ${h(id, 15, 5)} > 0 THEN (900000 + o.id)::text END,
      o.completed_at + interval '3 days',
      CASE WHEN ${h(id, 15, 5)} IN (2, 3) THEN o.completed_at + interval '4 days' END
    FROM orders o
    WHERE o.id > ${firstNew} AND o.status = 'completed' AND o.completed_at < now() - interval '4 days' AND ${h(id, 17, 100)} < 2`);
}
