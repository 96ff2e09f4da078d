import { defineServerArea } from '../../kit/area';
import { providersHandlers } from './handlers';
import { seedDemoProviders, seedPresetPanels } from './seed';

/** Providers (external panels): list, editor, validate, presets, billing, imports; provider services (docs/providers.md). */
export default defineServerArea({
  name: 'providers',
  handlers: providersHandlers,
  seed: [
    { name: 'preset-panels', kind: 'base', run: seedPresetPanels },
    { name: 'providers', kind: 'demo', run: seedDemoProviders },
  ],
});
