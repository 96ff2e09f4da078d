import { Badge, Group } from '@mantine/core';
import { STAFF_STATUS_LABELS, STAFF_TABLE } from '../../../contract/staff/columns';
import { ROUTE_GROUP_PERMISSION } from '../../../contract/permissions';
import type { StaffRow, StaffStoreBody, StaffUpdateBody } from '../../../contract/staff';
import { STAFF_ACTIONS } from '../../../contract/staff/actions';
import { createAction, editAction } from '../../resource/actionFactories';
import { lazyDialog } from '../../actions/lazyDialog';
import { defineCollectionAction, defineRowAction } from '../../resource/actions';
import { api } from '../../api/client';
import { AppLink } from '../../table/cells';
import { defineResource } from '../../resource/resource';
import { DateTime } from '../../ui/DateTime';
import { keepOneTime } from '../../ui/OneTimeValue';
import { StatusLabel } from '../../ui/StatusLabel';
import { useRoleOptions } from './staffOptions';

/**
 * Staff: the list; invite (a one-time link the member opens to set their password) or create with a
 * password typed twice; edit name, e-mail, roles and direct permissions;
 * deactivate and reactivate; sign out everywhere. Roles and the permission matrix are on /roles.
 */

const dialogs = {
  create: lazyDialog(() => import('./StaffDialogs').then((m) => m.StaffCreateDialog)),
  edit: lazyDialog(() => import('./StaffDialogs').then((m) => m.StaffEditDialog)),
};

export const passwordLinkKey = (id: number) => `staff-password-link:${id}`;

const statusTone = { active: 'active', invited: 'pending', deactivated: 'deactivated' } as const;

export const staffResource = defineResource({
  name: 'staff',
  path: '/staff',
  title: 'Staff',
  nouns: ['staff member', 'staff', 'member', 'admin'],
  endpoint: 'staffTable',
  table: STAFF_TABLE,
  describe: (m: StaffRow) => `staff member ${m.name}`,
  open: (m) => `/staff/${m.id}`,
  state: (m) => m.status,
  columns: [
    { key: 'id', header: 'ID', width: 80 },
    { key: 'name', header: 'Name', hideable: false, render: (m) => <AppLink to={`/staff/${m.id}`}>{m.name}</AppLink> },
    { key: 'email', header: 'E-mail' },
    {
      key: 'status',
      header: 'Status',
      filterUi: { labels: STAFF_STATUS_LABELS },
      render: (m) => <StatusLabel value={statusTone[m.status]} text={STAFF_STATUS_LABELS[m.status]} />,
    },
    {
      key: 'roles',
      header: 'Roles',
      filterUi: { useOptions: useRoleOptions },
      render: (m) => (
        <Group gap={4} wrap="nowrap">
          {m.roles.map((r) => (
            <Badge key={r.id} variant="light" color="gray" size="sm">
              {r.name}
            </Badge>
          ))}
          {m.permissions.length > 0 && (
            <Badge variant="outline" color="grape" size="sm">
              +{m.permissions.length} direct
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'createdAt', header: 'Created', render: (m) => <DateTime value={m.createdAt} /> },
  ],
  rowActions: [
    editAction<StaffRow, 'staffUpdate', StaffUpdateBody>({
      endpoint: 'staffUpdate',
      params: (m) => ({ staffId: m.id }),
      dialog: dialogs.edit,
      body: (_m, input) => input,
    }),
    defineRowAction<StaffRow>({
      id: 'sign-out-everywhere',
      label: 'Sign out everywhere',
      aliases: ['logout', 'sessions'],
      confirm: { text: (m) => `End every session of ${m.name}? They sign in again to continue.`, undoable: false },
      mutation: { endpoint: 'staffSignOutEverywhere', params: (m: StaffRow) => ({ staffId: m.id }) },
      success: (m) => `${m.name} is signed out everywhere.`,
    }),
    defineRowAction<StaffRow>({
      id: 'deactivate',
      label: STAFF_ACTIONS.deactivate.label,
      past: STAFF_ACTIONS.deactivate.past,
      color: 'red',
      flag: STAFF_ACTIONS.deactivate.flag,
      hidden: (m) => !STAFF_ACTIONS.deactivate.from.includes(m.status),
      confirm: { text: (m) => `Deactivate ${m.name}? Their sessions end at once and they cannot sign in until reactivated.`, undoable: true, undo: 'activate' },
      mutation: { endpoint: 'staffDeactivate', params: (m: StaffRow) => ({ staffId: m.id }) },
    }),
    defineRowAction<StaffRow>({
      id: 'activate',
      label: STAFF_ACTIONS.activate.label,
      past: STAFF_ACTIONS.activate.past,
      flag: STAFF_ACTIONS.activate.flag,
      hidden: (m) => !STAFF_ACTIONS.activate.from.includes(m.status),
      mutation: { endpoint: 'staffActivate', params: (m: StaffRow) => ({ staffId: m.id }) },
    }),
  ],
  collectionActions: [
    {
      ...createAction<'staffStore', StaffStoreBody>({ noun: 'staff member', endpoint: 'staffStore', dialog: dialogs.create, body: (input) => input }),
      label: 'Invite or create a member',
      aliases: ['new', 'create', 'add', 'invite'],
      // The one-time link is in this answer only: the member's screen shows it once.
      mutation: async (input: StaffStoreBody) => {
        const answer = await api('staffStore', { body: input });
        if (answer.passwordLink) keepOneTime(passwordLinkKey(answer.staff.id), JSON.stringify(answer.passwordLink));
        return answer;
      },
      success: (answer) => (answer as { message: string }).message,
      openCreated: (answer) => `/staff/${(answer as { staff: { id: number } }).staff.id}`,
    },
    defineCollectionAction({
      id: 'roles',
      label: 'Roles and permissions',
      aliases: ['roles', 'permissions', 'matrix'],
      // What opens the /roles screen (its route group) is what the action needs.
      permission: ROUTE_GROUP_PERMISSION.Staff,
      shortcut: 'r',
      to: '/roles',
    }),
  ],
});
