import type { EndpointName } from '../endpoints';
import type { CouponStatus, DiscountStatus } from './columns';
import type { CouponRow, DiscountRow } from './index';

/**
 * The coupon and discount state changes, said once for the server's transitions and row flags and
 * the console's declarations: label, the past participle of its messages, the row flag that allows
 * it, the statuses it starts from and the endpoint that performs it, whose permission is the
 * action's. Grades archive and restore by a flag, not a status (the shared factories' words).
 * Schema-free: the console's start-up code imports it.
 */
export interface IncentiveActionFacts<Status extends string, Flag extends string> {
  label: string;
  past: string;
  flag: Flag;
  from: readonly Status[];
  endpoint: EndpointName;
}

type CouponFlag = keyof CouponRow['actions'];
type DiscountFlag = keyof DiscountRow['actions'];

export const COUPON_ACTIONS: Readonly<Record<'archive' | 'unarchive', IncentiveActionFacts<CouponStatus, CouponFlag>>> = {
  archive: { label: 'Archive', past: 'archived', flag: 'archivable', from: ['active'], endpoint: 'couponsArchive' },
  unarchive: { label: 'Unarchive', past: 'unarchived', flag: 'restore', from: ['archived'], endpoint: 'couponsUnarchive' },
};

export const DISCOUNT_ACTIONS: Readonly<Record<'complete' | 'archive' | 'unarchive', IncentiveActionFacts<DiscountStatus, DiscountFlag>>> = {
  // Ends a running discount now.
  complete: { label: 'Complete', past: 'completed', flag: 'completable', from: ['active'], endpoint: 'discountsComplete' },
  archive: { label: 'Archive', past: 'archived', flag: 'archivable', from: ['active', 'completed'], endpoint: 'discountsArchive' },
  // Back as completed, whatever it was.
  unarchive: { label: 'Unarchive', past: 'unarchived', flag: 'unarchivable', from: ['archived'], endpoint: 'discountsUnarchive' },
};
