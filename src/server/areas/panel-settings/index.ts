import { defineServerArea } from '../../kit/area';
import { panelSettingsHandlers } from './handlers';

/** Panel settings and their uploaded images (catalogue.md §3 "Instance settings", §7). */
export default defineServerArea({ name: 'panel-settings', handlers: panelSettingsHandlers });
