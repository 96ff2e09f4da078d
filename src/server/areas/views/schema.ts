import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staffMembers } from '../../db/schema/staff';

/** Saved views of lists (src/contract/views): a list's URL search under a name, private or shared. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    endpoint: text('endpoint').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_owner_name_idx').on(t.staffId, t.resource, t.name), index('saved_views_shared_idx').on(t.shared)],
);
