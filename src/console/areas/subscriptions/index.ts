import { defineArea } from '../../resource/area';
import { subscriptionsResource } from './resource';

/** Subscriptions: the list and one subscription. */
export default defineArea({
  name: 'subscriptions',
  rank: 50,
  resources: [subscriptionsResource],
  screens: { '/subscriptions/:id': () => import('./SubscriptionScreen').then((m) => m.SubscriptionScreen) },
});
