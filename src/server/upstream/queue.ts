import { sql } from 'drizzle-orm';
import { rows } from '../db/client';
import type { StepContext } from './attempts';

/**
 * Step 1 of a worker round: an order in processing with a provider and no external id gets an
 * attempt (an external-panel order, status creating) for `provider_quantity`, or what it still
 * lacks. The provider service is the order's own, or else the first active one linked to its
 * service at that provider. Answers how many attempts were queued.
 */
export function queueStep(ctx: Pick<StepContext, 'db'>, batch: number): () => Promise<number> {
  return async () => {
    const created = await rows<{ id: number }>(
      ctx.db,
      sql`INSERT INTO external_panel_orders (order_id, provider_id, external_service_id, status, quantity, base_quantity, url)
          SELECT o.id, o.provider_id,
                 coalesce(ps.external_panel_service_id, (
                   SELECT ps2.external_panel_service_id FROM service_providers sp
                     JOIN provider_services ps2 ON ps2.id = sp.provider_service_id
                    WHERE sp.service_id = o.service_id AND ps2.external_panel_id = o.provider_id
                      AND sp.is_active AND ps2.status = 'active' AND NOT ps2.is_archived
                    ORDER BY sp.priority, ps2.id LIMIT 1)),
                 'creating', coalesce(o.provider_quantity, o.quantity - o.current_quantity), o.current_quantity, o.url
            FROM orders o
            LEFT JOIN provider_services ps ON ps.id = o.provider_service_id AND ps.external_panel_id = o.provider_id
            LEFT JOIN LATERAL (
              SELECT e.provider_id, e.external_id FROM external_panel_orders e WHERE e.order_id = o.id ORDER BY e.id DESC LIMIT 1
            ) last ON true
           WHERE o.status = 'in_processing' AND o.external_id IS NULL AND o.provider_id IS NOT NULL
             AND coalesce(o.provider_quantity, o.quantity - o.current_quantity) > 0
             -- The latest attempt blocks a new one while it is at this provider and was never
             -- accepted (queued, or refused: recreate decides). An accepted one whose id the order
             -- no longer carries was reset by change-provider, so the order goes again.
             AND (last.provider_id IS NULL OR last.provider_id <> o.provider_id OR last.external_id IS NOT NULL)
           ORDER BY o.id
           LIMIT ${batch}
          RETURNING id::int AS id`,
    );
    return created.length;
  };
}
