import { makeOrder as order } from '../helpers/orderFixtures';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { availableActions, availableBulkActions } from '../../../src/console/actions/available';
import { useRunAction, type ActionOutcome, type RunAction } from '../../../src/console/actions/useRunAction';
import { ValidationError } from '../../../src/console/api/errors';
import { ProviderPicker } from '../../../src/console/ui/ProviderPicker';
import { parseRefundAmount } from '../../../src/console/areas/orders/refund';
import { ordersResource } from '../../../src/console/areas/orders/resource';
import { ResourceTable } from '../../../src/console/table/ResourceTable';
import { ALL_PERMISSIONS, only, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
});

const REASONS = [
  { value: 'customer_request', text: 'Customer request' },
  { value: 'wrong_url', text: 'Wrong URL' },
];

/** Answers api(name, …) per endpoint name; unknown names fail the test loudly. */
function routeApi(handlers: Record<string, (options: any) => unknown>) {
  apiMock.api.mockImplementation(async (name: string, options: any) => {
    const handler = handlers[name];
    if (!handler) throw new Error(`unexpected api call ${name}`);
    return handler(options);
  });
}
const callsOf = (name: string) => apiMock.api.mock.calls.filter(([n]) => n === name);

function mountRunner(can = ALL_PERMISSIONS) {
  const ref: { current: RunAction | null } = { current: null };
  function Probe() {
    ref.current = useRunAction();
    return null;
  }
  const rendered = renderWithEngine(<Probe />, { can });
  return { ...rendered, run: () => ref.current! };
}

const reasonInput = () => screen.getByLabelText(/^Cancel reason/, { selector: 'input' });

async function chooseReason(text: string) {
  await userEvent.click(reasonInput());
  await userEvent.click(await screen.findByRole('option', { name: text }));
}

describe('manual fixes on an order', () => {
  it('set partial asks for the remains (the undelivered count first), keeps a 422 on remains in the dialog, then sends the corrected remains', async () => {
    let calls = 0;
    routeApi({
      ordersSetPartial: () => {
        calls += 1;
        if (calls === 1) throw new ValidationError('The given data was invalid.', { remains: ["The remains must be less than the order's quantity (1000)."] });
        return { message: 'ok', refunded: '4.0000', order: order(12, {}, { status: 'completed' }) };
      },
    });
    const row = order(12, { partialable: true }, { quantity: 1000, currentQuantity: 550 });
    expect(availableActions(ordersResource, row, ALL_PERMISSIONS).find((a) => a.action.id === 'set-partial')).toMatchObject({ enabled: true });
    expect(availableActions(ordersResource, order(13), ALL_PERMISSIONS).find((a) => a.action.id === 'set-partial')).toMatchObject({ enabled: false });
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(ordersResource, 'set-partial', row);
    });
    const dialog = await screen.findByRole('dialog');
    const remains = await within(dialog).findByRole('textbox', { name: 'Remains' });
    expect(remains).toHaveValue('450');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set partial' }));
    expect(await within(dialog).findByText("The remains must be less than the order's quantity (1000).")).toBeInTheDocument();
    await userEvent.clear(remains);
    await userEvent.type(remains, '400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set partial' }));
    await expect(outcome!).resolves.toBe('done');
    expect(callsOf('ordersSetPartial')[1][1]).toMatchObject({ body: { orderId: 12, remains: 400 } });
  });

  it('edit start count and remains sends both, a blank start count as null', async () => {
    routeApi({ ordersEditCounts: () => ({ message: 'ok', order: order(14) }) });
    const row = order(14, { countsEditable: true }, { quantity: 1000, currentQuantity: 100 });
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(ordersResource, 'edit-counts', row);
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('textbox', { name: 'Remains' })).toHaveValue('900');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Remains' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Remains' }), '250');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(outcome!).resolves.toBe('done');
    expect(callsOf('ordersEditCounts')[0][1]).toMatchObject({ body: { orderId: 14, startCount: null, remains: 250 } });
  });
});

