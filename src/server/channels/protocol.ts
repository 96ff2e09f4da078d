/**
 * Pusher Channels protocol 7: error codes and the frames the server sends.
 *
 * Close codes tell pusher-js what to do next: 4000-4099 never reconnect, 4100-4199 reconnect after
 * a back-off, 4200-4299 reconnect at once, 4300-4399 other errors (the connection stays open).
 */
export const PROTOCOL_VERSION = 7;

export const ErrorCode = {
  /** Unknown app key. */
  APP_NOT_FOUND: 4001,
  /** The path is not /app/{key}. */
  PATH_NOT_FOUND: 4005,
  UNSUPPORTED_PROTOCOL: 4007,
  NO_PROTOCOL: 4008,
  /** Too many connections, or a client that cannot keep up with its messages. */
  OVER_CAPACITY: 4100,
  /** Server going away: reconnect at once (to the restarted server). */
  GENERIC_RECONNECT: 4200,
  PONG_NOT_RECEIVED: 4201,
  /** Client events over the per-connection rate. */
  CLIENT_EVENT_RATE_LIMIT: 4301,
} as const;

export type ChannelKind = 'public' | 'private' | 'presence' | 'encrypted';

export function channelKind(channel: string): ChannelKind {
  if (channel.startsWith('private-encrypted-')) return 'encrypted';
  if (channel.startsWith('private-')) return 'private';
  if (channel.startsWith('presence-')) return 'presence';
  return 'public';
}

/** A frame as Pusher sends it; `data` of channel events is the JSON string the publisher gave. */
export function frame(event: string, data: unknown, channel?: string): string {
  return JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });
}

/** `pusher:error` carries an object (not a string), as Pusher sends it; `code` is null for soft errors. */
export const errorFrame = (code: number | null, message: string): string => frame('pusher:error', { code, message });

export const connectionEstablishedFrame = (socketId: string, activityTimeoutSeconds: number): string =>
  frame('pusher:connection_established', JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeoutSeconds }));

export const subscriptionSucceededFrame = (channel: string): string => frame('pusher_internal:subscription_succeeded', '{}', channel);

export const PING_FRAME = frame('pusher:ping', {});
export const PONG_FRAME = frame('pusher:pong', {});
