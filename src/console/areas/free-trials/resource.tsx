import { Anchor, Text } from '@mantine/core';
import {
  ARCHIVE_STATE_LABELS,
  FREE_TRIAL_QUEST_KIND_LABELS,
  FREE_TRIAL_QUESTS_TABLE,
  FREE_TRIAL_STATUS_LABELS,
  FREE_TRIALS_TABLE,
} from '../../../contract/free-trials/columns';
import type { FreeTrialBody, FreeTrialQuestBody, FreeTrialQuestRow, FreeTrialRow, RejectFreeTrialBody } from '../../../contract/free-trials';
import { FREE_TRIAL_ACTIONS } from '../../../contract/free-trials/actions';
import { archiveAction, createAction, editAction, restoreAction } from '../../resource/actionFactories';
import { lazyDialog } from '../../actions/lazyDialog';
import { defineRowAction } from '../../resource/actions';
import { AppLink, Dash, UserLink } from '../../table/cells';
import { defineResource } from '../../resource/resource';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber } from '../../ui/format';
import { useQuestOptions, useServiceOptions } from './collections';

/**
 * Free-trial requests and quests: lists with their filters; approve (confirmed) and reject
 * (confirmed, with an optional reason) by the row's flags — both move the
 * live Free-trials counter in every open console; create and edit where store and update exist;
 * archive and restore.
 */

const dialogs = {
  request: lazyDialog(() => import('./FreeTrialDialog').then((m) => m.FreeTrialDialog)),
  reject: lazyDialog(() => import('./RejectFreeTrialDialog').then((m) => m.RejectFreeTrialDialog)),
  quest: lazyDialog(() => import('./QuestDialog').then((m) => m.QuestDialog)),
};

