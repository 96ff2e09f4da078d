import { defineArea } from '../../resource/area';

/** Home: the signed-in member's dashboard (the spec's Home, parent of all other screens). */
export default defineArea({
  name: 'home',
  rank: 0,
  coreComponents: {
    '/': () => import('./HomeScreen').then((m) => m.HomeScreen),
  },
});
