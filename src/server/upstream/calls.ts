import type { AppContext } from '../http/context';
import type { AppDeps } from '../deps';
import { createSmmClient, SmmApiError, SmmTransportError, type SmmClient } from './client';
import { describeUpstreamFailure } from './failure';
import { providerTarget } from './target';

/**
 * A staff member's call to a provider's API (SMM panel API v2), from any area, through the shared
 * SMM client: it sends through the SSRF-safe outbound request (loopback and private addresses
 * refused unless PROVIDER_ALLOWED_HOSTS names them); the simulated panels on this server's own
 * origin are the one trusted exception (providerTarget), so a preset pointing at them works
 * whatever port the server listens on.
 */

let testFetch: typeof fetch | undefined;

/** Tests route provider calls to in-process panels (null: back to the real transport). */
export function setUpstreamFetch(f: typeof fetch | null): void {
  testFetch = f ?? undefined;
}

/** This server's own address: the port the request came in on (the configured one otherwise). */
function ownOrigin(deps: AppDeps, c: AppContext | undefined): string | undefined {
  const port = ((c?.env as any)?.incoming?.socket?.localPort as number | undefined) ?? deps.config.port;
  return port ? `http://127.0.0.1:${port}` : undefined;
}

/** Where an endpoint is called, and whether it is this server's own simulated panel. */
export const upstreamTarget = (deps: AppDeps, c: AppContext | undefined, endpoint: string) =>
  providerTarget(endpoint, { on: deps.config.simulator, origin: ownOrigin(deps, c) });

export function upstream(deps: AppDeps, c: AppContext | undefined, endpoint: string, apiKey: string, timeoutMs = 10_000): SmmClient {
  const target = upstreamTarget(deps, c, endpoint);
  return createSmmClient({ endpoint: target.url, apiKey, trusted: target.trusted, timeoutMs, fetch: testFetch });
}

/** A sentence for a failed provider call. */
export function upstreamMessage(e: unknown): string {
  if (e instanceof SmmApiError || e instanceof SmmTransportError) return describeUpstreamFailure(e);
  return 'The provider could not be reached.';
}

export const isUpstreamError = (e: unknown): e is SmmApiError | SmmTransportError => e instanceof SmmApiError || e instanceof SmmTransportError;
