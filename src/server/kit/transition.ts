import { sql, type SQL } from 'drizzle-orm';
import type { BulkResultBody } from '../../contract/fields';
import type { Permission } from '../../contract/permissions';
import { writeAudit, writeChangeLog } from '../audit';
import { rows, type Queryable } from '../db/client';
import type { Actor, AppDeps, StaffContext } from '../deps';
import { conflict, forbidden, type HttpError } from '../http/errors';
import { utcText } from '../table';
import { isPossibleId, recordNotFound, type ColumnKey, type RecordKind, type RecordTable, type RowOf } from './records';

/**
 * A declared state change: one conditional update of the rows whose status allows
 * it, in the caller's transaction, with an audit entry (the declared columns, old and new) and a
 * change-log entry per changed row, and a clear answer for every other id: 404 "Order 12 not
 * found." or 409 "Order 12 cannot be approved: it is completed.".
 *
 *   export const approveOrder = defineTransition({
 *     record: orderRecord,                  // table, noun ("Order"), audit type ('order')
 *     action: 'approve',                    // change_logs.action_type
 *     event: 'approved',                    // audit event; the verb of the default sentences
 *     from: ['in_moderation'],              // statuses that allow it
 *     set: sql`status = 'in_processing'`,   // updated_at = now() is added when the table has it
 *     permission: 'manageOrders',
 *     afterCommit: (deps) => notifyCountersChanged(deps),
 *   });
 *
 *   await approveOrder.one(tx, actor, id);          // in your transaction; throws 404 / 409
 *   await approveOrder.many(tx, actor, ids);        // {done, failed: [{id, message}]}
 *   await approveOrder.run(deps, actor, id, (tx) => answer(tx));  // owns the transaction, then afterCommit
 *   await approveOrder.runMany(deps, actor, ids);
 *
 * The update locks the rows it changes in id order (two bulk calls over the same rows queue
 * instead of deadlocking) and reads the old values under that lock, so two staff members acting
 * at once cannot both succeed and the audit records what was really there. `effects` runs per
 * changed row inside the same transaction (a refund, releasing a hold); what it returns joins the
 * audit's new values and is handed to `information`. `afterCommit` runs once after the `run`
 * helpers commit with at least one row changed (realtime counters); callers that hold their own
 * transaction call `committed(deps, done)` after it.
 *
 * A transition that takes what the member typed (a note, a transaction id) declares `set` as a
 * function of that input; every call passes it last (`one(tx, actor, id, input)`,
 * `run(deps, actor, id, answer, input)`), and `effects` receives it too:
 *
 *   set: (input: { note: string }) => sql`status = 'rejected', admin_note = ${input.note}`,
 */

/** The type of the record's `status` column, or string. */
type StatusOf<T extends RecordTable> = RowOf<T> extends { status: infer S extends string } ? S : string;

export interface TransitionChange<S extends string = string, E = unknown> {
  id: number;
  /** The status the row had. */
  from: S;
  /** The audited columns before and after, by TypeScript key (dates as UTC text, decimals as text). */
  old: Record<string, unknown>;
  new: Record<string, unknown>;
  /** The `returning` columns of the changed row. */
  row: Record<string, unknown>;
  /** What `effects` returned for this row. */
  effects: E;
}

export interface TransitionSpec<T extends RecordTable, E, I = undefined> {
  record: RecordKind<T>;
  action: string;
  event: string;
  from: readonly StatusOf<T>[];
  /** The new values; a function of the call's input when the change carries what the member typed. */
  set: SQL | ((input: I) => SQL);
  permission: Permission;
  /** Default 'status'. */
  statusColumn?: ColumnKey<T>;
  /** Columns recorded old and new in the audit entry; default the status column. */
  audit?: readonly ColumnKey<T>[];
  /** Other columns of the changed row that `information` and `effects` read (an e-mail, a url). */
  returning?: readonly ColumnKey<T>[];
  /** The 409 sentence; default "<Thing> 12 cannot be <event>: it is <status>.". */
  conflict?: (id: number, status: StatusOf<T>) => string;
  /**
   * The change-log sentence; default "<Thing> 12 <event> (was <status>).". Declare it after
   * `effects`: TypeScript reads an object's functions in order and learns `effects`' result there.
   */
  information?: (change: TransitionChange<StatusOf<T>, NoInfer<E>>) => unknown;
  effects?: (tx: Queryable, actor: Actor, change: TransitionChange<StatusOf<T>, undefined>, input: I) => Promise<E>;
  afterCommit?: (deps: AppDeps, done: readonly number[]) => void;
}

