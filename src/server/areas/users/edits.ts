import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SellerStatus, changeGradeBodySchema, updateSellerBodySchema } from '../../../contract/users';
import { diffValues, writeAudit, writeChangeLog } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import { userCustomerPermissions, userCustomerRoles, userPaymentMethods } from './schema';
import type { Actor } from '../../deps';
import { fieldError, notFound, validationFailed } from '../../http/errors';

/**
 * The profile's edits beyond the basic fields: manager and funnel, grade, personal discount,
 * customer roles and permissions, allowed payment methods. Each runs inside the caller's
 * transaction, locks the user row first, checks every referenced id (422 at its field) and
 * audits what changed; a call that changes nothing writes no audit entry.
 */

async function lockUser<T extends Record<string, unknown>>(q: Queryable, userId: number, columns: ReturnType<typeof sql>): Promise<T> {
  const row = await one<T>(q, sql`SELECT ${columns} FROM users WHERE id = ${userId} FOR UPDATE`);
  if (!row) throw notFound('User');
  return row;
}

async function audit(
  q: Queryable,
  actor: Actor,
  userId: number,
  actionType: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  information: string,
  auditableType = 'user',
): Promise<boolean> {
  const { oldValues, newValues } = diffValues(before, after);
  if (Object.keys(newValues).length === 0) return false;
  await writeAudit(q, actor, { event: 'updated', auditableType, auditableId: userId, oldValues, newValues });
  await writeChangeLog(q, actor, { actionType, modelType: 'user', modelId: userId, information });
  return true;
}

type UpdateSellerBody = z.output<typeof updateSellerBodySchema>;

interface SellerFields extends Record<string, unknown> {
  seller_id: number | null;
  seller_status: SellerStatus | null;
  contact_step_id: number | null;
}

export async function updateSeller(q: Queryable, actor: Actor, body: UpdateSellerBody): Promise<void> {
  const before = await lockUser<SellerFields>(q, body.userId, sql`seller_id, seller_status, contact_step_id`);
  const errors: Record<string, string[]> = {};
  if (body.sellerId !== null) {
    const seller = await one(q, sql`SELECT id FROM staff_members WHERE id = ${body.sellerId} AND is_active AND frozen_at IS NULL AND deactivated_at IS NULL`);
    if (!seller) errors.sellerId = ['The selected seller is invalid.'];
  }
  if (body.contactStepId != null) {
    const step = await one(q, sql`SELECT id FROM contact_steps WHERE id = ${body.contactStepId}`);
    if (!step) errors.contactStepId = ['The selected contact step is invalid.'];
  }
  if (Object.keys(errors).length) throw validationFailed(errors);

  const after: SellerFields = {
    seller_id: body.sellerId,
    seller_status: body.sellerStatus === undefined ? before.seller_status : body.sellerStatus,
    contact_step_id: body.contactStepId === undefined ? before.contact_step_id : body.contactStepId,
  };
  await q.execute(sql`UPDATE users SET seller_id = ${after.seller_id}, seller_status = ${after.seller_status},
    contact_step_id = ${after.contact_step_id}, updated_at = now() WHERE id = ${body.userId}`);
  await audit(q, actor, body.userId, 'update_seller', { ...before }, { ...after }, `User ${body.userId}: manager, seller status or contact step changed.`);
}

type ChangeGradeBody = z.output<typeof changeGradeBodySchema>;

export async function changeGrade(q: Queryable, actor: Actor, body: ChangeGradeBody): Promise<void> {
  const before = await lockUser<{ current_grade_id: number | null }>(q, body.userId, sql`current_grade_id`);
  let gradeName = 'none';
  if (body.gradeId !== null) {
    const grade = await one<{ name: string }>(q, sql`SELECT name FROM grades WHERE id = ${body.gradeId} AND NOT is_archived`);
    if (!grade) throw fieldError('gradeId', 'The selected grade is invalid.');
    gradeName = grade.name;
  }
  await q.execute(sql`UPDATE users SET current_grade_id = ${body.gradeId}, updated_at = now() WHERE id = ${body.userId}`);
  await audit(q, actor, body.userId, 'change_grade', { ...before }, { current_grade_id: body.gradeId }, `User ${body.userId}: grade set to ${gradeName}.`);
}

/** The personal discount as stored (a fraction, 4 decimals). */
export async function readDiscount(q: Queryable, userId: number): Promise<string> {
  const row = await one<{ d: string }>(q, sql`SELECT discount_percent::text AS d FROM users WHERE id = ${userId}`);
  if (!row) throw notFound('User');
  return row.d;
}

