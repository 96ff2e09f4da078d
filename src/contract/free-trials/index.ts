import { z } from 'zod';
import { dateTime, id, positiveId, refSchema, wholeNumberInput } from '../fields';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { tableEndpoint } from '../table';
import { FREE_TRIAL_QUEST_KINDS, FREE_TRIAL_QUESTS_TABLE, FREE_TRIAL_STATUSES, FREE_TRIALS_TABLE } from './columns';

export * from './columns';

/**
 * Free trials and free-trial quests (list, show, store, update, archive; approve and reject a
 * request). Every endpoint needs manageFreeTrials (the FreeTrials group).
 *
 * - Approve and reject are conditional updates of a pending request (a second approve is a 409);
 *   approving places the free order (source free_trial, price 0, a freeTrial price modification)
 *   in the same transaction. Both move the live Free-trials counter after commit.
 * - Store and update answer a 422 with the errors map on its fields (the
 *   console shows the body on the fields instead of throwing): `userEmail`, `serviceId`, `url`,
 *   `quantity`, `questId`; quests `name`, `serviceId`, `quantity`, `taskUrl`.
 * - A decided request keeps its terms: update is offered on pending requests only.
 * - Archive hides a record from the default lists; restore brings it back; nothing is deleted.
 */

export const freeTrialRowSchema = z.object({
  id,
  status: z.enum(FREE_TRIAL_STATUSES),
  user: z.object({ id, email: z.string() }).nullable(),
  service: refSchema.nullable(),
  quest: refSchema.nullable(),
  url: z.string(),
  quantity: z.number().int(),
  comment: z.string().nullable(),
  adminNote: z.string().nullable(),
  orderId: id.nullable(),
  isArchived: z.boolean(),
  createdAt: dateTime,
  decidedAt: dateTime.nullable(),
  decidedBy: refSchema.nullable(),
  actions: z.object({
    approvable: z.boolean(),
    rejectable: z.boolean(),
    editable: z.boolean(),
    archivable: z.boolean(),
    restorable: z.boolean(),
  }),
});
export type FreeTrialRow = z.infer<typeof freeTrialRowSchema>;

export const freeTrialQuestRowSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  kind: z.enum(FREE_TRIAL_QUEST_KINDS),
  taskUrl: z.string(),
  service: refSchema.nullable(),
  quantity: z.number().int(),
  perUserLimit: z.number().int(),
  isEnabled: z.boolean(),
  isArchived: z.boolean(),
  requestsCount: z.number().int(),
  pendingCount: z.number().int(),
  createdAt: dateTime,
  actions: z.object({ editable: z.boolean(), archivable: z.boolean(), restorable: z.boolean() }),
});
export type FreeTrialQuestRow = z.infer<typeof freeTrialQuestRowSchema>;

const required = (what: string) => ({ error: `The ${what} field is required.` });
const url = z
  .string(required('url'))
  .trim()
  .min(1, 'The url field is required.')
  .max(2000, 'The url may have at most 2000 characters.')
  .refine((v) => /^https?:\/\/\S+$/i.test(v), 'The url must start with http:// or https://.');
const quantity = wholeNumberInput('quantity', { min: 1, max: 1_000_000, maxMessage: 'The quantity may be at most 1 000 000.' });

export const freeTrialBodySchema = z.object({
  userEmail: z.string(required('user e-mail')).trim().min(1, 'The user e-mail field is required.').max(255).email('Enter the e-mail of a user.'),
  serviceId: positiveId.nullable().refine((v) => v !== null, 'Choose a service.'),
  questId: positiveId.nullable().optional(),
  url,
  quantity,
  comment: z.string().trim().max(2000, 'The comment may have at most 2000 characters.').nullable().optional(),
});
export type FreeTrialBody = z.input<typeof freeTrialBodySchema>;

export const rejectFreeTrialBodySchema = z.object({
  admin_note: z.string().trim().max(1000, 'The note may have at most 1000 characters.').nullable().optional(),
});
export type RejectFreeTrialBody = z.input<typeof rejectFreeTrialBodySchema>;

export const freeTrialQuestBodySchema = z.object({
  name: z.string(required('name')).trim().min(1, 'The name field is required.').max(255, 'The name may have at most 255 characters.'),
  description: z.string().trim().max(5000, 'The description may have at most 5000 characters.').default(''),
  kind: z.enum(FREE_TRIAL_QUEST_KINDS, { error: 'Choose what the quest asks.' }),
  taskUrl: z
    .string()
    .trim()
    .max(2000, 'The task link may have at most 2000 characters.')
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'The task link must start with http:// or https://.')
    .default(''),
  serviceId: positiveId.nullable().refine((v) => v !== null, 'Choose a service.'),
  quantity,
  perUserLimit: wholeNumberInput('limit', { min: 1, max: 1000, maxMessage: 'The limit may be at most 1000.' }),
  isEnabled: z.boolean(),
});
export type FreeTrialQuestBody = z.input<typeof freeTrialQuestBodySchema>;

