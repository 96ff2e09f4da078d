import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { networks } from './catalogue';

/**
 * Packages (catalogue.md §3 "Package"): bundles of services sold for one url. Only the columns the
 * combo orders read exist so far; the packages area extends this table (costs, contents, sync…).
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('packages_type_check', sql`${t.type} IN ('auto', 'manual')`), index('packages_network_idx').on(t.networkId)],
);