export interface BulkFailure {
  id: number;
  error: HttpError;
}

/** What a bulk write did: ids done, and per other id the error a single call would have thrown. */
export interface BulkOutcome {
  done: number[];
  failed: BulkFailure[];
}

export interface TransitionOutcome<S extends string, E> extends BulkOutcome {
  changed: TransitionChange<S, E>[];
}

export const toBulkResult = (outcome: BulkOutcome): BulkResultBody => ({
  done: outcome.done,
  failed: outcome.failed.map(({ id, error }) => ({ id, message: error.message })),
});

export interface Transition<S extends string, E, I = undefined> {
  readonly action: string;
  readonly event: string;
  readonly from: readonly S[];
  readonly permission: Permission;
  /** The row flag: the status allows it and the member holds the permission. */
  allows(status: S, permissions: ReadonlySet<Permission>): boolean;
  /** 403 unless the member holds the permission (for endpoints that admit several). */
  authorize(staff: StaffContext): void;
  apply(tx: Queryable, actor: Actor, ids: readonly number[], input?: I): Promise<TransitionOutcome<S, E>>;
  one(tx: Queryable, actor: Actor, id: number, input?: I): Promise<TransitionChange<S, E>>;
  many(tx: Queryable, actor: Actor, ids: readonly number[], input?: I): Promise<BulkResultBody>;
  /** Runs afterCommit when something changed; call it after your transaction committed. */
  committed(deps: AppDeps, done: readonly number[]): void;
  run<R>(deps: AppDeps, actor: Actor, id: number, answer: (tx: Queryable, change: TransitionChange<S, E>) => Promise<R>, input?: I): Promise<R>;
  runMany(deps: AppDeps, actor: Actor, ids: readonly number[], input?: I): Promise<BulkResultBody>;
}

const words = (status: string): string => status.replaceAll('_', ' ');

interface ChangedRow {
  id: number | string;
  from_status: string;
  old_values: Record<string, unknown>;
  new_values: Record<string, unknown>;
  row_values: Record<string, unknown>;
}

