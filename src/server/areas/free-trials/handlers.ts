import { FREE_TRIAL_QUEST_KINDS, FREE_TRIAL_STATUSES } from '../../../contract/free-trials';
import { defineHandlers } from '../../http/handlers';
import { notFound } from '../../http/errors';
import { notifyCountersChanged } from '../../realtime/counters';
import { collections, setFreeTrialArchived, setQuestArchived, storeFreeTrial, storeQuest, updateFreeTrial, updateQuest } from './edits';
import { approveFreeTrial, rejectFreeTrial } from './records';
import { findFreeTrialRow, findQuestRow, freeTrialsTable, questsTable } from './table';

/** Free trials and quests: list, show, store, update, archive; approve and reject a request. */
export const freeTrialsHandlers = defineHandlers({
  freeTrialsTable: async ({ body, staff, deps }) => freeTrialsTable.query(deps.database.db, body, staff),

  freeTrialsCollections: async ({ deps }) => ({
    statuses: [...FREE_TRIAL_STATUSES],
    questKinds: [...FREE_TRIAL_QUEST_KINDS],
    ...(await collections(deps.database.db)),
  }),

  freeTrialsShow: async ({ params: { freeTrialId: id }, staff, deps }) => {
    const row = await findFreeTrialRow(deps.database.db, id, staff);
    if (!row) throw notFound(`Free trial ${id}`);
    return row;
  },

  freeTrialsStore: async ({ body, staff, actor, deps }) => {
    const freeTrial = await deps.database.db.transaction(async (tx) => findFreeTrialRow(tx, await storeFreeTrial(tx, actor, body), staff));
    // A new pending request is counted by the live Free-trials counter.
    notifyCountersChanged(deps);
    return { message: `Free trial ${freeTrial!.id} created.`, freeTrial: freeTrial! };
  },

  freeTrialsUpdate: async ({ params: { freeTrialId: id }, body, staff, actor, deps }) => {
    const freeTrial = await deps.database.db.transaction(async (tx) => {
      await updateFreeTrial(tx, actor, id, body);
      return findFreeTrialRow(tx, id, staff);
    });
    return { message: `Free trial ${id} updated.`, freeTrial: freeTrial! };
  },

  freeTrialsApprove: async ({ params: { freeTrialId: id }, staff, actor, deps }) =>
    approveFreeTrial.run(deps, actor, id, async (tx, change) => ({
      message: `Free trial ${id} approved: order ${change.effects.order_id} placed.`,
      freeTrial: (await findFreeTrialRow(tx, id, staff))!,
    })),

  freeTrialsReject: async ({ params: { freeTrialId: id }, body, staff, actor, deps }) =>
    rejectFreeTrial.run(deps, actor, id, async (tx) => ({ message: `Free trial ${id} rejected.`, freeTrial: (await findFreeTrialRow(tx, id, staff))! }), {
      note: body.admin_note?.trim() ? body.admin_note.trim() : null,
      staffId: actor.staffId,
    }),

  freeTrialsArchive: async ({ params: { freeTrialId: id }, staff, actor, deps }) => {
    const freeTrial = await deps.database.db.transaction(async (tx) => {
      await setFreeTrialArchived(tx, actor, id, true);
      return findFreeTrialRow(tx, id, staff);
    });
    return { message: `Free trial ${id} archived.`, freeTrial: freeTrial! };
  },

  freeTrialsRestore: async ({ params: { freeTrialId: id }, staff, actor, deps }) => {
    const freeTrial = await deps.database.db.transaction(async (tx) => {
      await setFreeTrialArchived(tx, actor, id, false);
      return findFreeTrialRow(tx, id, staff);
    });
    return { message: `Free trial ${id} restored.`, freeTrial: freeTrial! };
  },

  freeTrialQuestsTable: async ({ body, staff, deps }) => questsTable.query(deps.database.db, body, staff),

  freeTrialQuestsShow: async ({ params: { questId: id }, staff, deps }) => {
    const row = await findQuestRow(deps.database.db, id, staff);
    if (!row) throw notFound(`Free-trial quest ${id}`);
    return row;
  },

  freeTrialQuestsStore: async ({ body, staff, actor, deps }) => {
    const quest = await deps.database.db.transaction(async (tx) => findQuestRow(tx, await storeQuest(tx, actor, body), staff));
    return { message: `Free-trial quest ${quest!.name} created.`, quest: quest! };
  },

  freeTrialQuestsUpdate: async ({ params: { questId: id }, body, staff, actor, deps }) => {
    const quest = await deps.database.db.transaction(async (tx) => {
      await updateQuest(tx, actor, id, body);
      return findQuestRow(tx, id, staff);
    });
    return { message: `Free-trial quest ${quest!.name} updated.`, quest: quest! };
  },

  freeTrialQuestsArchive: async ({ params: { questId: id }, staff, actor, deps }) => {
    const quest = await deps.database.db.transaction(async (tx) => {
      await setQuestArchived(tx, actor, id, true);
      return findQuestRow(tx, id, staff);
    });
    return { message: `Free-trial quest ${quest!.name} archived.`, quest: quest! };
  },

  freeTrialQuestsRestore: async ({ params: { questId: id }, staff, actor, deps }) => {
    const quest = await deps.database.db.transaction(async (tx) => {
      await setQuestArchived(tx, actor, id, false);
      return findQuestRow(tx, id, staff);
    });
    return { message: `Free-trial quest ${quest!.name} restored.`, quest: quest! };
  },
});
