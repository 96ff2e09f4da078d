import { defineArea } from '../../resource/area';
import { webhooksResource } from './resource';

/** Webhooks: the list, a webhook's screen with its secret, test event and delivery log (docs/configuration.md). */
export default defineArea({
  name: 'webhooks',
  rank: 90,
  resources: [webhooksResource],
  screens: {
    '/webhooks/:id': () => import('./WebhookScreen').then((m) => m.WebhookScreen),
  },
});
