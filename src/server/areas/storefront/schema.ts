import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { networks, serviceTypes, services } from '../../db/schema/catalogue';
import { packages } from '../../db/schema/packages';

/**
 * Storefront content: special offers, banners with their slides, and auto-promotions. Packages live
 * in db/schema/packages.ts (the combo orders and provider imports
 * share them).
 */

/** A highlighted set of services shown at a place and position of the panel. */
export const specialOffers = pgTable(
  'special_offers',
  {
    id: serial('id').primaryKey(),
    place: text('place').notNull(),
    position: text('position').notNull(),
    networkId: integer('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'restrict' }),
    /** Empty: every service type of the network. */
    serviceTypeIds: jsonb('service_type_ids').$type<number[]>().notNull().default([]),
    serviceIds: jsonb('service_ids').$type<number[]>().notNull().default([]),
    /** `{ en: { name } }`: the name shown to buyers, per locale. */
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
    isEnabled: boolean('is_enabled').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('special_offers_network_idx').on(t.networkId)],
);

/** One banner per place (19 places); type 'none' means the place shows no banner. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    place: text('place').notNull(),
    type: text('type').notNull().default('none'),
    content: text('content').notNull().default(''),
    /** Seconds between slides, 1–15; null until first saved (read as 0). */
    scrollDelay: integer('scroll_delay'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('banners_place_unique').on(t.place),
    check('banners_scroll_delay_check', sql`${t.scrollDelay} IS NULL OR ${t.scrollDelay} BETWEEN 1 AND 15`),
  ],
);

/** A banner's slide ("information"): images, background colour and per-locale texts and colours. */
export const bannerInformations = pgTable(
  'banner_informations',
  {
    id: serial('id').primaryKey(),
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    backgroundImage: text('background_image'),
    backgroundColor: text('background_color'),
    image: text('image'),
    sorting: integer('sorting').notNull().default(0),
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
  },
  (t) => [index('banner_informations_banner_idx').on(t.bannerId, t.sorting)],
);

/** A network on the auto-promotion page: its switch and its place in the hand-sorted order. */
export const autoPromotionNetworks = pgTable('auto_promotion_networks', {
  networkId: integer('network_id')
    .primaryKey()
    .references(() => networks.id, { onDelete: 'cascade' }),
  isEnabled: boolean('is_enabled').notNull().default(false),
  sorting: integer('sorting').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A service offered for auto-promotion under a network and service type (each service once). */
export const autoPromotionServices = pgTable(
  'auto_promotion_services',
  {
    id: serial('id').primaryKey(),
    networkId: integer('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    serviceTypeId: integer('service_type_id')
      .notNull()
      .references(() => serviceTypes.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auto_promotion_services_service_unique').on(t.serviceId), index('auto_promotion_services_network_idx').on(t.networkId, t.serviceTypeId)],
);

/** What a package holds: a quantity of a service, its cost at the default price and its share of the package price. */
export const packageContents = pgTable(
  'package_contents',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** The quantity at the service's default price. */
    cost: numeric('cost', { precision: 14, scale: 4 }).notNull().default('0'),
    /** Its share of the package's total cost. */
    price: numeric('price', { precision: 14, scale: 4 }).notNull().default('0'),
    isDisplayable: boolean('is_displayable').notNull().default(true),
    sorting: integer('sorting').notNull().default(0),
  },
  (t) => [
    index('package_contents_package_idx').on(t.packageId, t.sorting),
    index('package_contents_service_idx').on(t.serviceId),
    check('package_contents_quantity_check', sql`${t.quantity} > 0`),
  ],
);
