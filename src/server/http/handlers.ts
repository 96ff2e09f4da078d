import type { Hono } from 'hono';
import { z } from 'zod';
import { endpoints, type EndpointName, type Endpoints } from '../../contract/endpoints';
import type { Endpoint, EndpointPermission } from '../../contract/endpoint';
import { zodIssuesToErrors } from '../../contract/errors';
import type { Permission } from '../../contract/permissions';
import { authenticate } from '../auth/authenticate';
import type { Actor, AppContext, AppDeps, AppEnv, StaffContext } from './context';
import { HttpError, forbidden, validationFailed } from './errors';
import { honoursIdempotencyKey, withIdempotency } from './idempotency';
import { assertCleanInput, DEFAULT_MAX_BODY_BYTES, parseJsonBody, readBodyText } from './input';
import { mountTableExports } from '../table/export';

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
export type Handler<E extends Endpoint<any, any, any>> = (
  args: HandlerArgs<E>,
) => Promise<z.input<E['response']> | Response>;

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

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(zodIssuesToErrors(result.error.issues));
  return result.data;
}

/** Path parameters that fail their schema name no record: a 404 with the schema's message (contract/endpoint.ts). */
function parseParams<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(404, result.error.issues[0]?.message ?? 'Not Found.');
  return result.data;
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

/**
 * Mounts every area's handlers on the app, in the pipeline of DESIGN.md §5:
 * authenticate -> permission from the endpoint table -> Idempotency-Key on mutating endpoints
 * (./idempotency.ts) -> the body read as JSON within its size cap and every text checked
 * (./input.ts: 413, 415, 422 for NUL and unpaired surrogates) -> zod validation -> handler.
 *
 * Path parameters are validated first (a failure is a 404, see contract/endpoint.ts), then the
 * body and the query (422). Start-up fails when a handler names no endpoint-table entry, when an
 * entry has no permission, when its path and params disagree, or when an entry of the table has
 * no handler: a gap is found when the server starts, never at request time.
 */
export function mountEndpoints(app: Hono<AppEnv>, areas: AreaHandlers[], deps: AppDeps): void {
  const handlers = new Map<string, Handler<any>>();
  for (const area of areas) {
    for (const [name, handler] of Object.entries(area)) {
      if (!(name in endpoints)) throw new Error(`Handler "${name}" has no entry in the endpoint table`);
      if (handlers.has(name)) throw new Error(`Endpoint "${name}" has two handlers`);
      handlers.set(name, handler as Handler<any>);
    }
  }
  // Every list's CSV export (POST <table path>/export), before the routes that could take its path.
  mountTableExports(app, Object.entries(endpoints), deps, permits, (c, staff) => actorOf(c, staff, deps.config.trustProxy));
  for (const [name, e] of Object.entries(endpoints) as [string, Endpoint<any, any, any>][]) {
    if (e.permission === undefined || e.permission === null || (Array.isArray(e.permission) && e.permission.length === 0)) {
      throw new Error(`Endpoint "${name}" has no permission entry`);
    }
    checkParams(name, e);
    const handler = handlers.get(name);
    if (!handler) throw new Error(`Endpoint "${name}" (${e.method} ${e.path}) has no handler`);

    app.on(e.method, e.path, async (c) => {
      let staff: StaffContext | null = null;
      if (e.permission !== 'public') {
        staff = await authenticate(c, deps);
        if (!permits(staff, e.permission)) throw forbidden();
      } else if (c.req.header('authorization')) {
        // Public endpoints still know who is asking when a valid token is sent.
        staff = await authenticate(c, deps).catch(() => null);
      }
      c.set('staff', staff);
      // Read once, within the cap, before anything else looks at it (the idempotency fingerprint).
      if (e.body) c.set('bodyText', await readBodyText(c, e.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES));
      const run = async () => {
        const params = e.params ? parseParams(e.params, c.req.param()) : undefined;
        const body = e.body ? parse(e.body, parseJsonBody(c, c.get('bodyText') ?? '')) : undefined;
        let query: unknown;
        if (e.query) {
          const raw = c.req.query();
          assertCleanInput(raw);
          query = parse(e.query, raw);
        }
        const result = await handler({ body, query, params, staff, actor: actorOf(c, staff, deps.config.trustProxy), deps, c } as any);
        return result instanceof Response ? result : c.json(result as object);
      };
      // After the permission check, so a key never hands one member's answer to another.
      return staff && honoursIdempotencyKey(e) ? withIdempotency(c, deps, staff, run) : run();
    });
  }
}
