import { eq, getTableColumns, getTableName, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { INT4_MAX } from '../../contract/fields';
import type { Queryable } from '../db/client';
import { notFound, type HttpError } from '../http/errors';

/**
 * A record kind: one table of an area, declared once for the area kit (findById, the create /
 * update / delete helpers in ./crud.ts, transitions in ./transition.ts), so every write of that
 * table speaks of it the same way — "Coupon 12 not found.", audit entries of type 'coupon', the
 * same secret columns kept out of the audit, the same unique constraints reported on their fields.
 *
 *   export const coupons = defineRecord({
 *     table: couponsTable, thing: 'Coupon', type: 'coupon',
 *     unique: { coupons_code_unique: 'code' },
 *   });
 *   const coupon = await findById(tx, coupons, id, { lock: true });
 */

/** A drizzle table whose primary key is a numeric `id` column. */
export type RecordTable = PgTable & { id: AnyPgColumn };
export type RowOf<T extends RecordTable> = InferSelectModel<T>;
export type NewRowOf<T extends RecordTable> = InferInsertModel<T>;
/** A column of the table by its TypeScript key (`frozenAt`, not `frozen_at`). */
export type ColumnKey<T extends RecordTable> = Extract<keyof RowOf<T>, string>;

export interface UniqueRule {
  /** The request field a duplicate is reported on (422). */
  field: string;
  /** Default: "The <field> has already been taken." */
  message?: string;
}

export interface RecordKind<T extends RecordTable = RecordTable> {
  readonly table: T;
  /** The noun of messages: "Order" in "Order 12 not found.". */
  readonly thing: string;
  /** audit_entries.auditable_type and change_logs.model_type: 'order'. */
  readonly type: string;
  /** Keys of columns whose values never reach an audit entry (a change is recorded as 'changed'). */
  readonly secret: ReadonlySet<string>;
  /** Unique constraint or index name -> the field a violation is reported on. */
  readonly unique: Readonly<Record<string, UniqueRule>>;
  /** The largest id the id column holds: larger ids are "not found", never an out-of-range error. */
  readonly maxId: number;
  /** The table's SQL name, and each column key's SQL name and type. */
  readonly tableName: string;
  readonly columns: Readonly<Record<string, { name: string; sqlType: string }>>;
}

export interface RecordSpec<T extends RecordTable> {
  table: T;
  thing: string;
  type: string;
  secret?: readonly ColumnKey<T>[];
  unique?: Readonly<Record<string, string | UniqueRule>>;
}

/** Every kind defined, by its type: what a record type names (the history's 404). */
const kinds = new Map<string, RecordKind<any>>();

/** The record kind of an audit/change-log type, when one was defined. */
export const recordKindOf = (type: string): RecordKind<any> | undefined => kinds.get(type);

export function defineRecord<T extends RecordTable>(spec: RecordSpec<T>): RecordKind<T> {
  const columns: Record<string, { name: string; sqlType: string }> = {};
  for (const [key, column] of Object.entries(getTableColumns(spec.table))) {
    columns[key] = { name: column.name, sqlType: column.getSQLType() };
  }
  const idType = columns.id?.sqlType;
  if (!idType) throw new Error(`${getTableName(spec.table)} has no id column`);
  const kind: RecordKind<T> = {
    table: spec.table,
    thing: spec.thing,
    type: spec.type,
    secret: new Set(spec.secret ?? []),
    unique: Object.fromEntries(Object.entries(spec.unique ?? {}).map(([constraint, rule]) => [constraint, typeof rule === 'string' ? { field: rule } : rule])),
    maxId: /^(bigint|bigserial)/.test(idType) ? Number.MAX_SAFE_INTEGER : INT4_MAX,
    tableName: getTableName(spec.table),
    columns,
  };
  if (!kinds.has(kind.type)) kinds.set(kind.type, kind);
  return kind;
}

/** "Order 12 not found." */
export const recordNotFound = (kind: RecordKind<any>, id: number): HttpError => notFound(`${kind.thing} ${id}`);

/** Whether `id` can be a row of this table at all (a positive integer within the id column). */
export const isPossibleId = (kind: RecordKind<any>, id: number): boolean => Number.isInteger(id) && id >= 1 && id <= kind.maxId;

export interface FindOptions {
  /** Lock the row for the rest of the transaction (`FOR UPDATE`): read it to change it. */
  lock?: boolean;
}

/** One row by id, or the 404 "Order 12 not found.". */
export async function findById<T extends RecordTable>(q: Queryable, kind: RecordKind<T>, id: number, options: FindOptions = {}): Promise<RowOf<T>> {
  const row = await findOptional(q, kind, id, options);
  if (!row) throw recordNotFound(kind, id);
  return row;
}

/** One row by id, or undefined. */
export async function findOptional<T extends RecordTable>(
  q: Queryable,
  kind: RecordKind<T>,
  id: number,
  options: FindOptions = {},
): Promise<RowOf<T> | undefined> {
  if (!isPossibleId(kind, id)) return undefined;
  const table = kind.table as RecordTable;
  const query = q.select().from(table).where(eq(table.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row as RowOf<T> | undefined;
}

/** 'YYYY-MM-DD HH:mm:ss' (UTC), the API's and the audit's format for dates. */
export const utcString = (date: Date): string => date.toISOString().slice(0, 19).replace('T', ' ');

/** The value an audit entry stores for a column: dates as UTC text, everything else as read. */
export const auditValue = (value: unknown): unknown => (value instanceof Date ? utcString(value) : (value ?? null));

/** What a secret column's value is replaced by in audit entries. */
export const SECRET_MARK = 'changed';

/**
 * Part of a row (TypeScript keys) as audit values: SQL column names, dates as UTC text. Secret
 * columns are left out; the write helpers record them as SECRET_MARK where they were set.
 */
export function toAuditValues(kind: RecordKind<any>, values: Record<string, unknown>, keys: readonly string[] = Object.keys(values)): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const column = kind.columns[key];
    if (column && !kind.secret.has(key)) out[column.name] = auditValue(values[key]);
  }
  return out;
}
