import type { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import type { ChannelRule } from './authorization';
import { mountBroadcastingAuth, type AuthenticateStaff } from './broadcasting-auth';
import type { ChannelServer } from './channel-server';
import { mountEventsApi, type EventsApiOptions } from './events-api';

export interface ChannelRouteOptions {
  channels: ChannelServer;
  authenticate: AuthenticateStaff;
  rules?: readonly ChannelRule[];
  eventsApi?: EventsApiOptions;
}

/** POST /broadcasting/auth and the HTTP events API, for a given way of authenticating staff. */
export function mountChannelRoutes(app: Hono<AppEnv>, options: ChannelRouteOptions): void {
  mountBroadcastingAuth(app, { credentials: options.channels.credentials, authenticate: options.authenticate, rules: options.rules });
  mountEventsApi(app, options.channels, options.eventsApi);
}
