import { sql } from 'drizzle-orm';
import type { OrderChangeLogEntry, OrderDetail, OrderRefillRequest, OrderStatistics } from '../../../contract/orders';
import type { ProviderType } from '../../../contract/providers';
import { one, rows, type Queryable } from '../../db/client';
import { notFound } from '../../http/errors';
import { decimalText, utcText, type TableContext } from '../../table';
import { defaultRefundSql, paidSql, refundableSql } from './money';
import { findOrderRow } from './table';

/** The order screen: the row plus provider, money summary, statistics, change log and refills. */

const CHANGE_LOG_PREVIEW = 50;
const STATISTICS_HISTORY = 200;

export async function orderChangeLogs(q: Queryable, orderId: number, limit?: number): Promise<OrderChangeLogEntry[]> {
  const found = await rows<{
    id: number | string;
    created_at: string;
    action_type: string;
    information: unknown;
    staff_id: number | null;
    staff_name: string | null;
    staff_email: string | null;
  }>(
    q,
    sql`SELECT c.id, ${utcText(sql`c.created_at`)} AS created_at, c.action_type, c.information,
          s.id AS staff_id, s.name AS staff_name, s.email AS staff_email
        FROM change_logs c LEFT JOIN staff_members s ON s.id = c.staff_id
        WHERE c.model_type = 'order' AND c.model_id = ${orderId}
        ORDER BY c.id DESC ${limit ? sql`LIMIT ${limit}` : sql``}`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    createdAt: r.created_at,
    actionType: r.action_type,
    staff: r.staff_id === null ? null : { id: r.staff_id, name: r.staff_name ?? '', email: r.staff_email ?? '' },
    information: r.information,
  }));
}

export async function orderStatistics(q: Queryable, orderId: number): Promise<OrderStatistics> {
  const order = await one<{ start_count: number | null; quantity: number; current_quantity: number; fill: string | null }>(
    q,
    sql`SELECT start_count, quantity, current_quantity, ${decimalText(sql`percent_of_external_statistics_fill`)} AS fill
          FROM orders WHERE id = ${orderId}`,
  );
  if (!order) throw notFound(`Order ${orderId}`);
  const history = await rows<{ checked_at: string; count: number }>(
    q,
    sql`SELECT checked_at, count FROM (
          SELECT ${utcText(sql`checked_at`)} AS checked_at, count, checked_at AS at, id FROM order_statistics
           WHERE order_id = ${orderId} ORDER BY checked_at DESC, id DESC LIMIT ${STATISTICS_HISTORY}
        ) last ORDER BY at, id`,
  );
  const latest = history[history.length - 1];
  return {
    startCount: order.start_count,
    currentCount: latest ? latest.count : null,
    quantity: order.quantity,
    delivered: order.current_quantity,
    remains: Math.max(order.quantity - order.current_quantity, 0),
    percentOfExternalStatisticsFill: order.fill,
    lastCheckedAt: latest ? latest.checked_at : null,
    history: history.map((h) => ({ checkedAt: h.checked_at, count: h.count })),
  };
}

export async function orderRefillRequests(q: Queryable, orderId: number): Promise<OrderRefillRequest[]> {
  const found = await rows<{
    id: number | string;
    status: OrderRefillRequest['status'];
    quantity: number | null;
    external_refill_id: string | null;
    created_at: string;
    completed_at: string | null;
  }>(
    q,
    sql`SELECT id, status, quantity, external_refill_id, ${utcText(sql`created_at`)} AS created_at,
          ${utcText(sql`completed_at`)} AS completed_at
        FROM order_refill_requests WHERE order_id = ${orderId} ORDER BY id DESC`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    status: r.status,
    quantity: r.quantity,
    externalRefillId: r.external_refill_id,
    createdAt: r.created_at,
    completedAt: r.completed_at,
  }));
}