describe('order row actions', () => {
  it('follow the server flags: only flagged actions are enabled', () => {
    const row = order(5, { approvable: true, rejectable: true, cancelable: true });
    const actions = availableActions(ordersResource, row, ALL_PERMISSIONS);
    const enabled = actions.filter((a) => a.enabled).map((a) => a.action.id);
    expect(enabled).toEqual(['approve', 'reject', 'cancel', 'cancel-and-return-money']);
    expect(actions.find((a) => a.action.id === 'complete')).toMatchObject({ enabled: false, reason: 'Order 5 cannot be completed: it is in processing.' });

    const paused = order(6, { activable: true, completable: true, editable: true }, { status: 'stopped' });
    expect(
      availableActions(ordersResource, paused, ALL_PERMISSIONS)
        .filter((a) => a.enabled)
        .map((a) => a.action.id),
    ).toEqual(['activate', 'complete', 'change-provider']);
  });

  it('need manageOrders, and bulk actions apply to the selected rows carrying the flag', () => {
    expect(availableActions(ordersResource, order(5, { approvable: true }), only('viewOrders'))).toEqual([]);
    const bulk = availableBulkActions(ordersResource, [order(1, { pausable: true }), order(2)], ALL_PERMISSIONS);
    expect(bulk.map((b) => b.action.id)).toEqual(['cancel', 'cancel-and-return-money', 'complete', 'activate', 'pause', 'change-provider']);
    expect(bulk.find((b) => b.action.id === 'pause')!.eligible.map((r) => r.id)).toEqual([1]);
    expect(bulk.find((b) => b.action.id === 'complete')!.enabled).toBe(false);
  });

  it('complete is confirmed as not undoable; approve as undoable; both send {orderId}', async () => {
    routeApi({ ordersComplete: () => ({ message: 'ok', order: order(9) }), ordersApprove: () => ({ message: 'ok', order: order(9) }) });
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(ordersResource, 'complete', order(9, { completable: true }));
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Complete order 9?');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('done');
    expect(callsOf('ordersComplete')[0][1].body).toEqual({ orderId: 9 });

    act(() => {
      outcome = run().row(ordersResource, 'pause', order(9, { pausable: true }));
    });
    // Pausing is undone by activating, offered for a few seconds after.
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('You can undo it for a few seconds after'));
  });
});

