/**
 * The simulated upstream panels (SMM panel API v2), the demo's and the tests' providers. The panel
 * reaches them only over HTTP, through the upstream client (src/server/upstream), as any provider.
 * - mountProviderSim(app, deps): POST/GET /provider-sim/api/v2 on the app (off with SIMULATOR=off);
 * - startProviderSimServer(database): the same on a listener of its own (tests, benchmarks).
 */
export { mountProviderSim, type ProviderSimDeps } from './routes';
export type { ProviderSimServer } from './standalone';
export { prepareProviderSim } from './seed';
export type { SimulatorOptions } from './simulator';
export type { SimTiming } from './progress';
