import { z } from 'zod';
import { ADMIN, endpoint, pathId } from '../endpoint';
import {
  bulkResultSchema,
  dateTime,
  fraction,
  fromApiKeys,
  id,
  money,
  moneyInputWith,
  numericText,
  positiveId,
  translationsSchema,
  messageSchema,
  refSchema,
  wholeNumberInput,
} from '../fields';
import { LOCALES } from '../locales';
import { tableEndpoint, tableListEndpoint } from '../table';
import {
  BULK_SERVICE_FLAGS,
  DEFAULT_FULL_DESCRIPTION_LOCATION,
  FULL_DESCRIPTION_LOCATIONS,
  LABEL_TRANSLATION_FIELDS,
  LABELS_TABLE,
  NETWORK_TRANSLATION_FIELDS,
  NETWORKS_TABLE,
  SERVICE_CHANGES,
  SERVICE_TRANSLATION_FIELDS,
  SERVICE_TYPE_TRANSLATION_FIELDS,
  SERVICE_TYPES_TABLE,
  SERVICES_TABLE,
  TARGET_TRANSLATION_FIELDS,
  TARGET_TYPE_KINDS,
  TARGET_TYPES_TABLE,
  TARGET_VIEW_TYPES,
  TARGETS_TABLE,
} from './columns';

export * from './columns';

/**
 * The catalogue: services, networks, service types, labels (features), targets, target types,
 * target attachments, promotable checker groups and the translate call.
 *
 * Conventions of this area:
 * - reading needs viewServices (services, labels) or manageServiceTypes (networks, service types)
 *   or manageTargets (targets); writing services and labels needs manageServicesAndProviders; the
 *   auto-refill settings are answered and accepted only with writeAutoRefillParams.
 * - the English name is required and becomes the record's main name; other locales are optional.
 * - a service's write rules answer 422s on their field: maxQuantity (min ≤ max), quantityStep
 *   (divides max − min), prices (never negative), slug (unique), providers (an enabled service
 *   needs at least one).
 * - lists are `GET <path>?q=<JSON>` (the spec's GET calls) except labels, targets' and target
 *   types' tables, which are `POST …/table`.
 */

const translationsOut = z.record(z.string(), z.record(z.string(), z.string()));

/** Which locales lack a text English has (missing) or changed before English did (stale). */
export const translationStateSchema = z.object({
  complete: z.array(z.enum(LOCALES)),
  missing: z.array(z.enum(LOCALES)),
  stale: z.array(z.enum(LOCALES)),
});
export type TranslationState = z.infer<typeof translationStateSchema>;

const first = (message: string) => ({ message, abort: true });
/** A price: never negative, at most 4 decimals. */
const price = moneyInputWith(4, 'price');
/** A positive multiplier ('1.5'). */
const multiplier = numericText('value', 'a number')
  .pipe(z.string().regex(/^\d{1,6}(\.\d{1,4})?$/, first('Enter a number with at most 4 decimals.')))
  .refine((v) => Number(v) > 0, first('The value must be greater than 0.'));
const quantity = (what: string) => wholeNumberInput(what, { min: 1, max: 2_000_000_000 });
const optionalInt = (what: string) => wholeNumberInput(what, { max: 2_000_000_000 }).nullable();
const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour written #rrggbb.')
  .nullable();
const iconSchema = z.string().trim().max(255, 'The icon may have at most 255 characters.').nullable();
const slugSchema = z
  .string()
  .trim()
  .max(190, 'The slug may have at most 190 characters.')
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'The slug may hold lower-case letters, digits and single dashes.');
const urlOrNull = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'Enter a URL starting with http:// or https://.')
  .nullable()
  .transform((v) => (v ? v : null));
const idList = (what: string, max = 200) =>
  z
    .array(positiveId)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, `Each ${what} may appear once.`);

/* ---------- services ---------- */

export const autoRefillSchema = z
  .object({
    allowed: z.boolean(),
    afterHours: wholeNumberInput('hours', { min: 1, max: 8760, minMessage: 'At least 1 hour.', maxMessage: 'At most 8760 hours (a year).' }),
    onceFillPercent: fraction(4),
    minDropPercent: fraction(4),
    maxDropPercent: fraction(4),
    maxTotalRefilledPercent: fraction(4),
  })
  .superRefine((v, ctx) => {
    if (Number(v.minDropPercent) > Number(v.maxDropPercent)) {
      ctx.addIssue({ code: 'custom', path: ['maxDropPercent'], message: 'The maximum drop must be at least the minimum drop.' });
    }
  });
export type AutoRefill = z.output<typeof autoRefillSchema>;

export const serviceProviderInputSchema = z.object({
  providerServiceId: positiveId,
  isActive: z.boolean().default(true),
});

export const serviceTargetInputSchema = z.object({
  targetId: positiveId,
  targetableValues: z.array(z.string().trim().min(1).max(255)).max(300).default([]),
});

