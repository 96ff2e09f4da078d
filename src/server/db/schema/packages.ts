import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { networks } from './catalogue';
import { providers } from './providers';

/**
 * Packages: bundles of services sold for one url. The combo orders read id, name, type, network_id,
 * is_enabled and is_archived; a provider import inserts name, type,
 * network_id, fixed_cost, discount_percent, sync and provider_id.
 *
 * Costs (kept by the storefront area whenever contents or pricing change):
 * - default_cost: the contents at their services' default prices (price × quantity / pricing per);
 * - total_cost: fixed_cost when set, else default_cost less discount_percent;
 * - difference: default_cost − total_cost (what the buyer saves; negative when a fixed cost is higher).
 */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** auto: placed as one order per content; manual: fulfilled by staff. */
    type: text('type').$type<'auto' | 'manual'>().notNull().default('auto'),
    networkId: integer('network_id').references(() => networks.id, { onDelete: 'set null' }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isArchived: boolean('is_archived').notNull().default(false),
    defaultCost: numeric('default_cost', { precision: 14, scale: 4 }).notNull().default('0'),
    difference: numeric('difference', { precision: 14, scale: 4 }).notNull().default('0'),
    totalCost: numeric('total_cost', { precision: 14, scale: 4 }).notNull().default('0'),
    /** A price set by hand; null: the default cost less the discount. */
    fixedCost: numeric('fixed_cost', { precision: 14, scale: 4 }),
    /** A fraction of 1 with 3 decimals (0.125 is 12.5 %). */
    discountPercent: numeric('discount_percent', { precision: 5, scale: 3 }).notNull().default('0'),
    /** Kept in step with the provider it was imported from. */
    sync: boolean('sync').notNull().default(false),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    slug: text('slug'),
    restrictedAccess: boolean('restricted_access').notNull().default(false),
    buyPageUrl: text('buy_page_url'),
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('packages_type_check', sql`${t.type} IN ('auto', 'manual')`),
    check('packages_discount_check', sql`${t.discountPercent} >= 0 AND ${t.discountPercent} <= 1`),
    index('packages_network_idx').on(t.networkId),
    uniqueIndex('packages_slug_unique').on(t.slug),
  ],
);
