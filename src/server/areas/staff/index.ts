import { defineServerArea } from '../../kit/area';
import { staffHandlers } from './handlers';

/** Staff members, roles and the permission matrix. */
export default defineServerArea({ name: 'staff', handlers: staffHandlers });
