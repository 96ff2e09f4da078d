import { sql } from 'drizzle-orm';
import type { ComboOrderDetail, ComboOrderOrder } from '../../../contract/combo-orders';
import { one, rows, type Queryable } from '../../db/client';
import { recordNotFound } from '../../kit/records';
import { decimalText, utcText, type TableContext } from '../../table';
import { findComboOrderRow } from './table';
import { comboOrderRecord } from './transitions';

/**
 * One combo order: its list row (same fields and flags as the list), what the customer paid, its
 * dates, and the orders it placed, oldest first. An unknown id is a 404 naming it.
 */
export async function loadComboOrderDetail(q: Queryable, id: number, ctx: TableContext): Promise<ComboOrderDetail> {
  const row = await findComboOrderRow(q, id, ctx);
  if (!row) throw recordNotFound(comboOrderRecord, id);
  const extra = (await one<{ price: string; approved_at: string | null; completed_at: string | null; canceled_at: string | null; updated_at: string }>(
    q,
    sql`SELECT ${decimalText(sql`price`)} AS price, ${utcText(sql`approved_at`)} AS approved_at, ${utcText(sql`completed_at`)} AS completed_at,
          ${utcText(sql`canceled_at`)} AS canceled_at, ${utcText(sql`updated_at`)} AS updated_at
        FROM combo_orders WHERE id = ${id}`,
  ))!;
  const orders = await rows<{
    id: number;
    status: ComboOrderOrder['status'];
    service_id: number | null;
    service_name: string | null;
    quantity: number;
    current_quantity: number;
    price: string;
    created_at: string;
  }>(
    q,
    sql`SELECT o.id::int AS id, o.status, s.id AS service_id, s.name AS service_name, o.quantity, o.current_quantity,
          ${decimalText(sql`o.price`)} AS price, ${utcText(sql`o.created_at`)} AS created_at
        FROM orders o LEFT JOIN services s ON s.id = o.service_id
       WHERE o.source_type = 'combo_order' AND o.source_id = ${id}
       ORDER BY o.id`,
  );
  return {
    ...row,
    price: extra.price,
    orders: orders.map((o) => ({
      id: o.id,
      status: o.status,
      service: o.service_id === null ? null : { id: o.service_id, name: o.service_name ?? '' },
      quantity: Number(o.quantity),
      currentQuantity: Number(o.current_quantity),
      price: o.price,
      createdAt: o.created_at,
    })),
    approvedAt: extra.approved_at,
    completedAt: extra.completed_at,
    canceledAt: extra.canceled_at,
    updatedAt: extra.updated_at,
  };
}
