import { z } from 'zod';
import { countersSchema } from './session';

/**
 * Real time (docs/architecture.md, "Realtime"): the Pusher-protocol names both ends agree on.
 * The server publishes, the console's Echo client listens; nothing else about the transport is
 * shared, so a deployment can swap the server for Soketi, Laravel Reverb or Pusher Channels.
 */

/** Where pusher-js asks for a private channel's signature (form-encoded or JSON body). */
export const BROADCASTING_AUTH_PATH = '/broadcasting/auth';

/** Channel names are what Pusher allows: letters, digits and `_-=@,.;`, at most 200 characters. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;
/** A Pusher socket id: two integers joined by a dot. Anything else must never be signed. */
export const SOCKET_ID_PATTERN = /^\d{1,20}\.\d{1,20}$/;

export const broadcastingAuthBodySchema = z.object({
  socket_id: z.string({ error: 'The socket id field is required.' }).regex(SOCKET_ID_PATTERN, 'The socket id is not valid.'),
  channel_name: z.string({ error: 'The channel name field is required.' }).regex(CHANNEL_NAME_PATTERN, 'The channel name is not valid.'),
});
export type BroadcastingAuthBody = z.infer<typeof broadcastingAuthBodySchema>;

/** The live counters' channel: any active staff member may subscribe. */
export const COUNTERS_CHANNEL = 'private-admin.counters';
/** Echo's name for it (Echo adds the `private-` prefix itself). */
export const COUNTERS_CHANNEL_ECHO_NAME = 'admin.counters';
export const COUNTERS_EVENT = 'counters.updated';

/**
 * The `counters.updated` payload: the four counters of the init call, plus combo orders in
 * moderation once that table exists on the server.
 */
export const countersUpdatedSchema = countersSchema.extend({
  comboOrdersInModeration: z.number().int().optional(),
});
export type CountersUpdated = z.infer<typeof countersUpdatedSchema>;
