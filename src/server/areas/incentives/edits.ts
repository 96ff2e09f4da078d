import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { couponBodySchema, discountBodySchema, gradeBodySchema } from '../../../contract/incentives';
import { writeAudit } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { conflict, validationFailed } from '../../http/errors';
import { createRecord, updateRecord } from '../../kit/crud';
import { findById } from '../../kit/records';
import { discountServices } from './schema';
import { couponRecord, discountRecord, gradeRecord } from './records';

/**
 * Store and update of coupons, discounts and grades, audited through the kit; archive and restore
 * of grades. What the body names (a referral manager, services) is checked here and reported on
 * its field (coupon, grade and discount errors are shown on their fields, a discount's errors
 * on its service rows).
 */

type CouponBody = z.output<typeof couponBodySchema>;
type DiscountBody = z.output<typeof discountBodySchema>;
type GradeBody = z.output<typeof gradeBodySchema>;

/** 'YYYY-MM-DD HH:mm:ss' (UTC) as a Date. */
const utc = (text: string | null | undefined): Date | null => (text ? new Date(`${text.replace(' ', 'T')}Z`) : null);

// ---------------------------------------------------------------- coupons

async function couponValues(q: Queryable, body: CouponBody, exceptId: number | null) {
  const errors: Record<string, string[]> = {};
  if (body.affiliateId) {
    const user = await one<{ id: number }>(q, sql`SELECT id FROM users WHERE id = ${body.affiliateId}`);
    if (!user) errors.affiliateId = ['Choose an existing customer.'];
  }
  const taken = await one<{ id: number }>(q, sql`SELECT id FROM coupons WHERE code = ${body.code} AND id <> ${exceptId ?? 0}`);
  if (taken) errors.code = [`Coupon ${taken.id} already has this code.`];
  if (Object.keys(errors).length) throw validationFailed(errors);
  const en = body.translations.en!;
  const percent = body.bonusAmountCalculationType === 'percent';
  return {
    // The English name and description become the main ones.
    name: en.name,
    description: en.description,
    translations: body.translations as Record<string, { name: string; description: string }>,
    code: body.code,
    displayable: body.displayable,
    paymentType: body.paymentType,
    bonusType: body.bonusType,
    bonusAmountCalculationType: body.bonusAmountCalculationType,
    bonusPercentage: percent ? body.bonusPercentage! : null,
    bonusAmount: percent ? null : body.bonusAmount!,
    minAmount: body.minAmount,
    validFrom: utc(body.validFrom),
    validTo: utc(body.validTo),
    usageLimit: body.usageLimit ?? null,
    affiliateId: body.affiliateId ?? null,
    workWithServiceDiscount: body.workWithServiceDiscount,
    workWithUserCustomPrice: body.workWithUserCustomPrice,
    useWithOnlyUnpaidOrders: body.useWithOnlyUnpaidOrders,
    workWithBalance: body.workWithBalance,
  };
}

export async function storeCoupon(tx: Queryable, actor: Actor, body: CouponBody): Promise<number> {
  const row = await createRecord(tx, actor, couponRecord, await couponValues(tx, body, null), {
    changeLog: { information: ({ row }) => `Coupon ${row.code} (${row.name}) created.` },
  });
  return row.id;
}

export async function updateCoupon(tx: Queryable, actor: Actor, id: number, body: CouponBody): Promise<void> {
  const current = await findById(tx, couponRecord, id, { lock: true });
  if (current.status === 'archived') throw conflict(`Coupon ${current.code} cannot be changed: it is archived. Unarchive it first.`);
  await updateRecord(tx, actor, couponRecord, id, await couponValues(tx, body, id), {
    changeLog: { information: ({ changed, after }) => `Coupon ${after.code} changed: ${changed.join(', ')}.` },
  });
}

// ---------------------------------------------------------------- discounts

