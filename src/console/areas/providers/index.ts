import { defineArea } from '../../resource/area';
import { externalPanelsResource, providerServicesResource } from './resource';

/** Providers (external panels) and provider services (docs/providers.md). */
export default defineArea({
  name: 'providers',
  rank: 62,
  resources: [externalPanelsResource, providerServicesResource],
  screens: {
    '/external-panels/:id': () => import('./ExternalPanelScreen').then((m) => m.ExternalPanelScreen),
    '/providers/:id': () => import('./ProviderServiceScreen').then((m) => m.ProviderServiceScreen),
  },
});
