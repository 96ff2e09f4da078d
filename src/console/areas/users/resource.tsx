import { USERS_TABLE, type UserBulkAction } from '../../../contract/users/columns';
import { BALANCE_TYPE_LABELS } from '../../../contract/finance/columns';
import type { AdjustBalanceBody, AdjustBalanceResult, UserRow } from '../../../contract/users';
import type { BulkActionDef, RowActionDef } from '../../resource/actions';
import { defineRowAction } from '../../resource/actions';
import { endpointRoutes } from '../../../contract/endpointRoutes';
import { USER_ACTIONS, type UserActionFacts } from '../../../contract/users/actions';
import { Dash } from '../../table/cells';
import { defineResource } from '../../resource/resource';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatMoney, humanize } from '../../ui/format';
import { lazyDialog } from '../../actions/lazyDialog';
import type { EditUserInput } from './EditUserDialog';
import { useGradeOptions, useSellerOptions } from './options';

/**
 * The users resource: one declaration read by the list, the profile's status actions, the row menu,
 * the bulk bar, shortcuts and the palette.
 * Filter kinds follow USER_TABLE_COLUMNS; `id` is typed as an exact value (the server's select).
 */

type Transition = 'freeze' | 'deactivate' | 'activate';

/** The console's own part of each status action (label, verb, flag, endpoint: the contract's USER_ACTIONS). */
interface TransitionSpec extends UserActionFacts {
  shortcut: string;
  /** The status in which the spec hides the action. */
  hiddenWhen: UserRow['status'];
  color?: string;
}

export const USER_TRANSITIONS: Record<Transition, TransitionSpec> = {
  freeze: { ...USER_ACTIONS.freeze, shortcut: 'f', hiddenWhen: 'frozen', color: 'yellow' },
  deactivate: { ...USER_ACTIONS.deactivate, shortcut: 'd', hiddenWhen: 'deactivated', color: 'red' },
  activate: { ...USER_ACTIONS.activate, shortcut: 'a', hiddenWhen: 'active' },
};

/** The action that puts a user into a status: what undoes a move out of it. */
const STATUS_ACTION: Record<UserRow['status'], Transition> = { active: 'activate', frozen: 'freeze', deactivated: 'deactivate' };

function transitionAction(id: Transition): RowActionDef<UserRow> {
  const spec = USER_TRANSITIONS[id];
  return {
    id,
    label: spec.label,
    past: spec.past,
    color: spec.color,
    shortcut: spec.shortcut,
    flag: spec.flag,
    // Hidden in the state the spec names, and whenever the server's flag says no.
    hidden: (u) => u.status === spec.hiddenWhen || !u.actions[spec.flag],
    // Undo puts the user back in the status they had.
    confirm: { text: (u) => `${spec.label} user ${u.id} (${u.email})?`, undoable: true, undo: (u) => STATUS_ACTION[u.status] },
    mutation: { endpoint: spec.endpoint as 'usersFreeze' | 'usersDeactivate' | 'usersActivate', body: (u) => ({ userId: u.id }) },
  };
}

function bulkAction(id: UserBulkAction): BulkActionDef<UserRow> {
  const spec = USER_TRANSITIONS[id];
  return {
    id,
    label: spec.label,
    past: spec.past,
    color: spec.color,
    // The bulk endpoint admits any of the three permissions; each action needs its own endpoint's.
    permission: endpointRoutes[spec.endpoint].permission,
    flag: spec.flag,
    // The users may have come from different statuses: undo each from their screen or list.
    confirm: {
      text: (rows) => `${spec.label} ${rows.length} ${rows.length === 1 ? 'user' : 'users'}?`,
      undoable: 'Each user can be moved back from the list.',
    },
    mutation: { endpoint: 'usersBulkActions', body: (ids) => ({ action: id, usersIds: ids.map(Number) }) },
  };
}

const dimDash = <Dash />;

/** "Added $12.50 to the tasks balance of bob@example.com; it is now $15.50." */
function adjustedNotice(u: UserRow, answer: unknown): string {
  const adjusted = answer as Partial<AdjustBalanceResult> | undefined;
  if (!adjusted?.amount || adjusted.balance === undefined || !adjusted.balanceType) return `Balance of user ${u.id} adjusted.`;
  const name = BALANCE_TYPE_LABELS[adjusted.balanceType].toLowerCase();
  const moved = adjusted.action === 'deduct' ? `Deducted ${formatMoney(adjusted.amount)} from` : `Added ${formatMoney(adjusted.amount)} to`;
  return `${moved} the ${name} of ${u.email}; it is now ${formatMoney(adjusted.balance)}.`;
}