async function checkDiscount(q: Queryable, body: DiscountBody): Promise<void> {
  const ids = body.services.map((s) => s.service_id!);
  const found = new Map(
    (await rows<{ id: number; is_archived: boolean }>(q, sql`SELECT id, is_archived FROM services WHERE id IN ${ids.length ? ids : [0]}`)).map((s) => [
      s.id,
      s,
    ]),
  );
  const errors: Record<string, string[]> = {};
  body.services.forEach((s, i) => {
    const service = found.get(s.service_id!);
    if (!service) errors[`services.${i}.service_id`] = ['No such service.'];
    else if (service.is_archived) errors[`services.${i}.service_id`] = ['The service is archived.'];
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
}

async function writeDiscountServices(tx: Queryable, discountId: number, body: DiscountBody): Promise<void> {
  await tx.delete(discountServices).where(sql`discount_id = ${discountId}`);
  await tx
    .insert(discountServices)
    .values(body.services.map((s, i) => ({ discountId, serviceId: s.service_id!, discountPercent: s.discount_percent, position: i })));
}

const servicesText = async (q: Queryable, id: number): Promise<string> =>
  (
    await rows<{ t: string }>(
      q,
      sql`SELECT service_id || ':' || discount_percent::text AS t FROM discount_services WHERE discount_id = ${id} ORDER BY position, service_id`,
    )
  )
    .map((r) => r.t)
    .join(', ');

export async function storeDiscount(tx: Queryable, actor: Actor, body: DiscountBody): Promise<number> {
  await checkDiscount(tx, body);
  const validTo = utc(body.valid_to)!;
  const row = await createRecord(
    tx,
    actor,
    discountRecord,
    {
      name: body.name,
      validFrom: utc(body.valid_from)!,
      validTo,
      countries: [...new Set(body.countries)],
      status: validTo > new Date() ? 'active' : 'completed',
    },
    { changeLog: { information: ({ row }) => `Discount ${row.name} created for ${body.services.length} service${body.services.length === 1 ? '' : 's'}.` } },
  );
  await writeDiscountServices(tx, row.id, body);
  return row.id;
}

export async function updateDiscount(tx: Queryable, actor: Actor, id: number, body: DiscountBody): Promise<void> {
  const current = await findById(tx, discountRecord, id, { lock: true });
  if (current.status === 'archived') throw conflict(`Discount ${current.name} cannot be changed: it is archived. Unarchive it first.`);
  await checkDiscount(tx, body);
  const before = await servicesText(tx, id);
  const validTo = utc(body.valid_to)!;
  // A completed discount given a later end runs again.
  const status = validTo > new Date() ? 'active' : 'completed';
  await updateRecord(
    tx,
    actor,
    discountRecord,
    id,
    {
      name: body.name,
      validFrom: utc(body.valid_from)!,
      validTo,
      countries: [...new Set(body.countries)],
      status,
    },
    { changeLog: { information: ({ changed, after }) => `Discount ${after.name} changed: ${changed.join(', ')}.` } },
  );
  await writeDiscountServices(tx, id, body);
  const after = await servicesText(tx, id);
  // The service rows live in their own table: their change is one audit entry of the discount.
  if (before !== after) {
    await writeAudit(tx, actor, {
      event: 'updated',
      auditableType: 'discount',
      auditableId: id,
      oldValues: { services: before },
      newValues: { services: after },
    });
  }
}

// ---------------------------------------------------------------- grades

function gradeValues(body: GradeBody) {
  return {
    name: body.translations.en!.name,
    translations: body.translations as Record<string, { name: string }>,
    icon: body.icon?.trim() ? body.icon.trim() : null,
    spendingGoal: body.spendingGoal,
    discountPercent: body.discountPercent,
    thumbnailPeriod: body.thumbnailPeriod ?? null,
    consultationChatPeriod: body.consultationChatPeriod ?? null,
    availableClosedSales: body.availableClosedSales,
    availablePersonalManager: body.availablePersonalManager,
  };
}

export async function storeGrade(tx: Queryable, actor: Actor, body: GradeBody): Promise<number> {
  const row = await createRecord(tx, actor, gradeRecord, gradeValues(body), {
    changeLog: { information: ({ row }) => `Grade ${row.name} created (spending goal ${row.spendingGoal}).` },
  });
  return row.id;
}

export async function updateGrade(tx: Queryable, actor: Actor, id: number, body: GradeBody): Promise<void> {
  const current = await findById(tx, gradeRecord, id, { lock: true });
  if (current.isArchived) throw conflict(`Grade ${current.name} cannot be changed: it is archived. Restore it first.`);
  await updateRecord(tx, actor, gradeRecord, id, gradeValues(body), {
    changeLog: { information: ({ changed, after }) => `Grade ${after.name} changed: ${changed.join(', ')}.` },
  });
}

/** Archive (true) or restore (false). Customers keep an archived grade; it stops giving its discount. */
export async function setGradeArchived(tx: Queryable, actor: Actor, id: number, archived: boolean): Promise<void> {
  const current = await findById(tx, gradeRecord, id, { lock: true });
  if (current.isArchived === archived) throw conflict(`Grade ${current.name} is ${archived ? 'already archived' : 'not archived'}.`);
  await updateRecord(
    tx,
    actor,
    gradeRecord,
    id,
    { isArchived: archived },
    {
      event: archived ? 'archived' : 'restored',
      changeLog: { actionType: archived ? 'archive' : 'unarchive', information: () => `Grade ${current.name} ${archived ? 'archived' : 'restored'}.` },
    },
  );
}
