import { defineServerArea } from '../../kit/area';
import { referralsHandlers } from './handlers';

/** Referral program statistics per affiliate (catalogue.md §2 "referral-program"). */
export default defineServerArea({ name: 'referrals', handlers: referralsHandlers });
