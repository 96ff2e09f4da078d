import { defineTableSpec } from '../columns';
import { LOCALES } from '../locales';

/**
 * The catalogue's values and column tables: services, networks, service types, labels (features),
 * targets and target types. No zod here: the console's entry reads them.
 */

/** Translated fields of a service. */
export const SERVICE_TRANSLATION_FIELDS = [
  'name',
  'exampleLink',
  'speed',
  'geo',
  'requirements',
  'guarantee',
  'startTime',
  'shortDescription',
  'reviews',
  'description',
  'metaDescription',
  'metaTitle',
] as const;
export type ServiceTranslationField = (typeof SERVICE_TRANSLATION_FIELDS)[number];

/** Translated fields of a service type. */
export const SERVICE_TYPE_TRANSLATION_FIELDS = ['name', 'title', 'faq', 'shortDescription', 'reviews', 'metaDescription', 'metaTitle'] as const;
export type ServiceTypeTranslationField = (typeof SERVICE_TYPE_TRANSLATION_FIELDS)[number];

export const NETWORK_TRANSLATION_FIELDS = ['name', 'description'] as const;
export const LABEL_TRANSLATION_FIELDS = ['name'] as const;
export const TARGET_TRANSLATION_FIELDS = ['name', 'description', 'placeholder'] as const;

/** Where a service's full description shows: header or footer; footer by default. */
export const FULL_DESCRIPTION_LOCATIONS = ['header', 'footer'] as const;
export type FullDescriptionLocation = (typeof FULL_DESCRIPTION_LOCATIONS)[number];
export const DEFAULT_FULL_DESCRIPTION_LOCATION: FullDescriptionLocation = 'footer';

/** A new service type is of type Youtube unless chosen otherwise. */
export const DEFAULT_SERVICE_TYPE_TYPE = 'Youtube';

/** The boolean flags of a service, with the words the console shows. */
export const SERVICE_FLAGS = [
  'apiAccess',
  'restrictedAccess',
  'hasRefill',
  'isEnabled',
  'isArchived',
  'isDeactivated',
  'urlIsRequired',
  'realCounterCompleteIsEnabled',
  'moderationIsEnabled',
  'cancelByClientIsAllowed',
  'gatherStatistic',
  'autoCancel',
  'calculatableQuantity',
  'forbidsOrdersWithSameUrl',
  'providersAreUnavailableForALongTime',
] as const;
export type ServiceFlag = (typeof SERVICE_FLAGS)[number];
export const SERVICE_FLAG_LABELS: Record<ServiceFlag, string> = {
  apiAccess: 'API access',
  restrictedAccess: 'Restricted access',
  hasRefill: 'Refill',
  isEnabled: 'Enabled',
  isArchived: 'Archived',
  isDeactivated: 'Deactivated',
  urlIsRequired: 'URL is required',
  realCounterCompleteIsEnabled: 'Complete by the real counter',
  moderationIsEnabled: 'Moderation',
  cancelByClientIsAllowed: 'Customers may cancel',
  gatherStatistic: 'Gathers statistics',
  autoCancel: 'Auto-cancel',
  calculatableQuantity: 'Calculatable quantity',
  forbidsOrdersWithSameUrl: 'One order per URL',
  providersAreUnavailableForALongTime: 'Providers unavailable for a long time',
};
/** Flags a bulk update may set (enable, disable and archive have their own fields). */
export const BULK_SERVICE_FLAGS = [
  'apiAccess',
  'restrictedAccess',
  'hasRefill',
  'isDeactivated',
  'urlIsRequired',
  'moderationIsEnabled',
  'cancelByClientIsAllowed',
  'gatherStatistic',
  'autoCancel',
  'forbidsOrdersWithSameUrl',
] as const;
export type BulkServiceFlag = (typeof BULK_SERVICE_FLAGS)[number];

