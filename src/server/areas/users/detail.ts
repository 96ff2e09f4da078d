import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDetail, userUpdateBodySchema } from '../../../contract/users';
import { diffValues, writeAudit, writeChangeLog } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../http/context';
import { fieldError, notFound } from '../../http/errors';
import { decimalText, utcText, type TableContext } from '../../table';
import { findUserRow } from './table';

/** The user profile (usersShow) and its edit (usersUpdate). */

/** Throws 404 unless the user exists; with `lock`, also locks the row for the rest of the transaction. */
export async function requireUser(q: Queryable, userId: number, lock = false): Promise<void> {
  const found = await one(q, lock ? sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE` : sql`SELECT id FROM users WHERE id = ${userId}`);
  if (!found) throw notFound('User');
}

interface DetailExtras {
  discount_percent: string;
  updated_at: string;
  referrer_id: number | null;
  referrer_email: string | null;
  contact_step_id: number | null;
  contact_step_name: string | null;
  verification_documents_count: number;
  user_services_count: number;
  tx_count: number;
  tx_main: string;
  tx_task: string;
  tx_referral: string;
  tx_last_at: string | null;
}

export async function loadUserDetail(q: Queryable, userId: number, ctx: TableContext): Promise<UserDetail> {
  const row = await findUserRow(q, userId, ctx);
  if (!row) throw notFound('User');
  const extras = (await one<DetailExtras>(
    q,
    sql`SELECT ${decimalText(sql`u.discount_percent`)} AS discount_percent, ${utcText(sql`u.updated_at`)} AS updated_at,
          r.id AS referrer_id, r.email AS referrer_email, cs.id AS contact_step_id, cs.name AS contact_step_name,
          (SELECT count(*)::int FROM verification_documents d WHERE d.user_id = u.id) AS verification_documents_count,
          (SELECT count(*)::int FROM user_services us WHERE us.user_id = u.id) AS user_services_count,
          t.tx_count, t.tx_main, t.tx_task, t.tx_referral, t.tx_last_at
        FROM users u
        LEFT JOIN users r ON r.id = u.referrer_id
        LEFT JOIN contact_steps cs ON cs.id = u.contact_step_id
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS tx_count,
                 coalesce(sum(amount) FILTER (WHERE balance_type = 'main'), 0)::numeric(14,4)::text AS tx_main,
                 coalesce(sum(amount) FILTER (WHERE balance_type = 'task'), 0)::numeric(14,4)::text AS tx_task,
                 coalesce(sum(amount) FILTER (WHERE balance_type = 'referral'), 0)::numeric(14,4)::text AS tx_referral,
                 ${utcText(sql`max(created_at)`)} AS tx_last_at
            FROM transactions WHERE user_id = u.id
        ) t
       WHERE u.id = ${userId}`,
  ))!;
  const names = await rows<{ kind: 'role' | 'permission'; name: string; assigned: boolean }>(
    q,
    sql`SELECT 'role' AS kind, r.name, EXISTS (SELECT 1 FROM user_customer_roles x WHERE x.user_id = ${userId} AND x.role_id = r.id) AS assigned
          FROM customer_roles r
        UNION ALL
        SELECT 'permission', p.name, EXISTS (SELECT 1 FROM user_customer_permissions x WHERE x.user_id = ${userId} AND x.permission_id = p.id)
          FROM customer_permissions p
        ORDER BY 1, 2`,
  );
  const methods = await rows<{ id: number; name: string; type: string; is_enabled: boolean; allowed: boolean }>(
    q,
    sql`SELECT m.id, m.name, m.type, m.is_enabled,
               EXISTS (SELECT 1 FROM user_payment_methods x WHERE x.user_id = ${userId} AND x.payment_method_id = m.id) AS allowed
          FROM payment_methods m ORDER BY m.position, m.id`,
  );
  const pick = (kind: 'role' | 'permission', assignedOnly: boolean) =>
    names.filter((n) => n.kind === kind && (!assignedOnly || n.assigned)).map((n) => n.name);

  return {
    ...row,
    discountPercent: extras.discount_percent,
    referrer: extras.referrer_id === null ? null : { id: extras.referrer_id, email: extras.referrer_email ?? '' },
    contactStep: extras.contact_step_id === null ? null : { id: extras.contact_step_id, name: extras.contact_step_name ?? '' },
    roles: pick('role', true),
    permissions: pick('permission', true),
    availableRoles: pick('role', false),
    availablePermissions: pick('permission', false),
    paymentMethods: methods.map((m) => ({ id: m.id, name: m.name, type: m.type, isEnabled: m.is_enabled, allowed: m.allowed })),
    verificationDocumentsCount: extras.verification_documents_count,
    userServicesCount: extras.user_services_count,
    transactionsSummary: {
      count: extras.tx_count,
      main: extras.tx_main,
      task: extras.tx_task,
      referral: extras.tx_referral,
      lastTransactionAt: extras.tx_last_at,
    },
    updatedAt: extras.updated_at,
  };
}

/** Postgres' unique_violation, as either driver reports it (drizzle may wrap the driver's error). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return !constraint || e.constraint === constraint || !!e.message?.includes(constraint);
  }
  return false;
}

type UpdateBody = z.output<typeof userUpdateBodySchema>;

interface Editable {
  name: string;
  email: string;
  telegram_username: string | null;
  marketing_subid: string | null;
}

/** Applies the given profile fields; audits the ones that changed. Run inside a transaction. */
export async function updateUser(q: Queryable, actor: Actor, userId: number, body: UpdateBody): Promise<void> {
  const before = await one<Editable>(
    q,
    sql`SELECT name, email, telegram_username, marketing_subid FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  if (!before) throw notFound('User');
  const after: Editable = {
    name: body.name ?? before.name,
    email: body.email ?? before.email,
    telegram_username: body.telegramUsername === undefined ? before.telegram_username : body.telegramUsername,
    marketing_subid: body.marketingSubid === undefined ? before.marketing_subid : body.marketingSubid,
  };
  const { oldValues, newValues } = diffValues({ ...before }, { ...after });
  if (Object.keys(newValues).length === 0) return;

  if (after.email !== before.email) {
    const taken = await one(q, sql`SELECT 1 AS x FROM users WHERE email = ${after.email} AND id <> ${userId}`);
    if (taken) throw fieldError('email', 'The email has already been taken.');
  }
  try {
    await q.execute(sql`UPDATE users SET name = ${after.name}, email = ${after.email}, telegram_username = ${after.telegram_username},
      marketing_subid = ${after.marketing_subid}, updated_at = now() WHERE id = ${userId}`);
  } catch (e) {
    // Another request took the address between the check and the write.
    if (isUniqueViolation(e, 'users_email_unique')) throw fieldError('email', 'The email has already been taken.');
    throw e;
  }
  await writeAudit(q, actor, { event: 'updated', auditableType: 'user', auditableId: userId, oldValues, newValues });
  await writeChangeLog(q, actor, {
    actionType: 'update',
    modelType: 'user',
    modelId: userId,
    information: `User ${after.email} updated: ${Object.keys(newValues).join(', ')}.`,
  });
}
