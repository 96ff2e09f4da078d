import type { Queryable } from '../db/client';
import { auditEntries, changeLogs } from '../db/schema/logs';
import type { Actor } from '../deps';

/**
 * Audit entries and change logs. Call them with the transaction handle of the
 * change they describe, so the record and its trail commit or roll back together.
 */
export interface AuditEntry {
  /** What happened: created, updated, deleted, login, logout, approved… */
  event: string;
  /** The kind of record, e.g. 'staff_member', 'order'. */
  auditableType: string;
  auditableId: number | null;
  /** The changed fields before and after; omit the side that does not exist (created/deleted). */
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
}

export async function writeAudit(q: Queryable, actor: Actor, entry: AuditEntry): Promise<void> {
  await q.insert(auditEntries).values({
    staffId: actor.staffId,
    ipAddress: actor.ip,
    userAgent: actor.userAgent,
    event: entry.event,
    auditableType: entry.auditableType,
    auditableId: entry.auditableId,
    oldValues: entry.oldValues ?? null,
    newValues: entry.newValues ?? null,
  });
}

export interface ChangeLogEntry {
  /** e.g. 'cancel', 'approve', 'change_provider'. */
  actionType: string;
  /** e.g. 'order', 'user'. */
  modelType: string;
  modelId: number | null;
  /** Shown on the change-log screen: a sentence or a JSON object. */
  information: unknown;
}

export async function writeChangeLog(q: Queryable, actor: Actor, entry: ChangeLogEntry): Promise<void> {
  await q.insert(changeLogs).values({
    staffId: actor.staffId,
    actionType: entry.actionType,
    modelType: entry.modelType,
    modelId: entry.modelId,
    information: entry.information ?? null,
  });
}

/**
 * The fields whose values differ between two versions of a record, as the old/new pair an audit
 * entry stores. Values are compared as JSON (a missing field equals null), so dates and decimal
 * strings compare by content.
 */
export function diffValues(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { oldValues: Record<string, unknown>; newValues: Record<string, unknown> } {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      oldValues[key] = before[key] ?? null;
      newValues[key] = after[key] ?? null;
    }
  }
  return { oldValues, newValues };
}

export interface ServiceLogEntry {
  /** The record the system changed ('service'). */
  modelType: string;
  modelId: number | null;
  /** What changed: 'price', 'status', 'min_quantity', 'provider'… */
  type: string;
  /** How: 'sync', 'automatic', 'import'… */
  actionType: string;
  /** One sentence for the service-logs screen. */
  information: string;
  oldValue?: unknown;
  newValue?: unknown;
}
