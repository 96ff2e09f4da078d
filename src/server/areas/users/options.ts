import { sql } from 'drizzle-orm';
import { USER_SEARCH_LIMIT, type GradeOption, type UserSearchItem } from '../../../contract/users';
import { rows, type Queryable } from '../../db/client';
import { containsPattern, decimalText, escapeLike, utcText } from '../../table';
import { findById } from '../../kit/records';
import { userRecord } from './records';

/** The small lists pickers read: user search, sellers, contact steps, grades, verification documents. */

/**
 * Up to 20 users for a picker or the command palette: an exact id or e-mail first, then e-mails
 * starting with the term, then any contains-match on e-mail, name or telegram username; newest
 * first within each. A blank term lists the newest users.
 */
export async function searchUsers(q: Queryable, term: string): Promise<UserSearchItem[]> {
  const text = term.trim();
  const select = sql`SELECT id, name, email, telegram_username AS "telegramUsername", status FROM users`;
  if (!text) return rows<UserSearchItem>(q, sql`${select} ORDER BY id DESC LIMIT ${USER_SEARCH_LIMIT}`);
  const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
  const pattern = containsPattern(text);
  const prefix = `${escapeLike(text)}%`;
  return rows<UserSearchItem>(
    q,
    sql`${select}
      WHERE email ILIKE ${pattern} OR name ILIKE ${pattern} OR telegram_username ILIKE ${pattern}
            ${id === null ? sql`` : sql`OR id = ${id}`}
      ORDER BY ${id === null ? sql`` : sql`(id = ${id}) DESC,`} (lower(email) = lower(${text})) DESC, (email ILIKE ${prefix}) DESC, id DESC
      LIMIT ${USER_SEARCH_LIMIT}`,
  );
}

/** Staff members who may be assigned as a customer's manager: everyone who can sign in. */
export function availableSellers(q: Queryable) {
  return rows<{ id: number; email: string; name: string }>(
    q,
    sql`SELECT id, email, name FROM staff_members
         WHERE is_active AND frozen_at IS NULL AND deactivated_at IS NULL
         ORDER BY name, id`,
  );
}

export function contactSteps(q: Queryable) {
  return rows<{ id: number; name: string; sorting: number }>(q, sql`SELECT id, name, sorting FROM contact_steps ORDER BY sorting, id`);
}

export function availableGrades(q: Queryable): Promise<GradeOption[]> {
  return rows<GradeOption>(
    q,
    sql`SELECT id, name, icon, ${decimalText(sql`spending_goal`)} AS "spendingGoal", ${decimalText(sql`discount_percent`)} AS "discountPercent"
          FROM grades WHERE NOT is_archived ORDER BY spending_goal, id`,
  );
}

export async function verificationDocuments(q: Queryable, userId: number) {
  await findById(q, userRecord, userId);
  return rows<{ id: number; type: string; status: 'pending' | 'approved' | 'rejected'; fileName: string; createdAt: string }>(
    q,
    sql`SELECT id::float8 AS id, type, status, file_name AS "fileName", ${utcText(sql`created_at`)} AS "createdAt"
          FROM verification_documents WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC`,
  );
}