export const freeTrialsResource = defineResource({
  name: 'free-trials',
  path: '/requests',
  title: 'Free-trial requests',
  nouns: ['free trial', 'free trials', 'request', 'requests', 'trial', 'ft'],
  endpoint: 'freeTrialsTable',
  table: FREE_TRIALS_TABLE,
  describe: (r: FreeTrialRow) => `free trial ${r.id}`,
  state: (r) => (r.isArchived ? 'archived' : r.status),
  open: (r) => `/requests/${r.id}`,
  subtitle: (r) => `${r.user?.email ?? 'no user'} · ${FREE_TRIAL_STATUS_LABELS[r.status]}`,
  columns: [
    { key: 'id', header: 'ID', hideable: false, width: 80 },
    {
      key: 'status',
      header: 'Status',
      filterUi: { labels: FREE_TRIAL_STATUS_LABELS },
      render: (r) => <StatusLabel value={r.status} text={FREE_TRIAL_STATUS_LABELS[r.status]} />,
    },
    { key: 'user.email', header: 'User', render: (r) => <UserLink user={r.user} /> },
    { key: 'service.name', header: 'Service', filterUi: { useOptions: useServiceOptions }, render: (r) => r.service?.name ?? <Dash /> },
    { key: 'quantity', header: 'Quantity', align: 'right', render: (r) => formatNumber(r.quantity) },
    {
      key: 'url',
      header: 'URL',
      width: 160,
      render: (r) => (
        <Anchor href={r.url} target="_blank" rel="noreferrer noopener" size="sm">
          {r.url}
        </Anchor>
      ),
    },
    {
      key: 'quest.name',
      header: 'Quest',
      visible: false,
      filterUi: { useOptions: useQuestOptions },
      render: (r) => (r.quest ? <AppLink to={`/quests/${r.quest.id}`}>{r.quest.name}</AppLink> : <Dash />),
    },
    { key: 'comment', header: 'Comment', visible: false, render: (r) => r.comment ?? <Dash /> },
    { key: 'adminNote', header: 'Reason', visible: false, render: (r) => r.adminNote ?? <Dash /> },
    {
      key: 'orderId',
      header: 'Order',
      visible: false,
      filterUi: { placeholder: 'Order id' },
      render: (r) => (r.orderId ? <AppLink to={`/orders/${r.orderId}`}>#{r.orderId}</AppLink> : <Dash />),
    },
    { key: 'archive', header: 'Archive', visible: false, filterUi: { labels: ARCHIVE_STATE_LABELS }, render: (r) => (r.isArchived ? 'Archived' : 'Active') },
    { key: 'createdAt', header: 'Requested', render: (r) => <DateTime value={r.createdAt} /> },
    { key: 'decidedAt', header: 'Decided', visible: false, render: (r) => (r.decidedAt ? <DateTime value={r.decidedAt} /> : <Dash />) },
  ],
  defaultFilters: { archive: 'active' },
  rowActions: [
    {
      id: 'approve',
      label: FREE_TRIAL_ACTIONS.approve.label,
      past: FREE_TRIAL_ACTIONS.approve.past,
      flag: FREE_TRIAL_ACTIONS.approve.flag,
      shortcut: 'a',
      confirm: {
        text: (r: FreeTrialRow) =>
          `Approve free trial ${r.id}: ${formatNumber(r.quantity)} × ${r.service?.name ?? 'the service'} for ${r.user?.email ?? 'the user'}? A free order is placed.`,
        undoable: false,
      },
      mutation: { endpoint: 'freeTrialsApprove', params: (r: FreeTrialRow) => ({ freeTrialId: r.id }) },
      invalidates: ['orders'],
    },
    defineRowAction<FreeTrialRow, RejectFreeTrialBody>({
      id: 'reject',
      label: FREE_TRIAL_ACTIONS.reject.label,
      past: FREE_TRIAL_ACTIONS.reject.past,
      flag: FREE_TRIAL_ACTIONS.reject.flag,
      color: 'red',
      shortcut: 'r',
      dialog: dialogs.reject,
      mutation: { endpoint: 'freeTrialsReject', params: (r) => ({ freeTrialId: r.id }), body: (_r, input) => input },
    }),
    editAction<FreeTrialRow, 'freeTrialsUpdate', FreeTrialBody>({
      endpoint: 'freeTrialsUpdate',
      flag: 'editable',
      params: (r) => ({ freeTrialId: r.id }),
      dialog: dialogs.request,
      body: (_r, input) => input,
    }),
    archiveAction<FreeTrialRow, 'freeTrialsArchive'>({ endpoint: 'freeTrialsArchive', flag: 'archivable', params: (r) => ({ freeTrialId: r.id }) }),
    restoreAction<FreeTrialRow, 'freeTrialsRestore'>({ endpoint: 'freeTrialsRestore', flag: 'restorable', params: (r) => ({ freeTrialId: r.id }) }),
  ],
  collectionActions: [
    createAction<'freeTrialsStore', FreeTrialBody>({
      noun: 'free-trial request',
      endpoint: 'freeTrialsStore',
      dialog: dialogs.request,
      body: (input) => input,
      openCreated: (answer) => `/requests/${(answer as { freeTrial: { id: number } }).freeTrial.id}`,
    }),
  ],
});

export const questsResource = defineResource({
  name: 'free-trial-quests',
  path: '/quests',
  title: 'Free-trial quests',
  nouns: ['quest', 'quests', 'free-trial quest'],
  endpoint: 'freeTrialQuestsTable',
  table: FREE_TRIAL_QUESTS_TABLE,
  describe: (q: FreeTrialQuestRow) => `quest ${q.name}`,
  state: (q) => (q.isArchived ? 'archived' : q.isEnabled ? 'enabled' : 'disabled'),
  open: (q) => `/quests/${q.id}`,
  columns: [
    { key: 'id', header: 'ID', hideable: false, width: 80 },
    { key: 'name', header: 'Name', hideable: false },
    { key: 'kind', header: 'Task', filterUi: { labels: FREE_TRIAL_QUEST_KIND_LABELS }, render: (q) => FREE_TRIAL_QUEST_KIND_LABELS[q.kind] },
    { key: 'service.name', header: 'Free service', filterUi: { useOptions: useServiceOptions }, render: (q) => q.service?.name ?? <Dash /> },
    { key: 'quantity', header: 'Quantity', align: 'right', visible: false, render: (q) => formatNumber(q.quantity) },
    { key: 'perUserLimit', header: 'Per customer', align: 'right', visible: false },
    {
      key: 'isEnabled',
      header: 'Offered',
      filterUi: { trueLabel: 'Offered', falseLabel: 'Not offered' },
      render: (q) => <StatusLabel value={q.isEnabled ? 'active' : 'disabled'} text={q.isEnabled ? 'Offered' : 'Not offered'} />,
    },
    { key: 'archive', header: 'Archive', visible: false, filterUi: { labels: ARCHIVE_STATE_LABELS }, render: (q) => (q.isArchived ? 'Archived' : 'Active') },
    { key: 'requestsCount', header: 'Requests', align: 'right', render: (q) => formatNumber(q.requestsCount) },
    {
      key: 'pendingCount',
      header: 'Pending',
      align: 'right',
      render: (q) =>
        q.pendingCount ? (
          <AppLink to={`/requests?status=pending&quest.name=${q.id}`}>{formatNumber(q.pendingCount)}</AppLink>
        ) : (
          <Text component="span" size="sm" c="dimmed">
            0
          </Text>
        ),
    },
    { key: 'createdAt', header: 'Created', visible: false, render: (q) => <DateTime value={q.createdAt} /> },
  ],
  defaultFilters: { archive: 'active' },
  rowActions: [
    editAction<FreeTrialQuestRow, 'freeTrialQuestsUpdate', FreeTrialQuestBody>({
      endpoint: 'freeTrialQuestsUpdate',
      flag: 'editable',
      params: (q) => ({ questId: q.id }),
      dialog: dialogs.quest,
      body: (_q, input) => input,
    }),
    archiveAction<FreeTrialQuestRow, 'freeTrialQuestsArchive'>({ endpoint: 'freeTrialQuestsArchive', flag: 'archivable', params: (q) => ({ questId: q.id }) }),
    restoreAction<FreeTrialQuestRow, 'freeTrialQuestsRestore'>({ endpoint: 'freeTrialQuestsRestore', flag: 'restorable', params: (q) => ({ questId: q.id }) }),
  ],
  collectionActions: [
    createAction<'freeTrialQuestsStore', FreeTrialQuestBody>({
      noun: 'quest',
      endpoint: 'freeTrialQuestsStore',
      dialog: dialogs.quest,
      body: (input) => input,
    }),
  ],
});
