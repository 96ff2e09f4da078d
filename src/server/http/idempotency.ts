import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Endpoint } from '../../contract/endpoint';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_HOURS, IDEMPOTENT_REPLAYED_HEADER, isIdempotencyKey } from '../../contract/idempotency';
import { one, type Db } from '../db/client';
import type { AppContext } from './context';
import type { AppDeps, StaffContext } from '../deps';
import { HttpError, fieldError } from './errors';

/**
 * `Idempotency-Key` on mutating endpoints (contract/idempotency.ts). A key belongs to one staff
 * member. The first request claims it with a pending row, runs, and stores its answer (any status
 * below 500, thrown 4xx errors included); a repeat of the same request gets that answer again with
 * no second effect. A 5xx or an unexpected error releases the claim, so a retry runs for real.
 */

const TTL = sql.raw(`interval '${IDEMPOTENCY_KEY_TTL_HOURS} hours'`);
/** A claim still pending after this long belongs to a request that died with its process. */
const ABANDONED_CLAIM = sql.raw(`interval '5 minutes'`);
/** Expired rows are deleted at most this often per database, by a request that sends a key. */
const PRUNE_EVERY_MS = 10 * 60_000;
const lastPruned = new WeakMap<Db, number>();

/** Endpoints that honour the header: the mutating ones (the endpoint table's `mutates`) behind sign-in. */
export const honoursIdempotencyKey = (e: Endpoint<any, any, any>): boolean => e.permission !== 'public' && (e.mutates ?? e.method !== 'GET');

interface Claim {
  staffId: number;
  key: string;
  fingerprint: string;
  /** created_at of our pending row, as text: store and release touch only this claim. */
  claimedAt: string;
}

interface StoredAnswer {
  fingerprint: string;
  response_status: number | null;
  response_body: string | null;
}

/**
 * Runs `run` (validation and handler) at most once per staff member and key. Requests without the
 * header just run.
 */
export async function withIdempotency(c: AppContext, deps: AppDeps, staff: StaffContext, run: () => Promise<Response>): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return run();
  if (!isIdempotencyKey(key)) {
    throw fieldError(IDEMPOTENCY_KEY_HEADER, 'The idempotency key must be 1 to 255 printable ASCII characters.');
  }
  const db = deps.database.db;
  await pruneExpired(db);
  const fingerprint = await fingerprintOf(c);

  // Twice: the row seen as taken may be released (a failed first request) before we read it.
  let claim: Claim | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    claim = await claimKey(db, staff.id, key, fingerprint);
    if (claim) break;
    const stored = await one<StoredAnswer>(
      db,
      sql`SELECT fingerprint, response_status, response_body FROM idempotency_keys WHERE staff_id = ${staff.id} AND key = ${key}`,
    );
    if (!stored) continue;
    if (stored.fingerprint !== fingerprint) {
      throw fieldError(IDEMPOTENCY_KEY_HEADER, 'This idempotency key was already used for a different request.');
    }
    if (stored.response_status === null) break;
    return c.body(stored.response_body ?? '', stored.response_status as 200, {
      'content-type': 'application/json',
      [IDEMPOTENT_REPLAYED_HEADER]: 'true',
    });
  }
  if (!claim) {
    throw new HttpError(409, 'A request with this idempotency key is still being processed. Try again shortly.', undefined, { 'Retry-After': '1' });
  }

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    // A thrown HttpError is the request's answer (409, 422, 404…); anything else is a 500.
    if (error instanceof HttpError) await storeAnswer(db, claim, error.status, JSON.stringify(error.body()));
    else await releaseClaim(db, claim);
    throw error;
  }
  if (response.status >= 500) await releaseClaim(db, claim);
  else await storeAnswer(db, claim, response.status, await response.clone().text());
  return response;
}

/**
 * Inserts the pending row; an expired row, or a claim abandoned by a dead request, is taken over.
 * Undefined when a live row holds the key (atomic on PostgreSQL: the conflicting row is locked).
 */
async function claimKey(db: Db, staffId: number, key: string, fingerprint: string): Promise<Claim | undefined> {
  const row = await one<{ claimed_at: string }>(
    db,
    sql`INSERT INTO idempotency_keys (staff_id, key, fingerprint) VALUES (${staffId}, ${key}, ${fingerprint})
        ON CONFLICT (staff_id, key) DO UPDATE
           SET fingerprint = EXCLUDED.fingerprint, response_status = NULL, response_body = NULL, created_at = now()
         WHERE idempotency_keys.created_at < now() - ${TTL}
            OR (idempotency_keys.response_status IS NULL AND idempotency_keys.created_at < now() - ${ABANDONED_CLAIM})
        RETURNING created_at::text AS claimed_at`,
  );
  return row && { staffId, key, fingerprint, claimedAt: row.claimed_at };
}

const ours = (claim: Claim) =>
  sql`staff_id = ${claim.staffId} AND key = ${claim.key} AND created_at = ${claim.claimedAt}::timestamptz AND response_status IS NULL`;

/** Failing to store must not hide an answer whose effect already happened; the claim then lapses. */
async function storeAnswer(db: Db, claim: Claim, status: number, body: string): Promise<void> {
  try {
    await db.execute(sql`UPDATE idempotency_keys SET response_status = ${status}, response_body = ${body} WHERE ${ours(claim)}`);
  } catch (error) {
    console.error('[idempotency] could not store the answer for a key:', error);
  }
}

async function releaseClaim(db: Db, claim: Claim): Promise<void> {
  try {
    await db.execute(sql`DELETE FROM idempotency_keys WHERE ${ours(claim)}`);
  } catch (error) {
    console.error('[idempotency] could not release a key:', error);
  }
}

async function pruneExpired(db: Db): Promise<void> {
  const now = Date.now();
  if (now - (lastPruned.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPruned.set(db, now);
  await db.execute(sql`DELETE FROM idempotency_keys WHERE created_at < now() - ${TTL}`);
}

/** sha256 of method, path (with its parameters), sorted query and canonical body: what "the same request" means. */
async function fingerprintOf(c: AppContext): Promise<string> {
  const query = [...new URL(c.req.url).searchParams].sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)));
  const request = [c.req.method, c.req.path, query, bodyOf(c.get('bodyText') ?? '')];
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The body as the pipeline reads it (./input.ts), keys sorted; unreadable JSON as its text. */
function bodyOf(text: string): unknown {
  if (!text.trim()) return ['json', {}];
  try {
    return ['json', canonical(JSON.parse(text))];
  } catch {
    return ['text', text];
  }
}

/** Objects with their keys in sorted order, so `{a, b}` and `{b, a}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(object)
        .sort()
        .map((k) => [k, canonical(object[k])]),
    );
  }
  return value;
}
