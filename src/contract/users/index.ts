import { z } from 'zod';
import { id, positiveId, queryId, money, dateTime, bulkResultSchema, messageSchema, moneyInput, refSchema } from '../fields';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { BALANCE_TYPES } from '../finance/columns';
import { tableEndpoint, tableResponseSchema } from '../table';
import { BALANCE_ADJUSTMENTS, SELLER_STATUSES, USER_BULK_ACTIONS, USER_STATUSES, USERS_TABLE } from './columns';

export * from './columns';

/**
 * Users: the panel's customers, plus the grade picker their profile needs.
 *
 * Conventions of this area:
 * - every path is under ADMIN + '/users'; action calls take the user in the body (`userId`), bulk
 *   calls a list (`usersIds`), as the spec's bodies do; per-user sub-resources (`user-services`,
 *   `affiliates`) are under `/users/:userId/`.
 * - GET calls that name a user without a path parameter take `?userId=` (user-discount,
 *   verification-documents).
 * - money is a decimal string ('12.5000'); percentages are fractions ('0.1250' is 12.5 %, shown
 *   ×100 in the console); dates are UTC 'YYYY-MM-DD HH:mm:ss'.
 * - row flags (`actions`) are computed by the server from the user's state and the caller's
 *   permissions; the console shows an action only when its flag is true.
 * - `currentGrade` is omitted from rows and details when the caller lacks viewGrades (the spec's
 *   grade column needs it); filtering or sorting on `currentGrade.name` without it is a 422.
 * - transitions answer 409 with a sentence when the user is already in the target state
 *   ("User 42 is already frozen."), 404 when there is no such user.
 * - the endpoint order matters: static paths (`/users/search`) come before `/users/:userId`.
 */

export const userStatusSchema = z.enum(USER_STATUSES);

export const sellerStatusSchema = z.enum(SELLER_STATUSES);

/** The most users one search answers (pickers, command palette). */
export const USER_SEARCH_LIMIT = 20;
/** The most users one bulk call may name. */
export const USER_BULK_LIMIT = 1000;

/** A fraction with at most 4 decimals, sent as a number or a decimal string; answered as a string. */
const DECIMAL = /^\d+(\.\d+)?$/;
const fraction = z
  .union([z.number(), z.string().trim().regex(DECIMAL, 'The value must be a number.')])
  .refine((v) => Number(v) >= 0 && Number(v) <= 1, 'The value must be between 0 and 1.')
  .transform((v) => (typeof v === 'number' ? v.toFixed(4) : v));
/** A positive price with at most 4 decimals and below 10^10 (numeric(14,4)). */
const price = z
  .union([z.number(), z.string().trim().regex(DECIMAL, 'The price must be a number.')])
  .refine((v) => Number(v) > 0, 'The price must be greater than 0.')
  .refine((v) => Number(v) < 1e10, 'The price is too large.')
  .transform((v) => (typeof v === 'number' ? v.toFixed(4) : v));

export const userRowActionsSchema = z.object({
  /** editUsers. */
  editable: z.boolean(),
  /** Not frozen, and freezeUsers. */
  freezable: z.boolean(),
  /** Not deactivated, and deactivateUsers. */
  deactivatable: z.boolean(),
  /** Not active, and activateUsers. */
  activatable: z.boolean(),
});
export type UserRowActions = z.infer<typeof userRowActionsSchema>;

const sellerRef = z.object({ id, email: z.string() });

/** One row of the users table. */
export const userRowSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  telegramUsername: z.string().nullable(),
  balance: money,
  spent: money,
  /** Omitted without viewGrades; null when the user has no grade. */
  currentGrade: refSchema.nullable().optional(),
  /** Any messenger handle set. */
  messengers: z.boolean(),
  /** The user has custom prices. */
  userServiceExists: z.boolean(),
  createdAt: dateTime,
  affiliateCode: z.string().nullable(),
  /** How many users this user referred. */
  affiliates: z.number().int(),
  /** The manager (a staff member). */
  seller: sellerRef.nullable(),
  sellerStatus: sellerStatusSchema.nullable(),
  marketingSubid: z.string().nullable(),
  status: userStatusSchema,
  frozenAt: dateTime.nullable(),
  deactivatedAt: dateTime.nullable(),
  actions: userRowActionsSchema,
});
export type UserRow = z.infer<typeof userRowSchema>;

