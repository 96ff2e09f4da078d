import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Realtime events between server processes that share one PostgreSQL database: each process
 * delivers its own events to its websocket clients at once and also sends them with NOTIFY on one
 * channel; every other process LISTENs on a dedicated connection and delivers them to its clients.
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
}

export async function startPostgresFanout(databaseUrl: string, deliver: (event: RemoteEvent) => void, options: FanoutOptions = {}): Promise<Fanout> {
  const origin = randomUUID();
  const onError = options.onError ?? ((error: unknown) => console.error('[cluster] realtime fan-out:', error instanceof Error ? error.message : error));
  const sender = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  sender.on('error', onError);
  const inFlight = new Set<Promise<void>>();
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== FANOUT_CHANNEL || !message.payload) return;
      try {
        const parsed = JSON.parse(message.payload) as RemoteEvent & { origin: string };
        if (parsed.origin === origin) return;
        deliver({ channel: parsed.channel, event: parsed.event, data: parsed.data });
      } catch (error) {
        onError(error);
      }
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
      const task = sender
        .query('SELECT pg_notify($1, $2)', [FANOUT_CHANNEL, payload])
        .then(() => undefined)
        .catch(onError);
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
    },
    async flush() {
      await Promise.all([...inFlight]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await Promise.all([...inFlight]);
      await listener?.end().catch(() => {});
      listener = null;
      await sender.end().catch(() => {});
    },
  };
}
