import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ComboOrderStatus } from '../../../contract/combo-orders';
import { users } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';

/**
 * Combo orders: a package bought for one url. Its orders carry source_type
 * 'combo_order' and source_id = this id; `orders_count` is how many it placed (1 for a manual
 * package), kept here so the list neither counts nor joins 200k orders per row.
 */
export const comboOrders = pgTable(
  'combo_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    url: text('url').notNull(),
    status: text('status').$type<ComboOrderStatus>().notNull().default('in_moderation'),
    ordersCount: integer('orders_count').notNull().default(1),
    /** What the customer paid for the package. */
    price: numeric('price', { precision: 14, scale: 4 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    check('combo_orders_status_check', sql`${t.status} IN ('in_moderation', 'in_processing', 'completed', 'canceled')`),
    check('combo_orders_orders_count_check', sql`${t.ordersCount} >= 0`),
    // The default list: "status = in_processing, newest first"; also the in-moderation count.
    index('combo_orders_status_id_idx').on(t.status, t.id),
    index('combo_orders_user_idx').on(t.userId),
    index('combo_orders_package_idx').on(t.packageId),
    index('combo_orders_created_at_idx').on(t.createdAt),
  ],
);
