import { boolean, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The catalogue: networks, their service types and the services sold (catalogue.md §3). Only the
 * columns the users area reads (custom prices) and the seed needs exist so far; the catalogue and
 * orders areas extend these tables.
 */
export const networks = pgTable('networks', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Machine name: youtube, instagram, tiktok… */
  network: text('network').notNull(),
  sorting: integer('sorting').notNull().default(0),
});

export const serviceTypes = pgTable(
  'service_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    networkId: integer('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'restrict' }),
    /** Machine name of the kind of service: followers, likes, views… */
    type: text('type').notNull(),
    sorting: integer('sorting').notNull().default(0),
  },
  (t) => [index('service_types_network_idx').on(t.networkId)],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    serviceTypeId: integer('service_type_id')
      .notNull()
      .references(() => serviceTypes.id, { onDelete: 'restrict' }),
    minQuantity: integer('min_quantity').notNull().default(10),
    maxQuantity: integer('max_quantity').notNull().default(100000),
    quantityStep: integer('quantity_step').notNull().default(1),
    /** Price of `pricing_per` units. */
    defaultPrice: numeric('default_price', { precision: 14, scale: 4 }).notNull(),
    pricingPer: integer('pricing_per').notNull().default(1000),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('services_service_type_idx').on(t.serviceTypeId)],
);
