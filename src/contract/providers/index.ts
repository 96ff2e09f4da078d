import { z } from 'zod';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { fraction, httpUrl, INT4_MAX, money, moneyInput, utcDateTime, messageSchema, refSchema, wholeNumberInput } from '../fields';
import { tableEndpoint } from '../table';
import {
  EXTERNAL_PANELS_TABLE,
  PROVIDER_SERVICE_TYPES,
  PROVIDER_SERVICES_TABLE,
  PROVIDER_STATISTIC_TYPES,
  PROVIDER_STATUSES,
  PROVIDER_SYNC_FLAGS,
  PROVIDER_TYPES,
  SERVICE_SYNC_FLAGS,
  type ProviderSyncFlag,
  type ServiceSyncFlag,
} from './columns';

export * from './columns';

/**
 * Providers (external panels) as the order screens need them: the picker of the change-provider and
 * recreate dialogs.
 * The providers area of the catalogue extends this file with its own endpoints; the names below
 * stay as they are.
 *
 * A provider's API token never leaves the server.
 */

export const providerTypeSchema = z.enum(PROVIDER_TYPES);

/** The most providers one search answers; pages hold the same number. */
export const PROVIDER_PICKER_LIMIT = 30;

export const providerOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: providerTypeSchema,
  /** Money at the provider, a decimal string in `currency`. */
  balance: money,
  currency: z.string(),
});
export type ProviderOption = z.infer<typeof providerOptionSchema>;

export const providerOptionsPageSchema = z.object({
  items: z.array(providerOptionSchema),
  currentPage: z.number().int(),
  lastPage: z.number().int(),
});
export type ProviderOptionsPage = z.infer<typeof providerOptionsPageSchema>;

/**
 * Active, not archived providers by name. With `page`: one page ({items, currentPage, lastPage};
 * the console loads the next page while currentPage < lastPage). Without it: a list of at most
 * PROVIDER_PICKER_LIMIT matching `search`. `search` matches the name (contains) or the id;
 * `serviceId` keeps only providers with an active provider service linked to that service (the
 * change-provider dialog of one order).
 */
export const availableForOrderRecreateQuerySchema = z.object({
  search: z.string().trim().max(255).optional(),
  page: z.coerce.number().int().min(1).max(100000).optional(),
  serviceId: z.coerce.number().int().positive().max(INT4_MAX).optional(),
});

const orderPickerEndpoints = {
  providersAvailableForOrderRecreate: endpoint({
    method: 'GET',
    path: `${ADMIN}/providers/available-for-order-recreate`,
    permission: ['manageOrders', 'manageExternalPanelOrders'],
    query: availableForOrderRecreateQuerySchema,
    response: z.union([providerOptionsPageSchema, z.array(providerOptionSchema)]),
    summary: 'Providers an order can be sent to: a list for `search`, or a page for `page`',
  }),
};

// ---------------------------------------------------------------------------------------------
// The providers area: external panels, their billing, presets, imports and
// provider services (pricing rules). External panels need manageExternalPanels; provider
// services need manageServicesAndProviders.

const providerFlagsShape = Object.fromEntries(PROVIDER_SYNC_FLAGS.map((f) => [f, z.boolean()])) as Record<ProviderSyncFlag, z.ZodBoolean>;

export const externalPanelRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  endpoint: z.string(),
  type: providerTypeSchema,
  balance: money,
  currency: z.string(),
  balanceUpdatedAt: z.string().nullable(),
  status: z.enum(PROVIDER_STATUSES),
  isArchived: z.boolean(),
  syncFailed: z.boolean(),
  isOurPanel: z.boolean(),
  favicon: z.string().nullable(),
  servicesCount: z.number().int(),
  actions: z.object({ archivable: z.boolean(), editable: z.boolean(), restore: z.boolean(), showBilling: z.boolean(), importPackages: z.boolean() }),
});
export type ExternalPanelRow = z.infer<typeof externalPanelRowSchema>;

/** Every field of a provider but its API token, which never leaves the server (only whether one is set). */
export const externalPanelDetailSchema = externalPanelRowSchema.extend({
  resaleMarginPercent: z.string(),
  statisticType: z.enum(PROVIDER_STATISTIC_TYPES),
  autoRecreateOrdersIsAllowed: z.boolean(),
  hasApiToken: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...providerFlagsShape,
});
export type ExternalPanelDetail = z.infer<typeof externalPanelDetailSchema>;

