import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The catalogue: networks, their service types and the services sold, and the promotable checker
 * groups a service refers to. Labels, targets and target attachments are the catalogue area's own
 * (src/server/areas/catalogue/schema.ts).
 *
 * Translations are `{ [locale]: { [field]: text } }` (src/contract/locales.ts). Beside them,
 * `translations_updated_at` holds per locale when its texts last changed and `source_updated_at`
 * when the English texts last changed: a locale older than the English source is stale.
 *
 * Columns other areas read: networks (name, network, sorting); service_types (name, network_id,
 * type, sorting); services (name, service_type_id, min/max_quantity, quantity_step, default_price
 * per pricing_per, is_enabled, is_archived). These keep their names.
 */
export const networks = pgTable('networks', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Machine name: youtube, instagram, tiktok… */
  network: text('network').notNull(),
  sorting: integer('sorting').notNull().default(0),
  description: text('description').notNull().default(''),
  icon: text('icon'),
  /** '#rrggbb'. */
  color: text('color'),
  /** Example links shown to customers (a video, a profile…). */
  urlExamples: jsonb('url_examples').$type<string[]>().notNull().default([]),
  translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
  translationsUpdatedAt: jsonb('translations_updated_at').$type<Record<string, string>>().notNull().default({}),
  sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const serviceTypes = pgTable(
  'service_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    networkId: integer('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'restrict' }),
    /** The kind of service type (Youtube by default); demo rows hold followers, likes, views… */
    type: text('type').notNull(),
    sorting: integer('sorting').notNull().default(0),
    color: text('color'),
    icon: text('icon'),
    slug: text('slug'),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    fullDescription: text('full_description').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    panelServiceTypeId: integer('panel_service_type_id'),
    reviewsCount: integer('reviews_count').notNull().default(0),
    reviewsRating: numeric('reviews_rating', { precision: 3, scale: 2 }).notNull().default('0'),
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
    translationsUpdatedAt: jsonb('translations_updated_at').$type<Record<string, string>>().notNull().default({}),
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_types_network_idx').on(t.networkId),
    uniqueIndex('service_types_slug_unique').on(t.slug),
    check('service_types_reviews_check', sql`${t.reviewsCount} >= 0 AND ${t.reviewsRating} >= 0 AND ${t.reviewsRating} <= 5`),
  ],
);

/** Promotable checker groups: which checkers verify that a link can be promoted. */
export const promotableCheckerGroups = pgTable('promotable_checker_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  serviceTypeType: text('service_type_type').notNull(),
  checkers: jsonb('checkers').$type<{ id: number; name: string }[]>().notNull().default([]),
});

export interface AutoRefillSettings {
  allowed: boolean;
  afterHours: number;
  /** Fractions of 1, like every percent of the API. */
  onceFillPercent: string;
  minDropPercent: string;
  maxDropPercent: string;
  maxTotalRefilledPercent: string;
}

export const DEFAULT_AUTO_REFILL: AutoRefillSettings = {
  allowed: false,
  afterHours: 24,
  onceFillPercent: '1.0000',
  minDropPercent: '0.0500',
  maxDropPercent: '1.0000',
  maxTotalRefilledPercent: '1.0000',
};

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
    /** Unique among services; demo rows get theirs from the catalogue seed. */
    slug: text('slug'),
    adminNote: text('admin_note').notNull().default(''),
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
    translationsUpdatedAt: jsonb('translations_updated_at').$type<Record<string, string>>().notNull().default({}),
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }),
    /** The lowest price of one order. */
    minPrice: numeric('min_price', { precision: 14, scale: 4 }).notNull().default('0'),
    /** ISO 3166-1 alpha-2 codes the service targets. */
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    orderQuantityRatio: numeric('order_quantity_ratio', { precision: 10, scale: 4 }).notNull().default('1'),
    budgetMultiplier: numeric('budget_multiplier', { precision: 10, scale: 4 }).notNull().default('1'),
    dripFeedIsAllowed: boolean('drip_feed_is_allowed').notNull().default(false),
    /** A fraction (0.25 is 25 %). */
    resaleMarginPercent: numeric('resale_margin_percent', { precision: 6, scale: 4 }).notNull().default('0'),
    liveStreamSupportMinutes: integer('live_stream_support_minutes'),
    liveStreamRetentionQuantityMultiplier: numeric('live_stream_retention_quantity_multiplier', { precision: 10, scale: 4 }),
    buyPageUrl: text('buy_page_url'),
    fullDescriptionLocation: text('full_description_location').$type<'header' | 'footer'>().notNull().default('footer'),
    promotableCheckerGroupId: integer('promotable_checker_group_id').references(() => promotableCheckerGroups.id, { onDelete: 'set null' }),
    defaultQuantityForWidget: integer('default_quantity_for_widget'),
    lastTimeProvidersAreAvailableAt: timestamp('last_time_providers_are_available_at', { withTimezone: true }),
    autoRefill: jsonb('auto_refill').$type<AutoRefillSettings>().notNull().default(DEFAULT_AUTO_REFILL),
    apiAccess: boolean('api_access').notNull().default(true),
    restrictedAccess: boolean('restricted_access').notNull().default(false),
    hasRefill: boolean('has_refill').notNull().default(false),
    isDeactivated: boolean('is_deactivated').notNull().default(false),
    urlIsRequired: boolean('url_is_required').notNull().default(true),
    realCounterCompleteIsEnabled: boolean('real_counter_complete_is_enabled').notNull().default(false),
    moderationIsEnabled: boolean('moderation_is_enabled').notNull().default(false),
    cancelByClientIsAllowed: boolean('cancel_by_client_is_allowed').notNull().default(false),
    gatherStatistic: boolean('gather_statistic').notNull().default(false),
    autoCancel: boolean('auto_cancel').notNull().default(false),
    calculatableQuantity: boolean('calculatable_quantity').notNull().default(false),
    forbidsOrdersWithSameUrl: boolean('forbids_orders_with_same_url').notNull().default(false),
    providersAreUnavailableForALongTime: boolean('providers_are_unavailable_for_a_long_time').notNull().default(false),
    /** Hand order within the service type (sort-services). */
    sorting: integer('sorting').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('services_service_type_idx').on(t.serviceTypeId),
    uniqueIndex('services_slug_unique').on(t.slug),
    check('services_full_description_location_check', sql`${t.fullDescriptionLocation} IN ('header', 'footer')`),
  ],
);
