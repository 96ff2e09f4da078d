import { defineServerArea } from '../../kit/area';
import { staffHandlers } from './handlers';

/** Staff members, roles and the permission matrix (catalogue.md §6, §7; docs/configuration.md). */
export default defineServerArea({ name: 'staff', handlers: staffHandlers });
