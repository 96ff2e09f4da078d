import type { Hono } from 'hono';
import { z } from 'zod';
import { endpoints } from '../contract/endpoints';
import type { Endpoint } from '../contract/endpoint';
import { zodIssuesToErrors } from '../contract/errors';
import { authenticate } from './auth/authenticate';
import type { AppDeps, StaffContext } from './deps';
import type { AppEnv } from './http/context';
import { HttpError, forbidden, validationFailed } from './http/errors';
import { actorOf, checkParams, permits, type AreaHandlers, type Handler } from './http/handlers';
import { honoursIdempotencyKey, withIdempotency } from './http/idempotency';
import { assertCleanInput, DEFAULT_MAX_BODY_BYTES, parseJsonBody, readBodyText } from './http/input';
import { mountTableExports } from './table/export';

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

/**
 * Mounts every area's handlers on the app, each request going through the pipeline
 * authenticate -> permission from the endpoint table -> Idempotency-Key on mutating endpoints
 * (./http/idempotency.ts) -> the body read as JSON within its size cap and every text checked
 * (./http/input.ts: 413, 415, 422 for NUL and unpaired surrogates) -> zod validation -> handler.
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
