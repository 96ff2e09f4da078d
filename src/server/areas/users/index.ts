import { defineServerArea } from '../../kit/area';
import { usersHandlers } from './handlers';
import { seedDemoUsers } from './seed';

/** Customers: the list, the profile and its actions (docs/users.md). */
export default defineServerArea({
  name: 'users',
  handlers: usersHandlers,
  seed: [{ name: 'users', kind: 'demo', run: seedDemoUsers }],
});
