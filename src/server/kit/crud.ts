import { eq, sql } from 'drizzle-orm';
import { diffValues, writeAudit, writeChangeLog } from '../audit';
import type { Queryable } from '../db/client';
import type { Actor } from '../deps';
import { conflict, fieldError, type HttpError } from '../http/errors';
import {
  findById,
  isPossibleId,
  recordNotFound,
  SECRET_MARK,
  toAuditValues,
  type ColumnKey,
  type NewRowOf,
  type RecordKind,
  type RecordTable,
  type RowOf,
} from './records';

/**
 * Create, update and delete of one record inside the caller's transaction, each with its audit
 * entry and, when asked, a change-log entry:
 * - created: the new values (every column but id and the timestamps);
 * - updated: only the fields that changed, old and new (nothing is written when nothing changed);
 * - deleted: the old values.
 * A secret column (the record's `secret` list) never reaches the audit: when it is set or changed
 * the new values say 'changed', and the old values leave it out.
 *
 * A unique violation named in the record's `unique` map is a 422 on its field ("The code has
 * already been taken."), another one a 409; deleting a row other rows still refer to is a 409.
 * Either error ends the transaction (PostgreSQL refuses further statements in it), so check what
 * a caller can check first and let these catch the race.
 *
 *   const coupon = await createRecord(tx, actor, coupons, { code, amount }, {
 *     changeLog: { information: ({ row }) => `Coupon ${row.code} created.` },
 *   });
 *   const { changed } = await updateRecord(tx, actor, coupons, id, { amount: body.amount });
 *   await deleteRecord(tx, actor, coupons, id);
 */

export interface ChangeLogOption<A> {
  /** change_logs.action_type; default create / update / delete. */
  actionType?: string;
  /** The entry's sentence (or JSON object). */
  information: (change: A) => unknown;
}

export interface WriteOptions<A> {
  /** The audit event; default created / updated / deleted. */
  event?: string;
  changeLog?: ChangeLogOption<A>;
}

export interface Updated<T extends RecordTable> {
  before: RowOf<T>;
  after: RowOf<T>;
  /** Keys of the columns whose value changed (empty: nothing was written). */
  changed: ColumnKey<T>[];
}

/** Columns a created entry does not repeat: the id is the entry's own, the timestamps are noise. */
const NOT_AUDITED_ON_CREATE = new Set(['id', 'createdAt', 'updatedAt']);

/** Equal as JSON (a missing value is null); dates to the millisecond. */
const comparable = (value: unknown): string => JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));
const sameValue = (a: unknown, b: unknown): boolean => comparable(a) === comparable(b);

export async function createRecord<T extends RecordTable>(
  tx: Queryable,
  actor: Actor,
  kind: RecordKind<T>,
  values: NewRowOf<T>,
  options: WriteOptions<{ row: RowOf<T> }> = {},
): Promise<RowOf<T>> {
  let row: RowOf<T>;
  try {
    [row] = (await tx
      .insert(kind.table)
      .values(values as any)
      .returning()) as RowOf<T>[];
  } catch (error) {
    throw writeError(kind, error);
  }
  const record = row as Record<string, unknown>;
  const keys = Object.keys(kind.columns).filter((k) => !NOT_AUDITED_ON_CREATE.has(k));
  const newValues = toAuditValues(kind, record, keys);
  for (const key of kind.secret) if (record[key] != null) newValues[kind.columns[key].name] = SECRET_MARK;
  const id = Number(record.id);
  await writeAudit(tx, actor, { event: options.event ?? 'created', auditableType: kind.type, auditableId: id, newValues });
  if (options.changeLog) await log(tx, actor, kind, id, 'create', options.changeLog, { row });
  return row;
}

/**
 * Applies the given fields (undefined ones are left alone) to a locked row; touches updated_at
 * when the table has one. 404 when there is no such row.
 */
