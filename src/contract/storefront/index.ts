import { z } from 'zod';
import { ADMIN, endpoint, pathId } from '../endpoint';
import {
  bulkResultSchema,
  dateTime,
  fraction,
  id,
  money,
  moneyInputWith,
  positiveId,
  queryId,
  translationsSchema,
  messageSchema,
  refSchema,
  wholeNumberInput,
} from '../fields';
import { tableEndpoint, tableListEndpoint } from '../table';
import {
  BANNER_COLOR_FIELDS,
  BANNER_MAX_SLIDES,
  BANNER_PLACES,
  BANNER_STATUSES,
  BANNER_TEXT_FIELDS,
  BANNER_TYPES,
  BANNERS_TABLE,
  clampScrollDelay,
  DEFAULT_PACKAGE_TYPE,
  PACKAGE_TRANSLATION_FIELDS,
  PACKAGE_TYPES,
  PACKAGES_TABLE,
  SPECIAL_OFFER_PLACES,
  SPECIAL_OFFER_POSITIONS,
  SPECIAL_OFFER_STATUSES,
  SPECIAL_OFFER_TRANSLATION_FIELDS,
  SPECIAL_OFFERS_TABLE,
} from './columns';

export * from './columns';

/**
 * Storefront content: packages (managePackages), special offers (manageDiscounts), banners (any
 * signed-in member) and auto-promotions
 * (manageServicesAndProviders, the screen's group).
 *
 * Conventions of this area:
 * - request bodies use the spec's snake_case names (package_ids, network_id, service_types…);
 *   answers are camelCase like every other area;
 * - money is a decimal string; a package's discount travels as a fraction with 3 decimals
 *   (0.125 is 12.5 %) and is shown ×100;
 * - package costs are computed by the server (POST total-cost answers them live in the editor;
 *   store and update recompute them from the services' current default prices);
 * - the banner update is multipart (POST with `_method=PATCH`, images as files in
 *   `informations[i][backgroundImage]`); its body schema is bannerBodySchema, read by the handler;
 * - archive, unarchive, enable and disable answer 409 when the record is already there.
 */

const translationsOut = z.record(z.string(), z.record(z.string(), z.string()));
const idList = (what: string, max = 500) =>
  z
    .array(positiveId, { error: `Choose the ${what}s.` })
    .max(max, `At most ${max} ${what}s.`)
    .refine((ids) => new Set(ids).size === ids.length, `Each ${what} may appear once.`);
const requiredId = (what: string) => z.number({ error: `The ${what} is required.` }).pipe(positiveId);
const slugSchema = z
  .string()
  .trim()
  .max(190, 'The slug may have at most 190 characters.')
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'The slug may hold lower-case letters, digits and single dashes.')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));
const urlOrNull = z
  .string()
  .trim()
  .max(2000, 'The URL may have at most 2000 characters.')
  .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'Enter a URL starting with http:// or https://.')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/* ---------- packages ---------- */

export const packageContentSchema = z.object({
  id,
  service: z.object({ id, name: z.string(), serviceType: z.string(), defaultPrice: money, pricingPer: z.number().int() }),
  quantity: z.number().int(),
  /** The quantity at the service's default price. */
  cost: money,
  /** Its share of the package's total cost. */
  price: money,
  isDisplayable: z.boolean(),
});
export type PackageContent = z.infer<typeof packageContentSchema>;

export const packageRowSchema = z.object({
  id,
  name: z.string(),
  type: z.enum(PACKAGE_TYPES),
  network: refSchema.nullable(),
  contents: z.array(z.object({ serviceId: id, name: z.string(), quantity: z.number().int() })),
  defaultCost: money,
  difference: money,
  totalCost: money,
  fixedCost: money.nullable(),
  /** A fraction with 3 decimals ('0.125'). */
  discountPercent: z.string(),
  sync: z.boolean(),
  provider: refSchema.nullable(),
  slug: z.string().nullable(),
  restrictedAccess: z.boolean(),
  isEnabled: z.boolean(),
  isArchived: z.boolean(),
  createdAt: dateTime,
  actions: z.object({ editable: z.boolean(), archivable: z.boolean(), restorable: z.boolean() }),
});
export type PackageRow = z.infer<typeof packageRowSchema>;

