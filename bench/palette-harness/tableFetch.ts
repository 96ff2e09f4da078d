import { endpoints } from '../../src/contract/endpoints';
import type { TableRequest } from '../../src/contract/table';
import type { AnyResource } from '../../src/console/resource/resource';

/**
 * Answers the palette's record lookups in the page, at once and without a network: window.fetch
 * is replaced by a stand-in for the resources' table endpoints that returns plausible rows (found
 * by id, by e-mail, or matching the search text). Any other request is refused and remembered, so
 * the runner can prove nothing left the page.
 */

const SERVICES = ['Instagram followers', 'TikTok likes', 'YouTube views', 'Telegram members', 'Spotify plays'];

/** Every flag the resource's actions read, set: the palette then offers its actions. */
function allFlags(resource: AnyResource): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const action of [...resource.rowActions, ...resource.bulkActions]) if (action.flag) flags[action.flag] = true;
  return flags;
}

function statusValues(resource: AnyResource): string[] {
  const filter = resource.columns.find((c) => c.key === 'status')?.filter;
  const options = filter && 'options' in filter ? filter.options : undefined;
  return options && options.length > 0 ? options.map((o) => o.value) : ['active'];
}

/** A row with the fields the lists and the palette read (ids, status, user, service, e-mail, flags). */
export function plausibleRow(resource: AnyResource, id: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const statuses = statusValues(resource);
  // Users are mostly active, as on a real panel; other lists rotate through their statuses.
  const status = resource.name === 'users' ? (id % 7 === 0 ? 'frozen' : 'active') : statuses[id % statuses.length];
  const email = `customer${id}@example.com`;
  const service = { id: 100 + (id % SERVICES.length), name: SERVICES[id % SERVICES.length] };
  return {
    id,
    status,
    name: resource.name === 'users' ? `Customer ${id}` : service.name,
    email,
    telegramUsername: null,
    balance: '12.5000',
    spent: '140.0000',
    url: `https://instagram.com/account${id}`,
    user: { id: 10_000 + id, email, telegramUsername: null, balance: '12.5000', spent: '140.0000' },
    service,
    package: { id: 7, type: 'manual', name: 'Starter pack' },
    price: '12.5000',
    cost: '4.0000',
    revenue: '8.5000',
    marginPercent: '68.00',
    quantity: 1000,
    currentQuantity: 200,
    ordersCount: 3,
    createdAt: '2025-03-02 10:00:00',
    actions: allFlags(resource),
    ...overrides,
  };
}

const COMPLETE_EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

/** What a table endpoint would answer to a lookup request. */
function answerRows(resource: AnyResource, request: TableRequest): Record<string, unknown>[] {
  const filters = new Map((request.headers ?? []).filter((h) => h.filter !== undefined && h.filter !== null).map((h) => [h.value, h.filter]));
  const id = filters.get(resource.itemKey);
  if (typeof id === 'string' || typeof id === 'number') {
    const n = Number(id);
    return Number.isInteger(n) && n > 0 && n < 100_000 ? [plausibleRow(resource, n)] : [];
  }
  const emailKey = resource.lookup?.email;
  const email = emailKey ? filters.get(emailKey) : undefined;
  if (typeof email === 'string') {
    // A "contains" filter: the exact address once it is complete, and a near namesake.
    if (!COMPLETE_EMAIL.test(email)) return [];
    return [plausibleRow(resource, 4242, { email }), plausibleRow(resource, 4243, { email: `old.${email}` })];
  }
  const search = (request.search ?? '').trim();
  const perPage = request.options?.itemsPerPage ?? 30;
  if (search) {
    const count = Math.min(perPage, 1 + (search.length % 5));
    return Array.from({ length: count }, (_, i) =>
      plausibleRow(resource, 7000 + search.length * 10 + i, { name: `${search} ${i + 1}`, email: `${search.replace(/\s+/g, '.')}${i}@example.com` }),
    );
  }
  return Array.from({ length: Math.min(perPage, 30) }, (_, i) => plausibleRow(resource, 50_000 - i));
}

export interface TableFetchLog {
  /** Table requests answered, by endpoint name. */
  answered: Record<string, number>;
  /** Requests that were not a table endpoint of a registered resource (refused). */
  refused: string[];
}

export function installTableFetch(resources: readonly AnyResource[]): TableFetchLog {
  const log: TableFetchLog = { answered: {}, refused: [] };
  const routes = resources.flatMap((resource) => {
    const endpoint = (endpoints as Record<string, { method: string; path: string } | undefined>)[resource.endpoint];
    return endpoint ? [{ name: resource.endpoint, method: endpoint.method, path: endpoint.path, resource }] : [];
  });
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (init?.signal?.aborted) throw new DOMException('The lookup was superseded.', 'AbortError');
    const route = routes.find((r) => r.method === method && r.path === url.pathname);
    if (!route) {
      log.refused.push(`${method} ${url.pathname}`);
      return new Response(JSON.stringify({ message: 'Not part of the benchmark.' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    }
    const request = JSON.parse(method === 'GET' ? (url.searchParams.get('q') ?? '{}') : String(init?.body ?? '{}')) as TableRequest;
    const items = answerRows(route.resource, request);
    log.answered[route.name] = (log.answered[route.name] ?? 0) + 1;
    return new Response(JSON.stringify({ items, totalItemsCount: items.length, draw: request.draw ?? 0 }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return log;
}
