import { z } from 'zod';
import { id, isoDate, money } from '../fields';
import { ADMIN, endpoint } from '../endpoint';

/**
 * Referral program statistics (/referral-program, needs viewReferralStatistics; the referral
 * percent travels as a fraction and is shown ×100). Per affiliate — a user who brought
 * others — over a date range [startDate, endDate] (UTC days, inclusive):
 * - referrals: users they brought, all time; newReferrals: of those, registered in the range;
 * - payingReferrals: referrals who paid for an order in the range; spent: what those orders took;
 * - commission: referral commission credited to the affiliate in the range (their referral
 *   balance); expectedCommission: spent × the default referral percent.
 * The default percent is a fraction ('0.0500' is 5 %).
 */

export const REFERRAL_SORTS = ['spent', 'commission', 'referrals', 'newReferrals', 'payingReferrals', 'affiliate'] as const;
export type ReferralSort = (typeof REFERRAL_SORTS)[number];
export const REFERRAL_PAGE_MAX = 100;

export const referralStatisticsQuerySchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    page: z.coerce.number().int().min(1).max(100000).default(1),
    perPage: z.coerce.number().int().min(1).max(REFERRAL_PAGE_MAX).default(30),
    sortBy: z.enum(REFERRAL_SORTS).default('spent'),
    sortDesc: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
  })
  .superRefine((v, ctx) => {
    if (v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date must be on or after the start date.' });
  });
export type ReferralStatisticsQuery = z.input<typeof referralStatisticsQuerySchema>;

export const referralAffiliateRowSchema = z.object({
  affiliate: z.object({ id, email: z.string(), affiliateCode: z.string().nullable() }),
  referrals: z.number().int(),
  newReferrals: z.number().int(),
  payingReferrals: z.number().int(),
  spent: money,
  commission: money,
  expectedCommission: money,
});
export type ReferralAffiliateRow = z.infer<typeof referralAffiliateRowSchema>;

export const referralStatisticsSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  /** A fraction: shown ×100. */
  defaultPercent: money,
  totals: z.object({
    affiliates: z.number().int(),
    newReferrals: z.number().int(),
    payingReferrals: z.number().int(),
    spent: money,
    commission: money,
  }),
  items: z.array(referralAffiliateRowSchema),
  totalItemsCount: z.number().int(),
});
export type ReferralStatistics = z.infer<typeof referralStatisticsSchema>;

export const referralsEndpoints = {
  referralStatistics: endpoint({
    method: 'GET',
    path: `${ADMIN}/referral-program/statistics`,
    permission: 'viewReferralStatistics',
    query: referralStatisticsQuerySchema,
    response: referralStatisticsSchema,
    summary: 'Referral statistics per affiliate over a date range, with the default referral percent',
  }),
};
