import type { Db, Queryable } from '../client';
import { hasRawSetting, setRawSetting } from '../settings';
import { seedDefaultSettings, seedPermissionsAndRoles } from './base';
import { seedDemoFreeTrials, seedDemoStaff } from './demo';
import { seedCancelReasons, seedDemoOrders } from './orders';
import { seedDemoUsers } from './users';
import { seedDemoDripFeeds } from './drip-feeds';
import { seedDemoSubscriptions } from './subscriptions';
import { seedDemoComboOrders } from './combo-orders';
import { seedDemoExternalPanelOrders } from './external-panel-orders';

export { DEMO_ACCOUNTS } from './demo';

/**
 * The seed, as a list of steps. An area adds its data by appending a step here (its function in
 * its own module under this folder).
 *
 * - 'base' steps run on every start and must be idempotent (permissions, roles, settings).
 * - 'demo' steps run in demo mode, once each: a marker in settings (`seed:demo:<name>`) written in
 *   the same transaction records that the step ran, so a restart does not duplicate demo data
 *   while a step added later still runs on an existing database.
 */
export interface SeedStep {
  name: string;
  kind: 'base' | 'demo';
  run(db: Queryable): Promise<void>;
}

export const seedSteps: SeedStep[] = [
  { name: 'permissions-and-roles', kind: 'base', run: seedPermissionsAndRoles },
  { name: 'default-settings', kind: 'base', run: seedDefaultSettings },
  { name: 'cancel-reasons', kind: 'base', run: seedCancelReasons },
  { name: 'staff', kind: 'demo', run: seedDemoStaff },
  { name: 'free-trials', kind: 'demo', run: seedDemoFreeTrials },
  { name: 'users', kind: 'demo', run: seedDemoUsers },
  // Needs the users step (customers, services). SEED_ORDERS sets the count (default 200,000).
  { name: 'orders-and-providers', kind: 'demo', run: (q) => seedDemoOrders(q) },
  // These link the orders above to their parents (source_id) and their provider attempts.
  { name: 'drip-feeds', kind: 'demo', run: seedDemoDripFeeds },
  { name: 'subscriptions', kind: 'demo', run: seedDemoSubscriptions },
  { name: 'combo-orders', kind: 'demo', run: seedDemoComboOrders },
  { name: 'external-panel-orders', kind: 'demo', run: seedDemoExternalPanelOrders },
];

const demoMarker = (name: string) => `seed:demo:${name}`;

export async function seedBase(db: Db): Promise<void> {
  for (const step of seedSteps) if (step.kind === 'base') await step.run(db);
}

/** Demo data (needs seedBase first: it uses the roles). Steps already run are skipped. */
export async function seedDemo(db: Db): Promise<void> {
  for (const step of seedSteps) {
    if (step.kind !== 'demo' || (await hasRawSetting(db, demoMarker(step.name)))) continue;
    await db.transaction(async (tx) => {
      await step.run(tx);
      await setRawSetting(tx, demoMarker(step.name), new Date().toISOString());
    });
  }
}

export async function runSeed(db: Db, options: { demo: boolean }): Promise<void> {
  await seedBase(db);
  if (options.demo) await seedDemo(db);
}
