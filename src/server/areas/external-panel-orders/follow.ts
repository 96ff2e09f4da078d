import { sql } from 'drizzle-orm';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { conflict, notFound } from '../../http/errors';
import { followableSql } from './table';

/**
 * Follow again: a member read what the provider answered about a held attempt (docs/upstream.md)
 * and asks the worker to follow it again. One conditional update (the row flag's rule), so a
 * repeated or concurrent request answers 409; the order the hold stopped goes back to processing.
 * The kept answer stays on the attempt; the reason of the hold stays in the change log.
 */
export async function followExternalPanelOrderAgain(q: Queryable, actor: Actor, id: number): Promise<void> {
  const released = await one<{ order_id: number; external_id: string | null; provider_id: number; error: string | null }>(
    q,
    sql`UPDATE external_panel_orders e SET held_at = NULL, unreadable_count = 0, error = NULL, checked_at = NULL, updated_at = now()
          FROM orders o, (SELECT id, error FROM external_panel_orders WHERE id = ${id} FOR UPDATE) old
         WHERE e.id = ${id} AND old.id = e.id AND o.id = e.order_id AND ${followableSql}
        RETURNING e.order_id::int AS order_id, e.external_id, e.provider_id, old.error`,
  );
  if (!released) {
    const exists = await one<{ held: boolean; order_status: string }>(
      q,
      sql`SELECT e.held_at IS NOT NULL AS held, o.status AS order_status FROM external_panel_orders e JOIN orders o ON o.id = e.order_id WHERE e.id = ${id}`,
    );
    if (!exists) throw notFound('External-panel order');
    throw conflict(
      `External-panel order ${id} cannot be followed again: ${exists.held ? `its order is ${exists.order_status} or it was replaced.` : 'it is not held.'}`,
    );
  }
  const resumed = await one(
    q,
    sql`UPDATE orders SET status = 'in_processing', updated_at = now()
        WHERE id = ${released.order_id} AND status = 'stopped' AND external_id = ${released.external_id} AND provider_id = ${released.provider_id}
        RETURNING id`,
  );
  await writeAudit(q, actor, {
    event: 'followed_again',
    auditableType: 'external_panel_order',
    auditableId: id,
    oldValues: { held: true, error: released.error },
    newValues: { held: false, order_status: resumed ? 'in_processing' : undefined },
  });
  await writeChangeLog(q, actor, {
    actionType: 'follow_external_order',
    modelType: 'order',
    modelId: released.order_id,
    information: `External-panel order ${id} is followed again${resumed ? '; the order is back in processing' : ''}.`,
  });
}
