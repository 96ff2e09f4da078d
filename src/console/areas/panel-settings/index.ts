import { defineArea, groups } from '../../resource/area';

/** Panel (instance) settings (docs/configuration.md). */
export default defineArea({
  name: 'panel-settings',
  rank: 93,
  screens: {
    '/panel-settings': {
      access: groups('PanelSettings'),
      source: 'both',
      nav: { label: 'Panel settings', section: 'configuration', order: 10 },
      go: ',',
      component: () => import('./PanelSettingsScreen').then((m) => m.PanelSettingsScreen),
    },
  },
});