const flagsBody = Object.fromEntries(PROVIDER_SYNC_FLAGS.map((f) => [f, z.boolean().default(false)])) as Record<ProviderSyncFlag, z.ZodDefault<z.ZodBoolean>>;

export const externalPanelBodySchema = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(255, 'The name may not be greater than 255 characters.'),
  endpoint: httpUrl('endpoint'),
  /** Write-only. Empty on edit: the stored token is kept; required when creating. */
  apiToken: z.string().trim().max(500, 'The API token may not be greater than 500 characters.').default(''),
  type: z.enum(PROVIDER_TYPES, { error: 'Choose a provider type.' }),
  currency: z
    .string({ error: 'Choose a currency.' })
    .trim()
    .regex(/^[A-Z]{3}$/, 'Choose a currency.'),
  resaleMarginPercent: fraction(4),
  statisticType: z.enum(PROVIDER_STATISTIC_TYPES).default('none'),
  status: z.enum(PROVIDER_STATUSES).default('active'),
  autoRecreateOrdersIsAllowed: z.boolean().default(false),
  isOurPanel: z.boolean().default(false),
  ...flagsBody,
});
export type ExternalPanelBody = z.input<typeof externalPanelBodySchema>;

export const externalPanelResultSchema = z.object({
  message: z.string(),
  externalPanel: externalPanelDetailSchema,
  /** Why the balance could not be read on save (the save itself went through). */
  balanceWarning: z.string().nullable(),
});

export const externalPanelCollectionsSchema = z.object({
  currencies: z.array(z.string()),
  statisticTypes: z.array(z.object({ value: z.enum(PROVIDER_STATISTIC_TYPES), label: z.string() })),
  types: z.array(z.object({ value: providerTypeSchema, label: z.string() })),
});

export const validateBodySchema = z.object({ endpoint: httpUrl('endpoint') });
export const validateResultSchema = z.object({ is_our_panel: z.boolean(), endpoint: z.string(), message: z.string() });

export const createAccountBodySchema = z.object({
  endpoint: httpUrl('endpoint'),
  /** The preset the account is created from (marked used). */
  presetId: z.number().int().positive().max(INT4_MAX).optional(),
});
export const createAccountResultSchema = z.object({
  api_token: z.string(),
  endpoint: z.string(),
  name: z.string(),
  currency: z.string(),
  type: providerTypeSchema,
  message: z.string(),
});

export const presetPanelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  icon: z.string().nullable(),
  isUsed: z.boolean(),
  sorting: z.number().int(),
  type: providerTypeSchema,
});
export type PresetPanel = z.infer<typeof presetPanelSchema>;

export const billingRecordSchema = z.object({
  id: z.number().int(),
  externalPanelId: z.number().int(),
  amount: money,
  currency: z.string(),
  date: z.string(),
  comment: z.string(),
  who: refSchema.nullable(),
  createdAt: z.string(),
});
export type BillingRecord = z.infer<typeof billingRecordSchema>;

export const billingBodySchema = z.object({
  amount: z
    .string({ error: 'The amount field is required.' })
    .trim()
    .regex(/^-?\d{1,10}(\.\d{1,4})?$/, 'The amount must be a number with at most 4 decimals.')
    .refine((v) => Number(v) !== 0, 'The amount may not be zero.'),
  currency: z
    .string({ error: 'Choose a currency.' })
    .trim()
    .regex(/^[A-Z]{3}$/, 'Choose a currency.'),
  date: utcDateTime,
  comment: z.string().trim().max(2000, 'The comment may not be greater than 2000 characters.').default(''),
});
export type BillingBody = z.input<typeof billingBodySchema>;

export const billingListSchema = z.object({ items: z.array(billingRecordSchema), total: z.array(z.object({ currency: z.string(), amount: money })) });

/** One service as the provider sells it, read live through its API, with what importing would make of it. */
export const importableServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  type: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  /** Price per 1000 at the provider, in its currency. */
  externalPanelPrice: money,
  /** The same in the panel's currency (USD). */
  providerPrice: money,
  /** Proposed selling price per 1000: providerPrice plus the provider's margin. */
  price: money,
  currency: z.string(),
  networkId: z.number().int().nullable(),
  serviceTypeId: z.number().int().nullable(),
  /** Already imported: our provider service for it. */
  providerServiceId: z.number().int().nullable(),
  refill: z.boolean(),
  dripfeed: z.boolean(),
});
export type ImportableService = z.infer<typeof importableServiceSchema>;

