import { defineArea } from '../../resource/area';
import { comboOrdersResource } from './resource';

/** Combo orders (packages bought as one order). */
export default defineArea({ name: 'combo-orders', rank: 30, resources: [comboOrdersResource] });
