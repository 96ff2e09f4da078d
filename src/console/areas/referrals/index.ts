import { defineArea } from '../../resource/area';

/** Referral program statistics per affiliate over a date range. */
export default defineArea({
  name: 'referrals',
  rank: 95,
  screens: { '/referral-program': () => import('./ReferralScreen').then((m) => m.ReferralScreen) },
});
