import { defineServerArea } from '../../kit/area';
import { panelSettingsHandlers } from './handlers';

/** Panel settings and their uploaded images. */
export default defineServerArea({ name: 'panel-settings', handlers: panelSettingsHandlers });
