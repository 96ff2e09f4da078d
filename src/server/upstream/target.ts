/**
 * Where a provider endpoint is actually called. Most endpoints are called as they are, through the
 * SSRF checks of the client's transport; the simulated panels are the exception: they answer on
 * this server itself, so an endpoint naming one of them on a loopback host goes to this server's
 * own origin, whatever port it names.
 */

/**
 * The paths at which this server answers as a provider itself (its simulated panels, when the
 * simulator runs). Declared here, and read by the simulator, so the upstream side needs nothing
 * from the simulator to route to it.
 */
export const SIMULATED_PANEL_PATHS = ['/provider-sim/api/v2', '/provider-sim/perfect/api/v2', '/provider-sim/dialect/api/v2'] as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * When the simulator runs, an endpoint on a loopback host with a simulated panel's path is sent to
 * this server's own origin and is `trusted` (the loopback address is allowed for it). Anything else
 * is called as it is, through the SSRF checks.
 */
export function providerTarget(endpoint: string, simulator: { on: boolean; origin?: string }): { url: string; trusted: boolean } {
  if (!simulator.on || !simulator.origin) return { url: endpoint, trusted: false };
  try {
    const url = new URL(endpoint);
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const path = url.pathname.replace(/\/+$/, '');
    if (!LOOPBACK.has(host) || !SIMULATED_PANEL_PATHS.some((p) => p === path)) return { url: endpoint, trusted: false };
    const base = new URL(simulator.origin);
    url.protocol = base.protocol;
    url.host = base.host;
    return { url: url.toString(), trusted: true };
  } catch {
    return { url: endpoint, trusted: false };
  }
}

/** The URL called for a provider endpoint, given the running server's base URL when the simulator runs. */
export function resolveEndpoint(endpoint: string, simulatorBaseUrl?: string): string {
  return providerTarget(endpoint, { on: !!simulatorBaseUrl, origin: simulatorBaseUrl }).url;
}
