import type { z } from 'zod';
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
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointPermission = 'public' | 'authenticated' | Permission | readonly Permission[];

export interface Endpoint<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  permission: EndpointPermission;
  body?: Body;
  query?: Query;
  response: Response;
  /** Mutating endpoints honour Idempotency-Key (DESIGN.md §7). Defaults to method !== 'GET'. */
  mutates?: boolean;
  summary: string;
}

export const endpoint = <
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<B, Q, R>): Endpoint<B, Q, R> => e;

export type BodyOf<E> = E extends Endpoint<infer B, any, any> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type QueryOf<E> = E extends Endpoint<any, infer Q, any> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type ResponseOf<E> = E extends Endpoint<any, any, infer R> ? z.output<R> : never;

/** Fills `:name` parameters of a path; unknown or missing parameters throw (a programming error). */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export const ADMIN = '/api/v1/admin';
