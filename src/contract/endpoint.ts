import { z } from 'zod';
import { INT4_MAX } from './fields';
import type { TableSpec } from './columns';
import type { Permission } from './permissions';

/**
 * One row of the endpoint table: method, path, request, response and the permission it needs.
 *
 * `permission`:
 * - 'public': no token (login, settings, dictionaries);
 * - 'authenticated': any signed-in, active staff member (profile, refresh, logout, counters);
 * - a permission, or a list of which any one suffices.
 *
 * Paths use `:name` parameters (Hono's style). Action endpoints take the row id in the body
 * (`orderId`, `userId`, `comboOrderId`), bulk ones a list (`ordersIds`), as the spec's cancel bodies
 * do; `:id` in a path is used only where the spec shows it (`/invoices/:id/mark-as-paid`).
 *
 * `params`: every `:name` of the path has its schema here (`params: z.object({ userId: pathId('User') })`),
 * and the server refuses to start when a path and its params disagree. The pipeline validates them
 * before the body and the query, and the ONE rule for a path parameter that fails its schema is a
 * 404 with the schema's message (`pathId('User')` says "User not found."), never a 422 or a 500: a
 * malformed or out-of-range id names no record, exactly like an id that is not in the table.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointPermission = 'public' | 'authenticated' | Permission | readonly Permission[];

export interface Endpoint<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  path: string;
  permission: EndpointPermission;
  /** The path's `:name` parameters (see above); handlers receive them parsed and typed. */
  params?: Params;
  body?: Body;
  query?: Query;
  response: Response;
  /** Mutating endpoints honour Idempotency-Key. Defaults to method !== 'GET'. */
  mutates?: boolean;
  summary: string;
  /** The largest body accepted, in bytes (413 above it); the pipeline's default is 1 MB. */
  maxBodyBytes?: number;
  /** A table endpoint's column table (src/contract/columns.ts); set by `tableEndpoint`. */
  table?: TableSpec;
}

export const endpoint = <
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = undefined,
>(
  e: Endpoint<B, Q, R, P>,
): Endpoint<B, Q, R, P> => e;

/**
 * A row id in a path, as its column holds it: digits only, without leading zeros (`007` names
 * nothing: one record has one spelling), 1 to `max` (INT4_MAX for serial ids,
 * Number.MAX_SAFE_INTEGER for bigserial ones: `pathBigId`). Anything else is "<thing> not found.".
 */
export const pathId = (thing: string, max: number = INT4_MAX) => {
  const message = `${thing} not found.`;
  return z
    .string({ error: message })
    .regex(/^[1-9]\d{0,15}$/, message)
    .transform(Number)
    .pipe(z.number().int({ error: message }).min(1, message).max(max, message));
};
export const pathBigId = (thing: string) => pathId(thing, Number.MAX_SAFE_INTEGER);

export type BodyOf<E> = E extends Endpoint<infer B, any, any> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type QueryOf<E> = E extends Endpoint<any, infer Q, any> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type ResponseOf<E> = E extends Endpoint<any, any, infer R> ? z.output<R> : never;
/** The path parameters a caller fills (`buildPath`): every key of the params schema, as text or a number. */
export type ParamsOf<E> =
  E extends Endpoint<any, any, any, infer P> ? (P extends z.ZodObject<infer S> ? { [K in keyof S]: string | number } : undefined) : never;

export { ADMIN, buildPath } from './paths';
