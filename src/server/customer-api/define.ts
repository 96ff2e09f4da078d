import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/context';

/**
 * What an area adds to the customer API (the storefront side of the reference server, see
 * docs/customer-api.md): API v2 actions by name, REST routes under /api/v1/customer for what API v2
 * has no action for, and what the demo's simulated customers do now and then. An area lists them
 * in its `defineServerArea({ customerApi })`; the pipeline (authentication by the customer's key,
 * the per-key rate limit, body caps, the answer's shape) is the same for all of them.
 */

/** The customer a request was authenticated as: an active user holding the API key it sent. */
export interface Customer {
  id: number;
  email: string;
  name: string;
}

export interface CustomerCall {
  customer: Customer;
  /** The request's fields as text: the form, JSON body or query (API v2 sends a form). */
  fields: Readonly<Record<string, string>>;
  deps: AppDeps;
  ip: string | null;
  userAgent: string | null;
}

/**
 * An API v2 action. Its answer is sent as JSON; an HttpError it throws is answered as API v2
 * panels answer a refusal, `{"error": "<message>"}` (a 422's first field message).
 */
export type CustomerAction = (call: CustomerCall) => Promise<unknown>;

export interface CustomerRouteCall extends CustomerCall {
  params: Readonly<Record<string, string>>;
  /** The JSON body (or the form as an object of text fields); `{}` when there is none. */
  body: unknown;
  query: Readonly<Record<string, string>>;
  c: Context<AppEnv>;
}

export interface CustomerRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /api/v1/customer: '/tickets/:ticketId'. */
  path: string;
  /** The body cap in bytes (default CUSTOMER_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
  /** A multipart body is read as FormData (uploads) instead of as fields. */
  multipart?: boolean;
  /** Errors are Laravel's (`{message, errors}`), as the admin API's. */
  handle(call: CustomerRouteCall): Promise<unknown>;
}

/** What the demo's simulated customers may do; one is picked by weight now and then. */
export interface DemoCustomerBehaviour {
  name: string;
  /** Relative chance against the other behaviours. */
  weight: number;
  /** Acts as the customer, through the same actions the HTTP API runs. Returns false when it found nothing to do. */
  run(client: DemoCustomerClient): Promise<boolean | void>;
}

export interface DemoCustomerClient {
  customer: Customer;
  deps: AppDeps;
  /** Runs an API v2 action as this customer; answers what the HTTP API would send. */
  v2(action: string, fields?: Record<string, string | number>): Promise<unknown>;
}

export interface CustomerApi {
  actions?: Readonly<Record<string, CustomerAction>>;
  routes?: readonly CustomerRoute[];
  demo?: readonly DemoCustomerBehaviour[];
}

/** The default body cap of the customer API: an order or a ticket message, not a file. */
export const CUSTOMER_MAX_BODY_BYTES = 64 * 1024;
