import { sql } from 'drizzle-orm';
import { COUPON_ACTIONS, DISCOUNT_ACTIONS } from '../../../contract/incentives/actions';
import { grades } from '../../db/schema/customers';
import { defineRecord } from '../../kit/records';
import { endpointPermission } from '../../kit/endpointPermission';
import { defineTransition } from '../../kit/transition';
import { coupons, discounts } from './schema';

/** The incentives' record kinds and the discount's and coupon's state changes (their facts: the contract's COUPON_ACTIONS and DISCOUNT_ACTIONS). */

export const couponRecord = defineRecord({
  table: coupons,
  thing: 'Coupon',
  type: 'coupon',
  unique: { coupons_code_unique: { field: 'code', message: 'Another coupon has this code.' } },
});
export const discountRecord = defineRecord({ table: discounts, thing: 'Discount', type: 'discount' });
export const gradeRecord = defineRecord({ table: grades, thing: 'Grade', type: 'grade' });

export const archiveCoupon = defineTransition({
  record: couponRecord,
  action: 'archive',
  event: COUPON_ACTIONS.archive.past,
  from: COUPON_ACTIONS.archive.from,
  set: sql`status = 'archived'`,
  permission: endpointPermission(COUPON_ACTIONS.archive.endpoint),
  returning: ['code'],
  information: (change) => `Coupon ${change.row.code} archived: it no longer applies.`,
});

export const unarchiveCoupon = defineTransition({
  record: couponRecord,
  action: 'unarchive',
  event: COUPON_ACTIONS.unarchive.past,
  from: COUPON_ACTIONS.unarchive.from,
  set: sql`status = 'active'`,
  permission: endpointPermission(COUPON_ACTIONS.unarchive.endpoint),
  returning: ['code'],
  information: (change) => `Coupon ${change.row.code} is back from the archive.`,
});

/** Ends a running discount now: its end moves to now when later. */
export const completeDiscount = defineTransition({
  record: discountRecord,
  action: 'complete',
  event: DISCOUNT_ACTIONS.complete.past,
  from: DISCOUNT_ACTIONS.complete.from,
  set: sql`status = 'completed', valid_to = LEAST(valid_to, now())`,
  permission: endpointPermission(DISCOUNT_ACTIONS.complete.endpoint),
  audit: ['status', 'validTo'],
  returning: ['name'],
  information: (change) => `Discount ${change.row.name} completed: it no longer applies.`,
});

export const archiveDiscount = defineTransition({
  record: discountRecord,
  action: 'archive',
  event: DISCOUNT_ACTIONS.archive.past,
  from: DISCOUNT_ACTIONS.archive.from,
  set: sql`status = 'archived'`,
  permission: endpointPermission(DISCOUNT_ACTIONS.archive.endpoint),
  returning: ['name'],
  information: (change) => `Discount ${change.row.name} archived.`,
});

/** Back as completed, whatever it was: running it again is an edit of its dates (then it is active). */
export const unarchiveDiscount = defineTransition({
  record: discountRecord,
  action: 'unarchive',
  event: DISCOUNT_ACTIONS.unarchive.past,
  from: DISCOUNT_ACTIONS.unarchive.from,
  set: sql`status = 'completed'`,
  permission: endpointPermission(DISCOUNT_ACTIONS.unarchive.endpoint),
  returning: ['name'],
  information: (change) => `Discount ${change.row.name} is back from the archive, completed.`,
});