const transactionsSummarySchema = z.object({
  count: z.number().int(),
  /** Sums per balance type; `main` equals the user's balance. */
  main: money,
  task: money,
  referral: money,
  lastTransactionAt: dateTime.nullable(),
});

export const userPaymentMethodSchema = z.object({
  id,
  name: z.string(),
  type: z.string(),
  isEnabled: z.boolean(),
  /** The user may pay with it. */
  allowed: z.boolean(),
});

/** The user profile: the row plus what the profile screen edits. */
export const userDetailSchema = userRowSchema.extend({
  /** Personal discount, a fraction. */
  discountPercent: z.string(),
  referrer: sellerRef.nullable(),
  contactStep: refSchema.nullable(),
  /** Customer roles and direct permissions (names), and every name that may be assigned. */
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  availableRoles: z.array(z.string()),
  availablePermissions: z.array(z.string()),
  /** Every payment method, flagged with whether this user may use it. */
  paymentMethods: z.array(userPaymentMethodSchema),
  verificationDocumentsCount: z.number().int(),
  userServicesCount: z.number().int(),
  transactionsSummary: transactionsSummarySchema,
  /** The customer's key for the customer API (docs/customer-api.md), never the key itself: null when none was issued. */
  apiKey: z.object({ hint: z.string(), createdAt: dateTime, lastUsedAt: dateTime.nullable() }).nullable(),
  updatedAt: dateTime,
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** A new customer API key, shown this once: only its hash is kept. */
export const issuedApiKeySchema = z.object({ key: z.string(), hint: z.string(), createdAt: dateTime });

export const userSearchItemSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  telegramUsername: z.string().nullable(),
  status: userStatusSchema,
});
export type UserSearchItem = z.infer<typeof userSearchItemSchema>;

export const sellerOptionSchema = z.object({ id, email: z.string(), name: z.string() });
export const contactStepSchema = z.object({ id, name: z.string(), sorting: z.number().int() });

export const gradeOptionSchema = z.object({
  id,
  name: z.string(),
  icon: z.string().nullable(),
  spendingGoal: money,
  /** A fraction. */
  discountPercent: z.string(),
});
export type GradeOption = z.infer<typeof gradeOptionSchema>;

export const VERIFICATION_DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationDocumentStatus = (typeof VERIFICATION_DOCUMENT_STATUSES)[number];

export const verificationDocumentSchema = z.object({
  id,
  type: z.string(),
  status: z.enum(VERIFICATION_DOCUMENT_STATUSES),
  fileName: z.string(),
  createdAt: dateTime,
});

/** A custom price: the user pays `price` per `pricingPer` units instead of `defaultPrice`. */
export const userServiceSchema = z.object({
  id,
  serviceId: id,
  serviceName: z.string(),
  network: z.string(),
  defaultPrice: money,
  price: money,
  pricingPer: z.number().int(),
  createdAt: dateTime,
});
export type UserService = z.infer<typeof userServiceSchema>;

const userIdBody = z.object({ userId: positiveId });
/** Answer of a single-user action: a sentence and the updated row, so the console can patch its cache. */
export const userActionResultSchema = z.object({ message: z.string(), user: userRowSchema });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

export const userUpdateBodySchema = z.object({
  name: z.string().trim().min(1, 'The name field is required.').max(255).optional(),
  email: z.string().trim().toLowerCase().email('The email must be a valid email address.').max(255).optional(),
  telegramUsername: optionalText(64),
  marketingSubid: optionalText(255),
});

export const updateSellerBodySchema = z.object({
  userId: positiveId,
  /** A staff member from usersAvailableSellers, or null to remove the manager. */
  sellerId: positiveId.nullable(),
  /** Omitted: unchanged. */
  sellerStatus: sellerStatusSchema.nullable().optional(),
  contactStepId: positiveId.nullable().optional(),
});

export const changeGradeBodySchema = z.object({ userId: positiveId, gradeId: positiveId.nullable() });

export const userDiscountSchema = z.object({ userId: id, discountPercent: z.string() });
export const userDiscountBodySchema = z.object({ userId: positiveId, discountPercent: fraction });

export const bulkActionBodySchema = z.object({
  action: z.enum(USER_BULK_ACTIONS),
  usersIds: z.array(positiveId).min(1).max(USER_BULK_LIMIT),
});

export const syncRolesBodySchema = z.object({
  userId: positiveId,
  roles: z.array(z.string().min(1).max(100)).max(100),
  permissions: z.array(z.string().min(1).max(100)).max(200),
});
export const syncRolesResultSchema = z.object({ roles: z.array(z.string()), permissions: z.array(z.string()) });