describe('cancel dialog', () => {
  it('starts with the email notification on and the refund off, and sends the chosen reason', async () => {
    routeApi({
      ordersCancelReasons: () => REASONS,
      ordersRefundAmount: () => ({ amount: '3.0000' }),
      ordersCancel: () => ({ message: 'ok', order: order(5), refunded: '0.0000' }),
    });
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(ordersResource, 'cancel', order(5, { cancelable: true }));
    });
    const email = await screen.findByRole('checkbox', { name: 'Send email notification' });
    expect(email).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Return money' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Refund amount' })).not.toBeInTheDocument();

    await chooseReason('Wrong URL');
    await userEvent.type(screen.getByRole('textbox', { name: 'Cancel description' }), 'typo in the link');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await expect(outcome!).resolves.toBe('done');
    expect(callsOf('ordersCancel')[0][1].body).toEqual({
      orderId: 5,
      cancelReason: 'wrong_url',
      cancelDescription: 'typo in the link',
      returnMoney: false,
      sendEmailNotification: true,
      amount: null,
    });
  });

  it("fills the refund with the order's default amount, spaces removed ('1 234.50' -> 1234.5)", async () => {
    expect(parseRefundAmount('1 234.50')).toBe(1234.5);
    expect(parseRefundAmount('n/a')).toBeNull();
    routeApi({
      ordersCancelReasons: () => REASONS,
      ordersRefundAmount: () => ({ amount: '1 234.50' }),
      ordersCancel: () => ({ message: 'ok', order: order(5), refunded: '1234.5000' }),
    });
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(ordersResource, 'cancel-and-return-money', order(5, { cancelable: true }));
    });
    expect(await screen.findByRole('checkbox', { name: 'Return money' })).toBeChecked();
    const amount = await screen.findByRole('textbox', { name: 'Refund amount' });
    await waitFor(() => expect(amount).toHaveValue('1 234.50'));
    expect(callsOf('ordersRefundAmount')[0][1].query).toEqual({ orderId: 5 });

    await chooseReason('Customer request');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel and return money' }));
    await expect(outcome!).resolves.toBe('done');
    expect(callsOf('ordersCancel')[0][1].body).toMatchObject({ orderId: 5, returnMoney: true, amount: 1234.5, sendEmailNotification: true });
  });

  it('keeps the dialog open and shows a 422 on cancelReason next to the field', async () => {
    routeApi({
      ordersCancelReasons: () => REASONS,
      ordersRefundAmount: () => ({ amount: '0' }),
      ordersCancel: () => {
        throw new ValidationError('The given data was invalid.', { cancelReason: ['The selected cancel reason is invalid.'] });
      },
    });
    const { run } = mountRunner();
    act(() => {
      void run().row(ordersResource, 'cancel', order(5, { cancelable: true }));
    });
    await screen.findByRole('checkbox', { name: 'Send email notification' });
    await chooseReason('Wrong URL');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('The selected cancel reason is invalid.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(reasonInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it('fetches the cancel reasons once across two openings', async () => {
    routeApi({ ordersCancelReasons: () => REASONS, ordersRefundAmount: () => ({ amount: '0' }) });
    const { run } = mountRunner();
    for (let i = 0; i < 2; i += 1) {
      let outcome: Promise<ActionOutcome>;
      act(() => {
        outcome = run().row(ordersResource, 'cancel', order(5 + i, { cancelable: true }));
      });
      await screen.findByRole('checkbox', { name: 'Send email notification' });
      await userEvent.click(reasonInput());
      expect(await screen.findByRole('option', { name: 'Customer request' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Close' }));
      await expect(outcome!).resolves.toBe('cancelled');
    }
    expect(callsOf('ordersCancelReasons')).toHaveLength(1);
    expect(callsOf('ordersRefundAmount')).toHaveLength(2);
  });

  it('bulk cancel sends the ids without an amount', async () => {
    routeApi({ ordersCancelReasons: () => REASONS, ordersBulkCancel: () => ({ done: [1, 2], failed: [] }) });
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().bulk(ordersResource, 'cancel', [order(1, { cancelable: true }), order(2, { cancelable: true }), order(3)]);
    });
    await screen.findByRole('checkbox', { name: 'Send email notification' });
    expect(screen.queryByRole('textbox', { name: 'Refund amount' })).not.toBeInTheDocument();
    await chooseReason('Customer request');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel orders' }));
    await expect(outcome!).resolves.toBe('done');
    expect(callsOf('ordersBulkCancel')[0][1].body).toEqual({
      ordersIds: [1, 2],
      cancelReason: 'customer_request',
      cancelDescription: null,
      returnMoney: false,
      sendEmailNotification: true,
    });
    expect(callsOf('ordersRefundAmount')).toHaveLength(0);
  });
});

describe('provider picker', () => {
  const provider = (id: number) => ({ id, name: `Panel ${id}`, type: 'perfect_panel' as const, balance: '10.00', currency: 'USD' });

  it('loads the next page on scroll only while currentPage < lastPage', async () => {
    routeApi({
      providersAvailableForOrderRecreate: ({ query }) =>
        query.page === 1 ? { items: [provider(1), provider(2)], currentPage: 1, lastPage: 2 } : { items: [provider(3)], currentPage: 2, lastPage: 2 },
    });
    const onChange = vi.fn();
    renderWithEngine(<ProviderPicker value={null} onChange={onChange} />);
    const list = screen.getByRole('listbox', { name: 'Providers' });
    await screen.findByRole('option', { name: /Panel 2/ });

    fireEvent.scroll(list);
    await screen.findByRole('option', { name: /Panel 3/ });
    await waitFor(() => expect(callsOf('providersAvailableForOrderRecreate')).toHaveLength(2));

    fireEvent.scroll(list);
    fireEvent.scroll(list);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsOf('providersAvailableForOrderRecreate').map(([, o]) => o.query.page)).toEqual([1, 2]);

    await userEvent.click(screen.getByRole('option', { name: /Panel 3/ }));
    expect(onChange).toHaveBeenCalledWith(provider(3));
  });

  it('does not ask for another page while one is loading', async () => {
    let release: () => void = () => {};
    routeApi({
      providersAvailableForOrderRecreate: ({ query }) =>
        query.page === 1
          ? { items: [provider(1)], currentPage: 1, lastPage: 5 }
          : new Promise((resolve) => {
              release = () => resolve({ items: [provider(query.page)], currentPage: query.page, lastPage: 5 });
            }),
    });
    renderWithEngine(<ProviderPicker value={null} onChange={() => {}} />);
    const list = screen.getByRole('listbox', { name: 'Providers' });
    await screen.findByRole('option', { name: /Panel 1/ });
    fireEvent.scroll(list);
    await waitFor(() => expect(callsOf('providersAvailableForOrderRecreate')).toHaveLength(2));
    fireEvent.scroll(list);
    fireEvent.scroll(list);
    expect(callsOf('providersAvailableForOrderRecreate')).toHaveLength(2);
    act(() => release());
    await screen.findByRole('option', { name: /Panel 2/ });
  });

  it('searches by text and answers a list', async () => {
    routeApi({
      providersAvailableForOrderRecreate: ({ query }) => (query.search ? [provider(42)] : { items: [provider(1)], currentPage: 1, lastPage: 1 }),
    });
    renderWithEngine(<ProviderPicker value={null} onChange={() => {}} />);
    await screen.findByRole('option', { name: /Panel 1/ });
    await userEvent.type(screen.getByRole('textbox', { name: 'Provider' }), 'pan');
    await screen.findByRole('option', { name: /Panel 42/ });
    expect(callsOf('providersAvailableForOrderRecreate').at(-1)![1].query).toEqual({ search: 'pan' });
  });
});

