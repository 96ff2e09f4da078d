import { defineServerArea } from '../../kit/area';
import { homeHandlers } from './handlers';

/** The Home screen's figures. */
export default defineServerArea({ name: 'home', handlers: homeHandlers });