export async function updateRecord<T extends RecordTable>(
  tx: Queryable,
  actor: Actor,
  kind: RecordKind<T>,
  id: number,
  patch: Partial<NewRowOf<T>>,
  options: WriteOptions<Updated<T>> = {},
): Promise<Updated<T>> {
  const before = await findById(tx, kind, id, { lock: true });
  const old = before as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(patch as Record<string, unknown>).filter(([key, value]) => value !== undefined && key in kind.columns && key !== 'id'),
  );
  // Nothing differs as sent: no write, no audit, updated_at stays.
  if (Object.keys(fields).every((key) => sameValue(old[key], fields[key]))) return { before, after: before, changed: [] };

  const set: Record<string, unknown> = { ...fields };
  if ('updatedAt' in kind.columns && !('updatedAt' in fields)) set.updatedAt = sql`now()`;
  const table = kind.table as RecordTable;
  let after: RowOf<T>;
  try {
    [after] = (await tx
      .update(table)
      .set(set as any)
      .where(eq(table.id, id))
      .returning()) as RowOf<T>[];
  } catch (error) {
    throw writeError(kind, error);
  }
  const now = after as Record<string, unknown>;
  // Compared as stored, so '0.5' sent for a '0.5000' column is no change.
  const changed = Object.keys(fields).filter((key) => !sameValue(old[key], now[key])) as ColumnKey<T>[];
  if (changed.length === 0) return { before, after, changed };

  const { oldValues, newValues } = diffValues(toAuditValues(kind, old, changed), toAuditValues(kind, now, changed));
  for (const key of changed) if (kind.secret.has(key)) newValues[kind.columns[key].name] = SECRET_MARK;
  await writeAudit(tx, actor, { event: options.event ?? 'updated', auditableType: kind.type, auditableId: id, oldValues, newValues });
  const result = { before, after, changed };
  if (options.changeLog) await log(tx, actor, kind, id, 'update', options.changeLog, result);
  return result;
}

/** Deletes one row; 404 when there is none, 409 when other rows still refer to it. */
export async function deleteRecord<T extends RecordTable>(
  tx: Queryable,
  actor: Actor,
  kind: RecordKind<T>,
  id: number,
  options: WriteOptions<{ row: RowOf<T> }> = {},
): Promise<RowOf<T>> {
  if (!isPossibleId(kind, id)) throw recordNotFound(kind, id);
  const table = kind.table as RecordTable;
  let row: RowOf<T> | undefined;
  try {
    [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as RowOf<T>[];
  } catch (error) {
    if (pgError(error)?.code === '23503') throw conflict(`${kind.thing} ${id} cannot be deleted: other records refer to it.`);
    throw error;
  }
  if (!row) throw recordNotFound(kind, id);
  const oldValues = toAuditValues(
    kind,
    row as Record<string, unknown>,
    Object.keys(kind.columns).filter((k) => k !== 'id'),
  );
  await writeAudit(tx, actor, { event: options.event ?? 'deleted', auditableType: kind.type, auditableId: id, oldValues });
  if (options.changeLog) await log(tx, actor, kind, id, 'delete', options.changeLog, { row });
  return row;
}

async function log<A>(tx: Queryable, actor: Actor, kind: RecordKind<any>, id: number, actionType: string, option: ChangeLogOption<A>, change: A) {
  await writeChangeLog(tx, actor, {
    actionType: option.actionType ?? actionType,
    modelType: kind.type,
    modelId: id,
    information: option.information(change),
  });
}

interface PgErrorFields {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

/** The database's error under whatever the driver or drizzle wrapped it in. */
function pgError(error: unknown): PgErrorFields | undefined {
  for (let e = error as PgErrorFields | undefined, depth = 0; e && depth < 5; e = e.cause as PgErrorFields | undefined, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return undefined;
}

/** Postgres' unique_violation (of this constraint, when named), as either driver reports it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || !!e.message?.includes(`"${constraint}"`);
}

const words = (field: string): string =>
  (field.split('.').pop() ?? field)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();

/** A unique violation as the request's error: a 422 on the mapped field, else a 409. Other errors pass through. */
export function writeError(kind: RecordKind<any>, error: unknown): unknown {
  const e = pgError(error);
  if (e?.code !== '23505') return error;
  const constraint = e.constraint ?? Object.keys(kind.unique).find((name) => e.message?.includes(`"${name}"`));
  const rule = constraint ? kind.unique[constraint] : undefined;
  if (!rule) return conflict(`A ${kind.thing.toLowerCase()} with these values already exists.`) as HttpError;
  return fieldError(rule.field, rule.message ?? `The ${words(rule.field)} has already been taken.`);
}
