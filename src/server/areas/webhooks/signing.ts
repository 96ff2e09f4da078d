import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How deliveries are signed, and how a receiver checks them (docs/configuration.md):
 * `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed by the secret>`
 * with `X-Webhook-Timestamp: <unix seconds>`. Signing the timestamp with the body lets a receiver
 * refuse a replayed request without trusting an unsigned header.
 */

export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64url')}`;

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface SignatureCheck {
  secret: string;
  /** The raw request body, exactly as received. */
  body: string;
  signature: string | null | undefined;
  timestamp: string | null | undefined;
  /** Oldest accepted timestamp, in seconds from now (default 5 minutes). */
  toleranceSeconds?: number;
  nowSeconds?: number;
}

/** What a receiver runs: a constant-time compare of the signature, and a fresh timestamp. */
export function verifyWebhookSignature(check: SignatureCheck): boolean {
  const timestamp = Number(check.timestamp);
  if (!check.signature || !Number.isInteger(timestamp)) return false;
  const now = check.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (check.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(check.secret, timestamp, check.body));
  const given = Buffer.from(check.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
