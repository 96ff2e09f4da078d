import { sql, type SQL } from 'drizzle-orm';
import { one, rows, type Queryable } from '../../db/client';

/**
 * Demo customers (the users area) and what they hang on: sellers, grades, contact steps, payment
 * methods, a small catalogue, customer roles, 5,000 users with deposits and order payments,
 * referrals, custom prices and verification documents.
 *
 * Everything is generated in set-based INSERT … SELECT statements (a few seconds at most on
 * PGlite). Values come from hashint4 of the row number, not from a random generator, so the demo
 * looks the same on every machine. Balances are never written directly: they are the sum of the
 * seeded 'main' transactions, as the money rules require.
 */

/** 5,000 by default; tests seed fewer (SEED_USERS, see tests/setup.ts). */
export const DEMO_USERS_COUNT = Math.max(10, Number(process.env.SEED_USERS ?? 5000));

/** Staff who manage customers but hold no role (no sign-in until an admin sets a password). */
const DEMO_SELLERS = [
  { email: 'sofia.seller@example.com', name: 'Sofia Seller' },
  { email: 'liam.sales@example.com', name: 'Liam Sales' },
  { email: 'nora.accounts@example.com', name: 'Nora Accounts' },
];

const GRADES = [
  { name: 'Bronze', goal: '10', discount: '0.0100', closed: false, manager: false, thumb: null, chat: null },
  { name: 'Silver', goal: '100', discount: '0.0200', closed: false, manager: false, thumb: 7, chat: null },
  { name: 'Gold', goal: '500', discount: '0.0500', closed: true, manager: false, thumb: 14, chat: 7 },
  { name: 'Platinum', goal: '1500', discount: '0.0800', closed: true, manager: true, thumb: 30, chat: 30 },
  { name: 'Diamond', goal: '5000', discount: '0.1200', closed: true, manager: true, thumb: 90, chat: 90 },
];

const CONTACT_STEPS = ['First contact', 'Needs identified', 'Offer sent', 'Negotiation', 'Closed'];

const PAYMENT_METHODS = [
  { name: 'Visa / Mastercard', type: 'card' },
  { name: 'PayPal', type: 'paypal' },
  { name: 'Bitcoin', type: 'crypto' },
  { name: 'USDT (TRC20)', type: 'crypto' },
  { name: 'Perfect Money', type: 'perfect_money' },
  { name: 'Bank transfer', type: 'bank', enabled: false },
];

