import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDetail, userUpdateBodySchema } from '../../../contract/users';
import { customerKeyState } from '../../customer-api/keys';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { updateRecord } from '../../kit/crud';
import { recordNotFound } from '../../kit/records';
import { decimalText, utcText, type TableContext } from '../../table';
import { userRecord } from './records';
import { findUserRow } from './table';

/** The user profile (usersShow) and its edit (usersUpdate). */

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
  if (!row) throw recordNotFound(userRecord, userId);
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
  const pick = (kind: 'role' | 'permission', assignedOnly: boolean) => names.filter((n) => n.kind === kind && (!assignedOnly || n.assigned)).map((n) => n.name);

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
    apiKey: await customerKeyState(q, userId),
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

type UpdateBody = z.output<typeof userUpdateBodySchema>;

/** Applies the given profile fields; audits the ones that changed (a taken e-mail is a 422 on email). Run inside a transaction. */
export async function updateUser(q: Queryable, actor: Actor, userId: number, body: UpdateBody): Promise<void> {
  await updateRecord(
    q,
    actor,
    userRecord,
    userId,
    { name: body.name, email: body.email, telegramUsername: body.telegramUsername, marketingSubid: body.marketingSubid },
    { changeLog: { information: ({ after, changed }) => `User ${after.email} updated: ${changed.join(', ')}.` } },
  );
}
