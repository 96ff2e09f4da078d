import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { CHANNEL_NAME_PATTERN } from '../../contract/realtime';
import {
  ErrorCode,
  PING_FRAME,
  PONG_FRAME,
  PROTOCOL_VERSION,
  channelKind,
  connectionEstablishedFrame,
  errorFrame,
  frame,
  subscriptionSucceededFrame,
} from './protocol';
import { assertSecret, verifyChannelAuth, type AppCredentials } from './signatures';

/**
 * The Pusher-protocol (v7) WebSocket server: connections at `/app/{key}?protocol=7`, public and
 * private channels, pings, client events, and delivery of published events. It runs on the main
 * HTTP port (see attach.ts); the HTTP side (/broadcasting/auth, the events API) is in routes.ts.
 */
export interface ChannelServerOptions {
  /** Sent to clients in the handshake; pusher-js pings after this much silence. */
  activityTimeoutSeconds?: number;
  /** The server pings a client it has not heard from for this long (default: the activity timeout). */
  idleMs?: number;
  /** After a server ping, how long the client has to answer before the 4201 close. */
  pongTimeoutMs?: number;
  /** Largest message a client may send; bigger ones are answered with an error and dropped. */
  maxMessageBytes?: number;
  maxChannelsPerConnection?: number;
  maxConnections?: number;
  /** A client whose unsent backlog grows past this is closed (4100) instead of eating memory. */
  maxBufferedBytes?: number;
  /** client-* events per connection per second (Pusher's default is 10). */
  clientEventsPerSecond?: number;
  /** Whether subscribers of private channels may send client-* events to each other. */
  clientEvents?: boolean;
}

const DEFAULTS: Required<ChannelServerOptions> = {
  activityTimeoutSeconds: 120,
  idleMs: 120_000,
  pongTimeoutMs: 30_000,
  maxMessageBytes: 10 * 1024,
  maxChannelsPerConnection: 100,
  maxConnections: 10_000,
  maxBufferedBytes: 1024 * 1024,
  clientEventsPerSecond: 10,
  clientEvents: true,
};

export interface ChannelOccupancy {
  name: string;
  subscriptionCount: number;
}

export interface ChannelServer {
  readonly credentials: AppCredentials;
  /** Delivers an event (data: the JSON string) to every subscriber but `exceptSocketId`; returns how many got it. */
  publish(channel: string, event: string, data: string, exceptSocketId?: string): number;
  /** Channels with at least one subscriber, optionally only those starting with `prefix`. */
  occupiedChannels(prefix?: string): ChannelOccupancy[];
  subscriptionCount(channel: string): number;
  connectionCount(): number;
  /** Takes over an HTTP upgrade for `/app/...`; returns false for any other path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes every connection (4200: clients reconnect to the next server) and stops the timers. */
  close(): Promise<void>;
}

interface Connection {
  socketId: string;
  ws: WebSocket;
  channels: Set<string>;
  lastSeen: number;
  /** When the server's unanswered ping went out; 0 when none is pending. */
  pingSentAt: number;
  clientEventWindow: number;
  clientEventCount: number;
}