export const usersResource = defineResource({
  name: 'users',
  title: 'Users',
  nouns: ['user', 'users', 'u'],
  endpoint: 'usersTable',
  table: USERS_TABLE,
  searchPlaceholder: 'Search by id, email, name or telegram',
  describe: (u) => `user ${u.id}`,
  state: (u) => u.status,
  open: (u) => `/users/${u.id}`,
  path: '/users',
  lookup: { email: 'email', search: true },
  subtitle: (u) => `${u.email} · ${u.status}`,
  defaultFilters: { status: ['active'] },
  defaultSort: { key: 'id', desc: true },
  columns: [
    { key: 'id', header: 'ID', filterUi: { placeholder: 'Exact id' }, hideable: false, width: 90 },
    { key: 'name', header: 'Name' },
    { key: 'email', header: 'Email' },
    { key: 'telegramUsername', visible: false, header: 'Telegram' },
    { key: 'balance', header: 'Balance', align: 'right', filterUi: { decimals: 2 }, render: (u) => <CostLabel value={u.balance} /> },
    { key: 'spent', header: 'Spent', align: 'right', filterUi: { decimals: 2 }, render: (u) => <CostLabel value={u.spent} /> },
    {
      key: 'currentGrade.name',
      header: 'Grade',
      filterUi: { useOptions: useGradeOptions },
      render: (u) => u.currentGrade?.name ?? dimDash,
    },
    { key: 'messengers', visible: false, header: 'Messengers' },
    { key: 'userServiceExists', header: 'Custom prices', visible: false },
    { key: 'createdAt', header: 'Created', render: (u) => <DateTime value={u.createdAt} /> },
    { key: 'affiliateCode', header: 'Affiliate code', visible: false },
    { key: 'affiliates', visible: false, header: 'Affiliates', align: 'right', filterUi: { decimals: 0 } },
    {
      key: 'seller.email',
      visible: false,
      header: 'Manager',
      filterUi: { useOptions: useSellerOptions },
      render: (u) => u.seller?.email ?? dimDash,
    },
    {
      key: 'sellerStatus',
      visible: false,
      header: 'Seller status',
      render: (u) => (u.sellerStatus ? <StatusLabel value={u.sellerStatus} text={humanize(u.sellerStatus)} size="sm" /> : dimDash),
    },
    { key: 'marketingSubid', header: 'Marketing subid', visible: false },
    {
      key: 'status',
      header: 'Status',
      render: (u) => <StatusLabel value={u.status} size="sm" />,
    },
    { key: 'frozenAt', header: 'Frozen at', visible: false, render: (u) => <DateTime value={u.frozenAt} /> },
    {
      key: 'deactivatedAt',
      header: 'Deactivated at',
      visible: false,
      render: (u) => <DateTime value={u.deactivatedAt} />,
    },
  ],
  rowActions: [
    defineRowAction<UserRow, EditUserInput>({
      id: 'edit',
      label: 'Edit',
      past: 'updated',
      shortcut: 'e',
      flag: 'editable',
      hidden: (u) => !u.actions.editable,
      dialog: lazyDialog(() => import('./EditUserDialog').then((m) => m.EditUserDialog)),
      mutation: { endpoint: 'usersUpdate', params: (u) => ({ userId: u.id }), body: (_u, input) => input },
    }),
    transitionAction('freeze'),
    transitionAction('deactivate'),
    transitionAction('activate'),
    // Its permission is its endpoint's (adjustBalances); the dialog asks again before a deduction.
    defineRowAction<UserRow, AdjustBalanceBody>({
      id: 'adjust-balance',
      label: 'Adjust balance',
      aliases: ['add balance', 'deduct balance', 'top up'],
      shortcut: 'b',
      dialog: lazyDialog(() => import('./AdjustBalanceDialog').then((m) => m.AdjustBalanceDialog)),
      mutation: { endpoint: 'usersAdjustBalance', params: (u) => ({ userId: u.id }), body: (_u, input) => input },
      success: adjustedNotice,
      invalidates: ['transactions'],
    }),
  ],
  bulkActions: [bulkAction('freeze'), bulkAction('deactivate'), bulkAction('activate')],
});

export type UsersResource = typeof usersResource;
