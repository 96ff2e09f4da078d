import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rows, type Queryable } from '../../../src/server/db/client';
import type { Actor } from '../../../src/server/deps';
import { HttpError } from '../../../src/server/http/errors';
import { defineRecord } from '../../../src/server/kit/records';

/**
 * A table of its own for the area-kit tests (created in the test's database, never migrated), with
 * what the helpers must handle: a status, a date, a decimal, a secret column, a unique code, a
 * second unique column the record does not map, and rows that refer to other rows.
 */
export type WidgetStatus = 'draft' | 'live' | 'retired';

export const widgets = pgTable(
  'kit_widgets',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    serial: text('serial'),
    apiKey: text('api_key'),
    status: text('status').$type<WidgetStatus>().notNull().default('draft'),
    price: numeric('price', { precision: 14, scale: 4 }).notNull().default('0'),
    liveAt: timestamp('live_at', { withTimezone: true }),
    parentId: integer('parent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kit_widgets_code_unique').on(t.code), uniqueIndex('kit_widgets_serial_unique').on(t.serial)],
);

export const widgetRecord = defineRecord({
  table: widgets,
  thing: 'Widget',
  type: 'widget',
  secret: ['apiKey'],
  unique: { kit_widgets_code_unique: 'code' },
});

export async function createWidgetTable(q: Queryable): Promise<void> {
  await q.execute(sql`CREATE TABLE kit_widgets (
    id serial PRIMARY KEY,
    code text NOT NULL,
    name text NOT NULL,
    serial text,
    api_key text,
    status text NOT NULL DEFAULT 'draft',
    price numeric(14,4) NOT NULL DEFAULT 0,
    live_at timestamptz,
    parent_id integer REFERENCES kit_widgets (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  await q.execute(sql`CREATE UNIQUE INDEX kit_widgets_code_unique ON kit_widgets (code)`);
  await q.execute(sql`CREATE UNIQUE INDEX kit_widgets_serial_unique ON kit_widgets (serial)`);
}

let seq = 0;
/** A widget inserted directly (no audit), in the given state. */
export async function insertWidget(
  q: Queryable,
  values: { status?: WidgetStatus; price?: string; apiKey?: string | null; parentId?: number } = {},
): Promise<number> {
  const code = `W-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await rows<{ id: number }>(
    q,
    sql`INSERT INTO kit_widgets (code, name, status, price, api_key, parent_id)
        VALUES (${code}, ${`Widget ${seq}`}, ${values.status ?? 'draft'}, ${values.price ?? '1.5'}, ${values.apiKey ?? null}, ${values.parentId ?? null})
        RETURNING id`,
  );
  return row.id;
}

export interface AuditRow {
  event: string;
  staff_id: number | null;
  ip_address: string | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}

export const widgetAudits = (q: Queryable, id: number) =>
  rows<AuditRow>(
    q,
    sql`SELECT event, staff_id, ip_address, old_values, new_values FROM audit_entries
         WHERE auditable_type = 'widget' AND auditable_id = ${id} ORDER BY id`,
  );

export const widgetChangeLogs = (q: Queryable, id: number) =>
  rows<{ action_type: string; information: unknown }>(
    q,
    sql`SELECT action_type, information FROM change_logs WHERE model_type = 'widget' AND model_id = ${id} ORDER BY id`,
  );

export const testActor = (staffId: number | null = null): Actor => ({ staffId, ip: '198.51.100.7', userAgent: 'KitTest/1.0' });

/** The HttpError a kit helper throws; fails the test when it resolves or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}
