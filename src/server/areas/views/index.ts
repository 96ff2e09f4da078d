import { defineServerArea } from '../../kit/area';
import { viewsHandlers } from './handlers';

/** Saved views of lists, private or shared with all staff (src/contract/views, docs/insight.md). */
export default defineServerArea({ name: 'views', handlers: viewsHandlers });
