import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ChannelServer } from './channel-server';

/** What attachChannelServer needs from the HTTP server: its 'upgrade' event (http.Server has it). */
export interface UpgradeSource {
  on(event: 'upgrade', listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown;
  off(event: 'upgrade', listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown;
  listenerCount(event: 'upgrade'): number;
}

/**
 * Puts the channel server on the main HTTP port: WebSocket upgrades to `/app/{key}` go to it.
 * Upgrades to other paths are refused with 404 unless another listener is there to take them.
 * Returns a function that detaches it again.
 */
export function attachChannelServer(httpServer: UpgradeSource, deps: { channels: ChannelServer }): () => void {
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (deps.channels.handleUpgrade(req, socket, head)) return;
    if (httpServer.listenerCount('upgrade') > 1) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  httpServer.on('upgrade', onUpgrade);
  return () => {
    httpServer.off('upgrade', onUpgrade);
  };
}
