import { sql } from 'drizzle-orm';
import { tableRequestSchema } from '../../../contract/table';
import type { UserBulkAction, UserRow } from '../../../contract/users';
import type { Endpoints } from '../../../contract/endpoints';
import { issueCustomerApiKey } from '../../customer-api/keys';
import type { Queryable } from '../../db/client';
import { writeAudit } from '../../audit';
import type { StaffContext } from '../../deps';
import { notFound } from '../../http/errors';
import { defineHandlers, type HandlerArgs } from '../../http/handlers';
import { findById } from '../../kit/records';
import { adjustBalance } from './balance';
import { loadUserDetail, updateUser } from './detail';
import { changeGrade, readDiscount, setDiscount, syncPaymentMethods, syncRolesAndPermissions, updateSeller } from './edits';
import { availableGrades, availableSellers, contactSteps, searchUsers, verificationDocuments } from './options';
import { findUserRow, usersTable } from './table';
import { userRecord } from './records';
import { userTransitions } from './transitions';
import { destroyUserService, listUserServices, storeUserService } from './userServices';

/**
 * The users area. Permissions are checked by the pipeline from the endpoint table; every write runs
 * in one transaction with its audit and change-log entries.
 */

async function rowOf(q: Queryable, userId: number, staff: StaffContext): Promise<UserRow> {
  const row = await findUserRow(q, userId, staff);
  if (!row) throw notFound('User');
  return row;
}

/** freeze, deactivate and activate share one body ({userId}) and one answer ({message, user}: "User 12 frozen."). */
function transitionHandler(action: UserBulkAction) {
  const transition = userTransitions[action];
  return async ({ body: { userId }, staff, actor, deps }: HandlerArgs<Endpoints['usersFreeze']>) =>
    transition.run(deps, actor, userId, async (tx) => ({ message: `User ${userId} ${transition.event}.`, user: await rowOf(tx, userId, staff) }));
}

export const usersHandlers = defineHandlers({
  usersTable: async ({ body, staff, deps }) => usersTable.query(deps.database.db, body, staff),

  usersSearch: async ({ query, deps }) => searchUsers(deps.database.db, query.search),

  usersAvailableSellers: async ({ deps }) => availableSellers(deps.database.db),

  usersContactSteps: async ({ deps }) => contactSteps(deps.database.db),

  usersVerificationDocuments: async ({ query, deps }) => verificationDocuments(deps.database.db, query.userId),

  usersDiscountShow: async ({ query, deps }) => ({
    userId: query.userId,
    discountPercent: await readDiscount(deps.database.db, query.userId),
  }),

  usersDiscountUpdate: async ({ body, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const discountPercent = await setDiscount(tx, actor, body.userId, body.discountPercent);
      return { message: `User ${body.userId}: personal discount saved.`, userId: body.userId, discountPercent };
    }),

  usersFreeze: transitionHandler('freeze'),
  usersDeactivate: transitionHandler('deactivate'),
  usersActivate: transitionHandler('activate'),

  usersBulkActions: async ({ body, staff, actor, deps }) => {
    // The endpoint admits any of the three permissions; the chosen action needs its own.
    const transition = userTransitions[body.action];
    transition.authorize(staff);
    return transition.runMany(deps, actor, body.usersIds);
  },

  usersUpdateSeller: async ({ body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await updateSeller(tx, actor, body);
      return { message: `User ${body.userId}: manager saved.`, user: await rowOf(tx, body.userId, staff) };
    }),

  usersChangeGrade: async ({ body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await changeGrade(tx, actor, body);
      return { message: `User ${body.userId}: grade saved.`, user: await rowOf(tx, body.userId, staff) };
    }),

  usersSyncRolesAndPermissions: async ({ body, actor, deps }) =>
    deps.database.db.transaction((tx) => syncRolesAndPermissions(tx, actor, body.userId, body.roles, body.permissions)),

  usersSyncPaymentMethods: async ({ body, actor, deps }) =>
    deps.database.db.transaction(async (tx) => ({
      paymentMethodIds: await syncPaymentMethods(tx, actor, body.userId, body.paymentMethodIds),
    })),

  usersUserServices: async ({ params, deps }) => listUserServices(deps.database.db, params.userId),

  usersUserServiceStore: async ({ params, body, actor, deps }) =>
    deps.database.db.transaction((tx) => storeUserService(tx, actor, params.userId, body.serviceId, body.price)),

  usersUserServiceDestroy: async ({ params, actor, deps }) => {
    await deps.database.db.transaction((tx) => destroyUserService(tx, actor, params.userId, params.serviceId));
    return { message: 'Custom price removed.' };
  },

  usersAdjustBalance: async ({ params: { userId }, body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const adjusted = await adjustBalance(tx, actor, userId, body);
      return {
        message: adjusted.message,
        action: body.action,
        balanceType: body.balanceType,
        amount: adjusted.amount,
        balance: adjusted.balance,
        transactionId: adjusted.transactionId,
        user: await rowOf(tx, userId, staff),
      };
    }),

  usersIssueApiKey: async ({ params: { userId }, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await findById(tx, userRecord, userId);
      const issued = await issueCustomerApiKey(tx, userId);
      // The audit says that a key was issued and how to tell it apart; never the key.
      await writeAudit(tx, actor, { event: 'api_key_issued', auditableType: 'user', auditableId: userId, newValues: { api_key_hint: issued.hint } });
      return issued;
    }),

  usersAffiliates: async ({ params: { userId }, query, staff, deps }) => {
    const { db } = deps.database;
    await findById(db, userRecord, userId);
    const request = tableRequestSchema.parse({
      options: { page: query.page, itemsPerPage: query.perPage, sortBy: [], sortDesc: [] },
      search: query.search,
    });
    return usersTable.query(db, request, staff, { where: sql`u.referrer_id = ${userId}` });
  },

  usersShow: async ({ params, staff, deps }) => loadUserDetail(deps.database.db, params.userId, staff),

  usersUpdate: async ({ params: { userId }, body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await updateUser(tx, actor, userId, body);
      return loadUserDetail(tx, userId, staff);
    }),

  gradesAvailable: async ({ deps }) => availableGrades(deps.database.db),
});