export const packageDetailSchema = packageRowSchema.extend({
  buyPageUrl: z.string().nullable(),
  translations: translationsOut,
  items: z.array(packageContentSchema),
  updatedAt: dateTime,
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;

const quantitySchema = wholeNumberInput('quantity', { min: 1, max: 2_000_000_000 });
const costInput = moneyInputWith(4, 'cost');

export const packageContentBodySchema = z.object({
  service_id: requiredId('service'),
  quantity: quantitySchema,
  is_displayable: z.boolean().default(true),
});

export const packageBodySchema = z.object({
  name: z.string({ error: 'The name is required.' }).trim().min(1, 'The name is required.').max(255, 'The name may have at most 255 characters.'),
  type: z.enum(PACKAGE_TYPES, { error: 'Choose auto or manual.' }).default(DEFAULT_PACKAGE_TYPE),
  network_id: requiredId('network'),
  translations: translationsSchema(PACKAGE_TRANSLATION_FIELDS, { max: 5000 }).default({}),
  slug: slugSchema,
  restricted_access: z.boolean().default(false),
  buy_page_url: urlOrNull,
  /** A price set by hand; empty or null: the default cost less the discount. */
  fixed_cost: z
    .union([costInput, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  discount_percent: fraction(3).default('0.000'),
  is_enabled: z.boolean().default(true),
  contents: z.array(packageContentBodySchema).min(1, 'Add at least one service.').max(50, 'A package may hold at most 50 services.'),
});
export type PackageBody = z.input<typeof packageBodySchema>;
export const packageResultSchema = z.object({ message: z.string(), package: packageDetailSchema });

export const packageTotalCostBodySchema = z.object({
  contents: z.array(packageContentBodySchema.omit({ is_displayable: true })).max(50, 'A package may hold at most 50 services.'),
  fixed_cost: packageBodySchema.shape.fixed_cost,
  discount_percent: fraction(3).default('0.000'),
});
export type PackageTotalCostBody = z.input<typeof packageTotalCostBodySchema>;
export const packageTotalCostSchema = z.object({
  defaultCost: money,
  totalCost: money,
  difference: money,
  contents: z.array(z.object({ serviceId: id, quantity: z.number().int(), cost: money, price: money })),
});
export type PackageTotalCost = z.infer<typeof packageTotalCostSchema>;

export const packageAvailableServicesBodySchema = z.object({
  network_id: requiredId('network'),
  search: z.string().trim().max(200).default(''),
  page: z.number().int().min(1).max(10_000).default(1),
});
/** Available service for packages. */
export const availableServiceSchema = z.object({
  id,
  name: z.string(),
  serviceType: z.string(),
  defaultPrice: money,
  pricingPer: z.number().int(),
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  quantityStep: z.number().int(),
});
export type AvailableService = z.infer<typeof availableServiceSchema>;
export const PACKAGE_SERVICES_PAGE = 30;
export const availableServicesPageSchema = z.object({ items: z.array(availableServiceSchema), page: z.number().int(), lastPage: z.number().int() });

export const packagesBulkBodySchema = z
  .object({
    package_ids: idList('package', 500).pipe(z.array(positiveId).min(1, 'Choose at least one package.')),
    is_enabled: z.boolean().optional(),
    is_archived: z.boolean().optional(),
    discount_percent: fraction(3).optional(),
  })
  .refine((b) => b.is_enabled !== undefined || b.is_archived !== undefined || b.discount_percent !== undefined, {
    message: 'Choose what to change.',
    path: ['package_ids'],
  });
export type PackagesBulkBody = z.input<typeof packagesBulkBodySchema>;

/* ---------- special offers ---------- */

export const specialOfferRowSchema = z.object({
  id,
  name: z.string(),
  place: z.enum(SPECIAL_OFFER_PLACES),
  position: z.enum(SPECIAL_OFFER_POSITIONS),
  network: refSchema,
  serviceTypes: z.array(refSchema),
  servicesCount: z.number().int(),
  isEnabled: z.boolean(),
  isArchived: z.boolean(),
  status: z.enum(SPECIAL_OFFER_STATUSES),
  createdAt: dateTime,
  actions: z.object({ editable: z.boolean(), enable: z.boolean(), disable: z.boolean(), archive: z.boolean(), unarchive: z.boolean(), delete: z.boolean() }),
});
export type SpecialOfferRow = z.infer<typeof specialOfferRowSchema>;

export const specialOfferDetailSchema = specialOfferRowSchema.extend({
  services: z.array(z.object({ id, name: z.string(), serviceType: z.string() })),
  translations: translationsOut,
  updatedAt: dateTime,
});
export type SpecialOfferDetail = z.infer<typeof specialOfferDetailSchema>;

export const specialOfferBodySchema = z.object({
  place: z.enum(SPECIAL_OFFER_PLACES, { error: 'Choose a place.' }),
  position: z.enum(SPECIAL_OFFER_POSITIONS, { error: 'Choose a position.' }),
  network_id: requiredId('network'),
  /** Sent only when at least one is chosen; none means every type of the network. */
  service_types: idList('service type', 200).optional(),
  services: idList('service', 500).pipe(z.array(positiveId).min(1, 'Choose at least one service.')),
  is_enabled: z.boolean().default(false),
  translations: translationsSchema(SPECIAL_OFFER_TRANSLATION_FIELDS, { required: ['en'], max: 255 }),
});
export type SpecialOfferBody = z.input<typeof specialOfferBodySchema>;
export const specialOfferResultSchema = z.object({ message: z.string(), specialOffer: specialOfferDetailSchema });

export const specialOfferCollectionSchema = z.object({
  places: z.array(z.object({ value: z.enum(SPECIAL_OFFER_PLACES), label: z.string() })),
  positions: z.array(z.object({ value: z.enum(SPECIAL_OFFER_POSITIONS), label: z.string() })),
});
export const specialOfferServicesQuerySchema = z.object({
  network_id: queryId,
  search: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const specialOfferServicesPageSchema = z.object({
  items: z.array(z.object({ id, name: z.string(), serviceType: z.string(), serviceTypeId: id })),
  page: z.number().int(),
});
export const networkQuerySchema = z.object({ network_id: queryId });

/* ---------- banners ---------- */

export const bannerRowSchema = z.object({
  id,
  place: z.enum(BANNER_PLACES),
  type: z.enum(BANNER_TYPES),
  isEnabled: z.boolean(),
  status: z.enum(BANNER_STATUSES),
  informationsCount: z.number().int(),
  /** 0 when none was ever saved. */
  scrollDelay: z.number().int(),
  /** The first slide's images, for the list's preview. */
  preview: z.string().nullable(),
  updatedAt: dateTime,
});
export type BannerRow = z.infer<typeof bannerRowSchema>;

export const bannerInformationSchema = z.object({
  id,
  backgroundImage: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  image: z.string().nullable(),
  sorting: z.number().int(),
  translations: translationsOut,
});
export type BannerInformation = z.infer<typeof bannerInformationSchema>;
export const bannerDetailSchema = bannerRowSchema.extend({ content: z.string(), informations: z.array(bannerInformationSchema) });
export type BannerDetail = z.infer<typeof bannerDetailSchema>;

const hexColor = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, 'Choose a colour written #rrggbb.')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));
/** A form's boolean or number arrives as text from multipart. */
const formInt = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v === '' ? undefined : v),
    z
      .number({ error: `The ${what} is invalid.` })
      .int()
      .pipe(positiveId)
      .optional(),
  );
/** A saved image's address (kept), a new file, or nothing (removed). */
const imageValue = z.union([z.instanceof(Blob), z.string().max(2000), z.null()]).optional();

const bannerTexts = (() => {
  const colors = new Set<string>(BANNER_COLOR_FIELDS);
  const base = translationsSchema(BANNER_TEXT_FIELDS, { max: 2000 });
  return base.superRefine((value, ctx) => {
    for (const [locale, texts] of Object.entries(value as Record<string, Record<string, string>>)) {
      for (const [field, text] of Object.entries(texts)) {
        if (colors.has(field) && text !== '' && !/^#[0-9a-fA-F]{6}$/.test(text))
          ctx.addIssue({ code: 'custom', path: [locale, field], message: 'Choose a colour written #rrggbb.' });
        if (field === 'buttonLink' && text !== '' && !/^(https?:\/\/|\/)\S*$/.test(text))
          ctx.addIssue({ code: 'custom', path: [locale, field], message: 'Enter a link starting with http://, https:// or /.' });
      }
    }
  });
})();

export const bannerInformationBodySchema = z.object({
  id: formInt('slide'),
  backgroundImage: imageValue,
  backgroundColor: hexColor,
  image: imageValue,
  translations: bannerTexts.optional().default({}),
});

/** What the banner update reads (after multipart becomes an object); the slides' order is their sorting. */
export const bannerBodySchema = z.object({
  type: z.enum(BANNER_TYPES, { error: 'Choose a type.' }),
  /** Clamped to 1–15; 3 when absent. */
  scrollDelay: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .refine((v) => v === undefined || v === null || v === '' || Number.isFinite(Number(v)), 'The scroll delay must be a number.')
    .transform((v) => clampScrollDelay(v)),
  content: z.preprocess((v) => (v == null ? '' : v), z.string().max(20_000, 'The content may have at most 20000 characters.')),
  informations: z.array(bannerInformationBodySchema).max(BANNER_MAX_SLIDES, `A banner may have at most ${BANNER_MAX_SLIDES} slides.`).default([]),
});
export type BannerBody = z.input<typeof bannerBodySchema>;
export const bannerResultSchema = z.object({ message: z.string(), banner: bannerDetailSchema });

/* ---------- auto-promotions ---------- */

export const autoPromotionNetworkSchema = z.object({
  id,
  name: z.string(),
  isEnabled: z.boolean(),
  sorting: z.number().int(),
  servicesCount: z.number().int(),
});
export type AutoPromotionNetwork = z.infer<typeof autoPromotionNetworkSchema>;
export const autoPromotionSchema = z.object({
  id,
  network: refSchema,
  serviceType: refSchema,
  service: z.object({
    id,
    name: z.string(),
    hasRefill: z.boolean(),
    resaleMarginPercent: z.string(),
    isArchived: z.boolean(),
    isEnabled: z.boolean(),
    isDeactivated: z.boolean(),
  }),
  createdAt: dateTime,
});
export type AutoPromotion = z.infer<typeof autoPromotionSchema>;
export const autoPromotionServiceTypeSchema = z.object({
  id,
  name: z.string(),
  services: z.array(z.object({ id, name: z.string(), isEnabled: z.boolean(), isArchived: z.boolean(), added: z.boolean() })),
});
export const autoPromotionAddBodySchema = z.object({
  services: idList('service', 500).pipe(z.array(positiveId).min(1, 'Choose at least one service.')),
  network_id: requiredId('network'),
  service_type_id: requiredId('service type'),
});
export type AutoPromotionAddBody = z.input<typeof autoPromotionAddBodySchema>;
export const autoPromotionListQuerySchema = z.object({ network_id: queryId.optional() });

/* ---------- endpoints ---------- */

const packageParams = z.object({ packageId: pathId('Package') });
const specialOfferParams = z.object({ specialOfferId: pathId('Special offer') });
const bannerParams = z.object({ bannerId: pathId('Banner') });
const autoPromotionParams = z.object({ autoPromotionId: pathId('Auto-promotion') });

export const storefrontEndpoints = {
  packagesTable: tableListEndpoint({
    path: `${ADMIN}/packages`,
    permission: 'managePackages',
    row: packageRowSchema,
    table: PACKAGES_TABLE,
    flags: ['is_archived'],
    summary: 'The package table (the console sends isArchived false unless archived ones are asked for; the API says is_archived=1 or 0)',
  }),
  packagesCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/packages/collections`,
    permission: 'managePackages',
    response: z.object({ networks: z.array(refSchema), providers: z.array(refSchema) }),
    summary: "Networks and providers for the package list's filters and editor",
  }),
  packagesStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/packages`,
    permission: 'managePackages',
    body: packageBodySchema,
    response: packageResultSchema,
    summary: 'Create a package with its contents; costs are computed from the services',
  }),
  packagesTotalCost: endpoint({
    method: 'POST',
    path: `${ADMIN}/packages/total-cost`,
    permission: 'managePackages',
    body: packageTotalCostBodySchema,
    response: packageTotalCostSchema,
    mutates: false,
    summary: 'Default cost, total cost and difference of contents as the editor holds them',
  }),
  packagesAvailableServices: endpoint({
    method: 'POST',
    path: `${ADMIN}/packages/available-services`,
    permission: 'managePackages',
    body: packageAvailableServicesBodySchema,
    response: availableServicesPageSchema,
    mutates: false,
    summary: "A page of a network's services a package may hold, by name",
  }),
  packagesBulk: endpoint({
    method: 'POST',
    path: `${ADMIN}/packages/bulk`,
    permission: 'managePackages',
    body: packagesBulkBodySchema,
    response: bulkResultSchema,
    summary: 'Enable or disable, archive or restore, or set the discount of many packages',
  }),
  packagesShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/packages/:packageId`,
    permission: 'managePackages',
    params: packageParams,
    response: packageDetailSchema,
    summary: 'One package with its contents',
  }),
  packagesUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/packages/:packageId`,
    permission: 'managePackages',
    params: packageParams,
    body: packageBodySchema,
    response: packageResultSchema,
    summary: 'Save a package and its contents; costs recomputed',
  }),
  packagesArchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/packages/:packageId/archive`,
    permission: 'managePackages',
    params: packageParams,
    response: packageResultSchema,
    summary: 'Archive a package (also disables it; 409 when archived)',
  }),
  packagesUnarchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/packages/:packageId/unarchive`,
    permission: 'managePackages',
    params: packageParams,
    response: packageResultSchema,
    summary: 'Restore a package from the archive (it stays disabled; 409 when not archived)',
  }),

  specialOffersTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/special-offers`,
    permission: 'manageDiscounts',
    row: specialOfferRowSchema,
    table: SPECIAL_OFFERS_TABLE,
    summary: 'The special-offer table',
  }),
  specialOffersCollection: endpoint({
    method: 'GET',
    path: `${ADMIN}/special-offers/collection`,
    permission: 'manageDiscounts',
    response: specialOfferCollectionSchema,
    summary: 'Places and positions a special offer can take',
  }),
  specialOffersNetworks: endpoint({
    method: 'GET',
    path: `${ADMIN}/special-offers/networks`,
    permission: 'manageDiscounts',
    response: z.array(refSchema),
    summary: 'Networks, in hand order',
  }),
  specialOffersServiceTypes: endpoint({
    method: 'GET',
    path: `${ADMIN}/special-offers/service-types`,
    permission: 'manageDiscounts',
    query: networkQuerySchema,
    response: z.array(refSchema),
    summary: "A network's service types",
  }),
  specialOffersServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/special-offers/services`,
    permission: 'manageDiscounts',
    query: specialOfferServicesQuerySchema,
    response: specialOfferServicesPageSchema,
    summary: "A page of a network's services (an empty page: no more)",
  }),
  specialOffersStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/special-offers`,
    permission: 'manageDiscounts',
    body: specialOfferBodySchema,
    response: specialOfferResultSchema,
    summary: 'Create a special offer',
  }),
  specialOffersShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/special-offers/:specialOfferId`,
    permission: 'manageDiscounts',
    params: specialOfferParams,
    response: specialOfferDetailSchema,
    summary: 'One special offer with its services',
  }),
  specialOffersUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/special-offers/:specialOfferId`,
    permission: 'manageDiscounts',
    params: specialOfferParams,
    body: specialOfferBodySchema,
    response: specialOfferResultSchema,
    summary: 'Save a special offer',
  }),
  specialOffersDelete: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/special-offers/:specialOfferId`,
    permission: 'manageDiscounts',
    params: specialOfferParams,
    response: messageSchema,
    summary: 'Delete a special offer (cannot be undone)',
  }),
  specialOffersEnable: endpoint({
    method: 'POST',
    path: `${ADMIN}/special-offers/:specialOfferId/enable`,
    permission: 'manageDiscounts',
    params: specialOfferParams,
    response: specialOfferResultSchema,
    summary: 'Enable a disabled special offer (409 when enabled or archived)',
  }),
  specialOffersDisable: endpoint({
    method: 'POST',
    path: `${ADMIN}/special-offers/:specialOfferId/disable`,
    permission: 'manageDiscounts',
    params: specialOfferParams,
    response: specialOfferResultSchema,
    summary: 'Disable an enabled special offer (409 otherwise)',
  }),
  specialOffersArchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/special-offers/:specialOfferId/archive`,
    permission: 'manageDiscounts',
    params: specialOfferParams,
    response: specialOfferResultSchema,
    summary: 'Archive a special offer (also disables it; 409 when archived)',
  }),
  specialOffersUnarchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/special-offers/:specialOfferId/unarchive`,
    permission: 'manageDiscounts',
    params: specialOfferParams,
    response: specialOfferResultSchema,
    summary: 'Bring a special offer back from the archive, disabled (409 when not archived)',
  }),

  bannersTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/banners`,
    permission: 'authenticated',
    row: bannerRowSchema,
    table: BANNERS_TABLE,
    summary: 'The banners, one per place (status: active or disabled)',
  }),
  bannersShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/banners/:bannerId`,
    permission: 'authenticated',
    params: bannerParams,
    response: bannerDetailSchema,
    summary: 'One banner with its slides in order',
  }),
  bannersUpdate: endpoint({
    method: 'POST',
    path: `${ADMIN}/banners/:bannerId`,
    permission: 'authenticated',
    params: bannerParams,
    response: bannerResultSchema,
    maxBodyBytes: 12 * 1024 * 1024,
    summary: "Save a banner (multipart with _method=PATCH; images checked against the place's sizes; bannerBodySchema)",
  }),
  bannersDelete: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/banners/:bannerId`,
    permission: 'authenticated',
    params: bannerParams,
    response: bannerResultSchema,
    summary: 'Remove a banner: its slides and images are deleted and the place shows nothing (cannot be undone)',
  }),

  autoPromotionsNetworks: endpoint({
    method: 'GET',
    path: `${ADMIN}/auto-promotions/networks`,
    permission: 'manageServicesAndProviders',
    response: z.array(autoPromotionNetworkSchema),
    summary: 'Networks in their auto-promotion order, with their switch',
  }),
  autoPromotionsList: endpoint({
    method: 'GET',
    path: `${ADMIN}/auto-promotions`,
    permission: 'manageServicesAndProviders',
    query: autoPromotionListQuerySchema,
    response: z.array(autoPromotionSchema),
    summary: 'Services offered for auto-promotion (of one network when network_id is given)',
  }),
  autoPromotionsServiceTypes: endpoint({
    method: 'GET',
    path: `${ADMIN}/auto-promotions/service-types`,
    permission: 'manageServicesAndProviders',
    query: networkQuerySchema,
    response: z.array(autoPromotionServiceTypeSchema),
    summary: "A network's service types and their services (added or not)",
  }),
  autoPromotionsAdd: endpoint({
    method: 'POST',
    path: `${ADMIN}/auto-promotions/add`,
    permission: 'manageServicesAndProviders',
    body: autoPromotionAddBodySchema,
    response: z.object({ message: z.string(), added: z.array(autoPromotionSchema) }),
    summary: 'Offer services of a network and service type for auto-promotion',
  }),
  autoPromotionsNetworkToggle: endpoint({
    method: 'POST',
    path: `${ADMIN}/auto-promotions/network-toggle`,
    permission: 'manageServicesAndProviders',
    body: z.object({ network_id: requiredId('network') }),
    response: z.object({ message: z.string(), network: autoPromotionNetworkSchema }),
    summary: "Switch a network's auto-promotion on or off",
  }),
  autoPromotionsSort: endpoint({
    method: 'POST',
    path: `${ADMIN}/auto-promotions/sort`,
    permission: 'manageServicesAndProviders',
    body: z.object({ networks: idList('network', 1000).pipe(z.array(positiveId).min(1, 'Nothing to sort.')) }),
    response: messageSchema,
    summary: 'The networks in their new order (each of them once)',
  }),
  autoPromotionsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/auto-promotions/:autoPromotionId`,
    permission: 'manageServicesAndProviders',
    params: autoPromotionParams,
    response: autoPromotionSchema,
    summary: 'One auto-promoted service',
  }),
  autoPromotionsDelete: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/auto-promotions/:autoPromotionId`,
    permission: 'manageServicesAndProviders',
    params: autoPromotionParams,
    response: messageSchema,
    summary: 'Stop offering a service for auto-promotion',
  }),
};
