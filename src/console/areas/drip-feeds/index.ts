import { defineArea } from '../../resource/area';
import { dripFeedsResource } from './resource';

/** Drip-feed orders. */
export default defineArea({ name: 'drip-feeds', rank: 40, resources: [dripFeedsResource] });
