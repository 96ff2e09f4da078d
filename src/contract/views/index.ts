import { z } from 'zod';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { dateTime, id, refSchema, messageSchema } from '../fields';

/**
 * Saved views (docs/insight.md): a named state of a list — its filters, search, sort, page size
 * and visible columns, kept as the list's URL search (`status=canceled&sort=quantity:desc`) — so
 * a view is a link, and opening it is opening that address. A view is private to its owner or
 * shared with all staff; a member sees their own views and the shared views of the lists they
 * may read (the permission of the list's table endpoint, `endpoint`). Only the owner changes or
 * deletes a view.
 */
export const SAVED_VIEW_NAME_MAX = 80;
export const SAVED_VIEW_QUERY_MAX = 2000;

export const savedViewSchema = z.object({
  id,
  /** The console's list ('orders'). */
  resource: z.string(),
  name: z.string(),
  /** The list's URL search, without '?'. */
  query: z.string(),
  shared: z.boolean(),
  owner: refSchema,
  /** The caller owns it (may rename, share and delete it). */
  mine: z.boolean(),
  createdAt: dateTime,
});
export type SavedView = z.infer<typeof savedViewSchema>;

const viewFields = {
  name: z.string().trim().min(1, 'Name the view.').max(SAVED_VIEW_NAME_MAX, `A view name may have at most ${SAVED_VIEW_NAME_MAX} characters.`),
  query: z
    .string()
    .max(SAVED_VIEW_QUERY_MAX, `A view may hold at most ${SAVED_VIEW_QUERY_MAX} characters of filters.`)
    .transform((q) => q.replace(/^\?/, '')),
  shared: z.boolean().default(false),
};

export const savedViewStoreSchema = z.object({
  resource: z.string().regex(/^[a-z][a-z0-9-]{0,59}$/, 'Unknown list.'),
  /** The list's table endpoint (its permission decides who sees the view). */
  endpoint: z.string().min(1).max(100),
  ...viewFields,
});
export const savedViewUpdateSchema = z.object(viewFields);

const viewAnswer = z.object({ message: z.string(), view: savedViewSchema });

export const viewsEndpoints = {
  savedViewsIndex: endpoint({
    method: 'GET',
    path: `${ADMIN}/saved-views`,
    permission: 'authenticated',
    response: z.object({ data: z.array(savedViewSchema) }),
    summary: "The caller's views and the shared views of the lists they may read",
  }),
  savedViewsStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/saved-views`,
    permission: 'authenticated',
    body: savedViewStoreSchema,
    response: viewAnswer,
    summary: 'Save the state of a list as a view (private or shared)',
  }),
  savedViewsUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/saved-views/:viewId`,
    permission: 'authenticated',
    params: z.object({ viewId: pathId('View') }),
    body: savedViewUpdateSchema,
    response: viewAnswer,
    summary: 'Rename, change or share a view (its owner only)',
  }),
  savedViewsDestroy: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/saved-views/:viewId`,
    permission: 'authenticated',
    params: z.object({ viewId: pathId('View') }),
    response: messageSchema,
    summary: 'Delete a view (its owner only)',
  }),
};
