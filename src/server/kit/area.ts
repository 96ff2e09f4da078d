import type { CustomerApi } from '../customer-api/define';
import type { SeedStep } from '../db/seed/steps';
import type { AreaHandlers } from '../http/handlers';
import type { JobKind, RecurringTask } from '../jobs';

/**
 * One module per area: `src/server/areas/<area>/index.ts` default-exports `defineServerArea({...})`
 * and `src/server/areas/index.ts` lists it with one line.
 *
 * - `handlers`: the area's endpoint handlers, keyed by endpoint-table names;
 * - `seed`: its seed steps, run after the steps of the areas listed before it ('base' steps on
 *   every start, 'demo' steps once in demo mode);
 * - `jobs`: the area's durable job kinds (src/server/jobs): the server runs their workers; the
 *   area's seed installs their queues with `jobQueueSeedStep(kinds)`;
 * - `customerApi`: what the area adds to the customer API (src/server/customer-api/define.ts): API v2
 *   actions, REST routes under /api/v1/customer, and what the demo's simulated customers do;
 * - tables: the area's drizzle tables live in `schema.ts` beside it (drizzle.config.ts finds them;
 *   `npm run db:generate` writes the migration).
 *
 * Its writes go through the rest of the kit (records.ts, crud.ts, transition.ts): a
 * `defineRecord` per table, `findById` for 404s, createRecord / updateRecord / deleteRecord for
 * audited edits, `defineTransition` for state changes. Every endpoint it serves is in the
 * permission matrix test with no edit.
 */
export interface ServerArea {
  name: string;
  handlers: AreaHandlers;
  seed?: readonly SeedStep[];
  jobs?: readonly JobKind<any>[];
  /** Recurring tasks (src/server/jobs) the server runs beside the job workers. */
  tasks?: readonly RecurringTask[];
  customerApi?: CustomerApi;
}

export const defineServerArea = (area: ServerArea): ServerArea => area;
