import { sql } from 'drizzle-orm';
import { one, rows, type Queryable } from '../../db/client';

/**
 * Demo incentives, seeded before the order book so the orders are priced with them
 * (./demoPricing.ts): coupons for orders and top-ups (one archived, one with a referral
 * manager), discounts — one global running now, one local to German-speaking countries, one
 * expired, one archived. Grades come with the customers (the users step).
 */

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

interface DemoCoupon {
  code: string;
  name: string;
  fr?: string;
  description: string;
  paymentType: 'order' | 'top_up';
  bonusType: 'discount' | 'balance_bonus';
  calc: 'percent' | 'fixed';
  percent?: string;
  amount?: string;
  min: string;
  from: number | null;
  to: number | null;
  limit: number | null;
  affiliate?: boolean;
  status?: 'active' | 'archived';
  wsd?: boolean;
  wucp?: boolean;
  wuo?: boolean;
  wb?: boolean;
}

const COUPONS: DemoCoupon[] = [
  {
    code: 'WELCOME10',
    name: 'Welcome 10 %',
    fr: 'Bienvenue 10 %',
    description: 'Ten percent off any order for new customers.',
    paymentType: 'order',
    bonusType: 'discount',
    calc: 'percent',
    percent: '0.10',
    min: '1',
    from: -560,
    to: null,
    limit: 20000,
  },
  {
    code: 'SPRING10',
    name: 'Spring 10 %',
    description: 'Spring campaign: ten percent off orders of 5 or more.',
    paymentType: 'order',
    bonusType: 'discount',
    calc: 'percent',
    percent: '0.10',
    min: '5',
    from: -250,
    to: -150,
    limit: null,
  },
  {
    code: 'TGBONUS',
    name: 'Telegram channel bonus',
    description: 'Two off orders of 10 or more, shared by our Telegram partner.',
    paymentType: 'order',
    bonusType: 'discount',
    calc: 'fixed',
    amount: '2',
    min: '10',
    from: -400,
    to: 60,
    limit: 3000,
    affiliate: true,
  },
  {
    code: 'BLACKFRIDAY',
    name: 'Black Friday 25 %',
    description: 'A quarter off every order during Black Friday week; combines with service discounts.',
    paymentType: 'order',
    bonusType: 'discount',
    calc: 'percent',
    percent: '0.25',
    min: '0',
    from: -372,
    to: -365,
    limit: null,
    wsd: true,
  },
  {
    code: 'VIP10',
    name: 'VIP 10 %',
    description: 'Ten percent off for VIP customers, also on custom prices and discounted services.',
    paymentType: 'order',
    bonusType: 'discount',
    calc: 'percent',
    percent: '0.10',
    min: '20',
    from: null,
    to: null,
    limit: null,
    wsd: true,
    wucp: true,
  },
  {
    code: 'CASHBACK5',
    name: 'Cashback 5 %',
    description: 'Five percent of the order back on the balance.',
    paymentType: 'order',
    bonusType: 'balance_bonus',
    calc: 'percent',
    percent: '0.05',
    min: '10',
    from: -300,
    to: 90,
    limit: null,
    wb: false,
  },
  {
    code: 'TOPUP5',
    name: 'Top-up bonus 5 %',
    description: 'Five percent extra on balance top-ups of 20 or more.',
    paymentType: 'top_up',
    bonusType: 'balance_bonus',
    calc: 'percent',
    percent: '0.05',
    min: '20',
    from: -560,
    to: null,
    limit: null,
  },
  {
    code: 'SUMMER2024',
    name: 'Summer 2024',
    description: 'Last summer’s campaign, archived.',
    paymentType: 'order',
    bonusType: 'discount',
    calc: 'percent',
    percent: '0.15',
    min: '0',
    from: -520,
    to: -430,
    limit: 500,
    status: 'archived',
  },
];

export async function seedDemoIncentives(q: Queryable): Promise<void> {
  const affiliate = await one<{ id: number }>(q, sql`SELECT id FROM users ORDER BY id LIMIT 1 OFFSET 3`);
  for (const c of COUPONS) {
    const translations: Record<string, { name: string; description: string }> = { en: { name: c.name, description: c.description } };
    if (c.fr) translations.fr = { name: c.fr, description: '' };
    await q.execute(sql`INSERT INTO coupons (status, name, description, translations, code, payment_type, bonus_type, bonus_amount_calculation_type,
        bonus_percentage, bonus_amount, min_amount, valid_from, valid_to, usage_limit, affiliate_id, work_with_service_discount,
        work_with_user_custom_price, use_with_only_unpaid_orders, work_with_balance, created_at)
      VALUES (${c.status ?? 'active'}, ${c.name}, ${c.description}, ${JSON.stringify(translations)}::jsonb, ${c.code}, ${c.paymentType}, ${c.bonusType}, ${c.calc},
        ${c.percent ?? null}, ${c.amount ?? null}, ${c.min}, ${c.from === null ? null : at(c.from)}, ${c.to === null ? null : at(c.to)}, ${c.limit},
        ${c.affiliate && affiliate ? affiliate.id : null}, ${c.wsd ?? false}, ${c.wucp ?? false}, ${c.wuo ?? false}, ${c.wb ?? true},
        ${at(Math.min(c.from ?? -560, -1) - 3)})
      ON CONFLICT (code) DO NOTHING`);
  }

  // Services by popularity in the demo catalogue: views, likes and followers.
  const services = await rows<{ id: number; name: string }>(q, sql`SELECT id, name FROM services WHERE NOT is_archived ORDER BY id`);
  if (services.length === 0) return;
  const pick = (pattern: RegExp, n: number) => services.filter((s) => pattern.test(s.name)).slice(0, n);
  const discounts = [
    {
      name: 'Views festival',
      from: -180,
      to: 45,
      countries: [] as string[],
      status: 'active',
      services: pick(/Views/, 4),
      percents: ['0.1500', '0.1000', '0.1500', '0.2000'],
    },
    {
      name: 'DACH weeks',
      from: -90,
      to: 30,
      countries: ['DE', 'AT', 'CH'],
      status: 'active',
      services: pick(/Followers|Subscribers/, 4),
      percents: ['0.1000', '0.1200', '0.0800', '0.1000'],
    },
    {
      name: 'Black Friday',
      from: -372,
      to: -365,
      countries: [],
      status: 'completed',
      services: pick(/Likes/, 5),
      percents: ['0.2500', '0.2500', '0.3000', '0.2000', '0.2500'],
    },
    { name: 'Happy hour (trial)', from: -480, to: -470, countries: ['US'], status: 'archived', services: pick(/Likes/, 2), percents: ['0.0500', '0.0500'] },
  ];
  for (const d of discounts) {
    if (d.services.length === 0) continue;
    const row = await one<{ id: number }>(
      q,
      sql`INSERT INTO discounts (name, status, valid_from, valid_to, countries, created_at)
          VALUES (${d.name}, ${d.status}, ${at(d.from)}, ${at(d.to)}, ${`{${d.countries.join(',')}}`}::text[], ${at(d.from - 2)}) RETURNING id`,
    );
    await q.execute(sql`INSERT INTO discount_services (discount_id, service_id, discount_percent, position) VALUES
      ${sql.join(
        d.services.map((s, i) => sql`(${row!.id}, ${s.id}, ${d.percents[i] ?? '0.1000'}, ${i})`),
        sql`, `,
      )}`);
  }
}