export const importServicesListSchema = z.object({
  items: z.array(importableServiceSchema),
  margin: z.string(),
  rate: z.string(),
  networks: z.array(refSchema),
  serviceTypes: z.array(refSchema.extend({ networkId: z.number().int() })),
  promotableCheckerGroups: z.array(refSchema),
});

const serviceSyncShape = Object.fromEntries(SERVICE_SYNC_FLAGS.map((f) => [f, z.boolean().default(false)])) as Record<
  ServiceSyncFlag,
  z.ZodDefault<z.ZodBoolean>
>;

export const importServiceRowSchema = z.object({
  id: z.string({ error: 'The service id is required.' }).trim().min(1, 'The service id is required.').max(100),
  price: moneyInput,
  service_type_id: z.number({ error: 'Choose a service type.' }).int().positive('Choose a service type.').max(INT4_MAX),
  promotable_checker_group_id: z.number().int().positive().max(INT4_MAX).nullable().default(null),
  sync: z.object(serviceSyncShape).default(Object.fromEntries(SERVICE_SYNC_FLAGS.map((f) => [f, false])) as Record<ServiceSyncFlag, boolean>),
});
export const importServicesBodySchema = z.object({
  services: z.array(importServiceRowSchema).min(1, 'Choose at least one service.').max(500, 'At most 500 services at once.'),
});
export type ImportServicesBody = z.input<typeof importServicesBodySchema>;

export const importResultSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  ids: z.array(z.number().int()),
});

export const importablePackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  fixedCost: money,
  discountPercent: z.string(),
  sync: z.boolean(),
  imported: z.boolean(),
});
export const importPackagesBodySchema = z.object({
  packages: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(100),
        sync: z.boolean().default(true),
        fixed_cost: moneyInput,
        discount_percent: fraction(3),
      }),
    )
    .min(1, 'Choose at least one package.')
    .max(200),
});
export type ImportPackagesBody = z.input<typeof importPackagesBodySchema>;

export const importProvidersBodySchema = z.object({
  importableServicesIds: z.array(z.string().trim().min(1).max(100)).min(1, 'Choose at least one service.').max(500),
});

export const availableServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  rate: money,
  min: z.number().int(),
  max: z.number().int(),
});

export const providerServiceRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  provider: refSchema.extend({ type: providerTypeSchema, currency: z.string() }),
  externalPanelServiceId: z.string(),
  sourcePrice: z.object({ amount: money, currency: z.string() }),
  sourcePricingPer: z.number().int(),
  status: z.enum(PROVIDER_STATUSES),
  isArchived: z.boolean(),
  sourceEvent: z.string().nullable(),
  targetEvent: z.string().nullable(),
  lastStatsGatherPeriod: z.string().nullable(),
  lastAvailableAt: z.string().nullable(),
  servicesCount: z.number().int(),
  syncFlags: z.record(z.string(), z.boolean()),
  createdAt: z.string(),
  actions: z.object({ editable: z.boolean(), archivable: z.boolean(), unarchivable: z.boolean() }),
});
export type ProviderServiceRow = z.infer<typeof providerServiceRowSchema>;

export const providerServiceDetailSchema = providerServiceRowSchema.extend({
  services: z.array(refSchema.extend({ isActive: z.boolean(), priority: z.number().int() })),
});
export type ProviderServiceDetail = z.infer<typeof providerServiceDetailSchema>;

export const providerServiceBodySchema = z.object({
  name: z.string({ error: 'The name field is required.' }).trim().min(1, 'The name field is required.').max(255),
  type: z.enum(PROVIDER_SERVICE_TYPES, { error: 'Choose a type.' }).default('default'),
  source_price: z.object({
    amount: moneyInput,
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'Choose a currency.'),
  }),
  source_pricing_per: wholeNumberInput('pricing unit', { min: 1, max: 1_000_000, minMessage: 'At least 1.' }),
  /** The provider and its service this rule buys from. */
  external_panel_service: z.object({
    external_panel_id: z.number({ error: 'Choose a provider.' }).int().positive('Choose a provider.').max(INT4_MAX),
    external_panel_service_id: z
      .string({ error: 'The service id at the provider is required.' })
      .trim()
      .min(1, 'The service id at the provider is required.')
      .max(100),
  }),
  status: z.enum(PROVIDER_STATUSES).default('active'),
  source_event: z.string().trim().max(100).nullable().default(null),
  target_event: z.string().trim().max(100).nullable().default(null),
});
export type ProviderServiceBody = z.input<typeof providerServiceBodySchema>;

