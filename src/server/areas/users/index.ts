import { defineServerArea } from '../../kit/area';
import { usersHandlers } from './handlers';
import { seedDemoUsers } from './seed';

/** Customers (operations.md §3 "User row", §7 "Users"). */
export default defineServerArea({
  name: 'users',
  handlers: usersHandlers,
  seed: [{ name: 'users', kind: 'demo', run: seedDemoUsers }],
});