/** Network -> service types -> services (name, default price per 1000, min, max). */
const CATALOGUE: { name: string; network: string; types: { name: string; type: string; services: [string, string, number, number][] }[] }[] = [
  {
    name: 'YouTube',
    network: 'youtube',
    types: [
      {
        name: 'YouTube Views',
        type: 'views',
        services: [
          ['YouTube Views — Real', '1.2000', 100, 1000000],
          ['YouTube Views — High Retention', '2.8000', 500, 500000],
          ['YouTube Views — Fast Start', '0.9000', 100, 100000],
        ],
      },
      {
        name: 'YouTube Subscribers',
        type: 'subscribers',
        services: [
          ['YouTube Subscribers — Real', '24.0000', 50, 20000],
          ['YouTube Subscribers — Guaranteed 30 days', '32.0000', 50, 10000],
        ],
      },
      {
        name: 'YouTube Likes',
        type: 'likes',
        services: [
          ['YouTube Likes', '6.5000', 20, 50000],
          ['YouTube Comments — Custom', '45.0000', 10, 1000],
        ],
      },
    ],
  },
  {
    name: 'Instagram',
    network: 'instagram',
    types: [
      {
        name: 'Instagram Followers',
        type: 'followers',
        services: [
          ['Instagram Followers — Real', '3.4000', 50, 100000],
          ['Instagram Followers — Premium', '7.9000', 50, 50000],
          ['Instagram Followers — Refill 60 days', '5.2000', 100, 200000],
        ],
      },
      {
        name: 'Instagram Likes',
        type: 'likes',
        services: [
          ['Instagram Likes — Instant', '0.8000', 20, 100000],
          ['Instagram Likes — Women', '2.1000', 20, 20000],
          ['Instagram Auto Likes — 30 posts', '19.0000', 50, 10000],
        ],
      },
      {
        name: 'Instagram Views',
        type: 'views',
        services: [
          ['Instagram Reels Views', '0.1500', 500, 10000000],
          ['Instagram Story Views', '0.4000', 100, 100000],
        ],
      },
    ],
  },
  {
    name: 'TikTok',
    network: 'tiktok',
    types: [
      {
        name: 'TikTok Followers',
        type: 'followers',
        services: [
          ['TikTok Followers', '4.2000', 50, 100000],
          ['TikTok Followers — HQ', '8.8000', 50, 50000],
        ],
      },
      {
        name: 'TikTok Likes',
        type: 'likes',
        services: [
          ['TikTok Likes', '1.1000', 50, 100000],
          ['TikTok Likes — Fast', '1.6000', 50, 100000],
        ],
      },
      {
        name: 'TikTok Views',
        type: 'views',
        services: [
          ['TikTok Views', '0.0500', 1000, 50000000],
          ['TikTok Live Viewers — 30 min', '12.0000', 50, 5000],
          ['TikTok Shares', '0.9000', 100, 100000],
        ],
      },
    ],
  },
  {
    name: 'Telegram',
    network: 'telegram',
    types: [
      {
        name: 'Telegram Members',
        type: 'members',
        services: [
          ['Telegram Channel Members', '2.9000', 100, 100000],
          ['Telegram Group Members', '3.3000', 100, 50000],
          ['Telegram Members — Premium users', '19.5000', 50, 10000],
        ],
      },
      {
        name: 'Telegram Post Views',
        type: 'views',
        services: [
          ['Telegram Post Views — Last 1 post', '0.1000', 100, 1000000],
          ['Telegram Post Views — Last 10 posts', '0.7000', 100, 500000],
        ],
      },
      {
        name: 'Telegram Reactions',
        type: 'reactions',
        services: [
          ['Telegram Reactions — Positive mix', '0.6000', 20, 100000],
          ['Telegram Poll Votes', '1.9000', 50, 50000],
        ],
      },
    ],
  },
  {
    name: 'Facebook',
    network: 'facebook',
    types: [
      {
        name: 'Facebook Page Likes',
        type: 'likes',
        services: [
          ['Facebook Page Likes', '5.5000', 100, 50000],
          ['Facebook Page Followers', '4.9000', 100, 100000],
          ['Facebook Post Likes', '2.2000', 50, 50000],
        ],
      },
      {
        name: 'Facebook Video Views',
        type: 'views',
        services: [
          ['Facebook Video Views', '0.6000', 500, 1000000],
          ['Facebook Reels Views', '0.4500', 500, 1000000],
        ],
      },
      {
        name: 'Facebook Group Members',
        type: 'members',
        services: [
          ['Facebook Group Members', '9.0000', 100, 20000],
          ['Facebook Event Interested', '7.5000', 50, 10000],
        ],
      },
    ],
  },
];

const CUSTOMER_ROLES = ['customer', 'reseller', 'api_user', 'vip'];
const CUSTOMER_PERMISSIONS = ['useApi', 'createDripFeed', 'createSubscriptions', 'useChildPanel', 'withdrawReferralBalance', 'seeClosedServices'];

const FIRST_NAMES = [
  'Alice',
  'Bruno',
  'Chloe',
  'Diego',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kira',
  'Luca',
  'Maya',
  'Nikolai',
  'Olivia',
  'Pedro',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wei',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Arjun',
  'Bianca',
  'Carlos',
  'Dana',
];
const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Müller',
  'Rossi',
  'Novak',
  'Kim',
  'Silva',
  'Ivanova',
  'Okafor',
  'Larsen',
  'Dubois',
  'Tanaka',
  'Kowalski',
  'Haddad',
  'Santos',
  'Nguyen',
  'Brown',
  'Petrov',
  'Jensen',
  'Moreau',
  'Costa',
  'Yilmaz',
  'Fischer',
  'Lopez',
  'Sato',
  'Ahmed',
  'Weber',
  'Ortiz',
  'Popescu',
  'Reyes',
];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'proton.me', 'icloud.com', 'example.net'];
const SUBIDS = ['google_ads', 'fb_spring', 'tiktok_creators', 'newsletter', 'partner_42', 'yt_review'];

