import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { AppEnv } from '../http/context';
import { attachChannelServer } from './attach';
import type { AuthenticateStaff } from './broadcasting-auth';
import { createChannelServer, type ChannelServer, type ChannelServerOptions } from './channel-server';
import { mountChannelRoutes } from './routes';
import type { AppCredentials } from './signatures';

export interface StandaloneChannelServer {
  /** The port it listens on (an ephemeral one when 0 was asked). */
  port: number;
  url: string;
  channels: ChannelServer;
  close(): Promise<void>;
}

/**
 * The channel server on its own HTTP port, without the rest of the API: /app/{key},
 * /broadcasting/auth and the events API only. The benchmark and the protocol tests run it; the
 * reference server mounts the same pieces on its main port instead.
 */
export async function startStandaloneChannelServer(options: {
  credentials: AppCredentials;
  authenticate: AuthenticateStaff;
  host?: string;
  port?: number;
  channelOptions?: ChannelServerOptions;
}): Promise<StandaloneChannelServer> {
  const channels = createChannelServer(options.credentials, options.channelOptions);
  const app = new Hono<AppEnv>();
  mountChannelRoutes(app, { channels, authenticate: options.authenticate });
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 0 }, () => resolve(s));
  });
  const detach = attachChannelServer(server as import('node:http').Server, { channels });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${host}:${port}`,
    channels,
    async close() {
      detach();
      await channels.close();
      await new Promise<void>((resolve) => {
        (server as import('node:http').Server).closeAllConnections?.();
        server.close(() => resolve());
      });
    },
  };
}
