import type { Hono } from 'hono';
import { z } from 'zod';
import { CHANNEL_NAME_PATTERN, SOCKET_ID_PATTERN } from '../../contract/realtime';
import type { AppContext, AppEnv } from '../http/context';
import type { ChannelServer } from './channel-server';
import { verifyApiRequest } from './signatures';

/**
 * Pusher's HTTP API, the part a publisher needs: trigger (POST /apps/{id}/events), batch trigger
 * (POST /apps/{id}/batch_events) and channel queries (GET /apps/{id}/channels[/{name}]). Every
 * request is signed (signatures.ts); status codes are Pusher's (400, 401, 404, 413), so its server
 * libraries and Laravel's broadcaster read them as they would from Pusher itself.
 */
export interface EventsApiOptions {
  /** Largest `data` of one event (Pusher's limit is 10 KB). */
  maxEventDataBytes?: number;
  /** Largest request body read at all. */
  maxBodyBytes?: number;
  /**
   * Also hands each event published through the API to the other server processes (their
   * websocket clients subscribe there); the local clients have it already.
   */
  relay?: (channel: string, event: string, data: string) => void;
}

const MAX_CHANNELS_PER_EVENT = 100;
const MAX_BATCH = 10;

const channelName = z.string().regex(CHANNEL_NAME_PATTERN, 'Invalid channel name');
const eventName = z
  .string()
  .min(1)
  .max(200)
  .refine((name) => !name.startsWith('pusher:') && !name.startsWith('pusher_internal:'), 'Reserved event name');

const triggerSchema = z
  .object({
    name: eventName,
    data: z.string({ error: 'data must be a string' }),
    channels: z.array(channelName).min(1).max(MAX_CHANNELS_PER_EVENT).optional(),
    channel: channelName.optional(),
    socket_id: z.string().regex(SOCKET_ID_PATTERN, 'Invalid socket_id').optional(),
  })
  .refine((e) => e.channels || e.channel, 'channels or channel is required');

const batchSchema = z.object({
  batch: z
    .array(
      z.object({
        name: eventName,
        data: z.string({ error: 'data must be a string' }),
        channel: channelName,
        socket_id: z.string().regex(SOCKET_ID_PATTERN, 'Invalid socket_id').optional(),
      }),
    )
    .min(1)
    .max(MAX_BATCH),
});

export function mountEventsApi(app: Hono<AppEnv>, channels: ChannelServer, options: EventsApiOptions = {}): void {
  const maxEventDataBytes = options.maxEventDataBytes ?? 10 * 1024;
  const maxBodyBytes = options.maxBodyBytes ?? 256 * 1024;
  const { credentials } = channels;

  /** Checks app id, size and signature; answers the error, or returns the raw body. */
  const authorised = async (c: AppContext): Promise<Response | Uint8Array> => {
    if (c.req.param('appId') !== credentials.appId) return c.json({ message: 'Unknown app' }, 404);
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > maxBodyBytes) return c.json({ message: 'Request body too large' }, 413);
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (body.length > maxBodyBytes) return c.json({ message: 'Request body too large' }, 413);
    const url = new URL(c.req.url);
    const result = verifyApiRequest(credentials, c.req.method, url.pathname, url.searchParams, body);
    if (!result.ok) return c.json({ message: result.message }, 401);
    return body;
  };

  const readJson = (body: Uint8Array): unknown => {
    try {
      return JSON.parse(new TextDecoder().decode(body));
    } catch {
      return undefined;
    }
  };

  const tooLarge = (data: string) => Buffer.byteLength(data) > maxEventDataBytes;

  app.post('/apps/:appId/events', async (c) => {
    const body = await authorised(c);
    if (body instanceof Response) return body;
    const parsed = triggerSchema.safeParse(readJson(body));
    if (!parsed.success) return c.json({ message: firstIssue(parsed.error) }, 400);
    const event = parsed.data;
    if (tooLarge(event.data)) return c.json({ message: `Event data exceeds ${maxEventDataBytes} bytes` }, 413);
    for (const channel of new Set(event.channels ?? [event.channel!])) {
      channels.publish(channel, event.name, event.data, event.socket_id);
      options.relay?.(channel, event.name, event.data);
    }
    return c.json({});
  });

  app.post('/apps/:appId/batch_events', async (c) => {
    const body = await authorised(c);
    if (body instanceof Response) return body;
    const parsed = batchSchema.safeParse(readJson(body));
    if (!parsed.success) return c.json({ message: firstIssue(parsed.error) }, 400);
    if (parsed.data.batch.some((e) => tooLarge(e.data))) {
      return c.json({ message: `Event data exceeds ${maxEventDataBytes} bytes` }, 413);
    }
    for (const e of parsed.data.batch) {
      channels.publish(e.channel, e.name, e.data, e.socket_id);
      options.relay?.(e.channel, e.name, e.data);
    }
    return c.json({});
  });

  app.get('/apps/:appId/channels', async (c) => {
    const body = await authorised(c);
    if (body instanceof Response) return body;
    const info = (c.req.query('info') ?? '').split(',').filter(Boolean);
    if (info.some((i) => i !== 'subscription_count')) return c.json({ message: 'Only subscription_count info is available' }, 400);
    const result: Record<string, { subscription_count?: number }> = {};
    for (const channel of channels.occupiedChannels(c.req.query('filter_by_prefix') ?? '')) {
      result[channel.name] = info.length ? { subscription_count: channel.subscriptionCount } : {};
    }
    return c.json({ channels: result });
  });

  app.get('/apps/:appId/channels/:channelName', async (c) => {
    const body = await authorised(c);
    if (body instanceof Response) return body;
    const name = c.req.param('channelName');
    if (!CHANNEL_NAME_PATTERN.test(name)) return c.json({ message: 'Invalid channel name' }, 400);
    const count = channels.subscriptionCount(name);
    const info = (c.req.query('info') ?? '').split(',').filter(Boolean);
    return c.json(info.includes('subscription_count') ? { occupied: count > 0, subscription_count: count } : { occupied: count > 0 });
  });
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request body';
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}
