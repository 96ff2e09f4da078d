import { z } from 'zod';
import { dateTime, id } from '../fields';
import { ADMIN, endpoint, pathBigId } from '../endpoint';
import { tableEndpoint } from '../table';
import { AUDITS_TABLE, CHANGE_LOGS_TABLE, SERVICE_LOGS_TABLE } from './columns';

export * from './columns';

/**
 * The audit log (viewAudits), the change logs (viewChangeLogs), the service logs and one
 * record's history (docs/free-trials-logs.md).
 *
 * The three tables are append-only: no endpoint changes or deletes an entry, and the database
 * refuses UPDATE and DELETE on them (a trigger; docs/free-trials-logs.md). Audit values whose key names a
 * secret are answered as 'changed', never as stored.
 *
 * Lists are GET with the table request as `?q=<JSON>`; default sort newest first. Their totals
 * are estimated past 10 000 rows (`totalIsEstimate`), so the first page of a million entries is
 * read through an index without counting them all.
 */

const staffRef = z.object({ id, name: z.string(), email: z.string() });
const values = z.record(z.string(), z.unknown()).nullable();

export const auditRowSchema = z.object({
  id,
  createdAt: dateTime,
  user: staffRef.nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  event: z.string(),
  auditableType: z.string(),
  auditableId: id.nullable(),
  oldValues: values,
  newValues: values,
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const changeLogRowSchema = z.object({
  id,
  createdAt: dateTime,
  actionType: z.string(),
  /** The model type ('order'). */
  type: z.string(),
  /** The model id and its type's full name (the entry's target). */
  target: z.object({ id: id.nullable(), modelType: z.object({ name: z.string(), fullName: z.string() }) }),
  user: staffRef.nullable(),
  information: z.unknown(),
});
export type ChangeLogRow = z.infer<typeof changeLogRowSchema>;

export const serviceLogRowSchema = z.object({
  id,
  createdAt: dateTime,
  information: z.string(),
  modelType: z.string(),
  modelId: id.nullable(),
  type: z.string(),
  actionType: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
});
export type ServiceLogRow = z.infer<typeof serviceLogRowSchema>;

const option = z.object({ value: z.string(), label: z.string() });
export const auditCollectionsSchema = z.object({
  events: z.array(option),
  auditableTypes: z.array(option),
  staff: z.array(staffRef),
});
export type AuditCollections = z.infer<typeof auditCollectionsSchema>;

export const logCollectionsSchema = z.object({
  /** Model types. */
  types: z.array(option),
  actionTypes: z.array(option),
  staff: z.array(staffRef),
});
export type LogCollections = z.infer<typeof logCollectionsSchema>;

export const serviceLogCollectionsSchema = z.object({
  /** What changed (price, status…). */
  types: z.array(option),
  actionTypes: z.array(option),
  modelTypes: z.array(option),
});
export type ServiceLogCollections = z.infer<typeof serviceLogCollectionsSchema>;

/** One entry of a record's history: an audit entry or a change-log entry, merged newest first. */
export const historyEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('audit'),
    id,
    createdAt: dateTime,
    user: staffRef.nullable(),
    event: z.string(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    oldValues: values,
    newValues: values,
  }),
  z.object({
    kind: z.literal('change'),
    id,
    createdAt: dateTime,
    user: staffRef.nullable(),
    actionType: z.string(),
    information: z.unknown(),
  }),
]);
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const HISTORY_PAGE_MAX = 200;

export const recordHistorySchema = z.object({
  type: z.string(),
  id,
  items: z.array(historyEntrySchema),
  /** More entries exist past the `limit` asked for. */
  hasMore: z.boolean(),
  /** What the member may see: audit entries need viewAudits, change logs viewChangeLogs. */
  includes: z.object({ audits: z.boolean(), changeLogs: z.boolean() }),
});
export type RecordHistory = z.infer<typeof recordHistorySchema>;

export const RECORD_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

export const logsEndpoints = {
  auditsTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/audits`,
    permission: 'viewAudits',
    row: auditRowSchema,
    table: AUDITS_TABLE,
    summary: 'The audit log (the table request as ?q=<JSON>), newest first; secret values answered as "changed"',
  }),
  auditsCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/audits/collections`,
    permission: 'viewAudits',
    response: auditCollectionsSchema,
    summary: 'Events, record types and staff members the audit log can be filtered by',
  }),
  changeLogsTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/change-logs`,
    permission: 'viewChangeLogs',
    row: changeLogRowSchema,
    table: CHANGE_LOGS_TABLE,
    summary: 'The change log (the table request as ?q=<JSON>), newest first',
  }),
  changeLogsCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/change-logs/collections`,
    permission: 'viewChangeLogs',
    response: logCollectionsSchema,
    summary: 'The model types and action types of the change log, and staff members',
  }),
  serviceLogsTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/logs`,
    permission: 'viewChangeLogs',
    row: serviceLogRowSchema,
    table: SERVICE_LOGS_TABLE,
    summary: 'The service log: what the system changed by itself (the table request as ?q=<JSON>)',
  }),
  serviceLogsCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/logs/collections`,
    permission: 'viewChangeLogs',
    response: serviceLogCollectionsSchema,
    summary: 'The types and action types of the service log',
  }),
  recordHistory: endpoint({
    method: 'GET',
    path: `${ADMIN}/history/:recordType/:recordId`,
    permission: ['viewAudits', 'viewChangeLogs'],
    params: z.object({
      recordType: z.string().regex(RECORD_TYPE_PATTERN, 'Record type not found.'),
      recordId: pathBigId('Record'),
    }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(50) }),
    response: recordHistorySchema,
    summary: "One record's audit and change-log entries in one timeline, newest first (each part needs its permission)",
  }),
};