/** A target type's kinds and view types. */
export const TARGET_TYPE_KINDS = ['geotargeting', 'comment', 'keyword', 'seo_keyword', 'language'] as const;
export type TargetTypeKind = (typeof TARGET_TYPE_KINDS)[number];
export const TARGET_TYPE_KIND_LABELS: Record<TargetTypeKind, string> = {
  geotargeting: 'Geotargeting',
  comment: 'Comment',
  keyword: 'Keyword',
  seo_keyword: 'SEO keyword',
  language: 'Language',
};
export const TARGET_VIEW_TYPES = ['float_input', 'input', 'multiselect', 'number_input', 'select', 'textarea', 'url_input'] as const;
export type TargetViewType = (typeof TARGET_VIEW_TYPES)[number];
export const TARGET_VIEW_TYPE_LABELS: Record<TargetViewType, string> = {
  float_input: 'Decimal number',
  input: 'Text',
  multiselect: 'Several choices',
  number_input: 'Whole number',
  select: 'One choice',
  textarea: 'Long text',
  url_input: 'URL',
};

/** What the impact check is asked about (beyond the spec: what depends on a service before a change). */
export const SERVICE_CHANGES = ['archive', 'disable', 'reprice'] as const;
export type ServiceChange = (typeof SERVICE_CHANGES)[number];

export const SERVICES_TABLE = defineTableSpec({
  search: 'id, name or slug',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    'network.name': { filter: 'select', valueType: 'int', sortable: true },
    'serviceType.name': { filter: 'select', valueType: 'int', sortable: true },
    defaultPrice: { filter: 'numberRange', sortable: true },
    minQuantity: { filter: 'numberRange', sortable: true },
    maxQuantity: { filter: 'numberRange', sortable: true },
    /** Filters by provider (external panel) id: services with a provider service of it. */
    providers: { filter: 'select', valueType: 'int' },
    labels: { filter: 'select', valueType: 'int' },
    flags: {},
    isEnabled: { filter: 'boolean', sortable: true },
    isArchived: { filter: 'boolean', sortable: true },
    hasRefill: { filter: 'boolean', sortable: true },
    dripFeedIsAllowed: { filter: 'boolean', sortable: true },
    apiAccess: { filter: 'boolean', sortable: true },
    /** "Missing translations in <locale>": a locale lacks a text English has, or is older than English. */
    translations: { filter: 'select', options: LOCALES },
    sorting: { sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    actions: {},
  },
});

export const NETWORKS_TABLE = defineTableSpec({
  search: 'id, name or machine name',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    network: { filter: 'text', sortable: true },
    serviceTypes: {},
    servicesCount: { sortable: true },
    translations: { filter: 'select', options: LOCALES },
    sorting: { sortable: true },
    actions: {},
  },
});

export const SERVICE_TYPES_TABLE = defineTableSpec({
  search: 'id, name or slug',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    'network.name': { filter: 'select', valueType: 'int', sortable: true },
    type: { filter: 'text', sortable: true },
    servicesCount: { sortable: true },
    reviewsRating: { filter: 'numberRange', sortable: true },
    translations: { filter: 'select', options: LOCALES },
    sorting: { sortable: true },
    actions: {},
  },
});

export const LABELS_TABLE = defineTableSpec({
  search: 'id or name',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    icon: {},
    name: { filter: 'text', sortable: true },
    servicesCount: { sortable: true },
    translations: { filter: 'select', options: LOCALES },
    actions: {},
  },
});

export const TARGETS_TABLE = defineTableSpec({
  search: 'id or name',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    'targetType.title': { filter: 'select', valueType: 'int', sortable: true },
    selectableValues: {},
    isVisibleDefaultValues: { filter: 'boolean', sortable: true },
    servicesCount: { sortable: true },
    actions: {},
  },
});

export const TARGET_TYPES_TABLE = defineTableSpec({
  search: 'id, kind or title',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'select', options: TARGET_TYPE_KINDS, sortable: true },
    title: { filter: 'text', sortable: true },
    viewType: { filter: 'select', options: TARGET_VIEW_TYPES, sortable: true },
    selectable: { filter: 'boolean', sortable: true },
    enabledForService: { filter: 'boolean', sortable: true },
    targetsCount: { sortable: true },
    actions: {},
  },
});
