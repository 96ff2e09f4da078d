import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceDetail, TransactionDetail, WithdrawalDetail } from '../../../src/contract/finance';
import type { Permission } from '../../../src/contract/permissions';
import { PlainError } from '../../../src/console/api/errors';
import { CONSOLE_RESOURCES } from '../../../src/console/app/areas';
import { InvoiceScreen } from '../../../src/console/areas/finance/InvoiceScreen';
import { TransactionScreen } from '../../../src/console/areas/finance/TransactionScreen';
import { WithdrawalScreen } from '../../../src/console/areas/finance/WithdrawalScreen';
import { invoicesResource, transactionsResource, withdrawalsResource } from '../../../src/console/areas/finance/resource';
import { recordPath } from '../../../src/console/history/recordLinks';
import { understand, type LookupIntent } from '../../../src/console/palette/grammar';
import { openItem } from '../../../src/console/palette/items';
import { buildVocabulary } from '../../../src/console/palette/vocabulary';
import { ResourceTable } from '../../../src/console/table/ResourceTable';
import { ALL_PERMISSIONS, Providers, only, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';
// Record links read the screen table, which the app assembles from the areas and installs at start-up.
import '../../../src/console/app/screens';
// The actions' dialogs load on first use; loaded here, they open at once.
import '../../../src/console/areas/finance/MarkInvoicePaidDialog';
import '../../../src/console/areas/finance/WithdrawalDialogs';

/**
 * The record screens of the finance lists — an invoice (/invoices/:id), a withdrawal
 * (/withdrawal/:id) and a transaction (/transactions/:id): their fields formatted, their links both
 * ways, their actions from the list's own declarations, the not-found state; and the ways in (the
 * id cell, Enter on a row, the palette, a history entry).
 */

// Mantine's autosize textarea (the reject note) listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function invoice(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    id: 41,
    status: 'paid',
    user: { id: 7, email: 'ada@example.com' },
    paymentMethod: { id: 3, name: 'PayPal', type: 'paypal' },
    amount: '316.5900',
    shortName: 'INV-0000041',
    paidAt: '2026-01-05 10:30:00',
    createdAt: '2026-01-05 10:00:00',
    canBeMarkedAsPaid: false,
    paidAmount: '316.5900',
    bonusAmount: '15.8300',
    transactions: [
      { id: 900, transactionType: 'deposit', amount: '316.5900', createdAt: '2026-01-05 10:30:00' },
      { id: 901, transactionType: 'bonus', amount: '15.8300', createdAt: '2026-01-05 10:30:00' },
    ],
    ...overrides,
  };
}

const pendingInvoice = () => invoice({ status: 'pending', paidAt: null, paidAmount: null, bonusAmount: null, transactions: [], canBeMarkedAsPaid: true });

function withdrawal(overrides: Partial<WithdrawalDetail> = {}): WithdrawalDetail {
  return {
    id: 12,
    status: 'pending',
    user: { id: 7, email: 'ada@example.com' },
    accountNumber: 'ada@paypal.test',
    userComment: 'Monthly payout',
    withdrawalMethod: { id: 3, name: 'PayPal', type: 'paypal' },
    amount: '150.0000',
    fee: '3.0000',
    createdAt: '2026-02-01 08:00:00',
    adminNote: null,
    transactionId: null,
    actions: { approvable: true, rejectable: true, payable: true },
    approvedAt: null,
    paidAt: null,
    rejectedAt: null,
    transactions: [{ id: 950, transactionType: 'withdrawal', amount: '-150.0000', createdAt: '2026-02-01 08:00:00' }],
    ...overrides,
  };
}

function transaction(overrides: Partial<TransactionDetail> = {}): TransactionDetail {
  return {
    id: 900,
    user: { id: 7, email: 'ada@example.com' },
    type: 'main',
    comment: 'Invoice #41 (INV-0000041) paid',
    transactionType: 'deposit',
    direction: 'income',
    paymentMethod: { id: 3, name: 'PayPal', type: 'paypal' },
    orderId: null,
    invoiceId: 41,
    withdrawalId: null,
    amount: '316.5900',
    createdAt: '2026-01-05 10:30:00',
    ...overrides,
  };
}

