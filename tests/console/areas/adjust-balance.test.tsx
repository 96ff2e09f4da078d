import { Notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from '../../../src/contract/permissions';
import type { AdjustBalanceResult, UserDetail, UserRow } from '../../../src/contract/users';
import { availableActions } from '../../../src/console/actions/available';
import { useRunAction, type ActionOutcome, type RunAction } from '../../../src/console/actions/useRunAction';
import { ValidationError } from '../../../src/console/api/errors';
import { CONSOLE_RESOURCES } from '../../../src/console/app/areas';
import { usersResource } from '../../../src/console/areas/users/resource';
import { understand, type ActionIntent } from '../../../src/console/palette/grammar';
import { buildVocabulary } from '../../../src/console/palette/vocabulary';
import { apiMock } from '../helpers/apiMock';
import { ALL_PERMISSIONS, only, renderWithEngine } from '../helpers/tableFixtures';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

// Mantine's autosize textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const bob: UserRow = {
  id: 12,
  name: 'Bob',
  email: 'bob@example.com',
  telegramUsername: null,
  balance: '10.0000',
  spent: '0.0000',
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
  actions: { editable: true, freezable: true, deactivatable: true, activatable: false },
};

const detail = {
  ...bob,
  transactionsSummary: { count: 3, main: '10.0000', task: '3.0000', referral: '0.5000', lastTransactionAt: null },
} as unknown as UserDetail;

const answer = (over: Partial<AdjustBalanceResult>): AdjustBalanceResult => ({
  message: 'done',
  action: 'add',
  balanceType: 'task',
  amount: '2.5000',
  balance: '5.5000',
  transactionId: 901,
  user: bob,
  ...over,
});

/** Answers usersShow with Bob's detail and usersAdjustBalance with each of `adjustments` in turn. */
function serve(...adjustments: (AdjustBalanceResult | Error)[]) {
  apiMock.api.mockImplementation(async (name: string) => {
    if (name === 'usersShow') return detail;
    if (name === 'usersAdjustBalance') {
      const next = adjustments.shift();
      if (next instanceof Error) throw next;
      if (next) return next;
    }
    throw new Error(`unexpected call ${name}`);
  });
}

const adjustCalls = () => apiMock.api.mock.calls.filter(([name]) => name === 'usersAdjustBalance');

/** Opens the action as the list's row menu, the profile and the palette do: through the runner. */
function open(can = ALL_PERMISSIONS) {
  const ref: { current: RunAction | null } = { current: null };
  function Probe() {
    ref.current = useRunAction();
    return null;
  }
  const rendered = renderWithEngine(
    <>
      <Notifications />
      <Probe />
    </>,
    { can },
  );
  let outcome: Promise<ActionOutcome> | undefined;
  act(() => {
    outcome = ref.current!.row(usersResource, 'adjust-balance', bob);
  });
  return { ...rendered, outcome: () => outcome! };
}

/** The dialog once its form has loaded (it loads when first needed). */
async function dialogForm() {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('textbox', { name: /Amount/ });
  return dialog;
}

async function fill({ amount, balance, reason }: { amount: string; balance?: string; reason: string }) {
  const dialog = await dialogForm();
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount/ }), amount);
  if (balance) await userEvent.click(within(dialog).getByRole('radio', { name: balance }));
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), reason);
  return dialog;
}

describe('adjust balance', () => {
  it('sends the body with an idempotency key, keeps a 422 on its field with the dialog open, then says what moved', async () => {
    serve(
      new ValidationError('The tasks balance would exceed the most it can hold.', { amount: ['The tasks balance would exceed the most it can hold.'] }),
      answer({}),
    );
    const { queryClient, outcome } = open();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const dialog = await fill({ amount: '2.5', balance: 'Tasks balance', reason: 'Task 17 reward missed' });

    // The chosen balance now and after the change.
    expect(await within(dialog).findByText('$3.00')).toBeInTheDocument();
    expect(within(dialog).getByText('$5.50')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(adjustCalls()).toHaveLength(1));
    expect(adjustCalls()[0]).toEqual([
      'usersAdjustBalance',
      {
        params: { userId: 12 },
        body: { action: 'add', amount: '2.5', balanceType: 'task', reason: 'Task 17 reward missed' },
        query: undefined,
        headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) },
      },
    ]);

    // The server's message on the amount field; the dialog stays open with what was typed.
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('The tasks balance would exceed the most it can hold.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBe(dialog);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expect(outcome()).resolves.toBe('done');
    expect(adjustCalls()).toHaveLength(2);
    expect(await screen.findByText('Added $2.50 to the tasks balance of bob@example.com; it is now $5.50.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The user's lists and screen, and the transactions list, reload.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['list', 'users'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['detail', 'users'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['list', 'transactions'] });
  });

  it('asks before a deduction, in the dialog, and sends it on the second press', async () => {
    serve(answer({ action: 'deduct', balanceType: 'main', amount: '4.0000', balance: '6.0000' }));
    const { outcome } = open();
    const dialog = await dialogForm();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Deduct' }));
    await fill({ amount: '4', reason: 'Chargeback of invoice 77' });
    expect(await within(dialog).findByText('$6.00')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Deduct' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('$4.00 leaves the main balance of bob@example.com, which will hold $6.00.');
    expect(adjustCalls()).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Deduct $4.00' }));
    await expect(outcome()).resolves.toBe('done');
    expect(adjustCalls()[0][1]).toMatchObject({ body: { action: 'deduct', amount: '4', balanceType: 'main', reason: 'Chargeback of invoice 77' } });
    expect(await screen.findByText('Deducted $4.00 from the main balance of bob@example.com; it is now $6.00.')).toBeInTheDocument();
  });

  it('says when a deduction is more than the balance holds, and refuses a missing reason before sending', async () => {
    serve();
    open();
    const dialog = await dialogForm();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Deduct' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Referral program balance' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '1');
    expect(await within(dialog).findByText('More than the balance holds: it cannot go below zero.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deduct' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    expect(adjustCalls()).toHaveLength(0);
  });

  it('is offered with adjustBalances only, on the list, the profile and in the palette', () => {
    const ids = (can: Parameters<typeof availableActions>[2]) => availableActions(usersResource, bob, can).map((a) => a.action.id);
    expect(ids(ALL_PERMISSIONS)).toContain('adjust-balance');
    expect(ids(only('viewUsers', 'editUsers', 'freezeUsers'))).not.toContain('adjust-balance');
    expect(availableActions(usersResource, detail, ALL_PERMISSIONS).map((a) => a.action.id)).toContain('adjust-balance');
    expect(usersResource.rowActions.find((a) => a.id === 'adjust-balance')?.shortcut).toBe('b');

    const intent = (input: string, can: (p: Permission) => boolean) =>
      understand(input, buildVocabulary(CONSOLE_RESOURCES, can)).filter((i): i is ActionIntent => i.kind === 'action')[0];
    expect(intent('adjust balance user 12', ALL_PERMISSIONS)).toMatchObject({
      resource: 'users',
      actionId: 'adjust-balance',
      target: { kind: 'ids', ids: ['12'] },
    });
    expect(intent('add balance bob@example.com', ALL_PERMISSIONS)).toMatchObject({ resource: 'users', actionId: 'adjust-balance' });
    expect(intent('adjust balance user 12', only('viewUsers', 'editUsers'))?.actionId).not.toBe('adjust-balance');
  });
});
