import type { ServerConfig } from '../config';
import type { ChannelServer } from '../channels/channel-server';
import { signedQuery, type AppCredentials } from '../channels/signatures';

/**
 * The one way the domain sends realtime events (AppDeps.publish). Call it only AFTER the
 * transaction commits, so no client hears of a change that was rolled back.
 *
 * Without `config.pusher.host` events go straight to the in-process channel server. With it, they
 * are POSTed to that Pusher-compatible service's HTTP events API (Soketi, Laravel Reverb, Pusher
 * Channels), signed with the app secret. Delivery is fire-and-forget: a failure is logged, never
 * thrown into the request that caused it.
 */
export interface Publisher {
  publish(channel: string, event: string, data: unknown): void;
  /** Resolves when every event handed over so far has been delivered or has failed. */
  flush(): Promise<void>;
}

export interface PublisherOptions {
  /** Per-request timeout for the external HTTP API. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  onError?: (error: unknown, channel: string, event: string) => void;
}

export function createPublisher(config: Pick<ServerConfig, 'pusher'>, localChannelServer?: ChannelServer, options: PublisherOptions = {}): Publisher {
  const { pusher } = config;
  const onError =
    options.onError ??
    ((error: unknown, channel: string, event: string) =>
      console.error(`[realtime] could not publish ${event} on ${channel}:`, error instanceof Error ? error.message : error));

  if (!pusher.host) {
    if (!localChannelServer) throw new Error('createPublisher: no channel server and no PUSHER_HOST to publish to');
    return {
      publish(channel, event, data) {
        try {
          localChannelServer.publish(channel, event, JSON.stringify(data ?? null));
        } catch (error) {
          onError(error, channel, event);
        }
      },
      flush: async () => {},
    };
  }

  const credentials: AppCredentials = { appId: pusher.appId, key: pusher.key, secret: pusher.secret };
  if (!credentials.secret) throw new Error('createPublisher: PUSHER_APP_SECRET is required to publish to PUSHER_HOST');
  const scheme = pusher.useTLS ? 'https' : 'http';
  const port = pusher.port ?? (pusher.useTLS ? 443 : 80);
  const origin = `${scheme}://${pusher.host}:${port}`;
  const path = `/apps/${encodeURIComponent(pusher.appId)}/events`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const inFlight = new Set<Promise<void>>();

  const send = async (channel: string, event: string, data: unknown) => {
    const body = JSON.stringify({ name: event, channels: [channel], data: JSON.stringify(data ?? null) });
    const response = await doFetch(`${origin}${path}?${signedQuery(credentials, 'POST', path, body)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new Error(`HTTP ${response.status} from ${origin}${path}: ${text.slice(0, 200)}`);
    }
  };

  return {
    publish(channel, event, data) {
      const task = send(channel, event, data).catch((error) => onError(error, channel, event));
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
    },
    async flush() {
      await Promise.all([...inFlight]);
    },
  };
}