export const syncPaymentMethodsBodySchema = z.object({ userId: positiveId, paymentMethodIds: z.array(positiveId).max(500) });
export const syncPaymentMethodsResultSchema = z.object({ paymentMethodIds: z.array(id) });

export const userServiceStoreBodySchema = z.object({ serviceId: positiveId, price });

/**
 * Add money to one of a user's balances or deduct it: one ledger entry ('staff_credit' or
 * 'staff_debit') whose comment is the reason. A deduction larger than that balance is a 422 on
 * `amount`.
 */
export const adjustBalanceBodySchema = z.object({
  action: z.enum(BALANCE_ADJUSTMENTS, { error: 'Choose whether to add or deduct.' }),
  /** Positive, at most 4 decimals (the ledger's precision); a JSON number or a decimal string. */
  amount: moneyInput.refine((v) => Number(v) > 0, { message: 'The amount must be greater than 0.' }),
  balanceType: z.enum(BALANCE_TYPES, { error: 'Choose a balance.' }),
  reason: z
    .string({ error: 'The reason field is required.' })
    .trim()
    .min(1, 'The reason field is required.')
    .max(255, 'The reason may have at most 255 characters.'),
});
export type AdjustBalanceBody = z.input<typeof adjustBalanceBodySchema>;

export const adjustBalanceResultSchema = z.object({
  message: z.string(),
  action: z.enum(BALANCE_ADJUSTMENTS),
  balanceType: z.enum(BALANCE_TYPES),
  /** What moved, unsigned ('12.5000'). */
  amount: money,
  /** That balance after the change. */
  balance: money,
  /** The ledger entry written. */
  transactionId: id,
  /** The user's row after the change, so lists and the profile show the new balance. */
  user: userRowSchema,
});
export type AdjustBalanceResult = z.infer<typeof adjustBalanceResultSchema>;

export const affiliatesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  /** <= 0: all. */
  perPage: z.coerce.number().int().default(30),
  search: z.string().max(500).default(''),
});

