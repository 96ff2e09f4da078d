import type { Hono } from 'hono';
import { authenticate } from '../auth/authenticate';
import type { AppEnv } from '../http/context';
import type { AppDeps } from '../deps';
import type { ChannelRule } from './authorization';
import type { AuthenticateStaff } from './broadcasting-auth';
import type { ChannelServer } from './channel-server';
import type { EventsApiOptions } from './events-api';
import { mountChannelRoutes } from './routes';

/**
 * The channel server's public face. Server start-up wires it as:
 *
 *   const pusher = withPusherSecret(config.pusher, jwtSecret);         // realtime/secret.ts
 *   const channels = createChannelServer(pusher);
 *   publishers.add(createPublisher({ pusher }, channels).publish);     // realtime/publisher.ts
 *   mountChannels(app, { ...deps, channels });   // before the console's history fallback
 *   attachChannelServer(httpServer, { channels });                     // after serve()
 *   ...and on shutdown: await channels.close();
 */
export { createChannelServer, type ChannelServer, type ChannelServerOptions } from './channel-server';
export { attachChannelServer } from './attach';
export type { ChannelRule } from './authorization';
export type { AppCredentials } from './signatures';

export interface ChannelRoutesDeps extends Partial<AppDeps> {
  channels: ChannelServer;
  /** Resolves the bearer token to an active member; defaults to the server's `authenticate`. */
  authenticate?: AuthenticateStaff;
  rules?: readonly ChannelRule[];
  eventsApi?: EventsApiOptions;
}

/**
 * Mounts POST /broadcasting/auth and the HTTP events API on the app. GET routes of the events API
 * must come before the console's history fallback, so call this before that `app.get('*')`.
 */
export function mountChannels(app: Hono<AppEnv>, deps: ChannelRoutesDeps): void {
  const authenticateStaff: AuthenticateStaff =
    deps.authenticate ??
    ((c) => {
      if (!deps.database || !deps.config || !deps.publish) throw new Error('mountChannels needs the app deps or an authenticate function');
      return authenticate(c, deps as AppDeps);
    });
  mountChannelRoutes(app, { channels: deps.channels, authenticate: authenticateStaff, rules: deps.rules, eventsApi: deps.eventsApi });
}
