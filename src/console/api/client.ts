import type { BodyOf, Endpoint, QueryOf, ResponseOf } from '../../contract/endpoint';
import { endpointRoutes } from '../../contract/endpointRoutes';
import { buildPath } from '../../contract/paths';
import type { EndpointName, Endpoints } from '../../contract/endpoints';
import { endpointOf, loadedEndpointOf } from './contract';
import { HttpStatusError, mapErrorBody } from './errors';

/**
 * The fetch client: base URL, bearer token, 401 -> logout, error mapping. The session module
 * configures it at start (`configureApi`); areas call `api(name, …)` with an
 * endpoint-table name, so paths and shapes come from the contract only.
 */
interface ApiConfig {
  baseUrl: string;
  getToken: () => string | null;
  /** Called on any 401 answer (the session logs out). */
  onUnauthorized: () => void;
  /** Called with a new token when an answer carries an `authorization` header. */
  onToken?: (token: string) => void;
}

const config: ApiConfig = {
  baseUrl: '',
  getToken: () => null,
  onUnauthorized: () => {},
};

export function configureApi(partial: Partial<ApiConfig>): void {
  Object.assign(config, partial);
}

export const apiBaseUrl = (): string => config.baseUrl;

/**
 * A fresh id for each request (X-Request-Id): the server logs it on the request's line and echoes
 * it, so a report from the console can be found in the server's logs. crypto.randomUUID exists
 * only in secure contexts (https, localhost); getRandomValues everywhere.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface CallOptions<E extends Endpoint<any, any, any>> {
  params?: Record<string, string | number>;
  body?: BodyOf<E>;
  query?: QueryOf<E>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface RawResult<T> {
  data: T;
  response: Response;
}

function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    search.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** Calls an endpoint and returns the raw response too (login reads the authorization header). */
export async function apiRaw<N extends EndpointName>(name: N, options: CallOptions<Endpoints[N]> = {}): Promise<RawResult<ResponseOf<Endpoints[N]>>> {
  // The request needs only the method and path: it starts in the same tick as its caller, before
  // the endpoint table (schemas) has loaded; the answer is checked against the table below.
  const e = endpointRoutes[name];
  const url = `${config.baseUrl}${buildPath(e.path, options.params)}${toQueryString(options.query)}`;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': newRequestId(), ...options.headers };
  const token = config.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  // A multipart body (forms/fields/multipart.ts toMultipart) goes as it is: fetch sets its boundary.
  if (options.body instanceof FormData && e.method !== 'GET') body = options.body;
  else if (options.body !== undefined && e.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method: e.method, headers, body, signal: options.signal });
  const issued = response.headers.get('authorization');
  if (issued && config.onToken) config.onToken(issued.replace(/^Bearer\s+/i, ''));

  const text = await response.text();
  let parsed: unknown;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (!response.ok) {
    if (response.status === 401) config.onUnauthorized();
    if (parsed === undefined) throw new HttpStatusError(response.status, response);
    throw mapErrorBody(response.status, parsed);
  }
  const { response: schema } = loadedEndpointOf(name) ?? (await endpointOf(name));
  const checked = schema.safeParse(parsed);
  if (!checked.success && import.meta.env?.DEV) {
    console.warn(`[api] ${name}: the answer does not match the contract`, checked.error.issues);
  }
  return { data: (checked.success ? checked.data : parsed) as ResponseOf<Endpoints[N]>, response };
}

/** Calls an endpoint by its endpoint-table name and returns the parsed body. */
export async function api<N extends EndpointName>(name: N, options: CallOptions<Endpoints[N]> = {}): Promise<ResponseOf<Endpoints[N]>> {
  return (await apiRaw(name, options)).data;
}

/**
 * A request to an API path whose answer is read as a stream (CSV export): base URL and bearer
 * token as for `api`, the same 401 and error mapping, and the Response handed back unread.
 */
export async function apiFetch(path: string, init: { method: string; body?: unknown; signal?: AbortSignal }): Promise<Response> {
  const headers: Record<string, string> = { Accept: '*/*', 'X-Request-Id': newRequestId() };
  const token = config.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${config.baseUrl}${path}`, {
    method: init.method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  if (response.ok) return response;
  if (response.status === 401) config.onUnauthorized();
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  throw parsed === undefined ? new HttpStatusError(response.status, response) : mapErrorBody(response.status, parsed);
}