export const usersEndpoints = {
  usersTable: tableEndpoint({
    path: `${ADMIN}/users/table`,
    permission: 'viewUsers',
    row: userRowSchema,
    table: USERS_TABLE,
    summary: 'The users table (table protocol; columns in USERS_TABLE)',
  }),
  usersSearch: endpoint({
    method: 'GET',
    path: `${ADMIN}/users/search`,
    permission: 'viewUsers',
    query: z.object({ search: z.string().max(255).default('') }),
    response: z.array(userSearchItemSchema),
    summary: 'Up to 20 users by id, email, name or telegram username (newest first when blank)',
  }),
  usersAvailableSellers: endpoint({
    method: 'GET',
    path: `${ADMIN}/users/available-sellers`,
    permission: 'viewUsers',
    response: z.array(sellerOptionSchema),
    summary: 'Active staff members who may manage customers',
  }),
  usersContactSteps: endpoint({
    method: 'GET',
    path: `${ADMIN}/users/contact-steps`,
    permission: 'viewUsers',
    response: z.array(contactStepSchema),
    summary: 'Contact steps of the sales funnel, in order',
  }),
  usersVerificationDocuments: endpoint({
    method: 'GET',
    path: `${ADMIN}/users/verification-documents`,
    permission: 'viewUsers',
    query: z.object({ userId: queryId }),
    response: z.array(verificationDocumentSchema),
    summary: "A user's verification documents, newest first",
  }),
  usersDiscountShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/users/user-discount`,
    permission: 'viewUsers',
    query: z.object({ userId: queryId }),
    response: userDiscountSchema,
    summary: "A user's personal discount (a fraction)",
  }),
  usersDiscountUpdate: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/user-discount`,
    permission: 'editUsers',
    body: userDiscountBodySchema,
    response: userDiscountSchema.extend({ message: z.string() }),
    summary: "Set a user's personal discount (fraction 0..1)",
  }),
  usersFreeze: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/freeze`,
    permission: 'freezeUsers',
    body: userIdBody,
    response: userActionResultSchema,
    summary: 'Freeze a user (409 when already frozen)',
  }),
  usersDeactivate: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/deactivate`,
    permission: 'deactivateUsers',
    body: userIdBody,
    response: userActionResultSchema,
    summary: 'Deactivate a user (409 when already deactivated)',
  }),
  usersActivate: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/activate`,
    permission: 'activateUsers',
    body: userIdBody,
    response: userActionResultSchema,
    summary: 'Activate a frozen or deactivated user (409 when already active)',
  }),
  usersBulkActions: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/bulk-actions`,
    permission: ['freezeUsers', 'deactivateUsers', 'activateUsers'],
    body: bulkActionBodySchema,
    response: bulkResultSchema,
    summary: 'Freeze, deactivate or activate many users; applies what it can and reports failures per id (the action needs its own permission)',
  }),
  usersUpdateSeller: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/update-seller`,
    permission: 'editUsers',
    body: updateSellerBodySchema,
    response: userActionResultSchema,
    summary: "Set a user's manager, seller status and contact step",
  }),
  usersChangeGrade: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/change-grade`,
    permission: 'editUsers',
    body: changeGradeBodySchema,
    response: userActionResultSchema,
    summary: "Set (or clear with null) a user's grade",
  }),
  usersSyncRolesAndPermissions: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/sync-roles-and-permissions`,
    permission: 'editUsers',
    body: syncRolesBodySchema,
    response: syncRolesResultSchema,
    summary: "Replace a user's customer roles and direct permissions (by name)",
  }),
  usersSyncPaymentMethods: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/sync-payment-methods`,
    permission: 'editUsers',
    body: syncPaymentMethodsBodySchema,
    response: syncPaymentMethodsResultSchema,
    summary: 'Replace the payment methods a user may use',
  }),
  usersUserServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/users/:userId/user-services`,
    permission: 'viewUsers',
    response: z.array(userServiceSchema),
    params: z.object({ userId: pathId('User') }),
    summary: "A user's custom prices, with the service's name and default price",
  }),
  usersUserServiceStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/:userId/user-services`,
    permission: 'editUsers',
    params: z.object({ userId: pathId('User') }),
    body: userServiceStoreBodySchema,
    response: userServiceSchema,
    summary: 'Set the custom price of one service for a user (creates or replaces)',
  }),
  usersUserServiceDestroy: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/users/:userId/user-services/:serviceId`,
    permission: 'editUsers',
    response: messageSchema,
    params: z.object({ userId: pathId('User'), serviceId: pathId('Custom price') }),
    summary: 'Remove the custom price of one service for a user',
  }),
  /** The console's own: the panel's admin API has no balance adjustment (docs/users.md). */
  usersAdjustBalance: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/:userId/balance`,
    permission: 'adjustBalances',
    params: z.object({ userId: pathId('User') }),
    body: adjustBalanceBodySchema,
    response: adjustBalanceResultSchema,
    summary: "Add to or deduct from a user's main, task or referral balance with a reason: one ledger entry (a deduction below zero is a 422 on amount)",
  }),
  /**
   * The console's own: issues the customer a new key for the customer API, replacing the old one at
   * once (a leaked key is revoked this way). The key is in this answer only.
   */
  usersIssueApiKey: endpoint({
    method: 'POST',
    path: `${ADMIN}/users/:userId/api-key`,
    permission: 'editUsers',
    params: z.object({ userId: pathId('User') }),
    response: issuedApiKeySchema,
    summary: 'Issue the customer a new API key (the old one stops working); the key is shown once',
  }),
  usersAffiliates: endpoint({
    method: 'GET',
    path: `${ADMIN}/users/:userId/affiliates`,
    permission: 'viewUsers',
    params: z.object({ userId: pathId('User') }),
    query: affiliatesQuerySchema,
    response: tableResponseSchema(userRowSchema),
    summary: 'Users referred by this user, as user rows (paged; newest first)',
  }),
  usersShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/users/:userId`,
    permission: 'viewUsers',
    response: userDetailSchema,
    params: z.object({ userId: pathId('User') }),
    summary: 'One user with profile details',
  }),
  usersUpdate: endpoint({
    method: 'PATCH',
    path: `${ADMIN}/users/:userId`,
    permission: 'editUsers',
    body: userUpdateBodySchema,
    response: userDetailSchema,
    params: z.object({ userId: pathId('User') }),
    summary: 'Edit name, email, telegram username and marketing subid',
  }),
  /** The change-grade picker's list; the loyalty-program (grades) area keeps this entry. */
  gradesAvailable: endpoint({
    method: 'GET',
    path: `${ADMIN}/grades/available`,
    permission: ['viewGrades', 'manageGrades'],
    response: z.array(gradeOptionSchema),
    summary: 'Grades that can be assigned (not archived), by spending goal',
  }),
};
