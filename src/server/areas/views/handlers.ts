import { sql } from 'drizzle-orm';
import type { Endpoint } from '../../../contract/endpoint';
import { endpoints } from '../../../contract/endpoints';
import type { SavedView } from '../../../contract/views';
import { writeAudit } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import type { StaffContext } from '../../deps';
import { defineHandlers, permits } from '../../http/handlers';
import { fieldError, forbidden, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../kit/crud';
import { utcText } from '../../table';

interface ViewRow {
  id: number;
  resource: string;
  endpoint: string;
  name: string;
  query: string;
  shared: boolean;
  staff_id: number;
  owner_name: string;
  created_at: string;
}

const SELECT = sql`SELECT v.id, v.resource, v.endpoint, v.name, v.query, v.shared, v.staff_id, m.name AS owner_name, ${utcText(sql`v.created_at`)} AS created_at
  FROM saved_views v JOIN staff_members m ON m.id = v.staff_id`;

const tableEndpointOf = (name: string): Endpoint<any, any, any> | undefined => {
  const e = Object.hasOwn(endpoints, name) ? (endpoints as Record<string, Endpoint<any, any, any>>)[name] : undefined;
  return e?.table ? e : undefined;
};

/** A member sees a view of a list only when they may read the list. */
const mayRead = (staff: StaffContext, row: ViewRow) => {
  const e = tableEndpointOf(row.endpoint);
  return !!e && permits(staff, e.permission);
};

const toView = (row: ViewRow, staff: StaffContext): SavedView => ({
  id: row.id,
  resource: row.resource,
  name: row.name,
  query: row.query,
  shared: row.shared,
  owner: { id: row.staff_id, name: row.owner_name },
  mine: row.staff_id === staff.id,
  createdAt: row.created_at,
});

async function ownView(q: Queryable, id: number, staff: StaffContext): Promise<ViewRow> {
  const row = await one<ViewRow>(q, sql`${SELECT} WHERE v.id = ${id}`);
  if (!row || (!row.shared && row.staff_id !== staff.id) || !mayRead(staff, row)) throw notFound('View');
  if (row.staff_id !== staff.id) throw forbidden('Only the member who saved a view can change or delete it.');
  return row;
}

const duplicateName = () => fieldError('name', 'You already have a view with this name on this list.');

export const viewsHandlers = defineHandlers({
  savedViewsIndex: async ({ staff, deps }) => {
    const found = await rows<ViewRow>(deps.database.db, sql`${SELECT} WHERE v.staff_id = ${staff.id} OR v.shared ORDER BY v.resource, lower(v.name), v.id`);
    return { data: found.filter((row) => mayRead(staff, row)).map((row) => toView(row, staff)) };
  },

  savedViewsStore: async ({ body, staff, actor, deps }) => {
    const e = tableEndpointOf(body.endpoint);
    if (!e) throw fieldError('endpoint', 'Unknown list.');
    if (!permits(staff, e.permission)) throw forbidden();
    try {
      return await deps.database.db.transaction(async (tx) => {
        const created = await one<{ id: number }>(
          tx,
          sql`INSERT INTO saved_views (staff_id, resource, endpoint, name, query, shared)
              VALUES (${staff.id}, ${body.resource}, ${body.endpoint}, ${body.name}, ${body.query}, ${body.shared}) RETURNING id`,
        );
        await writeAudit(tx, actor, {
          event: 'created',
          auditableType: 'saved_view',
          auditableId: created!.id,
          newValues: { resource: body.resource, name: body.name, query: body.query, shared: body.shared },
        });
        const row = (await one<ViewRow>(tx, sql`${SELECT} WHERE v.id = ${created!.id}`))!;
        return { message: `View "${body.name}" saved${body.shared ? ' and shared with all staff' : ''}.`, view: toView(row, staff) };
      });
    } catch (error) {
      throw isUniqueViolation(error) ? duplicateName() : error;
    }
  },

  savedViewsUpdate: async ({ params: { viewId }, body, staff, actor, deps }) => {
    try {
      return await deps.database.db.transaction(async (tx) => {
        const before = await ownView(tx, viewId, staff);
        await tx.execute(
          sql`UPDATE saved_views SET name = ${body.name}, query = ${body.query}, shared = ${body.shared}, updated_at = now() WHERE id = ${viewId}`,
        );
        await writeAudit(tx, actor, {
          event: 'updated',
          auditableType: 'saved_view',
          auditableId: viewId,
          oldValues: { name: before.name, query: before.query, shared: before.shared },
          newValues: { name: body.name, query: body.query, shared: body.shared },
        });
        const row = (await one<ViewRow>(tx, sql`${SELECT} WHERE v.id = ${viewId}`))!;
        return { message: `View "${body.name}" saved.`, view: toView(row, staff) };
      });
    } catch (error) {
      throw isUniqueViolation(error) ? duplicateName() : error;
    }
  },

  savedViewsDestroy: async ({ params: { viewId }, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const before = await ownView(tx, viewId, staff);
      await tx.execute(sql`DELETE FROM saved_views WHERE id = ${viewId}`);
      await writeAudit(tx, actor, {
        event: 'deleted',
        auditableType: 'saved_view',
        auditableId: viewId,
        oldValues: { resource: before.resource, name: before.name, query: before.query, shared: before.shared },
      });
      return { message: `View "${before.name}" deleted.` };
    }),
});
