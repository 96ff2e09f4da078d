import { defineArea, groups } from '../../resource/area';

/**
 * Provider sync: a provider's sync history and settings, one run's change set to review, the
 * Below margin list and Provider health (docs/provider-sync.md).
 */
export default defineArea({
  name: 'provider-sync',
  rank: 70,
  screens: {
    '/external-panels/:id/sync': {
      access: groups('ExternalPanels'),
      source: 'console',
      component: () => import('./ProviderSyncScreen').then((m) => m.ProviderSyncScreen),
    },
    '/provider-sync-runs/:id': { access: groups('ExternalPanels'), source: 'console', component: () => import('./SyncRunScreen').then((m) => m.SyncRunScreen) },
    '/below-margin': {
      access: groups('ExternalPanels', 'Providers'),
      source: 'console',
      nav: { label: 'Below margin', section: 'catalogue', order: 50 },
      go: 'km',
      component: () => import('./BelowMarginScreen').then((m) => m.BelowMarginScreen),
    },
    '/provider-health': {
      access: groups('ExternalPanels'),
      source: 'console',
      nav: { label: 'Provider health', section: 'catalogue', order: 60 },
      go: 'kh',
      component: () => import('./ProviderHealthScreen').then((m) => m.ProviderHealthScreen),
    },
  },
});
