/** Provider values the console's entry reads (no zod here; see ../columns.ts). */
import { defineTableSpec } from '../columns';

/** socpanel is displayed as "panvy". */
export const PROVIDER_TYPES = ['socpanel', 'perfect_panel', 'social_value'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];
export const PROVIDER_TYPE_LABELS: Record<ProviderType, string> = {
  socpanel: 'panvy',
  perfect_panel: 'Perfect Panel',
  social_value: 'Social Value',
};

export const PROVIDER_STATUSES = ['active', 'disabled'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export const PROVIDER_STATUS_LABELS: Record<ProviderStatus, string> = { active: 'Active', disabled: 'Disabled' };

/** How order statistics are gathered from a provider. */
export const PROVIDER_STATISTIC_TYPES = ['none', 'orders', 'services'] as const;
export type ProviderStatisticType = (typeof PROVIDER_STATISTIC_TYPES)[number];
export const PROVIDER_STATISTIC_TYPE_LABELS: Record<ProviderStatisticType, string> = {
  none: 'Not gathered',
  orders: 'Per order',
  services: 'Per service',
};

/** Currencies a provider's balance and prices can be in. USD is the default of a new account. */
export const PROVIDER_CURRENCIES = ['USD', 'EUR', 'RUB', 'GBP', 'INR', 'TRY', 'UAH', 'KZT', 'BRL'] as const;
export const DEFAULT_PROVIDER_CURRENCY = 'USD';

/** The provider's sync flags, in the editor's order, with their labels. */
export const PROVIDER_SYNC_FLAGS = [
  'syncServices',
  'syncPackages',
  'syncPrices',
  'syncName',
  'syncMeta',
  'syncServiceDetails',
  'syncDescriptionField',
  'syncShortDescription',
  'syncReviews',
  'syncParams',
  'syncLabels',
] as const;
export type ProviderSyncFlag = (typeof PROVIDER_SYNC_FLAGS)[number];
export const PROVIDER_SYNC_FLAG_LABELS: Record<ProviderSyncFlag, string> = {
  syncServices: 'Services',
  syncPackages: 'Packages',
  syncPrices: 'Prices',
  syncName: 'Names',
  syncMeta: 'Meta',
  syncServiceDetails: 'Service details',
  syncDescriptionField: 'Description',
  syncShortDescription: 'Short description',
  syncReviews: 'Reviews',
  syncParams: 'Params',
  syncLabels: 'Labels',
};

/** Per-service sync flags of an imported service. */
export const SERVICE_SYNC_FLAGS = ['params', 'name', 'meta', 'serviceDetails', 'description', 'shortDescription', 'reviews', 'labels', 'prices'] as const;
export type ServiceSyncFlag = (typeof SERVICE_SYNC_FLAGS)[number];
export const SERVICE_SYNC_FLAG_LABELS: Record<ServiceSyncFlag, string> = {
  params: 'Params',
  name: 'Name',
  meta: 'Meta',
  serviceDetails: 'Service details',
  description: 'Description',
  shortDescription: 'Short description',
  reviews: 'Reviews',
  labels: 'Labels',
  prices: 'Prices',
};

/** Kinds of provider service (the "type" of a pricing rule). */
export const PROVIDER_SERVICE_TYPES = ['default', 'custom_comments', 'package', 'subscription', 'poll', 'mentions'] as const;
export const PROVIDER_SERVICE_TYPE_LABELS: Record<string, string> = {
  default: 'Default',
  custom_comments: 'Custom comments',
  package: 'Package',
  subscription: 'Subscription',
  poll: 'Poll',
  mentions: 'Mentions',
};

/** Providers list: default sort name descending. */
export const EXTERNAL_PANELS_TABLE = defineTableSpec({
  search: 'id, name or endpoint',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    type: { filter: 'multiSelect', options: PROVIDER_TYPES, sortable: true },
    balance: { filter: 'numberRange', sortable: true },
    currency: { filter: 'multiSelect', options: PROVIDER_CURRENCIES, sortable: true },
    status: { filter: 'multiSelect', options: PROVIDER_STATUSES, sortable: true },
    isArchived: { filter: 'boolean', sortable: true },
    syncFailed: { filter: 'boolean', sortable: true },
    servicesCount: { sortable: true },
  },
});

/** Provider services (pricing rules) list. */
export const PROVIDER_SERVICES_TABLE = defineTableSpec({
  search: 'id, name or the service id at the provider',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    type: { filter: 'multiSelect', options: PROVIDER_SERVICE_TYPES, sortable: true },
    'provider.name': { filter: 'select', valueType: 'int', sortable: true },
    externalPanelServiceId: { filter: 'text', sortable: true },
    sourcePrice: { filter: 'numberRange', sortable: true },
    sourcePricingPer: { sortable: true },
    status: { filter: 'multiSelect', options: PROVIDER_STATUSES, sortable: true },
    isArchived: { filter: 'boolean', sortable: true },
    servicesCount: { sortable: true },
  },
});
