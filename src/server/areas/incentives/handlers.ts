import {
  COUPON_BONUS_TYPE_LABELS,
  COUPON_BONUS_TYPES,
  COUPON_CALCULATION_TYPE_LABELS,
  COUPON_CALCULATION_TYPES,
  COUPON_PAYMENT_TYPE_LABELS,
  COUPON_PAYMENT_TYPES,
} from '../../../contract/incentives';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { defineHandlers } from '../../http/handlers';
import { fieldError, notFound } from '../../http/errors';
import { findById } from '../../kit/records';
import { withColumnFilter } from '../../table';
import { setGradeArchived, storeCoupon, storeDiscount, storeGrade, updateCoupon, updateDiscount, updateGrade } from './edits';
import { pricePreview, pricePreviewOptions, searchCustomers } from './preview';
import { archiveCoupon, archiveDiscount, completeDiscount, couponRecord, unarchiveCoupon, unarchiveDiscount } from './records';
import { couponStatistics, usagesOfCoupon, usagesOfDay } from './statistics';
import { couponsTable, discountsTable, findCouponRow, findDiscountRow, findGradeRow, gradesTable } from './table';

/** Coupons, discounts, grades and the price preview. */
export const incentivesHandlers = defineHandlers({
  // Without is_all only the coupons in use; with it every coupon, archived ones too.
  couponsList: async ({ query, staff, deps }) =>
    couponsTable.query(deps.database.db, query.flags.is_all ? query : withColumnFilter(query, 'status', ['active']), staff),
  couponsTable: async ({ body, staff, deps }) => couponsTable.query(deps.database.db, body, staff),
  couponsCollections: async () => ({
    paymentTypes: COUPON_PAYMENT_TYPES.map((value) => ({ value, label: COUPON_PAYMENT_TYPE_LABELS[value] })),
    bonusTypes: COUPON_BONUS_TYPES.map((value) => ({ value, label: COUPON_BONUS_TYPE_LABELS[value] })),
    calculationTypes: COUPON_CALCULATION_TYPES.map((value) => ({ value, label: COUPON_CALCULATION_TYPE_LABELS[value] })),
  }),
  couponsShow: async ({ params: { id }, staff, deps }) => {
    const row = await findCouponRow(deps.database.db, id, staff);
    if (!row) throw notFound(`Coupon ${id}`);
    return row;
  },
  couponsUsages: async ({ params: { id }, query, deps }) => {
    await findById(deps.database.db, couponRecord, id);
    return usagesOfCoupon(deps.database.db, id, query.page);
  },
  couponsStore: async ({ body, staff, actor, deps }) => {
    const coupon = await deps.database.db.transaction(async (tx) => findCouponRow(tx, await storeCoupon(tx, actor, body), staff));
    return { message: `Coupon ${coupon!.code} created.`, coupon: coupon! };
  },
  couponsUpdate: async ({ params: { id }, body, staff, actor, deps }) => {
    const coupon = await deps.database.db.transaction(async (tx) => {
      await updateCoupon(tx, actor, id, body);
      return findCouponRow(tx, id, staff);
    });
    return { message: `Coupon ${coupon!.code} saved.`, coupon: coupon! };
  },
  couponsArchive: async ({ params: { id }, staff, actor, deps }) =>
    archiveCoupon.run(deps, actor, id, async (tx, change) => ({
      message: `Coupon ${change.row.code} archived.`,
      coupon: (await findCouponRow(tx, id, staff))!,
    })),
  couponsUnarchive: async ({ params: { id }, staff, actor, deps }) =>
    unarchiveCoupon.run(deps, actor, id, async (tx, change) => ({
      message: `Coupon ${change.row.code} unarchived.`,
      coupon: (await findCouponRow(tx, id, staff))!,
    })),
  couponsStatistics: async ({ body, deps }) => couponStatistics(deps.database.db, body),
  couponsStatisticByDate: async ({ body, deps }) => usagesOfDay(deps.database.db, body.statistic_date),
  incentivesUsers: async ({ query, deps }) => searchCustomers(deps.database.db, query.search),

  // Without is_all only the discounts not archived (active or completed); with it every one.
  discountsList: async ({ query, staff, deps }) =>
    discountsTable.query(deps.database.db, query.flags.is_all ? query : withColumnFilter(query, 'status', ['active', 'completed']), staff),
  discountsTable: async ({ body, staff, deps }) => discountsTable.query(deps.database.db, body, staff),
  discountServices: async ({ deps }) =>
    (
      await rows<{ id: number; name: string; default_price: string; pricing_per: number }>(
        deps.database.db,
        sql`SELECT id, name, default_price::text AS default_price, pricing_per FROM services WHERE NOT is_archived ORDER BY name, id LIMIT 5000`,
      )
    ).map((s) => ({ id: s.id, name: s.name, defaultPrice: s.default_price, pricingPer: s.pricing_per })),
  discountsShow: async ({ params: { discountId: id }, staff, deps }) => {
    const row = await findDiscountRow(deps.database.db, id, staff);
    if (!row) throw notFound(`Discount ${id}`);
    return row;
  },
  discountsStore: async ({ body, staff, actor, deps }) => {
    const discount = await deps.database.db.transaction(async (tx) => findDiscountRow(tx, await storeDiscount(tx, actor, body), staff));
    return { message: `Discount ${discount!.name} created.`, discount: discount! };
  },
  discountsUpdate: async ({ params: { discountId: id }, body, staff, actor, deps }) => {
    const discount = await deps.database.db.transaction(async (tx) => {
      await updateDiscount(tx, actor, id, body);
      return findDiscountRow(tx, id, staff);
    });
    return { message: `Discount ${discount!.name} saved.`, discount: discount! };
  },
  discountsComplete: async ({ params: { discountId: id }, staff, actor, deps }) =>
    completeDiscount.run(deps, actor, id, async (tx, change) => ({
      message: `Discount ${change.row.name} completed.`,
      discount: (await findDiscountRow(tx, id, staff))!,
    })),
  discountsArchive: async ({ params: { discountId: id }, staff, actor, deps }) =>
    archiveDiscount.run(deps, actor, id, async (tx, change) => ({
      message: `Discount ${change.row.name} archived.`,
      discount: (await findDiscountRow(tx, id, staff))!,
    })),
  discountsUnarchive: async ({ params: { discountId: id }, staff, actor, deps }) =>
    unarchiveDiscount.run(deps, actor, id, async (tx, change) => ({
      message: `Discount ${change.row.name} unarchived.`,
      discount: (await findDiscountRow(tx, id, staff))!,
    })),

  gradesList: async ({ query, staff, deps }) => {
    const archived = query.flags.is_archived;
    return gradesTable.query(deps.database.db, archived === undefined ? query : withColumnFilter(query, 'archive', archived ? 'archived' : 'active'), staff);
  },
  gradesTable: async ({ body, staff, deps }) => gradesTable.query(deps.database.db, body, staff),
  gradesShow: async ({ params: { gradeId: id }, staff, deps }) => {
    const row = await findGradeRow(deps.database.db, id, staff);
    if (!row) throw notFound(`Grade ${id}`);
    return row;
  },
  gradesStore: async ({ body, staff, actor, deps }) => {
    const grade = await deps.database.db.transaction(async (tx) => findGradeRow(tx, await storeGrade(tx, actor, body), staff));
    return { message: `Grade ${grade!.name} created.`, grade: grade! };
  },
  gradesUpdate: async ({ params: { gradeId: id }, body, staff, actor, deps }) => {
    const grade = await deps.database.db.transaction(async (tx) => {
      await updateGrade(tx, actor, id, body);
      return findGradeRow(tx, id, staff);
    });
    return { message: `Grade ${grade!.name} saved.`, grade: grade! };
  },
  gradesArchive: async ({ params: { gradeId: id }, staff, actor, deps }) => {
    const grade = await deps.database.db.transaction(async (tx) => {
      await setGradeArchived(tx, actor, id, true);
      return findGradeRow(tx, id, staff);
    });
    return { message: `Grade ${grade!.name} archived.`, grade: grade! };
  },
  gradesRestore: async ({ params: { gradeId: id }, staff, actor, deps }) => {
    const grade = await deps.database.db.transaction(async (tx) => {
      await setGradeArchived(tx, actor, id, false);
      return findGradeRow(tx, id, staff);
    });
    return { message: `Grade ${grade!.name} restored.`, grade: grade! };
  },

  pricePreview: async ({ body, staff, deps }) => {
    // A customer's price shows their e-mail: only for members who may see customers.
    if (body.userId && !staff.permissions.has('viewUsers') && !staff.permissions.has('manageCoupons')) {
      throw fieldError('userId', 'Pricing for a customer needs the viewUsers or manageCoupons permission; price for a grade instead.');
    }
    return pricePreview(deps.database.db, body);
  },
  pricePreviewOptions: async ({ deps }) => pricePreviewOptions(deps.database.db),
});
