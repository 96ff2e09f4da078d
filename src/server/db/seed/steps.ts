import type { Queryable } from '../client';

/**
 * One seed step. 'base' steps run on every start and must be idempotent (permissions, roles,
 * settings); 'demo' steps run in demo mode, once each (a marker in settings records that a step
 * ran, so a restart does not duplicate demo data while a step added later still runs).
 */
export interface SeedStep {
  name: string;
  kind: 'base' | 'demo';
  run(db: Queryable): Promise<void>;
}
