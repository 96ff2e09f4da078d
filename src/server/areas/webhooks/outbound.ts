/** Webhook deliveries go through the shared SSRF-safe outbound request (src/server/http/outbound.ts). */
export { checkDestination, outboundPolicy, postJson, refuseAtSave } from '../../http/outbound';
export type { OutboundPolicy, OutboundResult } from '../../http/outbound';
