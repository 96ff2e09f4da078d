import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { providers } from '../../db/schema/providers';
import { staffMembers } from '../../db/schema/staff';

/**
 * The providers area's own tables: billing records of a provider (money we sent to, or got back
 * from, the external panel) and the preset "top providers" an account can be created at.
 */
export const providerPayments = pgTable(
  'provider_payments',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** Positive: paid to the provider; negative: refunded by it. */
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    comment: text('comment').notNull().default(''),
    createdBy: integer('created_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_payments_provider_idx').on(t.providerId, t.paidAt), check('provider_payments_amount_check', sql`${t.amount} <> 0`)],
);

export const presetPanels = pgTable('preset_panels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The panel's API URL; a path ("/provider-sim/api/v2") is on this server's own address. */
  url: text('url').notNull(),
  type: text('type').notNull().default('socpanel'),
  icon: text('icon'),
  sorting: integer('sorting').notNull().default(0),
  /** An account was created there from this preset. */
  isUsed: boolean('is_used').notNull().default(false),
});