export const providerServiceResultSchema = z.object({ message: z.string(), providerService: providerServiceDetailSchema });

/** POST /external-panels/{id}/services: a provider service from one of the provider's live services. */
export const externalPanelServiceBodySchema = z.object({
  external_panel_service_id: z.string({ error: 'Choose a service.' }).trim().min(1, 'Choose a service.').max(100),
  provider_id: z.number().int().positive().max(INT4_MAX).optional(),
});

export const providerServiceCollectionsSchema = z.object({
  types: z.array(z.object({ value: z.string(), label: z.string() })),
  providers: z.array(refSchema.extend({ currency: z.string(), type: providerTypeSchema })),
  currencies: z.array(z.string()),
});

const panelParams = z.object({ externalPanelId: pathId('External panel') });
const billingParams = z.object({ externalPanelId: pathId('External panel'), billingId: pathId('Billing record') });
const providerServiceParams = z.object({ providerId: pathId('Provider service') });
const M = 'manageExternalPanels' as const;
const P = 'manageServicesAndProviders' as const;

export const providersAreaEndpoints = {
  externalPanelsTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/external-panels`,
    permission: M,
    row: externalPanelRowSchema,
    table: EXTERNAL_PANELS_TABLE,
    summary: 'The provider (external panel) list',
  }),
  externalPanelsCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/external-panels/collections`,
    permission: M,
    response: externalPanelCollectionsSchema,
    summary: 'Currencies, statistic types and provider types for the editor',
  }),
  externalPanelsValidate: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panels/validate`,
    permission: M,
    body: validateBodySchema,
    response: validateResultSchema,
    summary: 'Ask an endpoint whether it is one of our own panels (then its canonical endpoint is returned)',
  }),
  externalPanelsCreateAccount: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panels/create-account`,
    permission: M,
    body: createAccountBodySchema,
    response: createAccountResultSchema,
    summary: 'Open an account at a panel of ours (from a preset): its API token and endpoint',
  }),
  presetPanels: endpoint({
    method: 'GET',
    path: `${ADMIN}/preset-panels`,
    permission: M,
    response: z.array(presetPanelSchema),
    summary: 'Top providers an account can be created at',
  }),
  externalPanelsStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panels`,
    permission: M,
    body: externalPanelBodySchema,
    response: externalPanelResultSchema,
    summary: 'Add a provider',
  }),
  externalPanelsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/external-panels/:externalPanelId`,
    permission: M,
    params: panelParams,
    response: externalPanelDetailSchema,
    summary: 'One provider (never its API token)',
  }),
  externalPanelsUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/external-panels/:externalPanelId`,
    permission: M,
    params: panelParams,
    body: externalPanelBodySchema,
    response: externalPanelResultSchema,
    summary: 'Change a provider (an empty API token keeps the stored one)',
  }),
  externalPanelsArchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panels/:externalPanelId/archive`,
    permission: M,
    params: panelParams,
    response: messageSchema,
    summary: 'Archive a provider',
  }),
  externalPanelsUnarchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panels/:externalPanelId/unarchive`,
    permission: M,
    params: panelParams,
    response: messageSchema,
    summary: 'Restore an archived provider',
  }),
  externalPanelPayments: endpoint({
    method: 'GET',
    path: `${ADMIN}/external-panels/:externalPanelId/external-panel-payments`,
    permission: M,
    params: panelParams,
    response: billingListSchema,
    summary: "A provider's billing records, newest first",
  }),
  externalPanelPaymentsStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panels/:externalPanelId/external-panel-payments`,
    permission: M,
    params: panelParams,
    body: billingBodySchema,
    response: z.object({ message: z.string(), billing: billingRecordSchema }),
    summary: 'Record a payment to (or refund from) a provider',
  }),
  externalPanelPaymentsUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/external-panels/:externalPanelId/external-panel-payments/:billingId`,
    permission: M,
    params: billingParams,
    body: billingBodySchema,
    response: z.object({ message: z.string(), billing: billingRecordSchema }),
    summary: 'Change a billing record',
  }),
  externalPanelPaymentsDestroy: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/external-panels/:externalPanelId/external-panel-payments/:billingId`,
    permission: M,
    params: billingParams,
    response: messageSchema,
    summary: 'Delete a billing record',
  }),
  externalPanelImportServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/external-panels/:externalPanelId/import-services`,
    permission: M,
    params: panelParams,
    response: importServicesListSchema,
    summary: "The provider's services, read live, with proposed prices",
  }),
  externalPanelImportServicesStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panels/:externalPanelId/import-services`,
    permission: M,
    params: panelParams,
    body: importServicesBodySchema,
    response: importResultSchema,
    summary: 'Import the chosen services: catalogue services and their provider services (re-import updates, never duplicates)',
  }),
  externalPanelImportPackages: endpoint({
    method: 'GET',
    path: `${ADMIN}/external-panels/:externalPanelId/import-packages`,
    permission: M,
    params: panelParams,
    response: z.array(importablePackageSchema),
    summary: "The provider's packages, read live",
  }),
  externalPanelImportPackagesStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panels/:externalPanelId/import-packages`,
    permission: M,
    params: panelParams,
    body: importPackagesBodySchema,
    response: importResultSchema,
    summary: 'Import the chosen packages',
  }),
  externalPanelImportProviders: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panels/:externalPanelId/import-providers`,
    permission: M,
    params: panelParams,
    body: importProvidersBodySchema,
    response: importResultSchema,
    summary: 'Create provider services (no catalogue services) for the chosen services of the provider',
  }),
  externalPanelAvailableServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/external-panels/:externalPanelId/available-services`,
    permission: M,
    params: panelParams,
    response: z.array(availableServiceSchema),
    summary: "The provider's services as its API lists them (an answer with an error field is refused)",
  }),
  externalPanelServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/external-panels/:externalPanelId/services`,
    permission: M,
    params: panelParams,
    response: z.array(providerServiceRowSchema),
    summary: "The provider's provider services",
  }),
  externalPanelServicesStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panels/:externalPanelId/services`,
    permission: M,
    params: panelParams,
    body: externalPanelServiceBodySchema,
    response: providerServiceResultSchema,
    summary: 'A provider service from one live service of the provider',
  }),
  externalPanelRecreatableServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/external-panels/:externalPanelId/recreatable-services`,
    permission: [M, 'manageOrders', 'manageExternalPanelOrders'],
    params: panelParams,
    response: z.array(providerServiceRowSchema),
    summary: 'Active provider services of the provider an order can be recreated with',
  }),
  providerServicesTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/providers`,
    permission: P,
    row: providerServiceRowSchema,
    table: PROVIDER_SERVICES_TABLE,
    summary: 'The provider services (pricing rules) list',
  }),
  providerServicesCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/providers/collections`,
    permission: P,
    response: providerServiceCollectionsSchema,
    summary: 'Types, providers and currencies for the editor',
  }),
  providerServicesStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/providers`,
    permission: P,
    body: providerServiceBodySchema,
    response: providerServiceResultSchema,
    summary: 'Add a provider service',
  }),
  providerServicesShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/providers/:providerId`,
    permission: P,
    params: providerServiceParams,
    response: providerServiceDetailSchema,
    summary: 'One provider service',
  }),
  providerServicesUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/providers/:providerId`,
    permission: P,
    params: providerServiceParams,
    body: providerServiceBodySchema,
    response: providerServiceResultSchema,
    summary: 'Change a provider service',
  }),
  providerServicesArchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/providers/:providerId/archive`,
    permission: P,
    params: providerServiceParams,
    response: messageSchema,
    summary: 'Archive a provider service',
  }),
  providerServicesUnarchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/providers/:providerId/unarchive`,
    permission: P,
    params: providerServiceParams,
    response: messageSchema,
    summary: 'Bring a provider service back',
  }),
};

/** The order screens' picker first: its static path is matched before /providers/:providerId. */
export const providersEndpoints = { ...orderPickerEndpoints, ...providersAreaEndpoints };
