import { defineArea } from '../../resource/area';

/** Panel (instance) settings (docs/configuration.md). */
export default defineArea({
  name: 'panel-settings',
  rank: 93,
  screens: {
    '/panel-settings': () => import('./PanelSettingsScreen').then((m) => m.PanelSettingsScreen),
  },
});