const flagFields = {
  apiAccess: z.boolean(),
  restrictedAccess: z.boolean(),
  hasRefill: z.boolean(),
  isEnabled: z.boolean(),
  isArchived: z.boolean().default(false),
  isDeactivated: z.boolean(),
  urlIsRequired: z.boolean(),
  realCounterCompleteIsEnabled: z.boolean(),
  moderationIsEnabled: z.boolean(),
  cancelByClientIsAllowed: z.boolean(),
  gatherStatistic: z.boolean(),
  autoCancel: z.boolean(),
  calculatableQuantity: z.boolean(),
  forbidsOrdersWithSameUrl: z.boolean(),
  providersAreUnavailableForALongTime: z.boolean().default(false),
};

export const serviceBodySchema = z
  .object({
    translations: translationsSchema(SERVICE_TRANSLATION_FIELDS, { required: ['en'], requiredFields: ['name'], max: 20000 }),
    /** Empty: made from the English name. */
    slug: slugSchema.default(''),
    adminNote: z.string().trim().max(5000).default(''),
    serviceTypeId: positiveId.nullable().refine((v) => v !== null, 'Choose a service type.'),
    minQuantity: quantity('minimum quantity'),
    maxQuantity: quantity('maximum quantity'),
    quantityStep: quantity('quantity step'),
    minPrice: price,
    defaultPrice: price,
    pricingPer: wholeNumberInput('pricing unit', { min: 1, max: 1_000_000, minMessage: 'The price must be per 1 unit at least.' }),
    providers: z.array(serviceProviderInputSchema).max(50, 'At most 50 providers.').default([]),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'Choose countries from the list.'))
      .max(250)
      .default([]),
    labels: idList('label').default([]),
    targets: z.array(serviceTargetInputSchema).max(50).default([]),
    targetAttachments: idList('attachment').default([]),
    orderQuantityRatio: multiplier.default('1'),
    budgetMultiplier: multiplier.default('1'),
    dripFeedIsAllowed: z.boolean(),
    resaleMarginPercent: fraction(4),
    liveStreamSupportMinutes: optionalInt('live stream support minutes').default(null),
    liveStreamRetentionQuantityMultiplier: multiplier.nullable().default(null),
    buyPageUrl: urlOrNull.default(null),
    fullDescriptionLocation: z.enum(FULL_DESCRIPTION_LOCATIONS).default(DEFAULT_FULL_DESCRIPTION_LOCATION),
    promotableCheckerGroupId: positiveId.nullable().default(null),
    defaultQuantityForWidget: optionalInt('default widget quantity').default(null),
    /** Needs writeAutoRefillParams; left out, the stored settings are kept. */
    autoRefill: autoRefillSchema.optional(),
    ...flagFields,
  })
  .superRefine((v, ctx) => {
    if (v.minQuantity > v.maxQuantity) {
      ctx.addIssue({ code: 'custom', path: ['maxQuantity'], message: 'The maximum quantity must be at least the minimum quantity.' });
    } else if ((v.maxQuantity - v.minQuantity) % v.quantityStep !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['quantityStep'],
        message: `The quantity step must divide the range from ${v.minQuantity} to ${v.maxQuantity} (${v.maxQuantity - v.minQuantity}).`,
      });
    }
    if (v.defaultQuantityForWidget !== null && (v.defaultQuantityForWidget < v.minQuantity || v.defaultQuantityForWidget > v.maxQuantity)) {
      ctx.addIssue({ code: 'custom', path: ['defaultQuantityForWidget'], message: 'The widget quantity must lie between the minimum and maximum quantity.' });
    }
    if (v.isEnabled && !v.isArchived && !v.providers.some((p) => p.isActive)) {
      ctx.addIssue({ code: 'custom', path: ['providers'], message: 'An enabled service needs at least one active provider.' });
    }
    const seen = new Set<number>();
    v.providers.forEach((p, i) => {
      if (seen.has(p.providerServiceId))
        ctx.addIssue({ code: 'custom', path: ['providers', i, 'providerServiceId'], message: 'This provider service is already in the list.' });
      seen.add(p.providerServiceId);
    });
    const targets = new Set<number>();
    v.targets.forEach((t, i) => {
      if (targets.has(t.targetId)) ctx.addIssue({ code: 'custom', path: ['targets', i, 'targetId'], message: 'This target is already in the list.' });
      targets.add(t.targetId);
    });
  });
export type ServiceBody = z.input<typeof serviceBodySchema>;
export type ServiceBodyOut = z.output<typeof serviceBodySchema>;

export const serviceProviderSchema = z.object({
  providerServiceId: id,
  name: z.string(),
  provider: refSchema,
  sourcePrice: money,
  sourcePricingPer: z.number().int(),
  status: z.string(),
  isArchived: z.boolean(),
  isActive: z.boolean(),
  priority: z.number().int(),
});
export type ServiceProvider = z.infer<typeof serviceProviderSchema>;

