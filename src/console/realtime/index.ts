/**
 * The console's realtime client: live counters over Echo + pusher-js, and the
 * connection state for the header. connectRealtimeToSession loads Echo and pusher-js in their own
 * chunk; import './startRealtime' directly only where that chunk may load eagerly.
 */
export { connectRealtimeToSession } from './sessionRealtime';
export type { ConnectionState } from './connectionState';
export type { RealtimeOptions } from './startRealtime';
