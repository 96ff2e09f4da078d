import { defineServerArea } from '../../kit/area';
import { catalogueHandlers } from './handlers';
import { seedDemoCatalogue } from './seed';

/** The catalogue: services, networks, service types, labels, targets, translation. */
export default defineServerArea({
  name: 'catalogue',
  handlers: catalogueHandlers,
  seed: [{ name: 'catalogue', kind: 'demo', run: seedDemoCatalogue }],
});