export const serviceRowSchema = z.object({
  id,
  name: z.string(),
  slug: z.string().nullable(),
  network: refSchema,
  serviceType: refSchema,
  defaultPrice: money,
  pricingPer: z.number().int(),
  minPrice: money,
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  quantityStep: z.number().int(),
  /** Distinct providers (external panels) of the service's provider services. */
  providers: z.array(refSchema),
  labels: z.array(z.object({ id, name: z.string(), icon: z.string() })),
  /** Every flag of the service, by name. */
  flags: z.record(z.string(), z.boolean()),
  isEnabled: z.boolean(),
  isArchived: z.boolean(),
  hasRefill: z.boolean(),
  dripFeedIsAllowed: z.boolean(),
  apiAccess: z.boolean(),
  translations: translationStateSchema,
  sorting: z.number().int(),
  createdAt: dateTime,
  actions: z.object({ editable: z.boolean(), archivable: z.boolean(), unarchivable: z.boolean(), copyable: z.boolean() }),
});
export type ServiceRow = z.infer<typeof serviceRowSchema>;

export const serviceDetailSchema = z.object({
  id,
  name: z.string(),
  slug: z.string().nullable(),
  adminNote: z.string(),
  translations: translationsOut,
  translationState: translationStateSchema,
  network: refSchema,
  serviceType: refSchema,
  serviceTypeId: id,
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  quantityStep: z.number().int(),
  minPrice: money,
  defaultPrice: money,
  pricingPer: z.number().int(),
  providers: z.array(serviceProviderSchema),
  countries: z.array(z.string()),
  labels: z.array(z.object({ id, name: z.string(), icon: z.string() })),
  targets: z.array(z.object({ targetId: id, name: z.string(), targetableValues: z.array(z.string()) })),
  targetAttachments: z.array(z.object({ id, name: z.string(), type: z.string() })),
  orderQuantityRatio: z.string(),
  budgetMultiplier: z.string(),
  dripFeedIsAllowed: z.boolean(),
  resaleMarginPercent: z.string(),
  liveStreamSupportMinutes: z.number().int().nullable(),
  liveStreamRetentionQuantityMultiplier: z.string().nullable(),
  buyPageUrl: z.string().nullable(),
  fullDescriptionLocation: z.enum(FULL_DESCRIPTION_LOCATIONS),
  promotableCheckerGroupId: id.nullable(),
  defaultQuantityForWidget: z.number().int().nullable(),
  lastTimeProvidersAreAvailableAt: dateTime.nullable(),
  /** Null without writeAutoRefillParams. */
  autoRefill: z
    .object({
      allowed: z.boolean(),
      afterHours: z.number().int(),
      onceFillPercent: z.string(),
      minDropPercent: z.string(),
      maxDropPercent: z.string(),
      maxTotalRefilledPercent: z.string(),
    })
    .nullable(),
  apiAccess: z.boolean(),
  restrictedAccess: z.boolean(),
  hasRefill: z.boolean(),
  isEnabled: z.boolean(),
  isArchived: z.boolean(),
  isDeactivated: z.boolean(),
  urlIsRequired: z.boolean(),
  realCounterCompleteIsEnabled: z.boolean(),
  moderationIsEnabled: z.boolean(),
  cancelByClientIsAllowed: z.boolean(),
  gatherStatistic: z.boolean(),
  autoCancel: z.boolean(),
  calculatableQuantity: z.boolean(),
  forbidsOrdersWithSameUrl: z.boolean(),
  providersAreUnavailableForALongTime: z.boolean(),
  sorting: z.number().int(),
  createdAt: dateTime,
  updatedAt: dateTime,
  actions: z.object({ editable: z.boolean(), archivable: z.boolean(), unarchivable: z.boolean(), copyable: z.boolean(), editAutoRefill: z.boolean() }),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

export const serviceResultSchema = z.object({ message: z.string(), service: serviceDetailSchema });

export const serviceBulkBodySchema = z
  .object({
    servicesIds: z.array(positiveId).min(1, 'Choose at least one service.').max(500, 'At most 500 services at once.'),
    isEnabled: z.boolean().optional(),
    isArchived: z.boolean().optional(),
    resaleMarginPercent: fraction(4).optional(),
    flags: z.partialRecord(z.enum(BULK_SERVICE_FLAGS), z.boolean()).optional(),
  })
  .superRefine((v, ctx) => {
    const flags = Object.keys(v.flags ?? {}).length;
    if (v.isEnabled === undefined && v.isArchived === undefined && v.resaleMarginPercent === undefined && flags === 0) {
      ctx.addIssue({ code: 'custom', path: ['servicesIds'], message: 'Choose something to change.' });
    }
  });
export type ServiceBulkBody = z.input<typeof serviceBulkBodySchema>;

export const serviceImpactSchema = z.object({
  service: refSchema,
  change: z.enum(SERVICE_CHANGES),
  /** Packages holding the service (none exist before the packages area stores contents). */
  packages: z.object({ count: z.number().int(), items: z.array(refSchema) }),
  activeSubscriptions: z.number().int(),
  activeDripFeeds: z.number().int(),
  ordersInProcessing: z.number().int(),
  specialOffers: z.object({ count: z.number().int(), items: z.array(refSchema) }),
  /** Nothing depends on it: the change can go ahead without a second look. */
  clear: z.boolean(),
  /** One sentence of what the change touches. */
  summary: z.string(),
});
export type ServiceImpact = z.infer<typeof serviceImpactSchema>;

export const serviceCollectionsSchema = z.object({
  networks: z.array(z.object({ id, name: z.string(), serviceTypes: z.array(refSchema) })),
  labels: z.array(z.object({ id, name: z.string(), icon: z.string() })),
  targets: z.array(
    z.object({
      id,
      name: z.string(),
      targetType: z.object({ id, name: z.string(), title: z.string(), viewType: z.string(), selectable: z.boolean() }),
      selectableValues: z.array(z.string()),
    }),
  ),
  targetAttachments: z.array(z.object({ id, name: z.string(), type: z.string(), isSystem: z.boolean() })),
  promotableCheckerGroups: z.array(z.object({ id, name: z.string(), serviceTypeType: z.string() })),
  /** Providers (external panels) by name, for the list's provider filter. */
  providers: z.array(refSchema),
  fullDescriptionLocations: z.array(z.enum(FULL_DESCRIPTION_LOCATIONS)),
  defaultFullDescriptionLocation: z.enum(FULL_DESCRIPTION_LOCATIONS),
});
export type ServiceCollections = z.infer<typeof serviceCollectionsSchema>;

export const providerServiceOptionSchema = z.object({
  id,
  name: z.string(),
  provider: refSchema,
  sourcePrice: money,
  sourcePricingPer: z.number().int(),
  status: z.string(),
  isArchived: z.boolean(),
});
export type ProviderServiceOption = z.infer<typeof providerServiceOptionSchema>;

/* ---------- networks ---------- */

export const networkRowSchema = z.object({
  id,
  name: z.string(),
  network: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  serviceTypes: z.array(refSchema),
  servicesCount: z.number().int(),
  translations: translationStateSchema,
  sorting: z.number().int(),
  actions: z.object({ editable: z.boolean() }),
});
export type NetworkRow = z.infer<typeof networkRowSchema>;

export const networkDetailSchema = networkRowSchema.extend({
  description: z.string(),
  urlExamples: z.array(z.string()),
  translationsText: translationsOut,
  updatedAt: dateTime,
});
export type NetworkDetail = z.infer<typeof networkDetailSchema>;

const networkFields = z.object({
  translations: translationsSchema(NETWORK_TRANSLATION_FIELDS, { required: ['en'], requiredFields: ['name'], max: 5000 }),
  network: z
    .string({ error: 'The machine name is required.' })
    .trim()
    .min(1, 'The machine name is required.')
    .max(50)
    .regex(/^[a-z0-9_]+$/, 'The machine name may hold lower-case letters, digits and underscores.'),
  icon: iconSchema.default(null),
  color: colorSchema.default(null),
  urlExamples: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
});
/**
 * A network as the console sends it (`translations`, `network`, …) or as the API's callers do:
 * `{ name, description, network }`, the English texts at the top level.
 */
export const networkBodySchema = fromApiKeys(networkFields, { english: ['name', 'description'] });
export type NetworkBody = z.input<typeof networkFields>;
export const networkResultSchema = z.object({ message: z.string(), network: networkDetailSchema });

export const sortNetworksBodySchema = z.object({ networks: idList('network', 1000).pipe(z.array(positiveId).min(1, 'Nothing to sort.')) });
export const sortServiceTypesBodySchema = z.object({ service_types: idList('service type', 1000).pipe(z.array(positiveId).min(1, 'Nothing to sort.')) });
export const sortServicesBodySchema = z.object({ services: idList('service', 5000).pipe(z.array(positiveId).min(1, 'Nothing to sort.')) });

/* ---------- service types ---------- */

export const serviceTypeRowSchema = z.object({
  id,
  name: z.string(),
  network: refSchema,
  type: z.string(),
  slug: z.string().nullable(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  servicesCount: z.number().int(),
  reviewsCount: z.number().int(),
  reviewsRating: z.string(),
  translations: translationStateSchema,
  sorting: z.number().int(),
  actions: z.object({ editable: z.boolean() }),
});
export type ServiceTypeRow = z.infer<typeof serviceTypeRowSchema>;

export const serviceTypeDetailSchema = serviceTypeRowSchema.extend({
  title: z.string(),
  description: z.string(),
  fullDescription: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  panelServiceTypeId: id.nullable(),
  translationsText: translationsOut,
  updatedAt: dateTime,
});
export type ServiceTypeDetail = z.infer<typeof serviceTypeDetailSchema>;

const serviceTypeFields = z.object({
  translations: translationsSchema(SERVICE_TYPE_TRANSLATION_FIELDS, { required: ['en'], requiredFields: ['name'], max: 20000 }),
  networkId: positiveId.nullable().refine((v) => v !== null, 'Choose a network.'),
  type: z.string().trim().min(1, 'The type is required.').max(100).default('Youtube'),
  slug: slugSchema.default(''),
  icon: iconSchema.default(null),
  color: colorSchema.default(null),
  description: z.string().trim().max(20000).default(''),
  fullDescription: z.string().trim().max(100000).default(''),
  panelServiceTypeId: positiveId.nullable().default(null),
  reviewsCount: wholeNumberInput('reviews count', { max: 100_000_000, minMessage: 'The reviews count may not be negative.' }).default(0),
  reviewsRating: z
    .union([z.number(), z.string()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d(\.\d{1,2})?$/, 'The rating must be between 0 and 5 with at most 2 decimals.'))
    .refine((v) => Number(v) <= 5, 'The rating must be between 0 and 5.')
    .default('0'),
});
/** The API's names of a service type's keys: snake_case, the network by `network`. */
const SERVICE_TYPE_API_KEYS = {
  rename: {
    network: 'networkId',
    network_id: 'networkId',
    reviews_count: 'reviewsCount',
    reviews_rating: 'reviewsRating',
    full_description: 'fullDescription',
    panel_service_type_id: 'panelServiceTypeId',
  },
  english: ['name', 'title'],
  ids: ['network'],
} as const;
/**
 * A service type, as the console sends it or as the API's callers do (`network`, `reviews_count`,
 * `reviews_rating`; `name` and `title` at the top level for English; an update wrapped in
 * `panel_service_type`).
 */
export const serviceTypeBodySchema = fromApiKeys(serviceTypeFields, { ...SERVICE_TYPE_API_KEYS, wrapper: 'panel_service_type' });
export type ServiceTypeBody = z.input<typeof serviceTypeFields>;
/**
 * An update: the same keys, each optional. A key left out keeps what is stored, so the API's
 * update (`{ panel_service_type: { translations, icon, reviews_count, reviews_rating, id } }`)
 * changes only what it names.
 */
export const serviceTypeUpdateBodySchema = fromApiKeys(
  z.object(
    Object.fromEntries(
      Object.entries(serviceTypeFields.shape).map(([k, t]) => [k, (t instanceof z.ZodDefault ? (t.unwrap() as z.ZodType) : t).optional()]),
    ) as {
      [K in keyof typeof serviceTypeFields.shape]: z.ZodOptional<
        z.ZodType<z.output<(typeof serviceTypeFields.shape)[K]>, z.input<(typeof serviceTypeFields.shape)[K]>>
      >;
    },
  ),
  { ...SERVICE_TYPE_API_KEYS, wrapper: 'panel_service_type' },
);
export type ServiceTypeUpdateBody = z.output<typeof serviceTypeUpdateBodySchema>;
export const serviceTypeResultSchema = z.object({ message: z.string(), serviceType: serviceTypeDetailSchema });

export const serviceTypeCollectionsSchema = z.object({
  networks: z.array(refSchema),
  /** Types in use, the default first (Youtube). */
  types: z.array(z.string()),
  defaultType: z.string(),
});

/** A service in a hand-sorted list (sort-services, service types' services). */
export const sortableServiceSchema = z.object({ id, name: z.string(), sorting: z.number().int(), isEnabled: z.boolean(), isArchived: z.boolean() });

/* ---------- labels ---------- */

export const labelRowSchema = z.object({
  id,
  icon: z.string(),
  name: z.string(),
  servicesCount: z.number().int(),
  translations: translationStateSchema,
  translationsText: translationsOut,
  updatedAt: dateTime,
  actions: z.object({ editable: z.boolean(), deletable: z.boolean() }),
});
export type LabelRow = z.infer<typeof labelRowSchema>;

export const labelBodySchema = z.object({
  icon: z.string().trim().min(1, 'Choose an icon.').max(255),
  translations: translationsSchema(LABEL_TRANSLATION_FIELDS, { required: ['en'], max: 255 }),
});
export type LabelBody = z.input<typeof labelBodySchema>;
export const labelResultSchema = z.object({ message: z.string(), label: labelRowSchema });

/* ---------- targets and target types ---------- */

export const targetTypeRowSchema = z.object({
  id,
  name: z.enum(TARGET_TYPE_KINDS),
  title: z.string(),
  viewType: z.enum(TARGET_VIEW_TYPES),
  selectable: z.boolean(),
  enabledForService: z.boolean(),
  targetsCount: z.number().int(),
  updatedAt: dateTime,
  actions: z.object({ editable: z.boolean() }),
});
export type TargetTypeRow = z.infer<typeof targetTypeRowSchema>;

export const targetTypeBodySchema = z.object({
  name: z.enum(TARGET_TYPE_KINDS, { error: 'Choose a kind.' }),
  title: z.string({ error: 'The title is required.' }).trim().min(1, 'The title is required.').max(255),
  viewType: z.enum(TARGET_VIEW_TYPES, { error: 'Choose a view type.' }),
  selectable: z.boolean(),
  enabledForService: z.boolean(),
});
export type TargetTypeBody = z.input<typeof targetTypeBodySchema>;
export const targetTypeResultSchema = z.object({ message: z.string(), targetType: targetTypeRowSchema });

export const targetRowSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  placeholder: z.string(),
  targetType: z.object({ id, title: z.string(), name: z.string(), viewType: z.string(), selectable: z.boolean() }),
  selectableValues: z.array(z.string()),
  isVisibleDefaultValues: z.boolean(),
  servicesCount: z.number().int(),
  translationsText: translationsOut,
  updatedAt: dateTime,
  actions: z.object({ editable: z.boolean() }),
});
export type TargetRow = z.infer<typeof targetRowSchema>;

export const targetBodySchema = z
  .object({
    translations: translationsSchema(TARGET_TRANSLATION_FIELDS, { required: ['en'], requiredFields: ['name'], max: 5000 }),
    target_type_id: positiveId.nullable().refine((v) => v !== null, 'Choose a target type.'),
    is_visible_default_values: z.boolean(),
    selectable_values: z.array(z.string().trim().min(1, 'A value may not be empty.').max(255)).max(500).default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.selectable_values.forEach((value, i) => {
      if (seen.has(value.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['selectable_values', i], message: 'This value is already in the list.' });
      seen.add(value.toLowerCase());
    });
  });
export type TargetBody = z.input<typeof targetBodySchema>;
export const targetResultSchema = z.object({ message: z.string(), target: targetRowSchema });

export const targetDictionariesSchema = z.object({
  targetTypes: z.array(z.object({ id, title: z.string(), name: z.string(), viewType: z.string(), selectable: z.boolean() })),
  kinds: z.array(z.object({ value: z.string(), label: z.string() })),
  viewTypes: z.array(z.object({ value: z.string(), label: z.string() })),
});

export const targetAttachmentTypeSchema = z.object({ id, name: z.string(), type: z.string(), isSystem: z.boolean(), selectables: z.array(z.string()) });

export const promotableCheckerGroupSchema = z.object({ id, name: z.string(), serviceTypeType: z.string(), checkers: z.array(refSchema) });

/* ---------- translate ---------- */

export const translateBodySchema = z
  .object({
    from_language: z.enum(LOCALES, { error: 'Choose a source language.' }),
    to_language: z.enum(LOCALES, { error: 'Choose a target language.' }),
    fields: z
      .record(z.string().max(100), z.string().max(20000, 'A text may have at most 20000 characters.'))
      .refine((f) => Object.keys(f).length > 0, 'Nothing to translate.')
      .refine((f) => Object.keys(f).length <= 50, 'At most 50 fields at once.'),
  })
  .refine((v) => v.from_language !== v.to_language, { path: ['to_language'], message: 'Choose another language than the source.' });
export type TranslateBody = z.input<typeof translateBodySchema>;

export const translateResultSchema = z.object({ translations: z.record(z.string(), z.string()) });
export const translateStatusSchema = z.object({
  /** False when no translation service is configured (TRANSLATE_URL): the console hides its button. */
  available: z.boolean(),
  locales: z.array(z.enum(LOCALES)),
});

/* ---------- endpoints ---------- */

const serviceParams = z.object({ serviceId: pathId('Service') });
const networkParams = z.object({ networkId: pathId('Network') });
const serviceTypeParams = z.object({ serviceTypeId: pathId('Service type') });
const labelParams = z.object({ labelId: pathId('Label') });
const targetParams = z.object({ targetId: pathId('Target') });
const targetTypeParams = z.object({ targetTypeId: pathId('Target type') });

export const catalogueEndpoints = {
  /* services */
  servicesTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/services`,
    permission: 'viewServices',
    row: serviceRowSchema,
    table: SERVICES_TABLE,
    summary: 'The service table (the table request as ?q=<JSON>)',
  }),
  servicesCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/services/collections`,
    permission: 'viewServices',
    response: serviceCollectionsSchema,
    summary: "What a service's editor chooses from: networks with their service types, labels, targets, attachments, checker groups",
  }),
  servicesProviderServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/services/provider-services`,
    permission: 'viewServices',
    query: z.object({ search: z.string().trim().max(255).optional() }),
    response: z.array(providerServiceOptionSchema),
    summary: 'Provider services a service can be fulfilled by (name, provider name or id contains the search; at most 30)',
  }),
  servicesBulk: endpoint({
    method: 'PATCH',
    path: `${ADMIN}/services/bulk`,
    permission: 'manageServicesAndProviders',
    body: serviceBulkBodySchema,
    response: bulkResultSchema,
    summary: 'Enable, disable, archive or unarchive services, set their margin or flags: per-id outcomes',
  }),
  servicesStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/services`,
    permission: 'manageServicesAndProviders',
    body: serviceBodySchema,
    response: serviceResultSchema,
    summary: 'Create a service',
  }),
  servicesShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/services/:serviceId`,
    permission: 'viewServices',
    params: serviceParams,
    response: serviceDetailSchema,
    summary: 'One service with every field (auto-refill settings only with writeAutoRefillParams)',
  }),
  servicesUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/services/:serviceId`,
    permission: 'manageServicesAndProviders',
    params: serviceParams,
    body: serviceBodySchema,
    response: serviceResultSchema,
    summary: 'Update a service',
  }),
  servicesArchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/services/:serviceId/archive`,
    permission: 'manageServicesAndProviders',
    params: serviceParams,
    response: serviceResultSchema,
    summary: 'Archive a service (409 when it is archived)',
  }),
  servicesUnarchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/services/:serviceId/unarchive`,
    permission: 'manageServicesAndProviders',
    params: serviceParams,
    response: serviceResultSchema,
    summary: 'Bring a service back from the archive, disabled (409 when it is not archived)',
  }),
  servicesCopy: endpoint({
    method: 'POST',
    path: `${ADMIN}/services/:serviceId/copy`,
    permission: 'manageServicesAndProviders',
    params: serviceParams,
    response: serviceResultSchema,
    summary: 'Copy a service: a new slug, translations, providers, labels and targets copied, disabled',
  }),
  servicesImpact: endpoint({
    method: 'GET',
    path: `${ADMIN}/services/:serviceId/impact`,
    permission: 'viewServices',
    params: serviceParams,
    query: z.object({ change: z.enum(SERVICE_CHANGES).default('archive') }),
    response: serviceImpactSchema,
    summary: 'What depends on a service before it is archived, disabled or repriced',
  }),

  /* networks */
  networksTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/networks`,
    permission: 'manageServiceTypes',
    row: networkRowSchema,
    table: NETWORKS_TABLE,
    summary: 'The network table (default sort: hand order)',
  }),
  networksStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/networks`,
    permission: 'manageServiceTypes',
    body: networkBodySchema,
    response: networkResultSchema,
    summary: 'Create a network (placed last)',
  }),
  networksSort: endpoint({
    method: 'POST',
    path: `${ADMIN}/networks/sort`,
    permission: 'manageServiceTypes',
    body: sortNetworksBodySchema,
    response: messageSchema,
    summary: 'The networks in their new order (every network once)',
  }),
  networksShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/networks/:networkId`,
    permission: 'manageServiceTypes',
    params: networkParams,
    response: networkDetailSchema,
    summary: 'One network',
  }),
  networksUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/networks/:networkId`,
    permission: 'manageServiceTypes',
    params: networkParams,
    body: networkBodySchema,
    response: networkResultSchema,
    summary: 'Update a network',
  }),
  networkServiceTypes: endpoint({
    method: 'GET',
    path: `${ADMIN}/networks/:networkId/service-types`,
    permission: ['manageServiceTypes', 'viewServices'],
    params: networkParams,
    response: z.array(serviceTypeRowSchema),
    summary: "A network's service types in hand order",
  }),
  networkServiceTypesSort: endpoint({
    method: 'POST',
    path: `${ADMIN}/networks/:networkId/service-types/sort`,
    permission: 'manageServiceTypes',
    params: networkParams,
    body: sortServiceTypesBodySchema,
    response: messageSchema,
    summary: "A network's service types in their new order (each of them once)",
  }),

  /* service types */
  serviceTypesTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/service-types`,
    permission: 'manageServiceTypes',
    row: serviceTypeRowSchema,
    table: SERVICE_TYPES_TABLE,
    summary: 'The service type table',
  }),
  serviceTypesCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/service-types/collections`,
    permission: 'manageServiceTypes',
    response: serviceTypeCollectionsSchema,
    summary: 'Networks and the types in use (Youtube by default)',
  }),
  serviceTypesStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/service-types`,
    permission: 'manageServiceTypes',
    body: serviceTypeBodySchema,
    response: serviceTypeResultSchema,
    summary: 'Create a service type (placed last in its network)',
  }),
  serviceTypesShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/service-types/:serviceTypeId`,
    permission: 'manageServiceTypes',
    params: serviceTypeParams,
    response: serviceTypeDetailSchema,
    summary: 'One service type',
  }),
  serviceTypesUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/service-types/:serviceTypeId`,
    permission: 'manageServiceTypes',
    params: serviceTypeParams,
    body: serviceTypeUpdateBodySchema,
    response: serviceTypeResultSchema,
    summary: 'Update a service type',
  }),
  serviceTypeServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/service-types/:serviceTypeId/services`,
    permission: ['manageServiceTypes', 'viewServices'],
    params: serviceTypeParams,
    response: z.array(sortableServiceSchema),
    summary: "A service type's services in hand order",
  }),
  serviceTypesSortServices: endpoint({
    method: 'POST',
    path: `${ADMIN}/service-types/:serviceTypeId/sort-services`,
    permission: 'manageServiceTypes',
    params: serviceTypeParams,
    body: sortServicesBodySchema,
    response: messageSchema,
    summary: "A service type's services in their new order (each of them once)",
  }),

  /* service labels (features) */
  labelsTable: tableEndpoint({
    path: `${ADMIN}/service-labels/table`,
    permission: 'viewServices',
    row: labelRowSchema,
    table: LABELS_TABLE,
    summary: 'The label table',
  }),
  labelsAvailable: endpoint({
    method: 'GET',
    path: `${ADMIN}/service-labels/available-labels`,
    permission: 'viewServices',
    response: z.array(z.object({ id, name: z.string(), icon: z.string() })),
    summary: 'Every label by name',
  }),
  labelsUsedServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/service-labels/used-services/:labelId`,
    permission: 'viewServices',
    params: labelParams,
    response: z.array(z.object({ id, name: z.string(), isEnabled: z.boolean(), isArchived: z.boolean() })),
    summary: 'The services showing a label',
  }),
  labelsStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/service-labels`,
    permission: 'manageServicesAndProviders',
    body: labelBodySchema,
    response: labelResultSchema,
    summary: 'Create a label',
  }),
  labelsUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/service-labels/:labelId`,
    permission: 'manageServicesAndProviders',
    params: labelParams,
    body: labelBodySchema,
    response: labelResultSchema,
    summary: 'Update a label',
  }),
  labelsDelete: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/service-labels/:labelId`,
    permission: 'manageServicesAndProviders',
    params: labelParams,
    response: messageSchema,
    summary: 'Delete a label (it leaves the services that showed it)',
  }),

  /* targets and target types */
  targetsIndex: tableListEndpoint({
    path: `${ADMIN}/targets`,
    permission: 'manageTargets',
    row: targetRowSchema,
    table: TARGETS_TABLE,
    summary: 'Targets as the API lists them (index): GET with the table request as q=<JSON>',
  }),
  targetsList: endpoint({
    method: 'GET',
    path: `${ADMIN}/targets/list`,
    permission: 'manageTargets',
    response: z.array(targetRowSchema),
    summary: 'Every target, by name, for pickers (no paging)',
  }),
  targetsTable: tableEndpoint({
    path: `${ADMIN}/targets/table`,
    permission: 'manageTargets',
    row: targetRowSchema,
    table: TARGETS_TABLE,
    summary: 'The target table (targets index)',
  }),
  targetsDictionaries: endpoint({
    method: 'GET',
    path: `${ADMIN}/targets/dictionaries`,
    permission: 'manageTargets',
    response: targetDictionariesSchema,
    summary: 'Target types, kinds and view types',
  }),
  targetsStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/targets`,
    permission: 'manageTargets',
    body: targetBodySchema,
    response: targetResultSchema,
    summary: 'Create a target',
  }),
  targetsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/targets/:targetId`,
    permission: 'manageTargets',
    params: targetParams,
    response: targetRowSchema,
    summary: 'One target',
  }),
  targetsUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/targets/:targetId`,
    permission: 'manageTargets',
    params: targetParams,
    body: targetBodySchema,
    response: targetResultSchema,
    summary: 'Update a target',
  }),
  targetTypesList: tableListEndpoint({
    path: `${ADMIN}/target-types`,
    permission: 'manageTargets',
    row: targetTypeRowSchema,
    table: TARGET_TYPES_TABLE,
    summary: 'Target types as the API lists them: GET with the table request as q=<JSON>',
  }),
  targetTypesDictionaries: endpoint({
    method: 'GET',
    path: `${ADMIN}/target-types/dictionaries/list`,
    permission: 'manageTargets',
    response: targetDictionariesSchema,
    summary: 'The kinds and view types a target type takes, and the target types there are',
  }),
  targetTypesTable: tableEndpoint({
    path: `${ADMIN}/target-types/table`,
    permission: 'manageTargets',
    row: targetTypeRowSchema,
    table: TARGET_TYPES_TABLE,
    summary: 'The target type table',
  }),
  targetTypesViewTypes: endpoint({
    method: 'GET',
    path: `${ADMIN}/target-types/view-types`,
    permission: 'manageTargets',
    response: z.array(z.object({ value: z.string(), label: z.string() })),
    summary: 'The view types a target type may use',
  }),
  targetTypesStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/target-types`,
    permission: 'manageTargets',
    body: targetTypeBodySchema,
    response: targetTypeResultSchema,
    summary: 'Create a target type',
  }),
  targetTypesShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/target-types/:targetTypeId`,
    permission: 'manageTargets',
    params: targetTypeParams,
    response: targetTypeRowSchema,
    summary: 'One target type',
  }),
  targetTypesUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/target-types/:targetTypeId`,
    permission: 'manageTargets',
    params: targetTypeParams,
    body: targetTypeBodySchema,
    response: targetTypeResultSchema,
    summary: 'Update a target type',
  }),
  targetAttachmentTypes: endpoint({
    method: 'GET',
    path: `${ADMIN}/target-attachment-types`,
    permission: ['manageTargets', 'viewServices'],
    response: z.array(targetAttachmentTypeSchema),
    summary: 'Target attachments a service may ask for',
  }),
  promotableCheckerGroups: endpoint({
    method: 'GET',
    path: `${ADMIN}/promotable-checker-groups`,
    permission: ['viewServices', 'manageServiceTypes'],
    response: z.array(promotableCheckerGroupSchema),
    summary: 'Promotable checker groups with their checkers',
  }),

  /* translation */
  translateStatus: endpoint({
    method: 'GET',
    path: `${ADMIN}/translate/status`,
    permission: 'authenticated',
    response: translateStatusSchema,
    summary: 'Whether machine translation is configured, and its locales',
  }),
  translate: endpoint({
    method: 'POST',
    path: `${ADMIN}/translate`,
    permission: ['viewServices', 'manageServiceTypes', 'manageTargets'],
    body: translateBodySchema,
    response: translateResultSchema,
    mutates: false,
    summary: 'Machine-translate texts from one locale to another (503 when no translation service is configured)',
  }),
};
