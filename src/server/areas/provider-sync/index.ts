import { jobQueueSeedStep } from '../../jobs';
import { defineServerArea } from '../../kit/area';
import { providerSyncHandlers } from './handlers';
import { seedDemoProviderSync } from './seed';
import { providerSyncJob, providerSyncScheduleTask, simDriftTask } from './sync';

/**
 * Provider sync (docs/provider-sync.md): staged catalogue sync as durable jobs, reviewed change
 * sets, the margin guard, sync history and provider health; the simulated panels' timed drift.
 */
export default defineServerArea({
  name: 'provider-sync',
  handlers: providerSyncHandlers,
  jobs: [providerSyncJob],
  tasks: [providerSyncScheduleTask, simDriftTask],
  seed: [jobQueueSeedStep([providerSyncJob]), { name: 'provider-sync', kind: 'demo', run: seedDemoProviderSync }],
});
