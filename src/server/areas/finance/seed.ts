import { sql, type SQL } from 'drizzle-orm';
import { LOCALES } from '../../../contract/locales';
import { rows, type Queryable } from '../../db/client';

/**
 * Demo finance data, consistent with the ledger the users and orders seeds wrote:
 * - ten payment methods of eight gateway types, each with its type's secrets (demo values),
 *   translations, limits, fees, withdrawal options, and bonus tiers on four of them;
 * - a paid invoice behind every deposit made with a method (the deposit's transaction points at
 *   it), plus pending and expired invoices that credited nothing;
 * - withdrawals of about a quarter of the users with 20 or more: each holds its amount with a 'withdrawal'
 *   transaction; rejected ones got it back with a 'withdrawal_release'; balances are then the sums
 *   of the main transactions again.
 * Values come from hashint4, so the demo is the same on every machine. Runs after the orders step.
 */

const h = (id: SQL, salt: number, n: number): SQL => sql`(abs(hashint4((${id} * 37 + ${salt})::int)::bigint) % ${n})`;

interface DemoMethod {
  name: string;
  type: string;
  enabled?: boolean;
  secrets: Record<string, string>;
  currency: string;
  fee: string;
  min: string | null;
  max: string | null;
  strategy: string;
  withdraw?: { feePercent: string; minAmount: string | null; maxAmount: string | null; minFee: string };
  bonuses?: [percent: string, from: string, enabled: boolean][];
}

