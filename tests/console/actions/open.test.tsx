import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { availableActions } from '../../../src/console/actions/available';
import { useRunAction, type ActionOutcome, type RunAction } from '../../../src/console/actions/useRunAction';
import { defineResourceOf, type TableEndpointName } from '../../../src/console/resource/resource';
import { defineTableSpec } from '../../../src/contract/columns';
import { ALL_PERMISSIONS, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

/** A row action that opens a screen for its row (`open`), instead of calling an endpoint. */

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
});

const things = defineResourceOf<{ id: number; code: string; kind: string }>()({
  name: 'things',
  title: 'Things',
  nouns: ['thing'],
  endpoint: 'x' as unknown as TableEndpointName,
  table: defineTableSpec({ columns: { id: { sortable: true } } }),
  columns: [{ key: 'id', header: 'ID' }],
  rowActions: [{ id: 'preview', label: 'Price preview', hidden: (t) => t.kind !== 'order', open: (t) => `/price-preview?couponCode=${t.code}` }],
});

describe('a row action that opens a screen', () => {
  it('navigates to the row’s screen at once: no dialog, no confirmation, no call', async () => {
    const navigate = vi.fn();
    const ref: { current: RunAction | null } = { current: null };
    function Probe() {
      ref.current = useRunAction();
      return null;
    }
    renderWithEngine(<Probe />, { navigate });
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = ref.current!.row(things, 'preview', { id: 3, code: 'SAVE10', kind: 'order' });
    });
    await expect(outcome!).resolves.toBe('done');
    expect(navigate).toHaveBeenCalledWith('/price-preview?couponCode=SAVE10');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(apiMock.api).not.toHaveBeenCalled();
  });

  it('is offered only where hidden(row) allows', () => {
    expect(availableActions(things, { id: 1, code: 'A', kind: 'order' }, ALL_PERMISSIONS).map((a) => a.action.id)).toEqual(['preview']);
    expect(availableActions(things, { id: 2, code: 'B', kind: 'top_up' }, ALL_PERMISSIONS)).toEqual([]);
  });
});
