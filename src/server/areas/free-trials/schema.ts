import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { FreeTrialQuestKind, FreeTrialStatus } from '../../../contract/free-trials/columns';
import { services } from '../../db/schema/catalogue';
import { users } from '../../db/schema/customers';
import { staffMembers } from '../../db/schema/staff';

/**
 * Free trials: requests and quests.
 *
 * - A quest is a task the storefront offers ("subscribe to our Telegram channel") with the free
 *   service and quantity it earns. Quests are archived, never deleted (requests refer to them).
 * - A request is a customer's ask for a free trial of a service at a url, on their own or as the
 *   reward of a quest (with the proof they left). Staff approve or reject it: status pending ->
 *   approved | rejected, by a conditional update (the kit's defineTransition). Approving places
 *   the free order (source free_trial, price 0) and keeps its id in order_id. Only pending
 *   requests are counted by the live Free-trials counter.
 */
export const freeTrialQuests = pgTable(
  'free_trial_quests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<FreeTrialQuestKind>().notNull().default('subscribe'),
    /** Where the customer does the task (a channel, a review page). */
    taskUrl: text('task_url').notNull().default(''),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(100),
    /** How many requests one customer may make through this quest. */
    perUserLimit: integer('per_user_limit').notNull().default(1),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('free_trial_quests_quantity_check', sql`${t.quantity} > 0 AND ${t.perUserLimit} > 0`),
    index('free_trial_quests_archived_idx').on(t.isArchived, t.id),
  ],
);

export const freeTrialRequests = pgTable(
  'free_trial_requests',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<FreeTrialStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'restrict' }),
    questId: integer('quest_id').references(() => freeTrialQuests.id, { onDelete: 'restrict' }),
    url: text('url').notNull().default(''),
    quantity: integer('quantity').notNull().default(100),
    /** What the customer wrote, or the proof of a quest (a screenshot link, a username). */
    comment: text('comment'),
    /** The reason given when rejected (shown to the customer). */
    adminNote: text('admin_note'),
    /** The free order placed on approval. */
    orderId: bigint('order_id', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    isArchived: boolean('is_archived').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('free_trial_requests_status_idx').on(t.status),
    index('free_trial_requests_user_idx').on(t.userId, t.id),
    index('free_trial_requests_quest_idx').on(t.questId),
    check('free_trial_requests_status_check', sql`${t.status} IN ('pending', 'rejected', 'approved')`),
    check('free_trial_requests_quantity_check', sql`${t.quantity} > 0`),
  ],
);