/** The users seed created the first six by name; they get their details, the rest are added. */
const METHODS: DemoMethod[] = [
  {
    name: 'Visa / Mastercard',
    type: 'card',
    secrets: { merchantId: 'mrc_demo_4821', secretKey: 'sk_demo_card_9f2c7a', mode: 'live' },
    currency: 'USD',
    fee: '0.0290',
    min: '5',
    max: '5000',
    strategy: 'redirect',
    bonuses: [
      ['0.0200', '100', true],
      ['0.0500', '500', true],
      ['0.1000', '2000', false],
    ],
  },
  {
    name: 'PayPal',
    type: 'paypal',
    secrets: { clientId: 'AbC_demo_client', clientSecret: 'EFg_demo_secret_77', mode: 'live' },
    currency: 'USD',
    fee: '0.0349',
    min: '5',
    max: '3000',
    strategy: 'redirect',
    withdraw: { feePercent: '0.020', minAmount: '10', maxAmount: '2000', minFee: '1' },
    bonuses: [['0.0300', '200', true]],
  },
  {
    name: 'Bitcoin',
    type: 'crypto',
    secrets: { apiKey: 'cp_demo_btc_key', ipnSecret: 'ipn_demo_btc', network: 'BTC' },
    currency: 'BTC',
    fee: '0.0100',
    min: '20',
    max: null,
    strategy: 'invoice',
    withdraw: { feePercent: '0.010', minAmount: '50', maxAmount: null, minFee: '5' },
    bonuses: [
      ['0.0500', '100', true],
      ['0.0800', '1000', true],
    ],
  },
  {
    name: 'USDT (TRC20)',
    type: 'crypto',
    secrets: { apiKey: 'cp_demo_usdt_key', ipnSecret: 'ipn_demo_usdt', network: 'TRC20' },
    currency: 'USDT',
    fee: '0.0050',
    min: '10',
    max: null,
    strategy: 'invoice',
    withdraw: { feePercent: '0.005', minAmount: '20', maxAmount: '10000', minFee: '1' },
    bonuses: [
      ['0.0300', '50', true],
      ['0.0600', '500', true],
    ],
  },
  {
    name: 'Perfect Money',
    type: 'perfect_money',
    secrets: { accountId: 'U1234567', passphrase: 'pm_demo_pass' },
    currency: 'USD',
    fee: '0.0050',
    min: '1',
    max: '10000',
    strategy: 'redirect',
    withdraw: { feePercent: '0.005', minAmount: '10', maxAmount: '5000', minFee: '0.5' },
  },
  {
    name: 'Bank transfer',
    type: 'bank',
    enabled: false,
    secrets: { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
    currency: 'EUR',
    fee: '0',
    min: '100',
    max: null,
    strategy: 'manual',
    withdraw: { feePercent: '0.000', minAmount: '200', maxAmount: null, minFee: '15' },
  },
  {
    name: 'Payeer',
    type: 'payeer',
    secrets: { shopId: '1948273', secretKey: 'payeer_demo_secret' },
    currency: 'RUB',
    fee: '0.0195',
    min: '1',
    max: '2000',
    strategy: 'redirect',
    withdraw: { feePercent: '0.015', minAmount: '5', maxAmount: '1000', minFee: '0.2' },
  },
  {
    name: 'Stripe',
    type: 'stripe',
    secrets: { publishableKey: 'pk_demo_51H', secretKey: 'sk_demo_51H_stripe', webhookSecret: 'whsec_demo' },
    currency: 'EUR',
    fee: '0.0250',
    min: '5',
    max: '5000',
    strategy: 'widget',
  },
  { name: 'UPI', type: 'manual', secrets: {}, currency: 'INR', fee: '0', min: '1', max: '500', strategy: 'manual' },
  {
    name: 'Ethereum',
    type: 'crypto',
    enabled: false,
    secrets: { apiKey: '', ipnSecret: '', network: 'ERC20' },
    currency: 'USDT',
    fee: '0.0150',
    min: '30',
    max: null,
    strategy: 'invoice',
  },
];

const translate = (name: string, i: number) =>
  Object.fromEntries(
    LOCALES.filter((l, k) => l === 'en' || (i + k) % 3 === 0).map((l) => [
      l,
      {
        name: l === 'en' ? name : `${name} (${l})`,
        description: l === 'en' ? `Pay with ${name}.` : '',
        withdrawDescription: l === 'en' ? `Withdrawals to ${name} are paid within 48 hours.` : '',
        additionalInformation: '',
      },
    ]),
  );

export async function seedDemoFinance(q: Queryable): Promise<void> {
  for (const [i, m] of METHODS.entries()) {
    const existing = await rows<{ id: number }>(q, sql`SELECT id FROM payment_methods WHERE name = ${m.name} ORDER BY id LIMIT 1`);
    const values = sql`type = ${m.type}, translations = ${JSON.stringify(translate(m.name, i))}::jsonb, description = ${`Pay with ${m.name}.`},
      icon = ${`payment-${m.type}.svg`}, allow_qr_code = ${m.type === 'crypto'}, min_amount = ${m.min}::numeric, max_amount = ${m.max}::numeric,
      fee_percent = ${m.fee}::numeric, charge_currency = ${m.currency}, charge_type = ${i % 3 === 0 ? 'net' : 'gross'}, strategy = ${m.strategy},
      is_allowed_for_new_user = ${i % 4 !== 3}, secrets = ${JSON.stringify(m.secrets)}::jsonb,
      public_fields = ${JSON.stringify({ isUserComment: m.strategy === 'manual', qrCode: m.type === 'crypto' })}::jsonb,
      withdrawal_options = ${JSON.stringify(m.withdraw ? { availableForWithdrawal: true, ...m.withdraw } : { availableForWithdrawal: false, feePercent: '0.000', minAmount: null, maxAmount: null, minFee: '0' })}::jsonb`;
    let id = existing[0]?.id;
    if (id === undefined) {
      const created = await rows<{ id: number }>(
        q,
        sql`INSERT INTO payment_methods (name, type, is_enabled, position) VALUES (${m.name}, ${m.type}, ${m.enabled ?? true}, ${i + 1}) RETURNING id`,
      );
      id = created[0].id;
    }
    await q.execute(sql`UPDATE payment_methods SET ${values}, position = ${i + 1} WHERE id = ${id}`);
    for (const [percent, from, enabled] of m.bonuses ?? []) {
      await q.execute(sql`INSERT INTO payment_method_bonuses (payment_method_id, bonus_percent, from_amount, is_enabled)
        VALUES (${id}, ${percent}::numeric, ${from}::numeric, ${enabled})`);
    }
  }

  // A paid invoice behind every deposit made with a method.
  await q.execute(sql`DROP TABLE IF EXISTS seed_invoices`);
  await q.execute(sql`CREATE TEMP TABLE seed_invoices AS
    SELECT t.id AS tx_id, (SELECT coalesce(max(id), 0) FROM invoices) + row_number() OVER (ORDER BY t.id) AS invoice_id,
           t.user_id, t.payment_method_id, t.amount, t.created_at
      FROM transactions t
     WHERE t.type = 'deposit' AND t.payment_method_id IS NOT NULL AND t.invoice_id IS NULL`);
  await q.execute(sql`INSERT INTO invoices (id, user_id, payment_method_id, status, amount, short_name, paid_amount, bonus_amount, paid_at, created_at, updated_at)
    SELECT invoice_id, user_id, payment_method_id, 'paid', amount, 'INV-' || lpad(invoice_id::text, 7, '0'), amount, 0,
           created_at, created_at - interval '3 minutes', created_at
      FROM seed_invoices`);
  await q.execute(sql`UPDATE transactions t SET invoice_id = s.invoice_id, comment = 'Invoice #' || s.invoice_id || ' paid'
    FROM seed_invoices s WHERE t.id = s.tx_id`);
  await q.execute(sql`DROP TABLE seed_invoices`);
  await q.execute(sql`SELECT setval(pg_get_serial_sequence('invoices', 'id'), greatest((SELECT max(id) FROM invoices), 1))`);

  // Invoices that credited nothing: recent ones pending, older ones expired.
  const uid = sql`u.id`;
  const methods = (await rows<{ id: number }>(q, sql`SELECT id FROM payment_methods WHERE is_enabled ORDER BY position`)).map((r) => r.id);
  const methodArray = sql`(ARRAY[${sql.join(
    methods.map((m) => sql`${m}`),
    sql`, `,
  )}]::int[])`;
  await q.execute(sql`INSERT INTO invoices (user_id, payment_method_id, status, amount, short_name, created_at, updated_at)
    SELECT u.id, ${methodArray}[1 + ${h(uid, 1, methods.length)}],
           CASE WHEN ${h(uid, 2, 100)} < 45 THEN 'pending' ELSE 'expired' END,
           (10 + ${h(uid, 3, 490)})::numeric + ${h(uid, 4, 100)} / 100.0, 'INV-P' || lpad(u.id::text, 6, '0'),
           CASE WHEN ${h(uid, 2, 100)} < 45 THEN now() - ${h(uid, 5, 72)} * interval '1 hour' ELSE now() - (3 + ${h(uid, 5, 60)}) * interval '1 day' END,
           now()
      FROM users u WHERE ${h(uid, 6, 100)} < 12 OR u.email = 'bob@example.com'`);
  await q.execute(sql`SELECT setval(pg_get_serial_sequence('invoices', 'id'), greatest((SELECT max(id) FROM invoices), 1))`);

  // Withdrawals of about a quarter of the users with at least 20 on their balance.
  const wmethods = (
    await rows<{ id: number }>(q, sql`SELECT id FROM payment_methods WHERE (withdrawal_options->>'availableForWithdrawal')::boolean ORDER BY position`)
  ).map((r) => r.id);
  if (wmethods.length === 0) return;
  const wArray = sql`(ARRAY[${sql.join(
    wmethods.map((m) => sql`${m}`),
    sql`, `,
  )}]::int[])`;
  await q.execute(sql`DROP TABLE IF EXISTS seed_withdrawals`);
  await q.execute(sql`CREATE TEMP TABLE seed_withdrawals AS
    SELECT u.id AS user_id, ${wArray}[1 + ${h(uid, 7, wmethods.length)}] AS method_id,
           round(u.balance * (30 + ${h(uid, 8, 50)}) / 100.0, 2) AS amount,
           CASE WHEN ${h(uid, 9, 100)} < 35 THEN 'pending' WHEN ${h(uid, 9, 100)} < 50 THEN 'approved'
                WHEN ${h(uid, 9, 100)} < 82 THEN 'paid' ELSE 'rejected' END AS status,
           now() - ${h(uid, 10, 1440)} * interval '1 hour' AS created_at,
           ${h(uid, 11, 100)} AS roll
      FROM users u WHERE u.balance >= 20 AND ${h(uid, 12, 100)} < 25`);
  await q.execute(sql`
    WITH w AS (
      SELECT s.*, pm.withdrawal_options AS o FROM seed_withdrawals s JOIN payment_methods pm ON pm.id = s.method_id
    ), priced AS (
      SELECT w.*, GREATEST(round(amount * (o->>'feePercent')::numeric, 4), (o->>'minFee')::numeric) AS fee FROM w
    )
    INSERT INTO withdrawals (user_id, payment_method_id, status, account_number, user_comment, amount, fee, admin_note, transaction_id,
                             approved_at, paid_at, rejected_at, created_at, updated_at)
    SELECT user_id, method_id, status,
           CASE WHEN roll < 50 THEN 'ACC' || lpad((user_id * 7919 % 10000000)::text, 8, '0') ELSE 'wallet-' || md5(user_id::text) END,
           CASE WHEN roll < 30 THEN 'Please send it before the weekend.' END,
           amount, fee,
           CASE WHEN status = 'rejected' THEN 'The account details do not match the customer.' END,
           CASE WHEN status = 'paid' THEN 'PAYOUT-' || upper(substr(md5(user_id::text || 'p'), 1, 10)) END,
           CASE WHEN status IN ('approved', 'paid') THEN created_at + interval '2 hours' END,
           CASE WHEN status = 'paid' THEN created_at + interval '5 hours' END,
           CASE WHEN status = 'rejected' THEN created_at + interval '3 hours' END,
           created_at, created_at + interval '5 hours'
      FROM priced WHERE fee < amount AND amount > 0`);
  await q.execute(sql`DROP TABLE seed_withdrawals`);
  await q.execute(sql`INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, payment_method_id, withdrawal_id, created_at)
    SELECT user_id, -amount, 'main', 'withdrawal', 'expense', 'Withdrawal #' || id || ' requested: amount held', payment_method_id, id, created_at
      FROM withdrawals w WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.withdrawal_id = w.id)`);
  await q.execute(sql`INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, payment_method_id, withdrawal_id, created_at)
    SELECT user_id, amount, 'main', 'withdrawal_release', 'income', 'Withdrawal #' || id || ' rejected: amount released', payment_method_id, id, rejected_at
      FROM withdrawals w WHERE status = 'rejected' AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.withdrawal_id = w.id AND t.type = 'withdrawal_release')`);
  await q.execute(sql`UPDATE users u SET balance = s.main
      FROM (SELECT user_id, coalesce(sum(amount) FILTER (WHERE balance_type = 'main'), 0) AS main FROM transactions GROUP BY user_id) s
     WHERE s.user_id = u.id AND u.balance <> s.main`);
  await q.execute(sql`ANALYZE invoices`);
  await q.execute(sql`ANALYZE withdrawals`);
  await q.execute(sql`ANALYZE transactions`);
}
