import { sql } from 'drizzle-orm';
import { one } from '../db/client';
import { defineRecurringTask, type RecurringTask } from '../jobs';
import type { CustomerApi, DemoCustomerBehaviour, DemoCustomerClient } from './define';
import { collectCustomerActions, runCustomerAction } from './mount';

/**
 * The demo's simulated customers: now and then one active customer does one thing through the
 * customer API's own actions — places an order, and whatever the areas add (asks for a refill, opens
 * a ticket…) — so the queues staff work are alive while the demo runs. Runs only in demo mode with
 * the simulator's background activity on (never in tests); one behaviour a tick, picked by weight.
 */

const placeAnOrder: DemoCustomerBehaviour = {
  name: 'place an order',
  weight: 3,
  async run(client) {
    const service = await one<{ id: number; min_quantity: number; quantity_step: number }>(
      client.deps.database.db,
      sql`SELECT s.id, s.min_quantity, s.quantity_step FROM services s
           WHERE s.is_enabled AND NOT s.is_archived AND NOT s.is_deactivated AND s.api_access AND NOT s.restricted_access
             AND NOT s.moderation_is_enabled AND s.default_price * s.min_quantity / s.pricing_per < 5
           ORDER BY random() LIMIT 1`,
    );
    if (!service) return false;
    const quantity = service.min_quantity + service.quantity_step * Math.floor(Math.random() * 5);
    const link = `https://instagram.com/demo.customer.${client.customer.id}/p/${Math.random().toString(36).slice(2, 10)}`;
    await client.v2('add', { service: service.id, link, quantity });
    return true;
  },
};

/** Now and then a customer asks a refill of one of their completed orders of a refill service. */
const askForARefill: DemoCustomerBehaviour = {
  name: 'ask for a refill',
  weight: 1,
  async run(client) {
    const order = await one<{ id: number }>(
      client.deps.database.db,
      sql`SELECT o.id::int AS id FROM orders o JOIN services s ON s.id = o.service_id
           WHERE o.user_id = ${client.customer.id} AND o.status = 'completed' AND s.has_refill
             AND NOT EXISTS (SELECT 1 FROM order_refill_requests r WHERE r.order_id = o.id AND r.status IN ('pending', 'in_progress'))
           ORDER BY o.id DESC LIMIT 1`,
    );
    if (!order) return false;
    await client.v2('refill', { order: order.id });
    return true;
  },
};

export function demoCustomersTask(contributions: readonly (CustomerApi | undefined)[], everyMs = 15_000): RecurringTask {
  const actions = collectCustomerActions(contributions);
  const behaviours = [placeAnOrder, askForARefill, ...contributions.flatMap((c) => c?.demo ?? [])];
  const total = behaviours.reduce((sum, b) => sum + b.weight, 0);
  const pick = () => {
    let r = Math.random() * total;
    for (const b of behaviours) if ((r -= b.weight) < 0) return b;
    return behaviours[0];
  };
  return defineRecurringTask({
    name: 'demo-customers',
    everyMs,
    async run(deps) {
      // A customer with money to spend, so an order placed for them is paid like a real one.
      const customer = await one<{ id: number; email: string; name: string }>(
        deps.database.db,
        sql`SELECT id, email, name FROM users WHERE status = 'active' AND balance > 20 ORDER BY random() LIMIT 1`,
      );
      if (!customer) return;
      const client: DemoCustomerClient = {
        customer,
        deps,
        v2: (action, fields = {}) =>
          runCustomerAction(actions, {
            action,
            customer,
            deps,
            ip: null,
            userAgent: 'demo customer',
            fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
          }),
      };
      const behaviour = pick();
      try {
        await behaviour.run(client);
      } catch (error) {
        // A refusal (not enough money, a quantity out of bounds) is what a real customer meets too.
        if (!(error instanceof Error && 'status' in error)) throw error;
      }
    },
  });
}
