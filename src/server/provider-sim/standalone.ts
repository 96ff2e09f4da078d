import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { Database } from '../db/client';
import { SIM_DIALECT_PANEL } from './dialect';
import { mountProviderSim, PROVIDER_SIM_PATH } from './routes';
import type { SimulatorOptions } from './simulator';

export interface ProviderSimServer {
  /** The API URL: http://127.0.0.1:<port>/provider-sim/api/v2. */
  endpoint: string;
  /** The dialect panel's API URL (dialect.ts). */
  dialectEndpoint: string;
  close(): Promise<void>;
}

/**
 * The simulator on its own HTTP listener (tests, benchmarks, a second "provider" beside the app):
 * the same routes mountProviderSim adds to the app, on the given database.
 */
export async function startProviderSimServer(
  database: Pick<Database, 'db'>,
  options: SimulatorOptions & { port?: number; hostname?: string } = {},
): Promise<ProviderSimServer> {
  const app = new Hono();
  mountProviderSim(app, { database, config: { simulator: true } }, options);
  const hostname = options.hostname ?? '127.0.0.1';
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname }, (info: AddressInfo) => resolve({ server, port: info.port }));
    server.once('error', reject);
  });
  return {
    endpoint: `http://${hostname}:${port}${PROVIDER_SIM_PATH}`,
    dialectEndpoint: `http://${hostname}:${port}${SIM_DIALECT_PANEL.path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
