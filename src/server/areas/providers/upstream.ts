/**
 * Calls to a provider's API from the providers area (services, balance, and the actions of our own
 * panels — panel_info, packages, create_account): the shared staff-side call of
 * src/server/upstream/calls.ts, which the orders area's cancel requests use too.
 */
export { isUpstreamError, setUpstreamFetch, upstream, upstreamMessage, upstreamTarget } from '../../upstream/calls';