const HISTORY = (type: string, id: number) => ({ type, id, items: [], hasMore: false, includes: { audits: true, changeLogs: true } });

/** Answers the screen's calls: `answers[name]` is called with the call's input. */
function answer(answers: Record<string, (input: any) => unknown>) {
  apiMock.api.mockImplementation(async (name: string, input: { params?: { recordType?: string; recordId?: number } }) => {
    if (name === 'recordHistory') return HISTORY(input.params!.recordType!, input.params!.recordId!);
    const reply = answers[name];
    if (!reply) throw new Error(`unexpected call ${name}`);
    return reply(input);
  });
}

const callsOf = (name: string) => apiMock.api.mock.calls.filter(([n]) => n === name);

function renderScreen(path: string, element: ReactNode, can: (p: Permission) => boolean = ALL_PERMISSIONS) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const recordRoute = createRoute({ getParentRoute: () => rootRoute, path: path.slice(1), component: () => element });
  const router = createRouter({ routeTree: rootRoute.addChildren([recordRoute]), history: createMemoryHistory({ initialEntries: [path] }) });
  const navigate = vi.fn();
  render(
    <Providers can={can} navigate={navigate}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { navigate };
}

const field = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;

describe('the invoice screen', () => {
  it('shows every field of the invoice, formatted, with what it credited', async () => {
    answer({ invoicesShow: () => invoice() });
    renderScreen('/invoices/41', <InvoiceScreen id={41} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice 41' })).toBeInTheDocument();
    expect(apiMock.api).toHaveBeenCalledWith('invoicesShow', expect.objectContaining({ params: { id: 41 } }));
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('Paid');
    expect(field('Amount')).toHaveTextContent('$316.59');
    expect(field('Short name')).toHaveTextContent('INV-0000041');
    expect(field('Method type')).toHaveTextContent('PayPal');
    expect(field('Created')).toHaveTextContent('2026-01-05');
    expect(field('Paid')).toHaveTextContent('2026-01-05');
    expect(field('Credited')).toHaveTextContent('$316.59');
    expect(field('Bonus')).toHaveTextContent('$15.83');
    // No action on a paid invoice; its history under its audit type.
    expect(screen.queryByRole('group', { name: 'Invoice actions' })).toBeNull();
    await waitFor(() =>
      expect(apiMock.api).toHaveBeenCalledWith('recordHistory', expect.objectContaining({ params: { recordType: 'invoice', recordId: 41 } })),
    );
  });

  it('links its user, its payment method and the transactions it produced', async () => {
    answer({ invoicesShow: () => invoice() });
    const { navigate } = renderScreen('/invoices/41', <InvoiceScreen id={41} />);
    await screen.findByRole('heading', { level: 1, name: 'Invoice 41' });
    expect(within(field('User')).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', '/users/7');
    expect(within(field('Payment method')).getByRole('link', { name: 'PayPal' })).toHaveAttribute('href', '/payment-methods?id=3');
    const rows = within(screen.getByRole('table', { name: 'Transactions' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Transaction 900' })).toHaveAttribute('href', '/transactions/900');
    expect(rows[0]).toHaveTextContent('Deposit');
    expect(rows[0]).toHaveTextContent('+$316.59');
    expect(rows[1]).toHaveTextContent('Deposit bonus');
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
    await userEvent.click(within(rows[1]).getByRole('link', { name: 'Transaction 901' }));
    expect(navigate).toHaveBeenCalledWith('/transactions/901');
  });

  it('does not link what the member may not open', async () => {
    answer({ invoicesShow: () => invoice() });
    renderScreen('/invoices/41', <InvoiceScreen id={41} />, only('viewInvoices', 'viewPaymentMethods'));
    await screen.findByRole('heading', { level: 1, name: 'Invoice 41' });
    expect(field('Payment method')).toHaveTextContent('PayPal');
    expect(within(field('Payment method')).queryByRole('link')).toBeNull();
    expect(screen.getByRole('table', { name: 'Transactions' })).toHaveTextContent('Transaction 900');
    expect(screen.queryByRole('link', { name: 'Transaction 900' })).toBeNull();
  });

  it("marks a pending invoice as paid through the list's own action, then shows it paid", async () => {
    let current = pendingInvoice();
    answer({
      invoicesShow: () => current,
      invoicesMarkAsPaid: () => {
        current = invoice();
        return { message: 'Invoice 41 marked as paid.', invoice: current, credited: '316.5900', bonus: '15.8300', balance: '400.0000' };
      },
    });
    renderScreen('/invoices/41', <InvoiceScreen id={41} />);
    expect(await screen.findByText('Nothing credited yet: the invoice is not paid.')).toBeInTheDocument();
    expect(field('Credited')).toHaveTextContent('—');
    const actions = screen.getByRole('group', { name: 'Invoice actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark as paid' }, { timeout: 5000 }));
    await waitFor(() => expect(callsOf('invoicesMarkAsPaid')).toHaveLength(1));
    expect(callsOf('invoicesMarkAsPaid')[0][1]).toMatchObject({ params: { id: 41 }, body: { amount: expect.stringMatching(/^316\.59/) } });
    expect(await screen.findByRole('link', { name: 'Transaction 900' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Invoice actions' })).toBeNull();
  });

  it('offers no mark as paid without manageInvoices', async () => {
    answer({ invoicesShow: () => ({ ...pendingInvoice(), canBeMarkedAsPaid: false }) });
    renderScreen('/invoices/41', <InvoiceScreen id={41} />, only('viewInvoices'));
    await screen.findByRole('heading', { level: 1, name: 'Invoice 41' });
    expect(screen.queryByRole('button', { name: 'Mark as paid' })).toBeNull();
  });

  it('says "not found" for an invoice that does not exist', async () => {
    answer({
      invoicesShow: () => {
        throw new PlainError('Invoice 41 not found.', 404);
      },
    });
    renderScreen('/invoices/41', <InvoiceScreen id={41} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invoice 41 not found');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers Retry for another failure', async () => {
    answer({
      invoicesShow: () => {
        throw new PlainError('Server Error', 500);
      },
    });
    renderScreen('/invoices/41', <InvoiceScreen id={41} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server Error');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('the withdrawal screen', () => {
  it('shows every field, its user, its method and its hold', async () => {
    answer({ withdrawalsShow: () => withdrawal() });
    renderScreen('/withdrawal/12', <WithdrawalScreen id={12} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawal 12' })).toBeInTheDocument();
    expect(apiMock.api).toHaveBeenCalledWith('withdrawalsShow', expect.objectContaining({ params: { withdrawalId: 12 } }));
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('Pending');
    expect(field('Amount')).toHaveTextContent('$150.00');
    expect(field('Fee')).toHaveTextContent('$3.00');
    expect(field('Account number')).toHaveTextContent('ada@paypal.test');
    expect(field('User comment')).toHaveTextContent('Monthly payout');
    expect(field('Created')).toHaveTextContent('2026-02-01');
    expect(within(field('User')).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', '/users/7');
    expect(within(field('Withdrawal method')).getByRole('link', { name: 'PayPal' })).toHaveAttribute('href', '/payment-methods?id=3');
    const rows = within(screen.getByRole('table', { name: 'Transactions' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]).getByRole('link', { name: 'Transaction 950' })).toHaveAttribute('href', '/transactions/950');
    expect(rows[0]).toHaveTextContent('Withdrawal (held)');
    expect(rows[0]).toHaveTextContent('−$150.00');
    await waitFor(() =>
      expect(apiMock.api).toHaveBeenCalledWith('recordHistory', expect.objectContaining({ params: { recordType: 'withdrawal', recordId: 12 } })),
    );
  });

  it('offers approve, reject and paid by flag and permission, as the list does', async () => {
    answer({ withdrawalsShow: () => withdrawal() });
    renderScreen('/withdrawal/12', <WithdrawalScreen id={12} />);
    const actions = await screen.findByRole('group', { name: 'Withdrawal actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject', 'Paid']);
    cleanup();
    answer({ withdrawalsShow: () => withdrawal() });
    renderScreen('/withdrawal/12', <WithdrawalScreen id={12} />, only('viewWithdrawals', 'approveWithdrawalRequests'));
    const limited = await screen.findByRole('group', { name: 'Withdrawal actions' });
    expect(
      within(limited)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve']);
  });

  it('rejects with a note and shows the release it made', async () => {
    let current = withdrawal();
    answer({
      withdrawalsShow: () => current,
      withdrawalsReject: () => {
        current = withdrawal({
          status: 'rejected',
          adminNote: 'Wrong account.',
          rejectedAt: '2026-02-02 09:00:00',
          actions: { approvable: false, rejectable: false, payable: false },
          transactions: [
            ...withdrawal().transactions,
            { id: 951, transactionType: 'withdrawal_release', amount: '150.0000', createdAt: '2026-02-02 09:00:00' },
          ],
        });
        return { message: 'Withdrawal 12 rejected.', withdrawal: current };
      },
    });
    renderScreen('/withdrawal/12', <WithdrawalScreen id={12} />);
    const actions = await screen.findByRole('group', { name: 'Withdrawal actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(await within(dialog).findByRole('textbox', { name: /Admin note/ }, { timeout: 5000 }), 'Wrong account.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(callsOf('withdrawalsReject')).toHaveLength(1));
    expect(callsOf('withdrawalsReject')[0][1]).toMatchObject({ params: { withdrawalId: 12 }, body: { admin_note: 'Wrong account.' } });
    expect(await screen.findByRole('link', { name: 'Transaction 951' })).toHaveAttribute('href', '/transactions/951');
    expect(field('Admin note')).toHaveTextContent('Wrong account.');
    expect(field('Rejected')).toHaveTextContent('2026-02-02');
    expect(screen.queryByRole('group', { name: 'Withdrawal actions' })).toBeNull();
  });

  it('says "not found" for a withdrawal that does not exist', async () => {
    answer({
      withdrawalsShow: () => {
        throw new PlainError('Withdrawal 12 not found.', 404);
      },
    });
    renderScreen('/withdrawal/12', <WithdrawalScreen id={12} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Withdrawal 12 not found');
  });
});

describe('the transaction screen', () => {
  it('shows every field and links its user and the invoice it belongs to', async () => {
    answer({ paymentsShow: () => transaction() });
    const { navigate } = renderScreen('/transactions/900', <TransactionScreen id={900} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction 900' })).toBeInTheDocument();
    expect(apiMock.api).toHaveBeenCalledWith('paymentsShow', expect.objectContaining({ params: { id: 900 } }));
    expect(field('Amount')).toHaveTextContent('+$316.59');
    expect(field('Type')).toHaveTextContent('Deposit');
    expect(field('Balance')).toHaveTextContent('Main balance');
    expect(field('Direction')).toHaveTextContent('Income');
    expect(field('Comment')).toHaveTextContent('Invoice #41 (INV-0000041) paid');
    expect(field('Created')).toHaveTextContent('2026-01-05');
    expect(within(field('User')).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', '/users/7');
    expect(within(field('Payment method')).getByRole('link', { name: 'PayPal (PayPal)' })).toHaveAttribute('href', '/payment-methods?id=3');
    const invoiceLink = within(field('Invoice')).getByRole('link', { name: 'Invoice 41' });
    expect(invoiceLink).toHaveAttribute('href', '/invoices/41');
    expect(field('Order')).toHaveTextContent('—');
    expect(field('Withdrawal')).toHaveTextContent('—');
    await userEvent.click(invoiceLink);
    expect(navigate).toHaveBeenCalledWith('/invoices/41');
    // Transactions have no actions.
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('links an order payment to its order and a hold to its withdrawal, each only for a member who may open it', async () => {
    answer({ paymentsShow: () => transaction({ transactionType: 'order', direction: 'expense', amount: '-12.5000', invoiceId: null, orderId: 5001 }) });
    renderScreen('/transactions/900', <TransactionScreen id={900} />);
    await screen.findByRole('heading', { level: 1, name: 'Transaction 900' });
    expect(within(field('Order')).getByRole('link', { name: 'Order 5001' })).toHaveAttribute('href', '/orders/5001');
    expect(field('Amount')).toHaveTextContent('−$12.50');
    cleanup();

    answer({ paymentsShow: () => transaction({ transactionType: 'withdrawal', amount: '-150.0000', invoiceId: null, withdrawalId: 12 }) });
    renderScreen('/transactions/900', <TransactionScreen id={900} />, only('viewFinances'));
    await screen.findByRole('heading', { level: 1, name: 'Transaction 900' });
    expect(field('Withdrawal')).toHaveTextContent('Withdrawal 12');
    expect(within(field('Withdrawal')).queryByRole('link')).toBeNull();
  });

  it('says "not found" for a transaction that does not exist', async () => {
    answer({
      paymentsShow: () => {
        throw new PlainError('Transaction 900 not found.', 404);
      },
    });
    renderScreen('/transactions/900', <TransactionScreen id={900} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Transaction 900 not found');
  });
});

describe('the ways to a finance record', () => {
  const cases = [
    { resource: invoicesResource, row: invoice(), href: '/invoices/41', id: '41', noun: 'invoice' },
    { resource: withdrawalsResource, row: withdrawal(), href: '/withdrawal/12', id: '12', noun: 'withdrawal' },
    { resource: transactionsResource, row: transaction(), href: '/transactions/900', id: '900', noun: 'transaction' },
  ] as const;

  for (const { resource, row, href, id } of cases) {
    it(`a row of ${resource.title.toLowerCase()} opens it: the id cell links to it, Enter on the focused row goes there`, async () => {
      apiMock.api.mockResolvedValue({ items: [row], totalItemsCount: 1, draw: 0 });
      const navigate = vi.fn();
      renderWithEngine(<ResourceTable resource={resource as typeof invoicesResource} search={{}} onSearchChange={() => {}} remember={false} />, { navigate });
      const cell = await screen.findByRole('link', { name: id });
      expect(cell).toHaveAttribute('href', href);
      expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', '/users/7');
      const table = screen.getByRole('group', { name: new RegExp(`${resource.title} table`) });
      await waitFor(() => expect(table).toHaveAttribute('aria-activedescendant', expect.stringContaining(`-row-${id}`)));
      await userEvent.keyboard('{Enter}');
      expect(navigate).toHaveBeenCalledWith(href);
    });
  }

  it('the palette looks a record up by id and opens it', () => {
    const vocabulary = buildVocabulary(CONSOLE_RESOURCES, ALL_PERMISSIONS);
    for (const { resource, row, href, id, noun } of cases) {
      const lookups = understand(`open ${noun} ${id}`, vocabulary).filter((i): i is LookupIntent => i.kind === 'lookup');
      expect(lookups[0], noun).toMatchObject({ resource: resource.name, by: 'id', value: id });
      expect(openItem(resource as typeof invoicesResource, row as never, 'Records')).toMatchObject({
        title: `Open ${noun} ${id}`,
        run: { kind: 'navigate', href },
      });
    }
  });

  it('a history entry of an invoice or a withdrawal links to its screen', () => {
    expect(recordPath('invoice', 41)).toBe('/invoices/41');
    expect(recordPath('withdrawal', 12)).toBe('/withdrawal/12');
  });
});