export const freeTrialResultSchema = z.object({ message: z.string(), freeTrial: freeTrialRowSchema });
export const freeTrialQuestResultSchema = z.object({ message: z.string(), quest: freeTrialQuestRowSchema });

export const freeTrialCollectionsSchema = z.object({
  statuses: z.array(z.string()),
  questKinds: z.array(z.string()),
  /** Services a free trial may be of (enabled, not archived). */
  services: z.array(refSchema),
  /** Quests a request may come from (not archived). */
  quests: z.array(refSchema.extend({ serviceId: id.nullable(), quantity: z.number().int() })),
});
export type FreeTrialCollections = z.infer<typeof freeTrialCollectionsSchema>;

const trialParams = z.object({ freeTrialId: pathId('Free trial') });
const questParams = z.object({ questId: pathId('Free-trial quest') });
const P = 'manageFreeTrials' as const;

export const freeTrialsEndpoints = {
  freeTrialsTable: tableEndpoint({
    path: `${ADMIN}/free-trials/table`,
    permission: P,
    row: freeTrialRowSchema,
    table: FREE_TRIALS_TABLE,
    summary: 'The free-trial request table',
  }),
  freeTrialsCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/free-trials/collections`,
    permission: P,
    response: freeTrialCollectionsSchema,
    summary: 'Statuses, quest kinds, and the services and quests a request may name',
  }),
  freeTrialsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/free-trials/:freeTrialId`,
    permission: P,
    params: trialParams,
    response: freeTrialRowSchema,
    summary: 'One free-trial request',
  }),
  freeTrialsStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/free-trials`,
    permission: P,
    body: freeTrialBodySchema,
    response: freeTrialResultSchema,
    summary: 'Create a pending free-trial request for a user (422 on the fields)',
  }),
  freeTrialsUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/free-trials/:freeTrialId`,
    permission: P,
    params: trialParams,
    body: freeTrialBodySchema,
    response: freeTrialResultSchema,
    summary: 'Change a pending request (422 on the fields; 409 once decided)',
  }),
  freeTrialsApprove: endpoint({
    method: 'POST',
    path: `${ADMIN}/free-trials/:freeTrialId/approve`,
    permission: P,
    params: trialParams,
    response: freeTrialResultSchema,
    summary: 'Approve a pending request: places the free order (409 unless pending)',
  }),
  freeTrialsReject: endpoint({
    method: 'POST',
    path: `${ADMIN}/free-trials/:freeTrialId/reject`,
    permission: P,
    params: trialParams,
    body: rejectFreeTrialBodySchema,
    response: freeTrialResultSchema,
    summary: 'Reject a pending request, with an optional note (409 unless pending)',
  }),
  freeTrialsArchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/free-trials/:freeTrialId/archive`,
    permission: P,
    params: trialParams,
    response: freeTrialResultSchema,
    summary: 'Archive a decided request (a pending one is decided first)',
  }),
  freeTrialsRestore: endpoint({
    method: 'POST',
    path: `${ADMIN}/free-trials/:freeTrialId/unarchive`,
    permission: P,
    params: trialParams,
    response: freeTrialResultSchema,
    summary: 'Bring an archived request back',
  }),
  freeTrialQuestsTable: tableEndpoint({
    path: `${ADMIN}/free-trial-quests/table`,
    permission: P,
    row: freeTrialQuestRowSchema,
    table: FREE_TRIAL_QUESTS_TABLE,
    summary: 'The free-trial quest table',
  }),
  freeTrialQuestsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/free-trial-quests/:questId`,
    permission: P,
    params: questParams,
    response: freeTrialQuestRowSchema,
    summary: 'One free-trial quest',
  }),
  freeTrialQuestsStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/free-trial-quests`,
    permission: P,
    body: freeTrialQuestBodySchema,
    response: freeTrialQuestResultSchema,
    summary: 'Create a quest (422 on the fields)',
  }),
  freeTrialQuestsUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/free-trial-quests/:questId`,
    permission: P,
    params: questParams,
    body: freeTrialQuestBodySchema,
    response: freeTrialQuestResultSchema,
    summary: 'Change a quest that is not archived (422 on the fields)',
  }),
  freeTrialQuestsArchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/free-trial-quests/:questId/archive`,
    permission: P,
    params: questParams,
    response: freeTrialQuestResultSchema,
    summary: 'Archive a quest: the storefront stops offering it; its requests stay',
  }),
  freeTrialQuestsRestore: endpoint({
    method: 'POST',
    path: `${ADMIN}/free-trial-quests/:questId/unarchive`,
    permission: P,
    params: questParams,
    response: freeTrialQuestResultSchema,
    summary: 'Bring an archived quest back',
  }),
};
