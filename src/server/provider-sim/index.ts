/**
 * The simulated upstream provider (SMM panel API v2) and the order worker.
 * - mountProviderSim(app, deps): POST/GET /provider-sim/api/v2 on the app (off with SIMULATOR=off);
 * - startOrderWorker(deps, options): the worker on a timer; returns { stop, runOnce };
 * - createSmmClient: the HTTP client the worker uses for any SMM API v2 provider.
 */
export { mountProviderSim, PROVIDER_SIM_PATH, type ProviderSimDeps } from './routes';
export { createOrderWorker, resolveEndpoint, startOrderWorker, type OrderWorker, type OrderWorkerOptions, type WorkerRound } from './worker';
export { createSmmClient, SmmApiError, SmmTransportError, type SmmClient, type SmmOrderStatus, type SmmService } from './client';
export { startProviderSimServer, type ProviderSimServer } from './standalone';
export { ensureSimAccount, ensureSimCatalogue, SIM_SERVICES } from './catalogue';
export type { SimulatorOptions } from './simulator';
export type { SimTiming } from './progress';
