import { defineArea, groups } from '../../resource/area';

/** Referral program statistics per affiliate over a date range. */
export default defineArea({
  name: 'referrals',
  rank: 95,
  screens: {
    '/referral-program': {
      access: groups('ReferralProgram'),
      source: 'both',
      nav: { label: 'Referral program', section: 'marketing', order: 60 },
      go: 'mr',
      component: () => import('./ReferralScreen').then((m) => m.ReferralScreen),
    },
  },
});
