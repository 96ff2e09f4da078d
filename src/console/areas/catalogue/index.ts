import { defineArea, groups } from '../../resource/area';
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
    '/services': { source: 'both', nav: { label: 'Services', section: 'catalogue', order: 20 }, go: 'v' },
    '/services/create': { access: groups('Services'), source: 'both', component: () => import('./ServiceScreen').then((m) => m.CreateServiceScreen) },
    '/services/:id': { access: groups('Services'), source: 'both', component: () => import('./ServiceScreen').then((m) => m.EditServiceScreen) },
    '/targets': { source: 'both', nav: { label: 'Targets', section: 'catalogue', order: 80 }, go: 'kr' },
    '/networks': { source: 'console', nav: { label: 'Networks', section: 'catalogue', order: 90 }, go: 'kn' },
    '/service-types': { source: 'console', nav: { label: 'Service types', section: 'catalogue', order: 100 }, go: 'kt' },
    '/service-labels': { source: 'console', nav: { label: 'Service labels', section: 'catalogue', order: 110 }, go: 'kl' },
    '/target-types': { source: 'console', nav: { label: 'Target types', section: 'catalogue', order: 120 }, go: 'ky' },
  },
});
