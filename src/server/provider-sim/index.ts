/**
 * The simulated upstream provider (SMM panel API v2) and the order worker.
 * - mountProviderSim(app, deps): POST/GET /provider-sim/api/v2 on the app (off with SIMULATOR=off);
 * - startOrderWorker(deps, options): the worker on a timer; returns { stop, runOnce };
 * - createSmmClient: the HTTP client the worker uses for any SMM API v2 provider.
 */
export { mountProviderSim, type ProviderSimDeps } from './routes';
export { startOrderWorker, type OrderWorker, type OrderWorkerOptions, type WorkerRound } from './worker';
export { type SmmClient, type SmmOrderStatus, type SmmService } from './client';
export { type ProviderSimServer } from './standalone';
export type { SimulatorOptions } from './simulator';
export type { SimTiming } from './progress';