describe('orders list', () => {
  it('asks for in_processing orders by default and shows price modifications by kind and the user link', async () => {
    const row = order(
      11,
      {},
      {
        priceModifications: [
          { kind: 'coupon', amount: '1.0000', percent: null, name: 'SPRING' },
          { kind: 'discount', local: true, amount: '0.5000', percent: '5.00', name: 'Local summer' },
          { kind: 'discount', amount: '0.5000', percent: '5.00', name: 'Summer' },
          { kind: 'userService', amount: '2.0000', percent: null, name: 'Custom price' },
          { kind: 'freeTrial', amount: '12.5000', percent: null, name: 'Trial' },
        ],
        sourceType: 'drip_feed',
        sourceId: 12,
        source: 'drip_feed',
      },
    );
    routeApi({ ordersTable: () => ({ items: [row], totalItemsCount: 1, draw: 0 }) });
    const navigate = vi.fn();
    // Price modifications are in the column chooser, not among the default columns.
    renderWithEngine(
      <ResourceTable
        resource={ordersResource}
        search={{ cols: 'id,status,user.email,source,priceModifications' }}
        onSearchChange={() => {}}
        remember={false}
      />,
      { navigate },
    );
    const link = await screen.findByRole('link', { name: 'buyer@example.com' });
    expect(link).toHaveAttribute('href', '/users/3');
    const body = callsOf('ordersTable')[0][1].body;
    expect(body.headers).toContainEqual({ value: 'status', filter: ['in_processing'] });
    expect(body.headers).toContainEqual({ value: 'priceModifications' });
    expect(body.options).toMatchObject({ sortBy: ['id'], sortDesc: [true] });
    for (const text of [
      'Coupon: SPRING −$1.00',
      'Local discount: Local summer −5 %',
      'Discount: Summer −5 %',
      'Custom price: Custom price −$2.00',
      'Free trial: Trial −$12.50',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('Drip feed #12')).toBeInTheDocument();
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/users/3');
  });

  it('sends the source type chip and its id as queries', async () => {
    routeApi({ ordersTable: () => ({ items: [], totalItemsCount: 0, draw: 0 }) });
    renderWithEngine(
      <ResourceTable resource={ordersResource} search={{ sourceType: 'subscription', sourceId: '4', status: '' }} onSearchChange={() => {}} remember={false} />,
    );
    expect(await screen.findByText(/Source type: Subscription/)).toBeInTheDocument();
    const body = callsOf('ordersTable')[0][1].body;
    expect(body.queries).toEqual({ sourceType: 'subscription', sourceId: '4' });
    expect(body.headers.find((h: { value: string }) => h.value === 'status')).toEqual({ value: 'status' });
  });
});
