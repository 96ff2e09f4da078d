/** Shared fixtures of the list-engine tests: a users-like resource and a render wrapper. */
import { MantineProvider, TextInput, createTheme } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import type { Permission } from '../../../src/contract/permissions';
import type { TableResponse } from '../../../src/contract/table';
import { defineRowAction, type ActionDialogProps } from '../../../src/console/resource/actions';
import { FormDialog } from '../../../src/console/forms/FormDialog';
import { useContractForm } from '../../../src/console/forms/useContractForm';
import { CostLabel } from '../../../src/console/ui/CostLabel';
import { ListEngineProvider } from '../../../src/console/list/ListEngineProvider';
import { defineResourceOf, type TableEndpointName } from '../../../src/console/resource/resource';
import { defineTableSpec } from '../../../src/contract/columns';

export const userRowSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(['active', 'frozen', 'deactivated']),
  balance: z.string(),
  createdAt: z.string(),
  messengers: z.boolean(),
  grade: z.string().nullable(),
  actions: z.object({ freezable: z.boolean(), activable: z.boolean(), deactivatable: z.boolean() }),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'frozen', label: 'Frozen' },
  { value: 'deactivated', label: 'Deactivated' },
];

/** Mutations the tests observe. */
export const mutations = {
  freeze: async (_row: UserRow) => undefined as unknown,
  activate: async (_row: UserRow) => undefined as unknown,
  note: async (_row: UserRow, _input: { note: string }) => undefined as unknown,
  bulkFreeze: async (_ids: (string | number)[]) => undefined as unknown,
};

const noteSchema = z.object({ note: z.string().max(200, 'The note may not be greater than 200 characters.') });

export function NoteDialog(props: ActionDialogProps<UserRow, { note: string }>) {
  const form = useContractForm({ schema: noteSchema, initialValues: { note: '' }, errors: props.errors, fieldMap: { admin_note: 'note' } });
  return (
    <FormDialog form={form} {...props} submitLabel="Save note" cancelLabel="Close">
      <TextInput label="Note" data-autofocus {...form.getInputProps('note')} />
    </FormDialog>
  );
}

// No table endpoint of the contract is involved: the tests mock the api client.
const usersTable = 'usersTable' as unknown as TableEndpointName;

/** The fixture list's column table, as the contract would declare it. */
export const USERS_FIXTURE_TABLE = defineTableSpec({
  columns: {
    id: { filter: 'text', sortable: true },
    email: { filter: 'text', sortable: true },
    status: { filter: 'multiSelect', options: ['active', 'frozen', 'deactivated'] },
    balance: { filter: 'numberRange', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    messengers: { filter: 'boolean' },
    grade: { filter: 'select', options: ['gold'], permission: 'viewGrades' },
  },
  queries: { source: { filter: 'select', options: ['api'] } },
});

export const usersResource = defineResourceOf<UserRow>()({
  name: 'users',
  title: 'Users',
  nouns: ['user', 'users', 'u'],
  endpoint: usersTable,
  table: USERS_FIXTURE_TABLE,
  describe: (u) => `user ${u.email}`,
  state: (u) => u.status,
  open: (u) => `/users/${u.id}`,
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'email', header: 'Email' },
    { key: 'status', header: 'Status' },
    { key: 'balance', header: 'Balance', render: (u) => <CostLabel value={u.balance} /> },
    { key: 'createdAt', header: 'Created' },
    { key: 'messengers', header: 'Messengers', visible: false },
    { key: 'grade', header: 'Grade' },
  ],
  defaultFilters: { status: ['active'] },
  queries: { source: { label: 'Source', filterUi: { labels: { api: 'API' } } } },
  rowActions: [
    {
      id: 'freeze',
      label: 'Freeze',
      past: 'frozen',
      flag: 'freezable',
      permission: 'freezeUsers',
      shortcut: 'f',
      hidden: (u) => u.status === 'frozen',
      confirm: { text: (u) => `Freeze ${u.email}?`, undoable: true, undo: 'activate' },
      mutation: (row) => mutations.freeze(row),
    },
    {
      id: 'activate',
      label: 'Activate',
      past: 'activated',
      flag: 'activable',
      permission: 'activateUsers',
      hidden: (u) => u.status === 'active',
      confirm: { text: 'Activate?', undoable: true, undo: 'freeze' },
      mutation: (row) => mutations.activate(row),
    },
    {
      id: 'deactivate',
      label: 'Deactivate',
      past: 'deactivated',
      flag: 'deactivatable',
      permission: 'deactivateUsers',
      shortcut: 'd',
      hidden: (u) => u.status === 'deactivated',
      confirm: { text: 'Deactivate?', undoable: false },
      mutation: (row) => mutations.freeze(row),
    },
    defineRowAction<UserRow, { note: string }>({
      id: 'note',
      label: 'Add note',
      shortcut: 'n',
      dialog: NoteDialog,
      mutation: (row, input) => mutations.note(row, input),
    }),
  ],
  bulkActions: [
    {
      id: 'freeze',
      label: 'Freeze',
      past: 'frozen',
      flag: 'freezable',
      permission: 'freezeUsers',
      confirm: { text: (rows) => `Freeze ${rows.length} users?`, undoable: true },
      mutation: (ids) => mutations.bulkFreeze(ids),
    },
  ],
});

export function user(id: number, overrides: Partial<UserRow> = {}): UserRow {
  return {
    id,
    email: `user${id}@example.com`,
    status: 'active',
    balance: `${id * 1000}.5000`,
    createdAt: '2025-01-02T10:00:00Z',
    messengers: false,
    grade: null,
    actions: { freezable: true, activable: false, deactivatable: true },
    ...overrides,
  };
}

export function page(items: UserRow[], total = items.length, extra: Partial<TableResponse<UserRow>> = {}): TableResponse<UserRow> {
  return { items, totalItemsCount: total, draw: 0, ...extra };
}

export const ALL_PERMISSIONS = (): boolean => true;
export const only =
  (...permissions: Permission[]) =>
  (permission: Permission): boolean =>
    permissions.includes(permission);

// Transitions off: dialogs and menus open in the same tick.
const noTransition = { defaultProps: { transitionProps: { duration: 0 } } };
export const testTheme = createTheme({
  components: { Modal: noTransition, Popover: noTransition, Menu: noTransition, Tooltip: noTransition, Combobox: noTransition },
});

export const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

export interface EngineOptions {
  can?: (permission: Permission) => boolean;
  staffId?: string | number | null;
  queryClient?: QueryClient;
  navigate?: (path: string) => void;
}

export function Providers({ children, can = ALL_PERMISSIONS, staffId = 1, queryClient, navigate = () => {} }: EngineOptions & { children: ReactNode }) {
  const client = queryClient ?? newQueryClient();
  return (
    <MantineProvider theme={testTheme} env="test">
      <QueryClientProvider client={client}>
        <ListEngineProvider staffId={staffId} can={can} navigate={navigate}>
          {children}
        </ListEngineProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function renderWithEngine(ui: ReactNode, options: EngineOptions = {}) {
  const queryClient = options.queryClient ?? newQueryClient();
  const result = render(
    <Providers {...options} queryClient={queryClient}>
      {ui}
    </Providers>,
  );
  return { ...result, queryClient };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
