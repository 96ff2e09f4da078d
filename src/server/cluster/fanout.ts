import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Realtime events between server processes that share one PostgreSQL database: each process
 * delivers its own events to its websocket clients at once and also sends them to the others, who
 * deliver them to theirs. Two engines carry them: PostgreSQL (NOTIFY on one channel, LISTEN on a
 * dedicated connection; the default) or Redis pub/sub (when REDIS_URL is set).
 * (PGlite is one process: there the in-process path is all there is.)
 */
export const FANOUT_CHANNEL = 'panel_realtime';

/** NOTIFY payloads are capped at 8000 bytes by PostgreSQL; a larger event stays in its process. */
const MAX_PAYLOAD_BYTES = 7900;

export interface RemoteEvent {
  channel: string;
  event: string;
  /** The event's data, already serialised (as the channel server sends it). */
  data: string;
}

export interface Fanout {
  /** Sends an event (already delivered locally) to the other processes. */
  send(event: RemoteEvent): void;
  /** Resolves when every event handed over so far has been sent (or failed). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface FanoutOptions {
  onError?: (error: unknown) => void;
  /** How long to wait before reconnecting a lost LISTEN connection (default 1 s). */
  reconnectMs?: number;
  /**
   * The Redis channel (default FANOUT_CHANNEL). Redis pub/sub channels are global to the server,
   * whatever database the URL names: deployments sharing one Redis need different channels.
   */
  channel?: string;
}

export async function startPostgresFanout(databaseUrl: string, deliver: (event: RemoteEvent) => void, options: FanoutOptions = {}): Promise<Fanout> {
  const origin = randomUUID();
  const onError = options.onError ?? ((error: unknown) => console.error('[cluster] realtime fan-out:', error instanceof Error ? error.message : error));
  const sender = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  sender.on('error', onError);
  const inFlight = sendsInFlight();
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === FANOUT_CHANNEL && message.payload) receive(message.payload, origin, deliver, onError);
    });
    // A lost connection is replaced: until then this process's clients miss other processes' events.
    client.on('error', (error) => {
      onError(error);
      if (listener === client) listener = null;
      client.end().catch(() => {});
      if (!closed && !retry) retry = setTimeout(() => void reconnect(), options.reconnectMs ?? 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${FANOUT_CHANNEL}`);
    listener = client;
  };
  const reconnect = async () => {
    retry = null;
    if (closed) return;
    try {
      await connect();
    } catch (error) {
      onError(error);
      if (!closed) retry = setTimeout(() => void reconnect(), options.reconnectMs ?? 1000);
    }
  };
  await connect();

  return {
    send(event) {
      const payload = JSON.stringify({ origin, ...event });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        onError(new Error(`${event.event} on ${event.channel} is too large for NOTIFY; delivered in this process only`));
        return;
      }
      inFlight.track(sender.query('SELECT pg_notify($1, $2)', [FANOUT_CHANNEL, payload]).then(() => undefined, onError));
    },
    flush: inFlight.settled,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await inFlight.settled();
      await listener?.end().catch(() => {});
      listener = null;
      await sender.end().catch(() => {});
    },
  };
}

/** The sends not yet answered, so flush and close can wait for them. */
function sendsInFlight() {
  const pending = new Set<Promise<void>>();
  return {
    track(task: Promise<void>): void {
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
    settled: async (): Promise<void> => {
      await Promise.all([...pending]);
    },
  };
}

/** Delivers an event another process sent (never one of this process's own). */
function receive(payload: string, origin: string, deliver: (event: RemoteEvent) => void, onError: (error: unknown) => void): void {
  try {
    const parsed = JSON.parse(payload) as RemoteEvent & { origin: string };
    if (parsed.origin === origin) return;
    deliver({ channel: parsed.channel, event: parsed.event, data: parsed.data });
  } catch (error) {
    onError(error);
  }
}

/**
 * The same over Redis pub/sub: one connection publishes, one subscribes (a subscribed Redis
 * connection can do nothing else). ioredis reconnects both by itself and subscribes again; events
 * sent while Redis is away are dropped rather than queued (a late counter is worse than none).
 */
export async function startRedisFanout(redisUrl: string, deliver: (event: RemoteEvent) => void, options: FanoutOptions = {}): Promise<Fanout> {
  const origin = randomUUID();
  const onError = options.onError ?? ((error: unknown) => console.error('[cluster] realtime fan-out (Redis):', error instanceof Error ? error.message : error));
  const connection = { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5000 };
  const publisher = new Redis(redisUrl, connection);
  const subscriber = new Redis(redisUrl, { ...connection, enableOfflineQueue: true });
  // Until connected, errors are kept for the start's message (ECONNREFUSED says more than "closed").
  let startError: unknown;
  let started = false;
  const report = (error: unknown) => (started ? onError(error) : (startError ??= error));
  publisher.on('error', report);
  subscriber.on('error', report);
  const channel = options.channel ?? FANOUT_CHANNEL;
  subscriber.on('message', (from: string, payload: string) => {
    if (from === channel) receive(payload, origin, deliver, onError);
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
    started = true;
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    const cause = startError ?? error;
    throw new Error(`REDIS_URL: Redis could not be reached (${cause instanceof Error ? cause.message : String(cause)})`);
  }
  const inFlight = sendsInFlight();
  return {
    send(event) {
      inFlight.track(publisher.publish(channel, JSON.stringify({ origin, ...event })).then(() => undefined, onError));
    },
    flush: inFlight.settled,
    async close() {
      await inFlight.settled();
      await Promise.all([publisher.quit().catch(() => publisher.disconnect()), subscriber.quit().catch(() => subscriber.disconnect())]);
    },
  };
}
