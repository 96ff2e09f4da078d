import { sql } from 'drizzle-orm';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { conflict, notFound, validationFailed } from '../../http/errors';
import { recreatableSql } from './table';

/**
 * Recreate: a new attempt for the same order, at a provider that offers the order's service, for at
 * most what the order still lacks.
 * The old attempt is marked replaced by a conditional update — the same rule as the row's
 * `recreatable` flag — so a repeated or concurrent recreate answers 409 and places nothing twice.
 * A paused (stopped) order is set back to processing: recreating it asks for delivery to go on.
 * The order worker sends the new attempt on its next round.
 */

interface AttemptRow {
  id: number;
  order_id: number;
  status: string;
  order_status: string;
  service_id: number | null;
  order_quantity: number;
  current_quantity: number;
  url: string;
  recreatable: boolean;
}

export interface RecreateInput {
  quantity: number;
  providerId: number;
}

export async function recreateExternalPanelOrder(q: Queryable, actor: Actor, id: number, input: RecreateInput): Promise<number> {
  const attempt = await one<AttemptRow>(
    q,
    sql`SELECT e.id::int AS id, e.order_id::int AS order_id, e.status, o.status AS order_status, o.service_id,
          o.quantity AS order_quantity, o.current_quantity, o.url, ${recreatableSql} AS recreatable
        FROM external_panel_orders e JOIN orders o ON o.id = e.order_id
        WHERE e.id = ${id}
        FOR UPDATE OF e`,
  );
  if (!attempt) throw notFound('External-panel order');
  if (!attempt.recreatable) throw conflict(`External-panel order ${id} cannot be recreated: ${whyNot(attempt)}`);

  const errors: Record<string, string[]> = {};
  const left = Math.max(0, attempt.order_quantity - attempt.current_quantity);
  if (input.quantity > left) errors.quantity = [`The quantity may not be greater than ${left}.`];

  const provider = await one<{ id: number; name: string; usable: boolean }>(
    q,
    sql`SELECT id, name, status = 'active' AND NOT is_archived AS usable FROM providers WHERE id = ${input.providerId}`,
  );
  let externalServiceId: string | null = null;
  let providerServiceId: number | null = null;
  if (!provider) errors.providerId = ['The selected provider id is invalid.'];
  else if (!provider.usable) errors.providerId = [`The provider ${provider.name} is disabled or archived.`];
  else {
    const offer = await one<{ id: number; external_panel_service_id: string }>(
      q,
      sql`SELECT ps.id, ps.external_panel_service_id
            FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id
           WHERE sp.service_id = ${attempt.service_id} AND ps.external_panel_id = ${provider.id}
             AND sp.is_active AND ps.status = 'active' AND NOT ps.is_archived
           ORDER BY sp.priority, ps.id LIMIT 1`,
    );
    if (!offer) errors.providerId = [`The provider ${provider.name} does not offer the order's service.`];
    else {
      externalServiceId = offer.external_panel_service_id;
      providerServiceId = offer.id;
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);

  const replaced = await one<{ id: number }>(
    q,
    sql`UPDATE external_panel_orders e SET recreated_at = now(), updated_at = now()
          FROM orders o
         WHERE e.id = ${id} AND o.id = e.order_id AND ${recreatableSql}
        RETURNING e.id::int AS id`,
  );
  if (!replaced) {
    throw conflict(`External-panel order ${id} cannot be recreated: ${whyNot(attempt)}`);
  }

  const created = await one<{ id: number }>(
    q,
    sql`INSERT INTO external_panel_orders (order_id, provider_id, external_service_id, status, quantity, base_quantity, url, recreated_from_id)
        VALUES (${attempt.order_id}, ${provider!.id}, ${externalServiceId}, 'creating', ${input.quantity}, ${attempt.current_quantity},
                ${attempt.url}, ${id})
        RETURNING id::int AS id`,
  );
  // The order now goes to that provider; its external id is the new attempt's once accepted.
  const moved = await one<{ old_status: string; old_provider_id: number | null; old_external_id: string | null }>(
    q,
    sql`WITH old AS (SELECT id, status, provider_id, external_id FROM orders WHERE id = ${attempt.order_id} FOR UPDATE)
        UPDATE orders o SET provider_id = ${provider!.id}, provider_service_id = ${providerServiceId}, provider_quantity = ${input.quantity},
               external_id = NULL, status = CASE WHEN o.status = 'stopped' THEN 'in_processing' ELSE o.status END, updated_at = now()
          FROM old WHERE o.id = old.id AND o.status NOT IN ('completed', 'canceled')
        RETURNING old.status AS old_status, old.provider_id AS old_provider_id, old.external_id AS old_external_id`,
  );
  const resumed = moved?.old_status === 'stopped';

  await writeAudit(q, actor, {
    event: 'recreated',
    auditableType: 'external_panel_order',
    auditableId: id,
    oldValues: {
      status: attempt.status,
      recreated_at: null,
      order_provider_id: moved?.old_provider_id ?? null,
      order_external_id: moved?.old_external_id ?? null,
    },
    newValues: {
      recreated_into_id: created!.id,
      provider_id: provider!.id,
      quantity: input.quantity,
      order_status: resumed ? 'in_processing' : moved?.old_status,
    },
  });
  await writeChangeLog(q, actor, {
    actionType: 'recreate_external_order',
    modelType: 'order',
    modelId: attempt.order_id,
    information: `Placed again at ${provider!.name} for ${input.quantity} (external-panel order ${created!.id} replaces ${id})${
      resumed ? '; the order is back in processing' : ''
    }.`,
  });
  return created!.id;
}

function whyNot(a: AttemptRow): string {
  if (a.order_status === 'completed' || a.order_status === 'canceled') return `its order ${a.order_id} is ${a.order_status}.`;
  if (a.status === 'creating') return 'it is still being placed.';
  if (!['canceled', 'partial'].includes(a.status)) return `it is ${a.status.replace('_', ' ')}.`;
  return 'it was already recreated.';
}
