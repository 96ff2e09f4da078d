import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVOICES_TABLE, WITHDRAWALS_TABLE } from '../../../src/contract/finance/columns';
import type { UserDetail } from '../../../src/contract/users';
import { invoicesResource, transactionsResource, withdrawalsResource } from '../../../src/console/areas/finance/resource';
import { ordersResource } from '../../../src/console/areas/orders/resource';
import { UserProfileScreen } from '../../../src/console/areas/users/UserProfileScreen';
import { UserRecordLinks } from '../../../src/console/areas/users/UserRecordLinks';
import { listHref, tableStateFromSearch, toTableRequest, type ListSearch } from '../../../src/console/list/urlState';
import type { AnyResource } from '../../../src/console/resource/resource';
import { ALL_PERMISSIONS, Providers, only, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

/**
 * A user's screen links to that user's orders, invoices, transactions and withdrawals: each list
 * opened on the user's id and every status, in the list's own address form, and only the lists the
 * member may read. The lists read those addresses as exactly that user's records.
 */

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const EXPECTED = [
  { name: 'Orders', href: '/orders?userId=42&status=', resource: ordersResource },
  { name: 'Invoices', href: '/invoices?userId=42', resource: invoicesResource },
  { name: 'Transactions', href: '/transactions?userId=42', resource: transactionsResource },
  { name: 'Withdrawals', href: '/withdrawal?userId=42&status=', resource: withdrawalsResource },
] as const;

/** The search a router hands a list for an address (numbers and booleans arrive parsed). */
function searchOf(href: string): ListSearch {
  const search: ListSearch = {};
  for (const [key, value] of new URL(href, 'http://console.test').searchParams) search[key] = /^\d+$/.test(value) ? Number(value) : value;
  return search;
}

describe("the links to a user's records", () => {
  it('open each list on the user and every status', async () => {
    const navigate = vi.fn();
    renderWithEngine(<UserRecordLinks userId={42} />, { navigate });
    const nav = screen.getByRole('navigation', { name: "The user's records" });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(EXPECTED.map((e) => [e.name, e.href]));
    await userEvent.click(within(nav).getByRole('link', { name: 'Withdrawals' }));
    expect(navigate).toHaveBeenCalledWith('/withdrawal?userId=42&status=');
  });

  it('offer only the lists the member may read', () => {
    renderWithEngine(<UserRecordLinks userId={42} />, { can: only('viewUsers', 'viewInvoices', 'viewFinances') });
    const nav = screen.getByRole('navigation', { name: "The user's records" });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Invoices', 'Transactions']);
    cleanup();
    renderWithEngine(<UserRecordLinks userId={42} />, { can: only('viewUsers') });
    expect(screen.queryByRole('navigation', { name: "The user's records" })).toBeNull();
  });

  it("are read by each list as that user's records, whatever their status", () => {
    for (const { href, resource } of EXPECTED) {
      const list = resource as AnyResource;
      const state = tableStateFromSearch(list, searchOf(href));
      const request = toTableRequest(list, state);
      expect(request.queries, href).toEqual({ userId: '42' });
      // A list that shows only open records by default shows them all here.
      expect(
        (request.headers ?? []).filter((h) => h.filter !== undefined),
        href,
      ).toEqual([]);
    }
  });

  it('are on the user screen, under its heading', async () => {
    const detail = {
      id: 42,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      telegramUsername: null,
      balance: '12.5000',
      spent: '100.0000',
      currentGrade: null,
      messengers: false,
      userServiceExists: false,
      createdAt: '2025-01-02 10:00:00',
      affiliateCode: null,
      affiliates: 0,
      seller: null,
      sellerStatus: null,
      marketingSubid: null,
      status: 'active',
      frozenAt: null,
      deactivatedAt: null,
      actions: { editable: false, freezable: false, deactivatable: false, activatable: false },
      discountPercent: '0.0000',
      referrer: null,
      contactStep: null,
      roles: [],
      permissions: [],
      availableRoles: [],
      availablePermissions: [],
      paymentMethods: [],
      verificationDocumentsCount: 0,
      userServicesCount: 0,
      transactionsSummary: { count: 0, main: '0.0000', task: '0.0000', referral: '0.0000', lastTransactionAt: null },
      updatedAt: '2025-02-01 09:00:00',
    } as unknown as UserDetail;
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'usersShow') return detail;
      if (name === 'usersAffiliates') return { items: [], totalItemsCount: 0, draw: 0 };
      if (name === 'usersDiscountShow') return { userId: 42, discountPercent: '0.0000' };
      if (name === 'paymentsUserLedger')
        return { user: { id: 42, email: detail.email, balance: '12.5000' }, sum: '12.5000', balanced: true, totalItemsCount: 0, items: [] };
      if (name === 'recordHistory') return { type: 'user', id: 42, items: [], hasMore: false, includes: { audits: true, changeLogs: true } };
      return [];
    });
    const rootRoute = createRootRoute({ component: () => <Outlet /> });
    const userRoute = createRoute({ getParentRoute: () => rootRoute, path: 'users/42', component: () => <UserProfileScreen id={42} /> });
    const router = createRouter({ routeTree: rootRoute.addChildren([userRoute]), history: createMemoryHistory({ initialEntries: ['/users/42'] }) });
    render(
      <Providers can={ALL_PERMISSIONS}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    const nav = screen.getByRole('navigation', { name: "The user's records" });
    expect(within(nav).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices?userId=42');
    expect(within(nav).getAllByRole('link')).toHaveLength(4);
  });
});

describe('listHref', () => {
  it('writes each filter as the list writes it, clears a default with null and leaves out what filters nothing', () => {
    expect(listHref('/withdrawal', WITHDRAWALS_TABLE, { userId: 7, status: null })).toBe('/withdrawal?userId=7&status=');
    expect(listHref('/withdrawal', WITHDRAWALS_TABLE, { status: ['pending', 'paid'], 'user.email': ' ' })).toBe('/withdrawal?status=pending%2Cpaid');
    expect(listHref('/invoices', INVOICES_TABLE, { amount: { from: 10 }, 'user.email': 'a&b@example.com' })).toBe(
      '/invoices?amount=10..&user.email=a%26b%40example.com',
    );
    expect(listHref('/invoices', INVOICES_TABLE, {})).toBe('/invoices');
  });

  it('refuses a key the list cannot filter by', () => {
    expect(() => listHref('/invoices', INVOICES_TABLE, { nope: 1 } as never)).toThrow("The list at /invoices has no filter 'nope'.");
  });
});
