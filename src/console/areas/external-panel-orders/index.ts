import { defineArea } from '../../resource/area';
import { externalPanelOrdersResource } from './resource';

/** Orders placed with external panels (provider attempts). */
export default defineArea({
  name: 'external-panel-orders',
  rank: 60,
  resources: [externalPanelOrdersResource],
  screens: {
    '/external-panel-orders': { source: 'both', nav: { label: 'External panel orders', section: 'catalogue', order: 70 }, go: 'e' },
  },
});