export function defineTransition<T extends RecordTable, E = undefined, I = undefined>(spec: TransitionSpec<T, E, I>): Transition<StatusOf<T>, E, I> {
  type S = StatusOf<T>;
  const kind = spec.record;
  const statusKey = spec.statusColumn ?? 'status';
  const auditKeys: readonly string[] = spec.audit?.length ? spec.audit : [statusKey];
  const returningKeys: readonly string[] = spec.returning ?? [];
  for (const key of [statusKey, ...auditKeys, ...returningKeys]) {
    if (!kind.columns[key]) throw new Error(`${kind.tableName} has no column ${key} (transition ${spec.action})`);
    if (kind.secret.has(key)) throw new Error(`A transition does not audit or return the secret column ${key}`);
  }
  const from = [...spec.from] as string[];
  if (from.length === 0) throw new Error(`Transition ${spec.action} allows no status`);

  const table = sql.identifier(kind.tableName);
  const column = (alias: string, key: string): SQL => sql`${sql.identifier(alias)}.${sql.identifier(kind.columns[key].name)}`;
  // What JSON keeps exactly: dates as the API's UTC text, decimals as text.
  const value = (alias: string, key: string): SQL => {
    const type = kind.columns[key].sqlType;
    if (type.startsWith('timestamp')) return utcText(column(alias, key));
    if (type.startsWith('numeric')) return sql`(${column(alias, key)})::text`;
    return column(alias, key);
  };
  const object = (keys: readonly string[], expr: (key: string, i: number) => SQL): SQL =>
    keys.length === 0
      ? sql`json_build_object()`
      : sql`json_build_object(${sql.join(
          keys.map((k, i) => sql`${sql.raw(`'${k}'`)}, ${expr(k, i)}`),
          sql`, `,
        )})`;
  const touch = 'updatedAt' in kind.columns ? sql`, ${sql.identifier(kind.columns.updatedAt.name)} = now()` : sql``;

  const conflictMessage = (id: number, status: S): string =>
    spec.conflict ? spec.conflict(id, status) : `${kind.thing} ${id} cannot be ${spec.event}: it is ${words(status)}.`;
  const information = (change: TransitionChange<S, E>): unknown =>
    spec.information ? spec.information(change) : `${kind.thing} ${change.id} ${spec.event} (was ${words(change.from)}).`;
  const toAudit = (values: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(values).map(([key, v]) => [kind.columns[key].name, v]));

  async function apply(tx: Queryable, actor: Actor, requested: readonly number[], input?: I): Promise<TransitionOutcome<S, E>> {
    const set = typeof spec.set === 'function' ? spec.set(input as I) : spec.set;
    const ids = [...new Set(requested)];
    const possible = ids.filter((id) => isPossibleId(kind, id));
    const found: ChangedRow[] =
      possible.length === 0
        ? []
        : await rows<ChangedRow>(
            tx,
            sql`WITH old AS (
            SELECT cur.id AS o_id, ${column('cur', statusKey)} AS o_status,
                   ${sql.join(
                     auditKeys.map((k, i) => sql`${value('cur', k)} AS ${sql.identifier(`o_${i}`)}`),
                     sql`, `,
                   )}
              FROM ${table} AS cur
             WHERE cur.id IN ${possible} AND ${column('cur', statusKey)} IN ${from}
             ORDER BY cur.id
             FOR UPDATE
          )
          UPDATE ${table} AS x SET ${set}${touch}
            FROM old
           WHERE x.id = old.o_id AND ${column('x', statusKey)} IN ${from}
          RETURNING x.id AS id, old.o_status AS from_status,
            ${object(auditKeys, (_, i) => sql`old.${sql.identifier(`o_${i}`)}`)} AS old_values,
            ${object(auditKeys, (k) => value('x', k))} AS new_values,
            ${object(returningKeys, (k) => value('x', k))} AS row_values`,
          );
    const byId = new Map(found.map((r) => [Number(r.id), r]));

    const changed: TransitionChange<S, E>[] = [];
    for (const id of ids) {
      const r = byId.get(id);
      if (!r) continue;
      const base: TransitionChange<S, undefined> = {
        id,
        from: r.from_status as S,
        old: r.old_values,
        new: r.new_values,
        row: r.row_values,
        effects: undefined,
      };
      const effects = (spec.effects ? await spec.effects(tx, actor, base, input as I) : undefined) as E;
      const change: TransitionChange<S, E> = { ...base, effects };
      const extra = effects && typeof effects === 'object' ? (effects as Record<string, unknown>) : {};
      await writeAudit(tx, actor, {
        event: spec.event,
        auditableType: kind.type,
        auditableId: id,
        oldValues: toAudit(change.old),
        newValues: { ...toAudit(change.new), ...extra },
      });
      await writeChangeLog(tx, actor, { actionType: spec.action, modelType: kind.type, modelId: id, information: information(change) });
      changed.push(change);
    }

    const rest = ids.filter((id) => !byId.has(id));
    const lookup = rest.filter((id) => isPossibleId(kind, id));
    const existing =
      lookup.length === 0
        ? []
        : await rows<{ id: number | string; status: string }>(
            tx,
            sql`SELECT id, ${sql.identifier(kind.columns[statusKey].name)} AS status FROM ${table} WHERE id IN ${lookup}`,
          );
    const statusOf = new Map(existing.map((r) => [Number(r.id), r.status as S]));
    const failed: BulkFailure[] = rest.map((id) => {
      const status = statusOf.get(id);
      return { id, error: status === undefined ? recordNotFound(kind, id) : conflict(conflictMessage(id, status)) };
    });
    return { done: changed.map((c) => c.id), changed, failed };
  }

  const transition: Transition<S, E, I> = {
    action: spec.action,
    event: spec.event,
    from: spec.from,
    permission: spec.permission,
    allows: (status, permissions) => permissions.has(spec.permission) && from.includes(status),
    authorize(staff) {
      if (!staff.permissions.has(spec.permission)) throw forbidden();
    },
    apply,
    async one(tx, actor, id, input) {
      const outcome = await apply(tx, actor, [id], input);
      if (outcome.failed[0]) throw outcome.failed[0].error;
      return outcome.changed[0];
    },
    async many(tx, actor, ids, input) {
      return toBulkResult(await apply(tx, actor, ids, input));
    },
    committed(deps, done) {
      if (done.length && spec.afterCommit) spec.afterCommit(deps, done);
    },
    async run(deps, actor, id, answer, input) {
      const result = await deps.database.db.transaction(async (tx) => answer(tx, await transition.one(tx, actor, id, input)));
      transition.committed(deps, [id]);
      return result;
    },
    async runMany(deps, actor, ids, input) {
      const outcome = await deps.database.db.transaction((tx) => apply(tx, actor, ids, input));
      transition.committed(deps, outcome.done);
      return toBulkResult(outcome);
    },
  };
  return transition;
}