interface DetailExtras {
  comment: string | null;
  paid: string;
  refundable: string;
  default_refund: string;
  cancel_reason: string | null;
  cancel_description: string | null;
  canceled_at: string | null;
  updated_at: string;
  external_id: string | null;
  provider_quantity: number | null;
  provider_id: number | null;
  provider_name: string | null;
  provider_type: ProviderType | null;
  provider_service_id: number | null;
  provider_service_name: string | null;
  provider_service_external_id: string | null;
  service_id: number | null;
}

export async function loadOrderDetail(q: Queryable, orderId: number, ctx: TableContext): Promise<OrderDetail> {
  const row = await findOrderRow(q, orderId, ctx);
  if (!row) throw notFound(`Order ${orderId}`);
  const extras = (await one<DetailExtras>(
    q,
    sql`SELECT o.comment, ${paidSql('o')}::numeric(14,4)::text AS paid, ${refundableSql('o')}::text AS refundable,
          ${defaultRefundSql('o')}::text AS default_refund, o.cancel_reason, o.cancel_description,
          ${utcText(sql`o.canceled_at`)} AS canceled_at, ${utcText(sql`o.updated_at`)} AS updated_at,
          o.external_id, o.provider_quantity, o.service_id,
          p.id AS provider_id, p.name AS provider_name, p.type AS provider_type,
          ps.id AS provider_service_id, ps.name AS provider_service_name, ps.external_panel_service_id AS provider_service_external_id
        FROM orders o
        LEFT JOIN providers p ON p.id = o.provider_id
        LEFT JOIN provider_services ps ON ps.id = o.provider_service_id
        WHERE o.id = ${orderId}`,
  ))!;

  const serviceProviders =
    extras.service_id === null
      ? []
      : await rows<{
          provider_service_id: number;
          provider_service_name: string;
          provider_id: number;
          provider_name: string;
          provider_type: ProviderType;
          priority: number;
          is_active: boolean;
        }>(
          q,
          sql`SELECT ps.id AS provider_service_id, ps.name AS provider_service_name, p.id AS provider_id, p.name AS provider_name,
                p.type AS provider_type, sp.priority,
                (sp.is_active AND ps.status = 'active' AND NOT ps.is_archived AND p.status = 'active' AND NOT p.is_archived) AS is_active
              FROM service_providers sp
              JOIN provider_services ps ON ps.id = sp.provider_service_id
              JOIN providers p ON p.id = ps.external_panel_id
             WHERE sp.service_id = ${extras.service_id}
             ORDER BY sp.priority, ps.id`,
        );

  return {
    ...row,
    comment: extras.comment,
    paidAmount: extras.paid,
    refundableAmount: extras.refundable,
    defaultRefundAmount: extras.default_refund,
    provider:
      extras.provider_id === null
        ? null
        : {
            id: extras.provider_id,
            name: extras.provider_name ?? '',
            type: extras.provider_type!,
            providerService:
              extras.provider_service_id === null
                ? null
                : {
                    id: extras.provider_service_id,
                    name: extras.provider_service_name ?? '',
                    externalPanelServiceId: extras.provider_service_external_id ?? '',
                  },
            externalId: extras.external_id,
            quantity: extras.provider_quantity,
          },
    serviceProviders: serviceProviders.map((sp) => ({
      providerServiceId: sp.provider_service_id,
      providerServiceName: sp.provider_service_name,
      provider: { id: sp.provider_id, name: sp.provider_name, type: sp.provider_type },
      priority: sp.priority,
      isActive: sp.is_active,
    })),
    cancelReason: extras.cancel_reason,
    cancelDescription: extras.cancel_description,
    canceledAt: extras.canceled_at,
    updatedAt: extras.updated_at,
    statistics: await orderStatistics(q, orderId),
    changeLogs: await orderChangeLogs(q, orderId, CHANGE_LOG_PREVIEW),
    refillRequests: await orderRefillRequests(q, orderId),
  };
}
