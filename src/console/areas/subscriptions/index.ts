import { defineArea, groups } from '../../resource/area';
import { subscriptionsResource } from './resource';

/** Subscriptions: the list and one subscription. */
export default defineArea({
  name: 'subscriptions',
  rank: 50,
  resources: [subscriptionsResource],
  screens: {
    '/subscriptions': { source: 'operations', nav: { label: 'Subscriptions', section: 'operations', order: 20 }, go: 's' },
    '/subscriptions/:id': { access: groups('Orders'), source: 'operations', component: () => import('./SubscriptionScreen').then((m) => m.SubscriptionScreen) },
  },
});
