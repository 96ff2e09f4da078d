import { z } from 'zod';
import { ADMIN, endpoint } from '../endpoint';
import { INT4_MAX } from '../fields';
import { PROVIDER_TYPES } from './columns';

export * from './columns';

/**
 * Providers (external panels, catalogue.md §3 "Provider") as the order screens need them: the
 * picker of the change-provider and recreate dialogs (operations.md §7 "Providers for recreate").
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
  balance: z.string(),
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

export const providersEndpoints = {
  providersAvailableForOrderRecreate: endpoint({
    method: 'GET', path: `${ADMIN}/providers/available-for-order-recreate`,
    permission: ['manageOrders', 'manageExternalPanelOrders'],
    query: availableForOrderRecreateQuerySchema,
    response: z.union([providerOptionsPageSchema, z.array(providerOptionSchema)]),
    summary: 'Providers an order can be sent to: a list for `search`, or a page for `page`',
  }),
};
