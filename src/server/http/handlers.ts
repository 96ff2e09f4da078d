import { z } from 'zod';
import type { EndpointName, Endpoints } from '../../contract/endpoints';
import type { Endpoint, EndpointPermission } from '../../contract/endpoint';
import type { Permission } from '../../contract/permissions';
import type { AppContext } from './context';
import type { Actor, AppDeps, StaffContext } from '../deps';

// `body?:` makes E['body'] `Schema | undefined`; strip the undefined before mapping, or every
// handler's body would be typed as possibly undefined.
type Out<S> = [Exclude<S, undefined>] extends [never] ? undefined : Exclude<S, undefined> extends z.ZodType ? z.output<Exclude<S, undefined>> : undefined;

export interface HandlerArgs<E extends Endpoint<any, any, any>> {
  body: Out<E['body']>;
  query: Out<E['query']>;
  /** The path's parameters, parsed by the endpoint's `params` schema (a failure was a 404). */
  params: Out<E['params']>;
  /** Null only on public endpoints. */
  staff: E['permission'] extends 'public' ? StaffContext | null : StaffContext;
  actor: Actor;
  deps: AppDeps;
  c: AppContext;
}

/** A handler returns the endpoint's response body (sent as JSON, 200) or a full Response. */
export type Handler<E extends Endpoint<any, any, any>> = (args: HandlerArgs<E>) => Promise<z.input<E['response']> | Response>;

export type AreaHandlers = { [K in EndpointName]?: Handler<Endpoints[K]> };

/** Declares an area's handlers, keyed by endpoint-table names (typed against the contract). */
export const defineHandlers = <H extends AreaHandlers>(handlers: H): H => handlers;

/**
 * Who is asking. X-Forwarded-For is believed only behind a trusted proxy (TRUST_PROXY=on): anyone
 * can send that header, and the login throttle keys on the address.
 */
export function actorOf(c: AppContext, staff: StaffContext | null, trustProxy = false): Actor {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  const incoming = (c.env as any)?.incoming?.socket?.remoteAddress as string | undefined;
  return { staffId: staff?.id ?? null, ip: forwarded || incoming || null, userAgent: c.req.header('user-agent') ?? null };
}

export function permits(staff: StaffContext, permission: EndpointPermission): boolean {
  if (permission === 'public' || permission === 'authenticated') return true;
  const needed: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  return needed.some((p) => staff.permissions.has(p));
}

const pathParameterNames = (path: string): string[] => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);

/** Start-up check: the path's `:name` segments and the keys of `params` are the same set. */
export function checkParams(name: string, e: Endpoint<any, any, any>): void {
  const inPath = pathParameterNames(e.path).sort();
  if (inPath.length === 0 && e.params === undefined) return;
  if (!(e.params instanceof z.ZodObject)) {
    throw new Error(`Endpoint "${name}" (${e.path}) needs a params object schema for ${inPath.map((p) => `:${p}`).join(', ')}`);
  }
  const declared = Object.keys(e.params.shape).sort();
  if (declared.join() !== inPath.join()) {
    throw new Error(`Endpoint "${name}": params {${declared.join(', ')}} do not match the path ${e.path}`);
  }
}
