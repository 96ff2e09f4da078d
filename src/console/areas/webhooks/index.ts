import { defineArea, groups } from '../../resource/area';
import { webhooksResource } from './resource';

/** Webhooks: the list, a webhook's screen with its secret, test event and delivery log (docs/configuration.md). */
export default defineArea({
  name: 'webhooks',
  rank: 90,
  resources: [webhooksResource],
  screens: {
    '/webhooks': { source: 'both', nav: { label: 'Webhooks', section: 'configuration', order: 20 }, go: 'yw' },
    '/webhooks/:id': { access: groups('Webhooks'), source: 'console', component: () => import('./WebhookScreen').then((m) => m.WebhookScreen) },
  },
});
