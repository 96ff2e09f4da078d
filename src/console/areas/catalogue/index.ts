import { defineArea } from '../../resource/area';
import { labelsResource, networksResource, serviceTypesResource, servicesResource, targetsResource, targetTypesResource } from './resource';

/**
 * The catalogue: services and their shared create/edit screen, networks (/networks) and service
 * types (/service-types) — the spec names no route for them —, labels
 * (/service-labels), targets and target types.
 */
export default defineArea({
  name: 'catalogue',
  rank: 50,
  resources: [servicesResource, networksResource, serviceTypesResource, labelsResource, targetsResource, targetTypesResource],
  screens: {
    '/services/create': () => import('./ServiceScreen').then((m) => m.CreateServiceScreen),
    '/services/:id': () => import('./ServiceScreen').then((m) => m.EditServiceScreen),
  },
});