export function createChannelServer(credentials: AppCredentials, options: ChannelServerOptions = {}): ChannelServer {
  assertSecret(credentials);
  const opts: Required<ChannelServerOptions> = {
    ...DEFAULTS,
    idleMs: (options.activityTimeoutSeconds ?? DEFAULTS.activityTimeoutSeconds) * 1000,
    ...stripUndefined(options),
  };
  // Frames beyond four times the soft limit are refused by ws itself (close 1009) before parsing.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: opts.maxMessageBytes * 4,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const connections = new Map<string, Connection>();
  const channels = new Map<string, Set<Connection>>();

  const sendRaw = (conn: Connection, payload: string | Buffer): void => {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.ws.bufferedAmount > opts.maxBufferedBytes) {
      conn.ws.close(ErrorCode.OVER_CAPACITY, 'Client is not reading its messages');
      return;
    }
    conn.ws.send(payload, { binary: false });
  };
  const sendError = (conn: Connection, code: number | null, message: string) => sendRaw(conn, errorFrame(code, message));

  // The close reason is a fixed text: a WebSocket close reason is capped at 123 bytes, and the
  // message may quote what the client sent.
  const refuse = (ws: WebSocket, code: number, message: string, reason: string) => {
    ws.send(errorFrame(code, message));
    ws.close(code, reason);
  };

  const newSocketId = (): string => {
    for (;;) {
      const id = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
      if (!connections.has(id)) return id;
    }
  };

  const leave = (conn: Connection, channel: string) => {
    conn.channels.delete(channel);
    const members = channels.get(channel);
    if (!members) return;
    members.delete(conn);
    if (members.size === 0) channels.delete(channel);
  };

  const subscribe = (conn: Connection, data: any) => {
    const channel = data?.channel;
    if (typeof channel !== 'string' || !CHANNEL_NAME_PATTERN.test(channel)) {
      return sendError(conn, null, 'Invalid channel name');
    }
    if (conn.channels.has(channel)) return sendRaw(conn, subscriptionSucceededFrame(channel));
    if (conn.channels.size >= opts.maxChannelsPerConnection) {
      return sendError(conn, null, `Subscription limit of ${opts.maxChannelsPerConnection} channels reached`);
    }
    const kind = channelKind(channel);
    if (kind === 'presence' || kind === 'encrypted') {
      return sendError(conn, null, `${kind === 'presence' ? 'Presence' : 'Encrypted'} channels are not supported by this server`);
    }
    if (kind === 'private' && !verifyChannelAuth(credentials, conn.socketId, channel, data.auth)) {
      // Pusher's own wording, without a code: the client may retry with a fresh signature.
      return sendError(conn, null, `Invalid signature: Expected HMAC SHA256 hex digest of ${conn.socketId}:${channel}, but got ${String(data.auth ?? '')}`);
    }
    conn.channels.add(channel);
    let members = channels.get(channel);
    if (!members) channels.set(channel, (members = new Set()));
    members.add(conn);
    sendRaw(conn, subscriptionSucceededFrame(channel));
  };

  const clientEvent = (conn: Connection, message: { event: string; channel?: unknown; data?: unknown }) => {
    if (!opts.clientEvents) return sendError(conn, null, 'Client events are not enabled');
    const channel = message.channel;
    if (typeof channel !== 'string' || !conn.channels.has(channel)) {
      return sendError(conn, null, `Client event rejected - not subscribed to channel ${String(channel)}`);
    }
    const kind = channelKind(channel);
    if (kind !== 'private' && kind !== 'presence') {
      return sendError(conn, null, 'Client event rejected - only supported on private and presence channels');
    }
    const now = Date.now();
    if (now - conn.clientEventWindow >= 1000) {
      conn.clientEventWindow = now;
      conn.clientEventCount = 0;
    }
    if (++conn.clientEventCount > opts.clientEventsPerSecond) {
      return sendError(conn, ErrorCode.CLIENT_EVENT_RATE_LIMIT, 'Client event rejected due to rate limit');
    }
    const payload = Buffer.from(frame(message.event, message.data, channel));
    for (const other of channels.get(channel) ?? []) if (other !== conn) sendRaw(other, payload);
  };

  const onMessage = (conn: Connection, raw: RawData, isBinary: boolean) => {
    conn.lastSeen = Date.now();
    conn.pingSentAt = 0;
    if (isBinary) return sendError(conn, null, 'Binary frames are not supported');
    const bytes = rawToBuffer(raw);
    if (bytes.length > opts.maxMessageBytes) {
      return sendError(conn, null, `Message exceeds the limit of ${opts.maxMessageBytes} bytes`);
    }
    const text = bytes.toString('utf8');
    let message: any;
    try {
      message = JSON.parse(text);
    } catch {
      return sendError(conn, null, 'Invalid JSON');
    }
    if (!message || typeof message !== 'object' || typeof message.event !== 'string') {
      return sendError(conn, null, 'A message needs an event name');
    }
    let data = message.data;
    if (typeof data === 'string' && message.event.startsWith('pusher:')) {
      try {
        data = JSON.parse(data);
      } catch {
        // Left as a string; the handlers below reject what they cannot read.
      }
    }
    switch (message.event) {
      case 'pusher:ping':
        return sendRaw(conn, PONG_FRAME);
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return subscribe(conn, data);
      case 'pusher:unsubscribe':
        if (typeof data?.channel === 'string') leave(conn, data.channel);
        return;
      default:
        if (message.event.startsWith('client-')) return clientEvent(conn, message);
        return sendError(conn, null, `Unsupported event ${message.event.slice(0, 100)}`);
    }
  };

  const onConnection = (ws: WebSocket, key: string, query: URLSearchParams) => {
    ws.on('error', () => {
      // Oversized frames and broken sockets end in 'close' right after; nothing to add.
    });
    if (key !== credentials.key) {
      return refuse(ws, ErrorCode.APP_NOT_FOUND, `Could not find app by key ${key.slice(0, 60)}`, 'App not found');
    }
    const protocol = query.get('protocol');
    if (protocol === null || protocol === '') {
      return refuse(ws, ErrorCode.NO_PROTOCOL, 'No protocol version supplied', 'No protocol version supplied');
    }
    if (protocol !== String(PROTOCOL_VERSION)) {
      return refuse(ws, ErrorCode.UNSUPPORTED_PROTOCOL, `Unsupported protocol version ${protocol.slice(0, 20)}`, 'Unsupported protocol version');
    }
    if (connections.size >= opts.maxConnections) return refuse(ws, ErrorCode.OVER_CAPACITY, 'Over capacity', 'Over capacity');

    const conn: Connection = {
      socketId: newSocketId(),
      ws,
      channels: new Set(),
      lastSeen: Date.now(),
      pingSentAt: 0,
      clientEventWindow: 0,
      clientEventCount: 0,
    };
    connections.set(conn.socketId, conn);
    ws.on('message', (raw, isBinary) => onMessage(conn, raw, isBinary));
    ws.on('close', () => {
      connections.delete(conn.socketId);
      for (const channel of [...conn.channels]) leave(conn, channel);
    });
    sendRaw(conn, connectionEstablishedFrame(conn.socketId, opts.activityTimeoutSeconds));
  };

  // One sweep for every connection instead of a timer per socket.
  const sweepEveryMs = Math.max(10, Math.min(opts.idleMs, opts.pongTimeoutMs) / 4);
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const conn of connections.values()) {
      if (conn.pingSentAt) {
        if (now - conn.pingSentAt >= opts.pongTimeoutMs) {
          sendError(conn, ErrorCode.PONG_NOT_RECEIVED, 'Pong reply not received');
          conn.ws.close(ErrorCode.PONG_NOT_RECEIVED, 'Pong reply not received');
          conn.pingSentAt = Number.POSITIVE_INFINITY;
        }
      } else if (now - conn.lastSeen >= opts.idleMs) {
        sendRaw(conn, PING_FRAME);
        conn.pingSentAt = now;
      }
    }
  }, sweepEveryMs);
  sweeper.unref();

  return {
    credentials,
    publish(channel, event, data, exceptSocketId) {
      const members = channels.get(channel);
      if (!members) return 0;
      // Serialised once; every subscriber gets the same bytes.
      const payload = Buffer.from(frame(event, data, channel));
      let delivered = 0;
      for (const conn of members) {
        if (conn.socketId === exceptSocketId) continue;
        sendRaw(conn, payload);
        delivered++;
      }
      return delivered;
    },
    occupiedChannels(prefix = '') {
      const out: ChannelOccupancy[] = [];
      for (const [name, members] of channels) {
        if (name.startsWith(prefix)) out.push({ name, subscriptionCount: members.size });
      }
      return out;
    },
    subscriptionCount: (channel) => channels.get(channel)?.size ?? 0,
    connectionCount: () => connections.size,
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith('/app/')) return false;
      const key = safeDecode(url.pathname.slice('/app/'.length).replace(/\/$/, ''));
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, key, url.searchParams));
      return true;
    },
    async close() {
      clearInterval(sweeper);
      const open = [...connections.values()].map((c) => c.ws);
      const closed = Promise.all(open.map((ws) => new Promise<void>((resolve) => ws.once('close', () => resolve()))));
      // Pusher's 4200-4299 range means "reconnect at once": clients move to another process.
      for (const ws of open) {
        if (ws.readyState === WebSocket.OPEN) ws.send(errorFrame(ErrorCode.GENERIC_RECONNECT, 'Server shutting down; reconnect'));
        ws.close(ErrorCode.GENERIC_RECONNECT, 'Server shutting down');
      }
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      for (const ws of open) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function rawToBuffer(raw: RawData): Buffer {
  if (Buffer.isBuffer(raw)) return raw;
  if (Array.isArray(raw)) return Buffer.concat(raw);
  return Buffer.from(raw);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
