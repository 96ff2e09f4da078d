import { sql } from 'drizzle-orm';
import {
  AUDITS_TABLE,
  CHANGE_LOGS_TABLE,
  recordTypeLabel,
  redactSecretValue,
  SERVICE_LOGS_TABLE,
  type AuditRow,
  type ChangeLogRow,
  type ServiceLogRow,
} from '../../../contract/logs';
import { defineTable, utcText } from '../../table';

/**
 * The three log lists on the generic table builder. Each sorts newest first (created_at, then
 * id) through an index of logs.ts, filtered or not, and estimates its total past 10 000 rows, so
 * the first page of a million entries reads about thirty index entries (bench/audit-log.ts).
 */

/** Past this many matching rows a total is the planner's estimate (the console says "about"). */
const ESTIMATE_ABOVE = 10_000;

type Values = Record<string, unknown> | null;

/** Values as stored, except that a key naming a secret (at any depth) never carries its value. */
export function redactSecrets(values: Values | string): Values {
  const parsed = typeof values === 'string' ? (JSON.parse(values) as Values) : values;
  if (!parsed || typeof parsed !== 'object') return parsed ?? null;
  return redactSecretValue(parsed) as Values;
}

const staffOf = (id: number | null, name: string | null, email: string | null) => (id === null ? null : { id, name: name ?? '', email: email ?? '' });
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
const parseJson = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

interface AuditDbRow extends Record<string, unknown> {
  id: number | string;
  created_at: string;
  staff_id: number | null;
  staff_name: string | null;
  staff_email: string | null;
  ip_address: string | null;
  user_agent: string | null;
  event: string;
  auditable_type: string;
  auditable_id: number | string | null;
  old_values: Values | string;
  new_values: Values | string;
}

export const auditsTable = defineTable(AUDITS_TABLE, {
  from: sql`audit_entries a LEFT JOIN staff_members s ON s.id = a.staff_id`,
  select: sql`a.id, ${utcText(sql`a.created_at`)} AS created_at, a.staff_id, s.name AS staff_name, s.email AS staff_email,
    a.ip_address, a.user_agent, a.event, a.auditable_type, a.auditable_id, a.old_values, a.new_values`,
  id: sql`a.id`,
  idType: 'bigint',
  columns: {
    id: { sql: sql`a.id` },
    createdAt: { sql: sql`a.created_at` },
    user: { sql: sql`a.staff_id` },
    ipAddress: { sql: sql`a.ip_address` },
    userAgent: { sql: sql`a.user_agent` },
    event: { sql: sql`a.event` },
    auditableType: { sql: sql`a.auditable_type` },
    auditableId: { sql: sql`a.auditable_id` },
  },
  // An integer is the entry's id (the builder adds it) or the record's id.
  search: [{ match: (_pattern, term) => (/^\d{1,15}$/.test(term) ? sql`a.auditable_id = ${Number(term)}` : undefined) }],
  defaultSort: [{ key: 'createdAt', desc: true }],
  estimateCountAbove: ESTIMATE_ABOVE,
  map: (r: AuditDbRow): AuditRow => ({
    id: Number(r.id),
    createdAt: r.created_at,
    user: staffOf(r.staff_id, r.staff_name, r.staff_email),
    ipAddress: r.ip_address,
    userAgent: r.user_agent,
    event: r.event,
    auditableType: r.auditable_type,
    auditableId: num(r.auditable_id),
    oldValues: redactSecrets(r.old_values),
    newValues: redactSecrets(r.new_values),
  }),
});

interface ChangeLogDbRow extends Record<string, unknown> {
  id: number | string;
  created_at: string;
  action_type: string;
  model_type: string;
  model_id: number | string | null;
  staff_id: number | null;
  staff_name: string | null;
  staff_email: string | null;
  information: unknown;
}

export const changeLogsTable = defineTable(CHANGE_LOGS_TABLE, {
  from: sql`change_logs c LEFT JOIN staff_members s ON s.id = c.staff_id`,
  select: sql`c.id, ${utcText(sql`c.created_at`)} AS created_at, c.action_type, c.model_type, c.model_id,
    c.staff_id, s.name AS staff_name, s.email AS staff_email, c.information`,
  id: sql`c.id`,
  idType: 'bigint',
  columns: {
    id: { sql: sql`c.id` },
    createdAt: { sql: sql`c.created_at` },
    actionType: { sql: sql`c.action_type` },
    type: { sql: sql`c.model_type` },
    target: { sql: sql`c.model_id` },
    user: { sql: sql`c.staff_id` },
  },
  search: [{ match: (_pattern, term) => (/^\d{1,15}$/.test(term) ? sql`c.model_id = ${Number(term)}` : undefined) }],
  defaultSort: [{ key: 'createdAt', desc: true }],
  estimateCountAbove: ESTIMATE_ABOVE,
  map: (r: ChangeLogDbRow): ChangeLogRow => ({
    id: Number(r.id),
    createdAt: r.created_at,
    actionType: r.action_type,
    type: r.model_type,
    target: { id: num(r.model_id), modelType: { name: r.model_type, fullName: recordTypeLabel(r.model_type) } },
    user: staffOf(r.staff_id, r.staff_name, r.staff_email),
    information: parseJson(r.information) ?? null,
  }),
});

interface ServiceLogDbRow extends Record<string, unknown> {
  id: number | string;
  created_at: string;
  information: string;
  model_type: string;
  model_id: number | string | null;
  type: string;
  action_type: string;
  old_value: unknown;
  new_value: unknown;
}

export const serviceLogsTable = defineTable(SERVICE_LOGS_TABLE, {
  from: sql`service_logs l`,
  select: sql`l.id, ${utcText(sql`l.created_at`)} AS created_at, l.information, l.model_type, l.model_id, l.type, l.action_type, l.old_value, l.new_value`,
  id: sql`l.id`,
  idType: 'bigint',
  columns: {
    id: { sql: sql`l.id` },
    createdAt: { sql: sql`l.created_at` },
    information: { sql: sql`l.information` },
    modelType: { sql: sql`l.model_type` },
    modelId: { sql: sql`l.model_id` },
    type: { sql: sql`l.type` },
    actionType: { sql: sql`l.action_type` },
  },
  search: [sql`l.information`, { match: (_pattern, term) => (/^\d{1,15}$/.test(term) ? sql`l.model_id = ${Number(term)}` : undefined) }],
  defaultSort: [{ key: 'createdAt', desc: true }],
  estimateCountAbove: ESTIMATE_ABOVE,
  map: (r: ServiceLogDbRow): ServiceLogRow => ({
    id: Number(r.id),
    createdAt: r.created_at,
    information: r.information,
    modelType: r.model_type,
    modelId: num(r.model_id),
    type: r.type,
    actionType: r.action_type,
    oldValue: parseJson(r.old_value) ?? null,
    newValue: parseJson(r.new_value) ?? null,
  }),
});
