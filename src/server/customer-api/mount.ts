import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppContext, AppEnv } from '../http/context';
import { HttpError, httpErrorForDatabase, tooManyRequests } from '../http/errors';
import { actorOf } from '../http/handlers';
import { CUSTOMER_MAX_BODY_BYTES, type Customer, type CustomerAction, type CustomerApi, type CustomerCall } from './define';
import { customerByKey } from './keys';
import { BUILT_IN_ACTIONS } from './orders';
import { createRateLimiter } from './rateLimit';
import { REFILL_ACTIONS } from './refills';
import { keyOf, readCustomerRequest } from './request';

/**
 * The customer API's pipeline (docs/customer-api.md), mounted beside the admin API:
 * - `POST /api/v2` (GET too, as many API v2 clients send it) dispatches `action` to the built-in
 *   actions and those the areas register; a refusal is `{"error": "…"}` with HTTP 200, as API v2
 *   panels answer, so existing storefront clients read it;
 * - REST routes under `/api/v1/customer` for what API v2 has no action for; their errors are
 *   Laravel's shape with real statuses (401, 404, 422), as the admin API's.
 * Both: the key from `Authorization: Bearer` or the `key` field, a token bucket per key (and per
 * address for requests whose key is refused) answering 429 with Retry-After, bodies within their cap
 * (413), and the same input checks as the admin API.
 */

export interface CustomerApiOptions {
  /** Requests per minute per key (CUSTOMER_API_RATE_PER_MINUTE, default 120); bursts of a quarter of it. */
  perMinute?: number;
}

/** Refused keys per address and minute before the address waits: enough for a mistyped key, too few to guess one. */
const REFUSED_PER_MINUTE = 30;

/** The API v2 actions: the built-in ones and every area's (a name registered twice stops the start). */
export function collectCustomerActions(contributions: readonly (CustomerApi | undefined)[]): ReadonlyMap<string, CustomerAction> {
  const actions = new Map<string, CustomerAction>([...Object.entries(BUILT_IN_ACTIONS), ...Object.entries(REFILL_ACTIONS)]);
  for (const area of contributions) {
    for (const [name, action] of Object.entries(area?.actions ?? {})) {
      if (actions.has(name)) throw new Error(`Customer API action "${name}" is registered twice`);
      actions.set(name, action);
    }
  }
  return actions;
}

/** Runs one API v2 action as `customer` (the HTTP pipeline, and the demo's simulated customers). */
export async function runCustomerAction(
  actions: ReadonlyMap<string, CustomerAction>,
  call: Omit<CustomerCall, 'fields'> & { action: string; fields: Readonly<Record<string, string>> },
): Promise<unknown> {
  const handler = actions.get(call.action);
  const names = [...actions.keys()].sort().join(', ');
  if (!handler) throw new HttpError(422, call.action ? `Unknown action "${call.action.slice(0, 40)}". Actions: ${names}.` : `Send an "action": ${names}.`);
  return handler(call);
}

export function mountCustomerApi(
  app: Hono<AppEnv>,
  deps: AppDeps,
  contributions: readonly (CustomerApi | undefined)[],
  options: CustomerApiOptions = {},
): void {
  const perMinute = options.perMinute ?? deps.config.customerApiPerMinute ?? 120;
  const byKey = createRateLimiter({ perMinute, burst: Math.max(1, Math.ceil(perMinute / 4)) });
  const refusedByAddress = createRateLimiter({ perMinute: REFUSED_PER_MINUTE, burst: REFUSED_PER_MINUTE });

  const actions = collectCustomerActions(contributions);

  /** The customer, or an HttpError to answer (401, 429). */
  async function authenticate(c: AppContext, fields: Readonly<Record<string, string>>): Promise<Customer> {
    const key = keyOf(c, fields);
    const address = actorOf(c, null, deps.config.trustProxy).ip ?? 'unknown';
    if (!key) throw new HttpError(401, 'Send your API key in the "key" field (or as "Authorization: Bearer <key>").');
    const wait = byKey.take(`k:${createHash('sha256').update(key).digest('hex')}`);
    if (wait > 0) throw rateLimited(wait);
    const found = await customerByKey(deps.database.db, key);
    if ('refused' in found) {
      const addressWait = refusedByAddress.take(`a:${address}`);
      if (addressWait > 0) throw rateLimited(addressWait);
      throw new HttpError(401, found.refused);
    }
    return found.customer;
  }

  const v2 = async (c: AppContext) => {
    try {
      const { fields } = await readCustomerRequest(c, CUSTOMER_MAX_BODY_BYTES);
      const customer = await authenticate(c, fields);
      const actor = actorOf(c, null, deps.config.trustProxy);
      const answer = await runCustomerAction(actions, { action: fields.action ?? '', customer, fields, deps, ip: actor.ip, userAgent: actor.userAgent });
      return c.json(answer as object);
    } catch (err) {
      const known = err instanceof HttpError ? err : httpErrorForDatabase(err);
      if (!known) throw err;
      // API v2: a refusal is an answer. Only what the transport must act on keeps its status.
      const status = known.status === 429 || known.status === 413 || known.status >= 500 ? known.status : 200;
      if (known.headers) for (const [k, v] of Object.entries(known.headers)) c.header(k, v);
      return c.json({ error: firstMessage(known) }, status as 200);
    }
  };
  app.post('/api/v2', v2);
  app.get('/api/v2', v2);

  for (const area of contributions) {
    for (const route of area?.routes ?? []) {
      app.on(route.method, `/api/v1/customer${route.path}`, async (c) => {
        const request = await readCustomerRequest(c, route.maxBodyBytes ?? CUSTOMER_MAX_BODY_BYTES, route.multipart);
        const customer = await authenticate(c, request.fields);
        const actor = actorOf(c, null, deps.config.trustProxy);
        const result = await route.handle({
          customer,
          fields: request.fields,
          deps,
          ip: actor.ip,
          userAgent: actor.userAgent,
          params: c.req.param() as Record<string, string>,
          body: request.form ?? request.body,
          query: c.req.query(),
          c,
        });
        return result instanceof Response ? result : c.json(result as object);
      });
    }
  }
}

const rateLimited = (waitMs: number): HttpError => tooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)));

/** API v2 answers one message: a 422's first field message (its fields are named in it), else the message. */
function firstMessage(err: HttpError): string {
  const first = err.errors ? Object.values(err.errors)[0]?.[0] : undefined;
  return first ?? err.message;
}
