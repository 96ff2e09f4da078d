import { defineArea, groups } from '../../resource/area';
import { externalPanelsResource, providerServicesResource } from './resource';

/** Providers (external panels) and provider services (docs/providers.md). */
export default defineArea({
  name: 'providers',
  rank: 62,
  resources: [externalPanelsResource, providerServicesResource],
  screens: {
    '/providers': { source: 'both', nav: { label: 'Provider services', section: 'catalogue', order: 30 }, go: 'kp' },
    '/providers/:id': {
      access: groups('Providers'),
      source: 'console',
      component: () => import('./ProviderServiceScreen').then((m) => m.ProviderServiceScreen),
    },
    '/external-panels': { source: 'console', nav: { label: 'Providers', section: 'catalogue', order: 40 }, go: 'p' },
    '/external-panels/:id': {
      access: groups('ExternalPanels'),
      source: 'both',
      component: () => import('./ExternalPanelScreen').then((m) => m.ExternalPanelScreen),
    },
  },
});
