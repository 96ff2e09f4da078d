import { z } from 'zod';
import { ADMIN, endpoint } from '../endpoint';
import { money } from '../fields';
import { ORDER_STATUSES } from '../orders/columns';

/**
 * The dashboard's charts, one endpoint per chart. Periods are whole UTC days ending today: `days=7`
 * is today and the six days before. Every series has one point per day of the period, zeros
 * included, so a chart never skips a day.
 *
 * Order figures come from the roll-up `order_stats_daily` (orders per UTC day placed, service,
 * provider and current status, kept exact by triggers on orders), so they cost the same at 1M
 * orders as at 1,000. "Refunds and cancellations per day" count the orders placed that day that
 * are canceled now and what was refunded on them, so every bar opens the list of exactly those
 * orders. New users per day are an index range scan of users.created_at.
 *
 * Money is shown only to members with viewFinances: without it the money fields are null.
 */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 30;

export const dashboardPeriodQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d): d is DashboardPeriod => (DASHBOARD_PERIODS as readonly number[]).includes(d), { message: 'The period is 7, 30 or 90 days.' })
    .default(DEFAULT_DASHBOARD_PERIOD),
});

/** 'YYYY-MM-DD', UTC. */
const day = z.string();
const period = { from: day, to: day };

/**
 * The orders statistics call (GET /orders/statistics): orders placed and their
 * revenue (sum of prices charged) per day, and the period's totals.
 */
export const ordersStatisticsSchema = z.object({
  ...period,
  days: z.array(z.object({ date: day, orders: z.number().int(), revenue: money.nullable() })),
  totals: z.object({ orders: z.number().int(), revenue: money.nullable() }),
});
export type OrdersStatistics = z.infer<typeof ordersStatisticsSchema>;

export const dashboardRefundsSchema = z.object({
  ...period,
  days: z.array(z.object({ date: day, canceled: z.number().int(), refunded: money.nullable() })),
});
export type DashboardRefunds = z.infer<typeof dashboardRefundsSchema>;

export const dashboardOrderStatusesSchema = z.object({
  statuses: z.array(z.object({ status: z.enum(ORDER_STATUSES), orders: z.number().int() })),
});
export type DashboardOrderStatuses = z.infer<typeof dashboardOrderStatusesSchema>;

export const DASHBOARD_TOP_SERVICES = 10;
export const dashboardTopServicesSchema = z.object({
  ...period,
  /** By revenue, or by orders for a member without viewFinances (revenue null). */
  rankedBy: z.enum(['revenue', 'orders']),
  services: z.array(z.object({ serviceId: z.number().int(), name: z.string(), orders: z.number().int(), revenue: money.nullable() })),
});
export type DashboardTopServices = z.infer<typeof dashboardTopServicesSchema>;

export const dashboardProviderSpendSchema = z.object({
  ...period,
  /** Spend is the sum of the orders' cost at the provider, in the panel's currency. */
  providers: z.array(z.object({ providerId: z.number().int(), name: z.string(), orders: z.number().int(), spend: money })),
});
export type DashboardProviderSpend = z.infer<typeof dashboardProviderSpendSchema>;

export const dashboardNewUsersSchema = z.object({
  ...period,
  days: z.array(z.object({ date: day, users: z.number().int() })),
});
export type DashboardNewUsers = z.infer<typeof dashboardNewUsersSchema>;

export const dashboardEndpoints = {
  ordersDailyStatistics: endpoint({
    method: 'GET',
    path: `${ADMIN}/orders/statistics`,
    permission: 'viewOrders',
    query: dashboardPeriodQuerySchema,
    response: ordersStatisticsSchema,
    summary: 'Orders placed and revenue per day over 7, 30 or 90 days (revenue needs viewFinances)',
  }),
  dashboardRefunds: endpoint({
    method: 'GET',
    path: `${ADMIN}/dashboard/refunds`,
    permission: 'viewOrders',
    query: dashboardPeriodQuerySchema,
    response: dashboardRefundsSchema,
    summary: 'Per day placed: orders canceled now and the amount refunded on them',
  }),
  dashboardOrderStatuses: endpoint({
    method: 'GET',
    path: `${ADMIN}/dashboard/order-statuses`,
    permission: 'viewOrders',
    response: dashboardOrderStatusesSchema,
    summary: 'All orders by their status now',
  }),
  dashboardTopServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/dashboard/top-services`,
    permission: 'viewOrders',
    query: dashboardPeriodQuerySchema,
    response: dashboardTopServicesSchema,
    summary: `The ${DASHBOARD_TOP_SERVICES} services with the most revenue in the period`,
  }),
  dashboardProviderSpend: endpoint({
    method: 'GET',
    path: `${ADMIN}/dashboard/provider-spend`,
    permission: 'manageExternalPanels',
    query: dashboardPeriodQuerySchema,
    response: dashboardProviderSpendSchema,
    summary: 'What the orders placed in the period cost at each provider',
  }),
  dashboardNewUsers: endpoint({
    method: 'GET',
    path: `${ADMIN}/dashboard/new-users`,
    permission: 'viewUsers',
    query: dashboardPeriodQuerySchema,
    response: dashboardNewUsersSchema,
    summary: 'Users registered per day',
  }),
};
