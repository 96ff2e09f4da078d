import { sql } from 'drizzle-orm';
import { writeChangeLog } from '../audit';
import { one } from '../db/client';
import { loadAttempts, WORKER_ACTOR, type Attempt, type StepContext } from './attempts';
import { SmmRateLimitError, SmmUnreadableError } from './client';

/**
 * Step 2 of a worker round: each queued attempt is claimed by a conditional update, then placed
 * with `add`; the provider's order id becomes the attempt's and the order's external_id. A refusal
 * (`{error}`) or no answer is written to the attempt's `error`, which makes it recreatable; it is
 * never retried on its own (the provider may have placed it anyway). An answer that could not be
 * read (an HTML page…) is kept on the attempt as it came. A 429 placed nothing: the attempt is
 * given back to the queue and that provider's other attempts wait for the pause to end.
 */

/** A claimed attempt without an answer for this long is given up (the process died mid-call). */
const STALE_CLAIM = sql`interval '5 minutes'`;

export function sendStep(ctx: StepContext, batch: number): () => Promise<{ sent: number; failed: number }> {
  const { db } = ctx;

  async function fail(a: Attempt, message: string, raw: string | null = null): Promise<void> {
    await db.transaction(async (tx) => {
      const marked = await one(
        tx,
        sql`UPDATE external_panel_orders SET error = ${message.slice(0, 1000)}, answer_raw = ${raw}, updated_at = now()
        WHERE id = ${a.id} AND status = 'creating' AND external_id IS NULL RETURNING id`,
      );
      if (!marked) return;
      await writeChangeLog(tx, WORKER_ACTOR, {
        actionType: 'provider_refused',
        modelType: 'order',
        modelId: a.order_id,
        information: `${a.provider_name} did not accept the order (external-panel order ${a.id}): ${message}`,
      });
    });
  }

  async function accepted(a: Attempt, externalId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const marked = await one(
        tx,
        sql`UPDATE external_panel_orders SET external_id = ${externalId}, status = 'pending', error = NULL,
          remains = quantity, updated_at = now()
        WHERE id = ${a.id} AND status = 'creating' AND external_id IS NULL RETURNING id`,
      );
      if (!marked) return;
      await tx.execute(sql`UPDATE orders SET external_id = ${externalId}, provider_id = ${a.provider_id}, updated_at = now()
        WHERE id = ${a.order_id} AND status NOT IN ('completed', 'canceled') AND external_id IS NULL`);
      await writeChangeLog(tx, WORKER_ACTOR, {
        actionType: 'provider_accepted',
        modelType: 'order',
        modelId: a.order_id,
        information: `Placed at ${a.provider_name} as order ${externalId} for ${a.quantity} (external-panel order ${a.id}).`,
      });
    });
  }

  return async () => {
    // Attempts claimed by a process that died before the provider answered are given up.
    await db.execute(sql`UPDATE external_panel_orders SET error = 'No answer from the provider while placing the order.', updated_at = now()
      WHERE status = 'creating' AND external_id IS NULL AND error IS NULL AND sent_at < now() - ${STALE_CLAIM}`);
    // Attempts whose order finished before they were sent are closed without calling anyone.
    await db.execute(sql`UPDATE external_panel_orders e SET status = 'canceled', error = 'The order was ' || o.status || ' before it was sent.', updated_at = now()
      FROM orders o WHERE o.id = e.order_id AND e.status = 'creating' AND e.external_id IS NULL AND e.error IS NULL
        AND e.sent_at IS NULL AND o.status IN ('completed', 'canceled')`);

    const queued = await loadAttempts(
      db,
      sql`e.status = 'creating' AND e.external_id IS NULL AND e.error IS NULL AND e.sent_at IS NULL
          AND EXISTS (SELECT 1 FROM orders o WHERE o.id = e.order_id AND o.status = 'in_processing')`,
      batch,
      sql`e.id`,
    );
    let sent = 0;
    let failed = 0;
    // Providers are called side by side; one slow provider only delays its own attempts.
    const byProvider = new Map<number, Attempt[]>();
    for (const a of queued) byProvider.set(a.provider_id, [...(byProvider.get(a.provider_id) ?? []), a]);
    await Promise.all(
      [...byProvider.values()].map(async (attempts) => {
        for (const a of attempts) {
          const claimed = await one(
            db,
            sql`UPDATE external_panel_orders SET sent_at = now(), updated_at = now()
            WHERE id = ${a.id} AND status = 'creating' AND sent_at IS NULL AND error IS NULL RETURNING id`,
          );
          if (!claimed) continue;
          if (!a.external_service_id) {
            await fail(a, `The provider ${a.provider_name} has no service linked to this order's service.`);
            failed++;
            continue;
          }
          try {
            const { order } = await ctx.clientFor(a).add({ service: a.external_service_id, link: a.url, quantity: a.quantity });
            await accepted(a, order);
            sent++;
          } catch (e) {
            if (e instanceof SmmRateLimitError) {
              // Nothing was placed: back to the queue; the provider's pause holds its next calls.
              await db.execute(sql`UPDATE external_panel_orders SET sent_at = NULL, updated_at = now()
                WHERE id = ${a.id} AND status = 'creating' AND external_id IS NULL AND error IS NULL`);
              break;
            }
            const raw = e instanceof SmmUnreadableError ? e.raw : null;
            const message = e instanceof Error ? e.message : String(e);
            await fail(a, raw === null ? message : `${message} The provider may have placed it: check there before recreating.`, raw);
            failed++;
          }
        }
      }),
    );
    return { sent, failed };
  };
}
