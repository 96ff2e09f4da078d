import { sql } from 'drizzle-orm';
import type { ReferralAffiliateRow, ReferralSort, ReferralStatistics } from '../../../contract/referrals';
import { one, rows, type Queryable } from '../../db/client';
import { defineHandlers } from '../../http/handlers';

/**
 * Referral program statistics. One pass over the affiliates' referrals and
 * what those referrals paid in the range; the referral commission credited to each affiliate in
 * the range comes from their 'referral' balance transactions.
 */

/** The instance's default referral percent (a fraction) when the panel settings name none. */
export const DEFAULT_REFERRAL_PERCENT = '0.0500';

async function defaultPercent(q: Queryable): Promise<string> {
  const row = await one<{ value: unknown }>(q, sql`SELECT value FROM settings WHERE key = 'defaultReferralProgramPercent'`);
  const n = Number(row?.value);
  return row && Number.isFinite(n) && n >= 0 && n <= 1 ? n.toFixed(4) : DEFAULT_REFERRAL_PERCENT;
}

const ORDER_BY: Record<ReferralSort, string> = {
  spent: 'spent::numeric',
  commission: 'commission::numeric',
  referrals: 'referrals',
  newReferrals: 'new_referrals',
  payingReferrals: 'paying_referrals',
  affiliate: 'email',
};

interface StatRow extends Record<string, unknown> {
  id: number;
  email: string;
  affiliate_code: string | null;
  referrals: number;
  new_referrals: number;
  paying_referrals: number;
  spent: string;
  commission: string;
  expected: string;
  total_count: number;
}

async function statistics(
  q: Queryable,
  query: { startDate: string; endDate: string; page: number; perPage: number; sortBy: ReferralSort; sortDesc: boolean },
): Promise<ReferralStatistics> {
  const percent = await defaultPercent(q);
  const from = sql`${query.startDate}::date::timestamptz`;
  const to = sql`(${query.endDate}::date + 1)::timestamptz`;
  const stats = sql`
    WITH referred AS (
      SELECT r.referrer_id AS affiliate_id, r.id, r.created_at FROM users r WHERE r.referrer_id IS NOT NULL
    ), paid AS (
      SELECT t.user_id, -sum(t.amount) AS spent
        FROM transactions t JOIN referred rf ON rf.id = t.user_id
       WHERE t.balance_type = 'main' AND t.type = 'order' AND t.created_at >= ${from} AND t.created_at < ${to}
       GROUP BY t.user_id
    ), commission AS (
      SELECT t.user_id, sum(t.amount) AS amount
        FROM transactions t
       WHERE t.balance_type = 'referral' AND t.created_at >= ${from} AND t.created_at < ${to}
       GROUP BY t.user_id
    ), per_affiliate AS (
      SELECT rf.affiliate_id,
             count(*)::int AS referrals,
             count(*) FILTER (WHERE rf.created_at >= ${from} AND rf.created_at < ${to})::int AS new_referrals,
             count(p.user_id)::int AS paying_referrals,
             coalesce(sum(p.spent), 0) AS spent
        FROM referred rf LEFT JOIN paid p ON p.user_id = rf.id
       GROUP BY rf.affiliate_id
    )
    SELECT a.id, a.email, a.affiliate_code, s.referrals, s.new_referrals, s.paying_referrals,
           s.spent::numeric(14,4)::text AS spent,
           coalesce(c.amount, 0)::numeric(14,4)::text AS commission,
           round(s.spent * ${percent}::numeric, 4)::numeric(14,4)::text AS expected,
           count(*) OVER ()::int AS total_count
      FROM per_affiliate s JOIN users a ON a.id = s.affiliate_id
      LEFT JOIN commission c ON c.user_id = a.id`;
  const direction = sql.raw(query.sortDesc ? 'DESC' : 'ASC');
  const found = await rows<StatRow>(
    q,
    sql`SELECT * FROM (${stats}) x ORDER BY ${sql.raw(ORDER_BY[query.sortBy])} ${direction}, id ${direction}
        LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}`,
  );
  const totals = await one<{ affiliates: number; new_referrals: number; paying_referrals: number; spent: string; commission: string }>(
    q,
    sql`SELECT count(*)::int AS affiliates, coalesce(sum(new_referrals), 0)::int AS new_referrals, coalesce(sum(paying_referrals), 0)::int AS paying_referrals,
               coalesce(sum(spent::numeric), 0)::numeric(14,4)::text AS spent, coalesce(sum(commission::numeric), 0)::numeric(14,4)::text AS commission
          FROM (${stats}) x`,
  );
  const items = found.map(
    (r): ReferralAffiliateRow => ({
      affiliate: { id: r.id, email: r.email, affiliateCode: r.affiliate_code },
      referrals: r.referrals,
      newReferrals: r.new_referrals,
      payingReferrals: r.paying_referrals,
      spent: r.spent,
      commission: r.commission,
      expectedCommission: r.expected,
    }),
  );
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    defaultPercent: percent,
    totals: {
      affiliates: totals?.affiliates ?? 0,
      newReferrals: totals?.new_referrals ?? 0,
      payingReferrals: totals?.paying_referrals ?? 0,
      spent: totals?.spent ?? '0.0000',
      commission: totals?.commission ?? '0.0000',
    },
    items,
    totalItemsCount: totals?.affiliates ?? 0,
  };
}

export const referralsHandlers = defineHandlers({
  referralStatistics: async ({ query, deps }) => statistics(deps.database.db, query),
});
