import { defineArea } from '../../resource/area';
import { freeTrialsResource, questsResource } from './resource';

/** Free trials: requests (approve, reject, edit, archive) and quests, each with a record screen. */
export default defineArea({
  name: 'free-trials',
  rank: 50,
  resources: [freeTrialsResource, questsResource],
  screens: {
    '/requests/:id': () => import('./FreeTrialScreen').then((m) => m.FreeTrialScreen),
    '/quests/:id': () => import('./QuestScreen').then((m) => m.QuestScreen),
  },
});