const textArray = (values: readonly string[]): SQL =>
  sql`(ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[])`;
const intArray = (values: readonly number[]): SQL =>
  sql`(ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::int[])`;
/** A stable pseudo-random number in [0, n) for row `id` and a salt. */
const h = (id: SQL, salt: number, n: number): SQL => sql`(abs(hashint4((${id} * 7 + ${salt})::int)::bigint) % ${n})`;

export async function seedDemoUsers(q: Queryable): Promise<void> {
  for (const seller of DEMO_SELLERS) {
    // '!' is no valid password hash: the seller exists as a manager but cannot sign in yet.
    await q.execute(sql`INSERT INTO staff_members (email, name, password_hash) VALUES (${seller.email}, ${seller.name}, '!')
      ON CONFLICT (email) DO NOTHING`);
  }
  const sellerIds = (
    await rows<{ id: number }>(q, sql`SELECT id FROM staff_members WHERE email IN ${['manager@example.com', ...DEMO_SELLERS.map((s) => s.email)]} ORDER BY id`)
  ).map((r) => r.id);
  const managerId = (await one<{ id: number }>(q, sql`SELECT id FROM staff_members WHERE email = 'manager@example.com'`))?.id ?? sellerIds[0] ?? null;

  for (const g of GRADES) {
    await q.execute(sql`INSERT INTO grades (name, translations, icon, spending_goal, discount_percent, thumbnail_period,
        consultation_chat_period, available_closed_sales, available_personal_manager)
      VALUES (${g.name}, ${JSON.stringify({ en: { name: g.name } })}::jsonb, ${`grade-${g.name.toLowerCase()}.svg`}, ${g.goal},
        ${g.discount}, ${g.thumb}, ${g.chat}, ${g.closed}, ${g.manager})`);
  }
  await q.execute(sql`INSERT INTO grades (name, translations, spending_goal, discount_percent, is_archived)
    VALUES ('Legacy VIP', '{"en": {"name": "Legacy VIP"}}'::jsonb, 1000, 0.1, true)`);

  await q.execute(sql`INSERT INTO contact_steps (name, sorting) SELECT name, n FROM unnest(${textArray(CONTACT_STEPS)}) WITH ORDINALITY AS s(name, n)`);
  for (const [i, m] of PAYMENT_METHODS.entries()) {
    await q.execute(sql`INSERT INTO payment_methods (name, type, is_enabled, position) VALUES (${m.name}, ${m.type}, ${m.enabled ?? true}, ${i + 1})`);
  }
  for (const [ni, network] of CATALOGUE.entries()) {
    const net = await one<{ id: number }>(
      q,
      sql`INSERT INTO networks (name, network, sorting) VALUES (${network.name}, ${network.network}, ${ni + 1}) RETURNING id`,
    );
    for (const [ti, type] of network.types.entries()) {
      const st = await one<{ id: number }>(
        q,
        sql`INSERT INTO service_types (name, network_id, type, sorting) VALUES (${type.name}, ${net!.id}, ${type.type}, ${ti + 1}) RETURNING id`,
      );
      for (const [name, price, min, max] of type.services) {
        await q.execute(sql`INSERT INTO services (name, service_type_id, default_price, min_quantity, max_quantity, quantity_step)
          VALUES (${name}, ${st!.id}, ${price}, ${min}, ${max}, ${min >= 100 ? 10 : 1})`);
      }
    }
  }
  await q.execute(sql`INSERT INTO customer_roles (name) SELECT unnest(${textArray(CUSTOMER_ROLES)}) ON CONFLICT DO NOTHING`);
  await q.execute(sql`INSERT INTO customer_permissions (name) SELECT unnest(${textArray(CUSTOMER_PERMISSIONS)}) ON CONFLICT DO NOTHING`);

  const methodIds = (await rows<{ id: number }>(q, sql`SELECT id FROM payment_methods WHERE is_enabled ORDER BY position, id`)).map((r) => r.id);
  const stepIds = (await rows<{ id: number }>(q, sql`SELECT id FROM contact_steps ORDER BY sorting, id`)).map((r) => r.id);
  const serviceIds = (await rows<{ id: number }>(q, sql`SELECT id FROM services ORDER BY id`)).map((r) => r.id);

  // Bob first: the command palette's examples name him ("freeze user bob@example.com").
  await q.execute(sql`INSERT INTO users (name, email, telegram_username, messengers, affiliate_code, seller_id, seller_status,
      contact_step_id, marketing_subid, created_at, updated_at)
    VALUES ('Bob Example', 'bob@example.com', 'bob_example', '{"telegram": "@bob_example"}'::jsonb, 'BOB2024', ${managerId},
      'in_progress', ${stepIds[1] ?? null}, 'partner_42', now() - interval '400 days', now() - interval '400 days')
    ON CONFLICT (email) DO NOTHING`);

  const i = sql`i`;
  const sellers = sellerIds.length ? intArray(sellerIds) : sql`(ARRAY[]::int[])`;
  await q.execute(sql`
    WITH g AS (
      SELECT i,
        ${textArray(FIRST_NAMES)}[1 + ${h(i, 1, FIRST_NAMES.length)}] AS first,
        ${textArray(LAST_NAMES)}[1 + ${h(i, 2, LAST_NAMES.length)}] AS last,
        ${h(i, 3, 100)} AS r_status,
        now() - ${h(i, 4, 730)} * interval '1 day' - ${h(i, 5, 86400)} * interval '1 second' AS created_at,
        ${h(i, 6, 100)} AS r_tg,
        ${h(i, 7, 100)} AS r_msg,
        ${h(i, 8, 100)} AS r_seller,
        ${h(i, 9, 100)} AS r_misc,
        ${h(i, 10, 100)} AS r_when
      FROM generate_series(2, ${DEMO_USERS_COUNT}) AS i
    )
    INSERT INTO users (name, email, telegram_username, messengers, affiliate_code, seller_id, seller_status, contact_step_id,
      marketing_subid, status, frozen_at, deactivated_at, discount_percent, created_at, updated_at)
    SELECT
      first || ' ' || last,
      lower(translate(first || '.' || last, 'ü', 'u')) || i || '@' || ${textArray(DOMAINS)}[1 + ${h(i, 11, DOMAINS.length)}],
      CASE WHEN r_tg < 40 THEN lower(first) || '_' || i END,
      CASE WHEN r_msg < 15 THEN jsonb_build_object('telegram', '@' || lower(first) || i)
           WHEN r_msg < 25 THEN jsonb_build_object('whatsapp', '+1555' || lpad(i::text, 7, '0'))
           WHEN r_msg < 30 THEN '{"telegram": null, "whatsapp": ""}'::jsonb END,
      upper(substr(md5(i::text), 1, 6)) || i,
      CASE WHEN r_seller < 60 AND cardinality(${sellers}) > 0 THEN (${sellers})[1 + r_seller % cardinality(${sellers})] END,
      CASE WHEN r_seller < 60 THEN (ARRAY['new', 'in_progress', 'paid', 'cancel'])[1 + r_misc % 4] END,
      CASE WHEN r_seller < 45 AND ${stepIds.length} > 0 THEN (${intArray(stepIds.length ? stepIds : [0])})[1 + r_misc % ${Math.max(stepIds.length, 1)}] END,
      CASE WHEN r_misc < 20 THEN ${textArray(SUBIDS)}[1 + r_tg % ${SUBIDS.length}] END,
      CASE WHEN r_status < 80 THEN 'active' WHEN r_status < 92 THEN 'frozen' ELSE 'deactivated' END,
      CASE WHEN r_status >= 80 AND r_status < 92 THEN created_at + (now() - created_at) * (r_when / 100.0) END,
      CASE WHEN r_status >= 92 THEN created_at + (now() - created_at) * (r_when / 100.0) END,
      CASE WHEN r_misc < 5 THEN 0.05 WHEN r_misc < 7 THEN 0.1 ELSE 0 END,
      created_at,
      CASE WHEN r_status >= 80 THEN created_at + (now() - created_at) * (r_when / 100.0) ELSE created_at END
    FROM g
    ON CONFLICT (email) DO NOTHING`);

  // Referrals: about 15 % of users were brought by one of the 300 oldest users (Bob among them).
  const first = await one<{ id: number }>(q, sql`SELECT min(id) AS id FROM users`);
  const base = first?.id ?? 1;
  const uid = sql`u.id`;
  await q.execute(sql`
    UPDATE users u SET referrer_id = r.id
      FROM users r
     WHERE ${h(uid, 12, 100)} < 15 AND u.id > ${base + 300}
       AND r.id = CASE WHEN ${h(uid, 13, 100)} < 4 THEN ${base} ELSE ${base} + ${h(uid, 14, 300)} END`);

  // Deposits: most users topped up one to three times (a few big spenders much more), after sign-up.
  await q.execute(sql`
    INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, payment_method_id, created_at)
    SELECT u.id,
      round(((5 + ${h(sql`(u.id * 5 + k)`, 15, 400)} + ${h(sql`(u.id * 5 + k)`, 16, 100)} / 100.0)
             * CASE WHEN ${h(uid, 17, 100)} < 2 THEN 12 ELSE 1 END)::numeric, 2),
      'main', 'deposit', 'income', 'Balance top-up',
      ${intArray(methodIds)}[1 + ${h(sql`(u.id * 5 + k)`, 18, methodIds.length)}],
      u.created_at + (now() - u.created_at) * (${h(sql`(u.id * 5 + k)`, 19, 500)} / 1000.0)
    FROM users u
    CROSS JOIN LATERAL generate_series(1, 1 + ${h(uid, 20, 3)}) AS k
    WHERE ${h(uid, 21, 100)} < 85 OR u.email = 'bob@example.com'`);

  // Order payments: each paying user spent part (0–95 %) of what they deposited, in one to four orders.
  await q.execute(sql`
    INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, created_at)
    SELECT d.user_id, -(floor(d.total * d.f / d.n * 100) / 100), 'main', 'order', 'expense', 'Order payment',
      d.last_deposit_at + (now() - d.last_deposit_at) * (0.5 + k / (2.0 * (d.n + 1)))
    FROM (
      SELECT user_id, sum(amount) AS total, max(created_at) AS last_deposit_at,
        ${h(sql`user_id`, 22, 96)} / 100.0 AS f, 1 + ${h(sql`user_id`, 23, 4)} AS n
      FROM transactions GROUP BY user_id
    ) d
    CROSS JOIN LATERAL generate_series(1, d.n) AS k
    WHERE floor(d.total * d.f / d.n * 100) > 0`);

  // Referral and task earnings live on their own balances and do not touch the main one.
  await q.execute(sql`
    INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, created_at)
    SELECT r.referrer_id, round(sum(-t.amount) * 0.05, 2), 'referral', 'referral_bonus', 'income', 'Referral commission', max(t.created_at)
    FROM transactions t JOIN users r ON r.id = t.user_id
    WHERE r.referrer_id IS NOT NULL AND t.type = 'order'
    GROUP BY r.referrer_id
    HAVING round(sum(-t.amount) * 0.05, 2) > 0`);
  await q.execute(sql`
    INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, created_at)
    SELECT u.id, 0.5 + ${h(uid, 24, 10)} / 2.0, 'task', 'task_reward', 'income', 'Task reward', u.created_at + interval '1 day'
    FROM users u WHERE ${h(uid, 25, 100)} < 10`);

  // Balance is the sum of main transactions; spent is what the orders took; the grade follows spent.
  await q.execute(sql`
    UPDATE users u SET balance = s.main, spent = s.spent,
           current_grade_id = (SELECT g.id FROM grades g WHERE NOT g.is_archived AND g.spending_goal <= s.spent
                                ORDER BY g.spending_goal DESC LIMIT 1)
      FROM (SELECT user_id,
                   coalesce(sum(amount) FILTER (WHERE balance_type = 'main'), 0) AS main,
                   coalesce(-sum(amount) FILTER (WHERE balance_type = 'main' AND type = 'order'), 0) AS spent
              FROM transactions GROUP BY user_id) s
     WHERE s.user_id = u.id`);

  // Custom prices for about 8 % of users, one to three services each, 60–89 % of the default price.
  await q.execute(sql`
    INSERT INTO user_services (user_id, service_id, price, created_at)
    SELECT u.id, s.id, round(s.default_price * (0.6 + ${h(sql`(u.id * 3 + k)`, 26, 30)} / 100.0), 4), u.created_at + interval '2 days'
    FROM users u
    CROSS JOIN LATERAL generate_series(1, 1 + ${h(uid, 27, 3)}) AS k
    JOIN services s ON s.id = ${intArray(serviceIds)}[1 + ${h(sql`(u.id * 3 + k)`, 28, serviceIds.length)}]
    WHERE ${h(uid, 29, 100)} < 8 OR u.email = 'bob@example.com'
    ON CONFLICT (user_id, service_id) DO NOTHING`);

  // Payment-method restrictions for about 10 % of users.
  await q.execute(sql`
    INSERT INTO user_payment_methods (user_id, payment_method_id)
    SELECT u.id, ${intArray(methodIds)}[1 + ${h(sql`(u.id * 2 + k)`, 30, methodIds.length)}]
    FROM users u CROSS JOIN generate_series(1, 2) AS k
    WHERE ${h(uid, 31, 100)} < 10
    ON CONFLICT DO NOTHING`);

  // Verification documents for about 10 % of users.
  await q.execute(sql`
    INSERT INTO verification_documents (user_id, type, status, file_name, created_at)
    SELECT u.id, d.type,
      CASE WHEN ${h(sql`(u.id * 2 + k)`, 32, 100)} < 60 THEN 'approved' WHEN ${h(sql`(u.id * 2 + k)`, 32, 100)} < 85 THEN 'pending' ELSE 'rejected' END,
      d.type || '_' || u.id || '_' || k || '.jpg', u.created_at + k * interval '3 days'
    FROM users u
    CROSS JOIN LATERAL generate_series(1, 1 + ${h(uid, 33, 2)}) AS k
    CROSS JOIN LATERAL (SELECT (ARRAY['passport', 'id_card', 'driver_license', 'utility_bill'])[1 + ${h(sql`(u.id * 2 + k)`, 34, 4)}] AS type) d
    WHERE ${h(uid, 35, 100)} < 10`);

  // Customer roles beyond the default storefront customer: resellers, API users and VIPs.
  await q.execute(sql`
    INSERT INTO user_customer_roles (user_id, role_id)
    SELECT u.id, r.id FROM users u JOIN customer_roles r
      ON (r.name = 'reseller' AND ${h(uid, 36, 100)} < 10)
      OR (r.name = 'api_user' AND ${h(uid, 37, 100)} < 5)
      OR (r.name = 'vip' AND u.current_grade_id IN (SELECT id FROM grades WHERE name IN ('Platinum', 'Diamond')))
    ON CONFLICT DO NOTHING`);
  await q.execute(sql`
    INSERT INTO user_customer_permissions (user_id, permission_id)
    SELECT x.user_id, p.id FROM user_customer_roles x
      JOIN customer_roles r ON r.id = x.role_id AND r.name = 'api_user'
      JOIN customer_permissions p ON p.name = 'useApi'
    ON CONFLICT DO NOTHING`);
}
