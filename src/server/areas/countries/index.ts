import { defineHandlers } from '../../http/handlers';
import { defineServerArea } from '../../kit/area';
import { COUNTRIES } from './data';

const countriesHandlers = defineHandlers({
  countries: async () => [...COUNTRIES],
});

/** The country list of the pickers: static data, no table. */
export default defineServerArea({ name: 'countries', handlers: countriesHandlers });
