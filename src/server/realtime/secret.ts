import { createHmac } from 'node:crypto';
import type { ServerConfig } from '../config';

type PusherConfig = ServerConfig['pusher'];

/**
 * The realtime app secret: PUSHER_APP_SECRET when set. Without it, and with no external service
 * configured, it is derived one-way from the token signing secret (which is kept across
 * restarts), so private-channel signatures are never made with an empty key and nothing new has
 * to be stored. An external service (PUSHER_HOST) has its own secret, which must be given.
 */
export function withPusherSecret(pusher: PusherConfig, jwtSecret: string): PusherConfig {
  if (pusher.secret) return pusher;
  if (pusher.host) throw new Error('PUSHER_APP_SECRET is required when PUSHER_HOST points to an external realtime service');
  if (!jwtSecret) throw new Error('Cannot derive the realtime app secret without the token signing secret');
  return { ...pusher, secret: createHmac('sha256', jwtSecret).update('panel-console realtime app secret').digest('hex') };
}
