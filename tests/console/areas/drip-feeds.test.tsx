import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRunAction, type ActionOutcome, type RunAction } from '../../../src/console/actions/useRunAction';
import { formatRunInterval } from '../../../src/console/areas/drip-feeds/interval';
import { dripFeedsResource } from '../../../src/console/areas/drip-feeds/resource';
import type { DripFeedRow } from '../../../src/contract/drip-feeds';
import { renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
});

describe('drip feeds', () => {
  it('shows the run interval as days, hours and minutes', () => {
    expect(formatRunInterval(1565)).toBe('1 d 2 h 5 min');
    expect(formatRunInterval(60)).toBe('1 h');
    expect(formatRunInterval(2880)).toBe('2 d');
    expect(formatRunInterval(45)).toBe('45 min');
  });

  it('opens on in_processing and cancels (not undoable) through the drip feed path', async () => {
    expect(dripFeedsResource.defaultFilters).toEqual({ status: ['in_processing'] });
    apiMock.api.mockResolvedValue({ message: 'ok' });
    const ref: { current: RunAction | null } = { current: null };
    function Probe() {
      ref.current = useRunAction();
      return null;
    }
    renderWithEngine(<Probe />);
    const row = { id: 8, status: 'in_processing', actions: { cancelable: true } } as DripFeedRow;
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = ref.current!.row(dripFeedsResource, 'cancel', row);
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('done');
    expect(apiMock.api).toHaveBeenCalledWith('dripFeedsCancel', expect.objectContaining({ params: { dripFeedId: 8 } }));
  });
});
