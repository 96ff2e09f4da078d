import { defineServerArea } from '../../kit/area';
import { referralsHandlers } from './handlers';

/** Referral program statistics per affiliate. */
export default defineServerArea({ name: 'referrals', handlers: referralsHandlers });
