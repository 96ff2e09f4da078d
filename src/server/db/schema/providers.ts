import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ProviderStatus, ProviderType } from '../../../contract/providers';
import { services } from './catalogue';

/**
 * Providers (external panels): the upstream SMM panels orders are sent to, the services each one
 * sells (provider services, the "pricing rules") and which provider
 * services can fulfil which of our services (service_providers).
 *
 * An order's service "has an active provider" when some service_providers row for it is active and
 * points at a provider service that is active and not archived, whose provider is active and not
 * archived (see hasActiveProviderSql in src/server/areas/orders/providers.ts).
 *
 * Columns other areas read:
 * - providers: endpoint (the API URL, SMM API v2), api_token (secret: never sent to a client),
 *   balance and currency (money at the provider), type, status ('active' | 'disabled'),
 *   is_archived.
 * - provider_services: external_panel_id (-> providers.id), external_panel_service_id (the
 *   service id at the provider, text), source_price per source_pricing_per units, in the
 *   provider's currency; status ('active' | 'disabled'), is_archived.
 * - service_providers: priority ascending (1 is tried first), is_active.
 */
export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The provider's API URL (SMM panel API v2: POST key, action, …). */
    endpoint: text('endpoint').notNull(),
    /** The API key at the provider. Secret: never serialised to a client. */
    apiToken: text('api_token').notNull(),
    balance: numeric('balance', { precision: 14, scale: 4 }).notNull().default('0'),
    currency: text('currency').notNull().default('USD'),
    type: text('type').$type<ProviderType>().notNull(),
    status: text('status').$type<ProviderStatus>().notNull().default('active'),
    isArchived: boolean('is_archived').notNull().default(false),
    /** A fraction added on top of the provider's price when importing its services (0.25 is 25 %). */
    resaleMarginPercent: numeric('resale_margin_percent', { precision: 6, scale: 4 }).notNull().default('0'),
    favicon: text('favicon'),
    /** The last synchronisation with the provider failed. */
    syncFailed: boolean('sync_failed').notNull().default(false),
    /** The provider is another panel of ours. */
    isOurPanel: boolean('is_our_panel').notNull().default(false),
    autoRecreateOrdersIsAllowed: boolean('auto_recreate_orders_is_allowed').notNull().default(false),
    /** How order statistics are gathered from the provider (PROVIDER_STATISTIC_TYPES). */
    statisticType: text('statistic_type').notNull().default('none'),
    /** Sync flags: what a provider sync may change on our side. */
    syncServices: boolean('sync_services').notNull().default(true),
    syncPackages: boolean('sync_packages').notNull().default(false),
    syncPrices: boolean('sync_prices').notNull().default(true),
    syncName: boolean('sync_name').notNull().default(false),
    syncMeta: boolean('sync_meta').notNull().default(false),
    syncServiceDetails: boolean('sync_service_details').notNull().default(false),
    syncDescriptionField: boolean('sync_description_field').notNull().default(false),
    syncShortDescription: boolean('sync_short_description').notNull().default(false),
    syncReviews: boolean('sync_reviews').notNull().default(false),
    syncParams: boolean('sync_params').notNull().default(false),
    syncLabels: boolean('sync_labels').notNull().default(false),
    /** When the balance was last read from the provider's API. */
    balanceUpdatedAt: timestamp('balance_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('providers_type_check', sql`${t.type} IN ('socpanel', 'perfect_panel', 'social_value')`),
    check('providers_status_check', sql`${t.status} IN ('active', 'disabled')`),
    check('providers_statistic_type_check', sql`${t.statisticType} IN ('none', 'orders', 'services')`),
    index('providers_name_idx').on(t.name),
  ],
);

export const providerServices = pgTable(
  'provider_services',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The kind of provider service: default, custom_comments, package, subscription… */
    type: text('type').notNull().default('default'),
    externalPanelId: integer('external_panel_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** The service's id at the provider. */
    externalPanelServiceId: text('external_panel_service_id').notNull(),
    /** Price of `source_pricing_per` units at the provider, in the provider's currency. */
    sourcePrice: numeric('source_price', { precision: 14, scale: 4 }).notNull().default('0'),
    sourcePricingPer: integer('source_pricing_per').notNull().default(1000),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    isArchived: boolean('is_archived').notNull().default(false),
    lastAvailableAt: timestamp('last_available_at', { withTimezone: true }),
    /** Currency of source_price; null: the provider's currency. */
    sourcePriceCurrency: text('source_price_currency'),
    /** Order events the rule listens to and sends on (free text of the panel's event names). */
    sourceEvent: text('source_event'),
    targetEvent: text('target_event'),
    lastStatsGatherPeriod: text('last_stats_gather_period'),
    /** Per-service sync flags chosen at import (params, name, meta, serviceDetails, description, shortDescription, reviews, labels, prices). */
    syncFlags: jsonb('sync_flags').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('provider_services_status_check', sql`${t.status} IN ('active', 'disabled')`),
    check('provider_services_pricing_per_check', sql`${t.sourcePricingPer} > 0`),
    uniqueIndex('provider_services_panel_service_unique').on(t.externalPanelId, t.externalPanelServiceId),
  ],
);

/** Which provider services can fulfil which of our services, in priority order. */
export const serviceProviders = pgTable(
  'service_providers',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    providerServiceId: integer('provider_service_id')
      .notNull()
      .references(() => providerServices.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    /** Ascending: 1 is tried first. */
    priority: integer('priority').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.providerServiceId] }), index('service_providers_provider_service_idx').on(t.providerServiceId)],
);
