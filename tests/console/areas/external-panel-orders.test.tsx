import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExternalPanelOrderRow } from '../../../src/contract/external-panel-orders';
import { availableActions } from '../../../src/console/actions/available';
import { useRunAction, type ActionOutcome, type RunAction } from '../../../src/console/actions/useRunAction';
import { ValidationError } from '../../../src/console/api/errors';
import { externalPanelOrdersResource } from '../../../src/console/areas/external-panel-orders/resource';
import { ALL_PERMISSIONS, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
});

function attempt(id: number, recreatable: boolean): ExternalPanelOrderRow {
  return {
    id,
    status: 'canceled',
    provider: { id: 2, name: 'Old panel', currency: 'EUR' },
    order: { id: 77 },
    externalId: null,
    quantity: 500,
    url: 'https://example.com/p',
    charge: null,
    startCount: null,
    remains: 300,
    error: 'Not enough funds',
    answerRaw: null,
    heldAt: null,
    recreatedFromId: null,
    createdAt: '2025-01-02 10:00:00',
    updatedAt: '2025-01-02 10:00:00',
    actions: { recreatable, followable: false },
  };
}

function mountRunner() {
  const ref: { current: RunAction | null } = { current: null };
  function Probe() {
    ref.current = useRunAction();
    return null;
  }
  renderWithEngine(<Probe />);
  return () => ref.current!;
}

describe('external-panel orders', () => {
  it('offer recreate only when the row is recreatable', () => {
    expect(availableActions(externalPanelOrdersResource, attempt(1, true), ALL_PERMISSIONS)[0]).toMatchObject({ enabled: true });
    expect(availableActions(externalPanelOrdersResource, attempt(1, false), ALL_PERMISSIONS)[0]).toMatchObject({ enabled: false });
  });

  it('shows a held attempt with the provider’s answer as it came, and offers Follow again after a confirmation', async () => {
    const held: ExternalPanelOrderRow = {
      ...attempt(3, true),
      status: 'in_progress',
      error: 'The provider answered a status that is not known: "Shipped to Mars".',
      answerRaw: '{"status":"Shipped to Mars","remains":"12"}',
      heldAt: '2025-01-03 09:00:00',
      actions: { recreatable: true, followable: true },
    };
    const actions = availableActions(externalPanelOrdersResource, held, ALL_PERMISSIONS);
    expect(actions.find((a) => a.action.id === 'follow')).toMatchObject({ enabled: true });
    expect(availableActions(externalPanelOrdersResource, attempt(1, true), ALL_PERMISSIONS).find((a) => a.action.id === 'follow')).toMatchObject({
      enabled: false,
    });

    const column = externalPanelOrdersResource.columns.find((c) => c.key === 'held')!;
    renderWithEngine(<>{column.render!(held)}</>);
    await userEvent.hover(screen.getByText(/Held/));
    expect(await screen.findByText('{"status":"Shipped to Mars","remains":"12"}')).toBeInTheDocument();
    expect(screen.getByText(/status that is not known/)).toBeInTheDocument();
    cleanup();

    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'externalPanelOrdersFollow') return { message: 'ok', externalPanelOrder: { ...held, heldAt: null } };
      throw new Error(`unexpected ${name}`);
    });
    const run = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(externalPanelOrdersResource, 'follow', held);
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Follow external-panel order 3 again\?/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('done');
    expect(apiMock.api.mock.calls.find(([n]) => n === 'externalPanelOrdersFollow')?.[1]).toMatchObject({ params: { id: 3 } });
  });

  it('recreate keeps server errors on quantity and providerId inside the dialog, then succeeds', async () => {
    let attemptNo = 0;
    apiMock.api.mockImplementation(async (name: string, options: any) => {
      if (name === 'providersAvailableForOrderRecreate')
        return { items: [{ id: 9, name: 'New panel', type: 'socpanel', balance: '1', currency: 'USD' }], currentPage: 1, lastPage: 1 };
      if (name === 'externalPanelOrdersRecreate') {
        attemptNo += 1;
        if (attemptNo === 1) {
          throw new ValidationError('The given data was invalid.', {
            quantity: ['The quantity may not be greater than 500.'],
            providerId: ['The selected provider is not usable.'],
          });
        }
        return { message: 'ok', externalPanelOrder: attempt(2, false), options };
      }
      throw new Error(`unexpected ${name}`);
    });
    const run = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(externalPanelOrdersResource, 'recreate', attempt(1, true));
    });
    const dialog = await screen.findByRole('dialog');
    const quantity = await within(dialog).findByRole('textbox', { name: 'Quantity' });
    expect(quantity).toHaveValue('300');
    await userEvent.click(await within(dialog).findByRole('option', { name: /New panel/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recreate' }));

    expect(await within(dialog).findByText('The quantity may not be greater than 500.')).toBeInTheDocument();
    expect(within(dialog).getByText('The selected provider is not usable.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Recreate' }));
    await expect(outcome!).resolves.toBe('done');
    const calls = apiMock.api.mock.calls.filter(([n]) => n === 'externalPanelOrdersRecreate');
    expect(calls[1][1]).toMatchObject({ params: { id: 1 }, body: { quantity: 300, providerId: 9 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