export async function setDiscount(q: Queryable, actor: Actor, userId: number, fraction: string): Promise<string> {
  const before = await lockUser<{ discount_percent: string }>(q, userId, sql`discount_percent::text AS discount_percent`);
  const [after] = await rows<{ discount_percent: string }>(
    q,
    sql`UPDATE users SET discount_percent = round(${fraction}::numeric, 4), updated_at = now() WHERE id = ${userId}
        RETURNING discount_percent::text AS discount_percent`,
  );
  await audit(q, actor, userId, 'user_discount', { ...before }, { ...after }, `User ${userId}: personal discount set to ${after.discount_percent}.`);
  return after.discount_percent;
}

/** Resolves names (or ids) against a table; an unknown entry is a 422 at `field.index`. */
function unknownEntries<T extends string | number>(field: string, wanted: readonly T[], known: ReadonlySet<T>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  wanted.forEach((w, i) => {
    if (!known.has(w)) errors[`${field}.${i}`] = [`The selected ${field}.${i} is invalid.`];
  });
  return errors;
}

export async function syncRolesAndPermissions(
  q: Queryable,
  actor: Actor,
  userId: number,
  roleNames: readonly string[],
  permissionNames: readonly string[],
): Promise<{ roles: string[]; permissions: string[] }> {
  await lockUser(q, userId, sql`id`);
  const roleRows = await rows<{ id: number; name: string }>(q, sql`SELECT id, name FROM customer_roles`);
  const permissionRows = await rows<{ id: number; name: string }>(q, sql`SELECT id, name FROM customer_permissions`);
  const errors = {
    ...unknownEntries('roles', roleNames, new Set(roleRows.map((r) => r.name))),
    ...unknownEntries('permissions', permissionNames, new Set(permissionRows.map((p) => p.name))),
  };
  if (Object.keys(errors).length) throw validationFailed(errors);

  const current = await rows<{ kind: string; name: string }>(
    q,
    sql`SELECT 'role' AS kind, r.name FROM user_customer_roles x JOIN customer_roles r ON r.id = x.role_id WHERE x.user_id = ${userId}
        UNION ALL
        SELECT 'permission', p.name FROM user_customer_permissions x JOIN customer_permissions p ON p.id = x.permission_id WHERE x.user_id = ${userId}`,
  );
  const before = {
    roles: current
      .filter((c) => c.kind === 'role')
      .map((c) => c.name)
      .sort(),
    permissions: current
      .filter((c) => c.kind === 'permission')
      .map((c) => c.name)
      .sort(),
  };
  const after = { roles: [...new Set(roleNames)].sort(), permissions: [...new Set(permissionNames)].sort() };

  const roleIds = roleRows.filter((r) => after.roles.includes(r.name)).map((r) => r.id);
  const permissionIds = permissionRows.filter((p) => after.permissions.includes(p.name)).map((p) => p.id);
  await q.execute(sql`DELETE FROM user_customer_roles WHERE user_id = ${userId}`);
  await q.execute(sql`DELETE FROM user_customer_permissions WHERE user_id = ${userId}`);
  if (roleIds.length) await q.insert(userCustomerRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  if (permissionIds.length) await q.insert(userCustomerPermissions).values(permissionIds.map((permissionId) => ({ userId, permissionId })));
  await audit(q, actor, userId, 'sync_roles_and_permissions', before, after, `User ${userId}: customer roles and permissions synced.`);
  return after;
}

export async function syncPaymentMethods(q: Queryable, actor: Actor, userId: number, methodIds: readonly number[]): Promise<number[]> {
  await lockUser(q, userId, sql`id`);
  const wanted = [...new Set(methodIds)];
  const known = wanted.length
    ? new Set((await rows<{ id: number }>(q, sql`SELECT id FROM payment_methods WHERE id IN ${wanted}`)).map((r) => r.id))
    : new Set<number>();
  const errors = unknownEntries('paymentMethodIds', methodIds, known);
  if (Object.keys(errors).length) throw validationFailed(errors);

  const before = (await rows<{ id: number }>(q, sql`SELECT payment_method_id AS id FROM user_payment_methods WHERE user_id = ${userId} ORDER BY 1`)).map(
    (r) => r.id,
  );
  const after = [...wanted].sort((a, b) => a - b);
  await q.execute(sql`DELETE FROM user_payment_methods WHERE user_id = ${userId}`);
  if (after.length) await q.insert(userPaymentMethods).values(after.map((paymentMethodId) => ({ userId, paymentMethodId })));
  await audit(
    q,
    actor,
    userId,
    'sync_payment_methods',
    { payment_method_ids: before },
    { payment_method_ids: after },
    `User ${userId}: payment methods synced.`,
  );
  return after;
}
