import type { Db } from './db/client';
import { hasRawSetting, setRawSetting } from './db/settings';
import { seedDefaultSettings, seedPermissionsAndRoles } from './db/seed/base';
import type { SeedStep } from './db/seed/steps';
import { seedDemoStaff } from './auth/demoStaff';
import { serverAreas } from './areas';

/**
 * The seed, as a list of steps: the core steps (permissions, roles, settings, staff) first, then
 * each area's steps in the order of the area registry (src/server/areas/index.ts), so an area may
 * rely on the data of the areas listed before it.
 */
const CORE_STEPS: SeedStep[] = [
  { name: 'permissions-and-roles', kind: 'base', run: seedPermissionsAndRoles },
  { name: 'default-settings', kind: 'base', run: seedDefaultSettings },
  { name: 'staff', kind: 'demo', run: seedDemoStaff },
];

export const seedSteps: SeedStep[] = [...CORE_STEPS, ...serverAreas.flatMap((area) => area.seed ?? [])];

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
