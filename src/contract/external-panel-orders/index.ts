import { z } from 'zod';
import { id, dateTime, money, refSchema, wholeNumberInput } from '../fields';
import { ADMIN, endpoint, pathBigId } from '../endpoint';
import { tableEndpoint } from '../table';
import { EXTERNAL_PANEL_ORDERS_TABLE, EXTERNAL_PANEL_ORDER_STATUSES } from './columns';

export * from './columns';

export const externalPanelOrderStatusSchema = z.enum(EXTERNAL_PANEL_ORDER_STATUSES);

export const externalPanelOrderActionsSchema = z.object({
  /** Failed, canceled or partial, its order not finished, not recreated yet (and the permission). */
  recreatable: z.boolean(),
  /** Held for a member, its order not finished (and the permission). */
  followable: z.boolean(),
});

export const externalPanelOrderRowSchema = z.object({
  id,
  status: externalPanelOrderStatusSchema,
  /** The provider, with the currency it charges in. */
  provider: refSchema.extend({ currency: z.string() }),
  order: z.object({ id }),
  /** The provider's order id; null until the provider accepted the order. */
  externalId: z.string().nullable(),
  quantity: z.number().int(),
  url: z.string(),
  /** What the provider charged (decimal string in the provider's currency), once known. */
  charge: money.nullable(),
  startCount: z.number().int().nullable(),
  /** Not yet delivered; negative when the provider delivered more than ordered. */
  remains: z.number().int().nullable(),
  /** Why the provider refused it (its `error` answer), why it could not be sent, or why it is held. */
  error: z.string().nullable(),
  /** The provider's last answer about it that could not be read, as it came (its start). */
  answerRaw: z.string().nullable(),
  /** When the worker stopped following it and held its order for a member; null when followed. */
  heldAt: dateTime.nullable(),
  /** The attempt this one replaced, when it was made by recreate. */
  recreatedFromId: id.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
  actions: externalPanelOrderActionsSchema,
});
export type ExternalPanelOrderRow = z.infer<typeof externalPanelOrderRowSchema>;

/**
 * Recreate: how many units to place and at which provider. The server also checks that the quantity
 * does not exceed the order's quantity and that the provider exists and is usable, answering 422 on
 * the same keys (`quantity`, `providerId`).
 */
export const recreateExternalPanelOrderBodySchema = z.object({
  quantity: wholeNumberInput('quantity', { min: 1 }),
  providerId: wholeNumberInput('provider id', {
    min: 1,
    minMessage: 'The selected provider id is invalid.',
    maxMessage: 'The selected provider id is invalid.',
  }),
});
export type RecreateExternalPanelOrderBody = z.input<typeof recreateExternalPanelOrderBodySchema>;

export const externalPanelOrderActionResultSchema = z.object({
  message: z.string(),
  /** The new attempt (recreate), or the attempt (follow again). */
  externalPanelOrder: externalPanelOrderRowSchema,
});

export const externalPanelOrdersEndpoints = {
  externalPanelOrdersList: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/external-panel-orders`,
    permission: 'manageExternalPanelOrders',
    row: externalPanelOrderRowSchema,
    table: EXTERNAL_PANEL_ORDERS_TABLE,
    summary: 'External-panel orders; the table request as the query string q=<JSON> (encodeTableQuery)',
  }),
  externalPanelOrdersTable: tableEndpoint({
    path: `${ADMIN}/external-panel-orders/table`,
    permission: 'manageExternalPanelOrders',
    row: externalPanelOrderRowSchema,
    table: EXTERNAL_PANEL_ORDERS_TABLE,
    summary: 'External-panel orders (table protocol as a JSON body; columns in EXTERNAL_PANEL_ORDERS_TABLE)',
  }),
  externalPanelOrdersRecreate: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panel-orders/:id/recreate`,
    permission: 'manageExternalPanelOrders',
    params: z.object({ id: pathBigId('External-panel order') }),
    body: recreateExternalPanelOrderBodySchema,
    response: externalPanelOrderActionResultSchema,
    summary: 'Place a failed, canceled, partial or held attempt again (quantity, providerId); 409 when not recreatable',
  }),
  externalPanelOrdersFollow: endpoint({
    method: 'POST',
    path: `${ADMIN}/external-panel-orders/:id/follow`,
    permission: 'manageExternalPanelOrders',
    params: z.object({ id: pathBigId('External-panel order') }),
    response: externalPanelOrderActionResultSchema,
    summary: 'Follow a held attempt again (its stopped order back in processing); 409 when it is not held',
  }),
};
