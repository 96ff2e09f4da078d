import { defineArea } from '../../resource/area';

/**
 * Provider sync: a provider's sync history and settings, one run's change set to review, the
 * Below margin list and Provider health (docs/provider-sync.md).
 */
export default defineArea({
  name: 'provider-sync',
  rank: 70,
  screens: {
    '/external-panels/:id/sync': () => import('./ProviderSyncScreen').then((m) => m.ProviderSyncScreen),
    '/provider-sync-runs/:id': () => import('./SyncRunScreen').then((m) => m.SyncRunScreen),
    '/below-margin': () => import('./BelowMarginScreen').then((m) => m.BelowMarginScreen),
    '/provider-health': () => import('./ProviderHealthScreen').then((m) => m.ProviderHealthScreen),
  },
});
