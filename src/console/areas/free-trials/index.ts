import { defineArea, groups } from '../../resource/area';
import { freeTrialsResource, questsResource } from './resource';

/** Free trials: requests (approve, reject, edit, archive) and quests, each with a record screen. */
export default defineArea({
  name: 'free-trials',
  rank: 50,
  resources: [freeTrialsResource, questsResource],
  screens: {
    '/requests': { source: 'operations', nav: { label: 'Free trials', section: 'operations', order: 60 }, go: 'f' },
    '/requests/:id': { access: groups('FreeTrials'), source: 'console', component: () => import('./FreeTrialScreen').then((m) => m.FreeTrialScreen) },
    '/quests': { source: 'operations', nav: { label: 'Free-trial quests', section: 'operations', order: 70 }, go: 'q' },
    '/quests/:id': { access: groups('FreeTrials'), source: 'console', component: () => import('./QuestScreen').then((m) => m.QuestScreen) },
  },
});
