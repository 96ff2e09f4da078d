import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDetail, UserRow } from '../../../src/contract/users';
import { ValidationError } from '../../../src/console/api/errors';
import { availableActions } from '../../../src/console/actions/available';
import { UserProfileScreen } from '../../../src/console/areas/users/UserProfileScreen';
import { bulkResultsFromAnswer } from '../../../src/console/resource/bulkResults';
import { usersResource } from '../../../src/console/areas/users/resource';
import { percentToFraction, fractionToPercent } from '../../../src/console/forms/fields/percent';
import { ResourceTable } from '../../../src/console/table/ResourceTable';
import { ALL_PERMISSIONS, Providers, only, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function row(id: number, overrides: Partial<UserRow> = {}): UserRow {
  return {
    id,
    name: `User ${id}`,
    email: `user${id}@example.com`,
    telegramUsername: null,
    balance: '12.5000',
    spent: '100.0000',
    currentGrade: { id: 2, name: 'Gold' },
    messengers: true,
    userServiceExists: false,
    createdAt: '2025-01-02 10:00:00',
    affiliateCode: 'AFF7',
    affiliates: 3,
    seller: { id: 9, email: 'seller@panel.test' },
    sellerStatus: 'in_progress',
    marketingSubid: 'spring',
    status: 'active',
    frozenAt: null,
    deactivatedAt: null,
    actions: { editable: true, freezable: true, deactivatable: true, activatable: false },
    ...overrides,
  };
}

const table = (items: UserRow[]) => ({ items, totalItemsCount: items.length, draw: 0 });
const callsOf = (name: string) => apiMock.api.mock.calls.filter(([n]) => n === name);

describe('users resource declaration', () => {
  const ids = (r: UserRow, can: Parameters<typeof availableActions>[2]) => availableActions(usersResource, r, can).map((a) => a.action.id);

  it('hides Deactivate for a profile without deactivateUsers', () => {
    expect(ids(row(1), ALL_PERMISSIONS)).toEqual(['edit', 'freeze', 'deactivate', 'adjust-balance']);
    expect(ids(row(1), only('viewUsers', 'editUsers', 'freezeUsers', 'activateUsers'))).toEqual(['edit', 'freeze']);
  });

  it('hides Activate for an active user, Freeze for a frozen one, and edit without the row flag', () => {
    const frozen = row(2, { status: 'frozen', actions: { editable: false, freezable: false, deactivatable: true, activatable: true } });
    expect(ids(frozen, ALL_PERMISSIONS)).toEqual(['deactivate', 'activate', 'adjust-balance']);
    const deactivated = row(3, { status: 'deactivated', actions: { editable: true, freezable: true, deactivatable: false, activatable: true } });
    expect(ids(deactivated, ALL_PERMISSIONS)).toEqual(['edit', 'freeze', 'activate', 'adjust-balance']);
  });

  it('lists active users by id descending unless the URL says otherwise', () => {
    expect(usersResource.defaultFilters).toEqual({ status: ['active'] });
    expect(usersResource.defaultSort).toEqual({ key: 'id', desc: true });
    expect(usersResource.nouns).toEqual(['user', 'users', 'u']);
  });

  it('reads per-id failures of a bulk call from the contract answer', () => {
    expect(bulkResultsFromAnswer({ done: [1], failed: [{ id: 2, message: 'User 2 is already frozen.' }] }, [1, 2, 3])).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: false, message: 'User 2 is already frozen.' },
      { id: 3, ok: false, message: 'No answer for this row.' },
    ]);
    // An answer of another shape gives no per-id summary rather than a wrong one.
    expect(bulkResultsFromAnswer({ message: 'ok' }, [1])).toBeUndefined();
  });

  it('shows discounts ×100 and sends them as fractions', () => {
    // The discount column keeps 4 decimals of the fraction.
    expect(fractionToPercent('0.1250')).toBe('12.5');
    expect(percentToFraction(12.5, 4)).toBe('0.1250');
    expect(percentToFraction(0.07, 4)).toBe('0.0007');
  });
});

