import { defineServerArea } from '../../kit/area';
import { sessionHandlers } from './handlers';

/** Staff sign-in, profile and instance settings (operations.md §1). */
export default defineServerArea({ name: 'session', handlers: sessionHandlers });
