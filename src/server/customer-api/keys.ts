import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { one, type Queryable } from '../db/client';
import type { Customer } from './define';

/**
 * Customers' API keys: 64 random hex digits (256 bits), kept only as their SHA-256, one per
 * customer. Issuing a new one replaces the old at once (a leaked key is revoked by issuing another).
 * A key is looked up by its hash, so no comparison of secrets runs in the application at all.
 */

const hashOf = (key: string): string => createHash('sha256').update(key).digest('hex');

export interface IssuedKey {
  key: string;
  hint: string;
  createdAt: string;
}

export async function issueCustomerApiKey(q: Queryable, userId: number): Promise<IssuedKey> {
  const key = randomBytes(32).toString('hex');
  const hint = key.slice(-4);
  const row = await one<{ created_at: string }>(
    q,
    sql`INSERT INTO customer_api_keys (user_id, key_hash, hint, created_at, last_used_at)
        VALUES (${userId}, ${hashOf(key)}, ${hint}, now(), NULL)
        ON CONFLICT (user_id) DO UPDATE SET key_hash = EXCLUDED.key_hash, hint = EXCLUDED.hint, created_at = now(), last_used_at = NULL
        RETURNING to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS created_at`,
  );
  return { key, hint, createdAt: row!.created_at };
}

export interface CustomerKeyState {
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function customerKeyState(q: Queryable, userId: number): Promise<CustomerKeyState | null> {
  const row = await one<{ hint: string; created_at: string; last_used_at: string | null }>(
    q,
    sql`SELECT hint, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS created_at,
               to_char(last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS last_used_at
          FROM customer_api_keys WHERE user_id = ${userId}`,
  );
  return row ? { hint: row.hint, createdAt: row.created_at, lastUsedAt: row.last_used_at } : null;
}

export type KeyLookup = { customer: Customer } | { refused: string };

/**
 * The customer holding `key`, or why they may not use the API: no such key, or an account that is
 * frozen or deactivated. Marks the key used (at most once a minute, so a busy client writes little).
 */
export async function customerByKey(q: Queryable, key: string): Promise<KeyLookup> {
  if (!/^[0-9a-f]{64}$/i.test(key)) return { refused: 'Invalid API key' };
  const row = await one<{ id: number; email: string; name: string; status: string; stale: boolean }>(
    q,
    sql`SELECT u.id, u.email, u.name, u.status, (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute') AS stale
          FROM customer_api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ${hashOf(key.toLowerCase())}`,
  );
  if (!row) return { refused: 'Invalid API key' };
  if (row.status !== 'active') return { refused: `Your account is ${row.status}: the API is not available to it.` };
  if (row.stale) await q.execute(sql`UPDATE customer_api_keys SET last_used_at = now() WHERE user_id = ${row.id}`);
  return { customer: { id: row.id, email: row.email, name: row.name } };
}
