/**
 * `Idempotency-Key`: a mutating request sent again with the same key (by the same staff member)
 * gets the first answer again and has no second effect, so the console's offline queue can replay
 * an action safely. The same key with another request is a 422 on this header; a key whose first
 * request is still running, a 409. Keys are remembered for a day.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set to `true` on an answer that is a stored one sent again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** How long the server remembers a key. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** 1 to 255 printable ASCII characters (a UUID is a good key). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;

export const isIdempotencyKey = (key: string): boolean => IDEMPOTENCY_KEY_PATTERN.test(key);

/**
 * A fresh random key for one action (the console stores it with the queued action). Built from
 * getRandomValues: randomUUID exists only on secure origins, and a console may be served over http.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
