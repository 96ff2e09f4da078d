import { defineServerArea } from '../../kit/area';
import { sessionHandlers } from './handlers';

/** Staff sign-in, profile and instance settings (docs/session.md). */
export default defineServerArea({ name: 'session', handlers: sessionHandlers });
