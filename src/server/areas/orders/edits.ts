import { sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../contract/orders';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { conflict, fieldError, notFound, validationFailed } from '../../http/errors';
import { findUsableProvider } from './providers';
import { cannotMessage } from './rules';
import { ORDER_ACTIONS } from '../../../contract/orders/actions';
import type { BulkFailure, BulkOutcome } from '../../kit/transition';

/**
 * Edits of an order that move no money: its url, the staff comment, and the provider it is sent
 * to. Each is a conditional update inside the caller's transaction (open orders only, except the
 * comment), with an audit entry (old and new values) and a change-log entry.
 */

const EDITABLE = ORDER_ACTIONS.edit.from;

async function editFailure(q: Queryable, orderId: number) {
  const row = await one<{ status: OrderStatus }>(q, sql`SELECT status FROM orders WHERE id = ${orderId}`);
  return row ? conflict(cannotMessage(orderId, 'edit', row.status)) : notFound(`Order ${orderId}`);
}

export async function changeUrl(q: Queryable, actor: Actor, orderId: number, url: string): Promise<void> {
  const row = await one<{ old_url: string }>(
    q,
    sql`WITH old AS (SELECT id, url FROM orders WHERE id = ${orderId} AND status IN ${[...EDITABLE]} FOR UPDATE)
        UPDATE orders o SET url = ${url}, updated_at = now() FROM old WHERE o.id = old.id
        RETURNING old.url AS old_url`,
  );
  if (!row) throw await editFailure(q, orderId);
  if (row.old_url === url) return;
  await writeAudit(q, actor, { event: 'updated', auditableType: 'order', auditableId: orderId, oldValues: { url: row.old_url }, newValues: { url } });
  await writeChangeLog(q, actor, {
    actionType: 'change_url',
    modelType: 'order',
    modelId: orderId,
    information: `Order ${orderId}: url changed from ${row.old_url} to ${url}.`,
  });
}

/** The comment is a staff note: editable in every status. */
export async function updateComment(q: Queryable, actor: Actor, orderId: number, comment: string | null): Promise<void> {
  const row = await one<{ old_comment: string | null }>(
    q,
    sql`WITH old AS (SELECT id, comment FROM orders WHERE id = ${orderId} FOR UPDATE)
        UPDATE orders o SET comment = ${comment}, updated_at = now() FROM old WHERE o.id = old.id
        RETURNING old.comment AS old_comment`,
  );
  if (!row) throw notFound(`Order ${orderId}`);
  if (row.old_comment === comment) return;
  await writeAudit(q, actor, {
    event: 'updated',
    auditableType: 'order',
    auditableId: orderId,
    oldValues: { comment: row.old_comment },
    newValues: { comment },
  });
  await writeChangeLog(q, actor, {
    actionType: 'update_comment',
    modelType: 'order',
    modelId: orderId,
    information: comment === null ? `Order ${orderId}: comment removed.` : `Order ${orderId}: comment set to "${comment}".`,
  });
}

interface ProviderChange {
  id: number | string;
  old_provider_id: number | null;
  old_provider_service_id: number | null;
  old_provider_quantity: number | null;
  old_external_id: string | null;
  old_has_no_active_providers: boolean;
  provider_service_id: number;
}

/**
 * Sends open orders to another provider: the provider's usable service for each order's service
 * becomes the order's provider service, external_id is cleared (the worker sends the order there)
 * and the order no longer counts as "no providers". With one order, a failure throws (404, 409,
 * 422 on providerId or quantity); with several, each failure is reported.
 */
export async function changeProvider(
  q: Queryable,
  actor: Actor,
  orderIds: readonly number[],
  providerId: number,
  quantity: number | null,
): Promise<BulkOutcome> {
  const ids = [...new Set(orderIds)];
  const single = ids.length === 1;
  if (quantity !== null && !single) throw fieldError('quantity', 'The quantity may only be given for one order.');
  const provider = await findUsableProvider(q, providerId);
  if (!provider) throw fieldError('providerId', 'The selected provider is invalid.');

  if (single && quantity !== null) {
    const order = await one<{ quantity: number }>(q, sql`SELECT quantity FROM orders WHERE id = ${ids[0]}`);
    if (!order) throw notFound(`Order ${ids[0]}`);
    if (quantity > order.quantity) throw fieldError('quantity', `The quantity may not be greater than ${order.quantity}.`);
  }

  const changed = await rows<ProviderChange>(
    q,
    sql`WITH old AS (
          SELECT id, service_id, provider_id, provider_service_id, provider_quantity, external_id, has_no_active_providers
            FROM orders WHERE id IN ${ids} AND status IN ${[...EDITABLE]}
           ORDER BY id FOR UPDATE
        ), pick AS (
          SELECT DISTINCT ON (old.id) old.id, ps.id AS provider_service_id
            FROM old
            JOIN service_providers sp ON sp.service_id = old.service_id AND sp.is_active
            JOIN provider_services ps ON ps.id = sp.provider_service_id
             AND ps.external_panel_id = ${providerId} AND ps.status = 'active' AND NOT ps.is_archived
           ORDER BY old.id, sp.priority, ps.id
        )
        UPDATE orders o SET provider_id = ${providerId}, provider_service_id = pick.provider_service_id,
               provider_quantity = ${quantity}, external_id = NULL, has_no_active_providers = false, updated_at = now()
          FROM old JOIN pick ON pick.id = old.id
         WHERE o.id = old.id
        RETURNING o.id, old.provider_id AS old_provider_id, old.provider_service_id AS old_provider_service_id,
          old.provider_quantity AS old_provider_quantity, old.external_id AS old_external_id,
          old.has_no_active_providers AS old_has_no_active_providers, pick.provider_service_id`,
  );

  for (const row of changed) {
    const id = Number(row.id);
    await writeAudit(q, actor, {
      event: 'provider_changed',
      auditableType: 'order',
      auditableId: id,
      oldValues: {
        provider_id: row.old_provider_id,
        provider_service_id: row.old_provider_service_id,
        provider_quantity: row.old_provider_quantity,
        external_id: row.old_external_id,
        has_no_active_providers: row.old_has_no_active_providers,
      },
      newValues: {
        provider_id: providerId,
        provider_service_id: row.provider_service_id,
        provider_quantity: quantity,
        external_id: null,
        has_no_active_providers: false,
      },
    });
    await writeChangeLog(q, actor, {
      actionType: 'change_provider',
      modelType: 'order',
      modelId: id,
      information: `Order ${id} sent to provider ${provider.name} (#${providerId})${quantity !== null ? ` for ${quantity} units` : ''}.`,
    });
  }

  const doneIds = new Set(changed.map((r) => Number(r.id)));
  const rest = ids.filter((id) => !doneIds.has(id));
  const failed: BulkFailure[] = [];
  if (rest.length) {
    const found = await rows<{ id: number | string; status: OrderStatus }>(q, sql`SELECT id, status FROM orders WHERE id IN ${rest}`);
    const statusOf = new Map(found.map((r) => [Number(r.id), r.status]));
    for (const id of rest) {
      const status = statusOf.get(id);
      if (status === undefined) failed.push({ id, error: notFound(`Order ${id}`) });
      else if (!EDITABLE.includes(status)) failed.push({ id, error: conflict(cannotMessage(id, 'edit', status)) });
      else {
        const message = `Provider ${provider.name} does not offer the service of order ${id}.`;
        failed.push({ id, error: single ? validationFailed({ providerId: [message] }) : conflict(message) });
      }
    }
  }
  if (single && failed[0]) throw failed[0].error;
  return { done: ids.filter((id) => doneIds.has(id)), failed };
}