describe('users list', () => {
  function renderList() {
    return renderWithEngine(<ResourceTable resource={usersResource} search={{}} onSearchChange={() => {}} remember={false} />);
  }

  it('freezes only after Proceed, then reloads the list', async () => {
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'usersTable') return table([row(7)]);
      if (name === 'usersFreeze') return { message: 'User 7 frozen.', user: row(7, { status: 'frozen' }) };
      return [];
    });
    renderList();
    await screen.findByText('user7@example.com');
    const loads = callsOf('usersTable').length;
    expect(callsOf('usersTable')[0][1].body.headers).toContainEqual({ value: 'status', filter: ['active'] });

    await userEvent.click(screen.getByRole('button', { name: 'Actions for user 7' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Freeze/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/You can undo it for a few seconds after/)).toBeInTheDocument();
    expect(callsOf('usersFreeze')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(callsOf('usersFreeze')).toHaveLength(1));
    expect(callsOf('usersFreeze')[0][1].body).toEqual({ userId: 7 });
    await waitFor(() => expect(callsOf('usersTable').length).toBeGreaterThan(loads));
  });

  it('keeps the edit dialog open with the server field error of a 422', async () => {
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'usersTable') return table([row(5)]);
      if (name === 'usersUpdate') throw new ValidationError('The given data was invalid.', { email: ['The email has already been taken.'] });
      return [];
    });
    renderList();
    await screen.findByText('user5@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for user 5' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    const email = await within(dialog).findByRole('textbox', { name: /Email/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('The email has already been taken.')).toBeInTheDocument();
    expect(callsOf('usersUpdate')[0][1]).toMatchObject({ params: { userId: 5 }, body: { email: 'taken@example.com', name: 'User 5' } });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('user profile', () => {
  const detail: UserDetail = {
    ...row(42, { name: 'Ada Lovelace', email: 'ada@example.com', telegramUsername: 'ada_l', balance: '1234.5000' }),
    discountPercent: '0.1250',
    referrer: { id: 3, email: 'ref@example.com' },
    contactStep: { id: 1, name: 'First call' },
    roles: ['reseller'],
    permissions: [],
    availableRoles: ['reseller', 'vip'],
    availablePermissions: ['api'],
    paymentMethods: [{ id: 1, name: 'Card', type: 'stripe', isEnabled: true, allowed: true }],
    apiKey: null,
    verificationDocumentsCount: 0,
    userServicesCount: 0,
    transactionsSummary: { count: 4, main: '1234.5000', task: '0.0000', referral: '2.0000', lastTransactionAt: null },
    updatedAt: '2025-02-01 09:00:00',
  };

  function renderProfile(can = ALL_PERMISSIONS) {
    apiMock.api.mockImplementation(async (name: string) => {
      switch (name) {
        case 'usersShow':
          return detail;
        case 'usersDiscountShow':
          return { userId: 42, discountPercent: '0.1250' };
        case 'usersAffiliates':
          return table([]);
        case 'gradesAvailable':
          return [{ id: 2, name: 'Gold', icon: null, spendingGoal: '100.0000', discountPercent: '0.0500' }];
        case 'paymentsUserLedger':
          return { user: { id: 42, email: detail.email, balance: detail.balance }, sum: detail.balance, balanced: true, totalItemsCount: 0, items: [] };
        case 'recordHistory':
          return { type: 'user', id: 42, items: [], hasMore: false, includes: { audits: true, changeLogs: true } };
        default:
          return [];
      }
    });
    const rootRoute = createRootRoute({ component: () => <Outlet /> });
    const userRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: 'users/$userId',
      component: () => <UserProfileScreen id={Number(userRoute.useParams().userId)} />,
    });
    const router = createRouter({ routeTree: rootRoute.addChildren([userRoute]), history: createMemoryHistory({ initialEntries: ['/users/42'] }) });
    render(
      <Providers can={can}>
        <RouterProvider router={router} />
      </Providers>,
    );
  }

  it('renders the fields of usersShow and the status actions', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(apiMock.api).toHaveBeenCalledWith('usersShow', expect.objectContaining({ params: { userId: 42 } }));
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('ada_l')).toBeInTheDocument();
    expect(screen.getByText('ref@example.com')).toBeInTheDocument();
    expect(screen.getByText('12.5 %')).toBeInTheDocument();
    expect(screen.getByText('First call')).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'User actions' });
    expect(within(actions).getByRole('button', { name: 'Freeze' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Activate' })).toBeNull();
    // The list's row actions, Adjust balance among them, are the profile's too.
    expect(within(actions).getByRole('button', { name: 'Adjust balance' })).toBeInTheDocument();
    expect(await screen.findByText('Current discount: 12.5 %')).toBeInTheDocument();
  });

  it('issues a customer API key after a confirmation and shows it once', async () => {
    renderProfile();
    const panel = await screen.findByRole('region', { name: 'API key' });
    expect(within(panel).getByText('No key issued: the customer cannot use the API.')).toBeInTheDocument();
    const key = 'a'.repeat(60) + 'b7c9';
    apiMock.api.mockImplementationOnce(async () => ({ key, hint: 'b7c9', createdAt: '2025-03-01 10:00:00' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Issue key…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('ada@example.com gets a key for the customer API.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue key' }));
    expect(await within(panel).findByText(key)).toBeInTheDocument();
    expect(within(panel).getByText('It is shown only now: copy it before you leave this screen.')).toBeInTheDocument();
    expect(callsOf('usersIssueApiKey')[0][1]).toEqual({ params: { userId: 42 } });
  });

  it('shows a kept key by its last characters and asks before replacing it', async () => {
    const saved = detail.apiKey;
    detail.apiKey = { hint: 'f00d', createdAt: '2025-03-01 10:00:00', lastUsedAt: null };
    try {
      renderProfile();
      const panel = await screen.findByRole('region', { name: 'API key' });
      expect(within(panel).getByText('f00d')).toBeInTheDocument();
      expect(within(panel).getByText(/not used yet/)).toBeInTheDocument();
      await userEvent.click(within(panel).getByRole('button', { name: 'Replace key…' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/The key ending in f00d stops working at once/)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(callsOf('usersIssueApiKey')).toHaveLength(0);
    } finally {
      detail.apiKey = saved;
    }
  });

  it('sends the discount as a fraction', async () => {
    renderProfile();
    const input = await screen.findByRole('textbox', { name: 'Discount, %' });
    await userEvent.clear(input);
    await userEvent.type(input, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save discount' }));
    await waitFor(() => expect(callsOf('usersDiscountUpdate')).toHaveLength(1));
    expect(callsOf('usersDiscountUpdate')[0][1].body).toEqual({ userId: 42, discountPercent: '0.2000' });
  });
});
