import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../helpers/app.fixtures';
import { mountConsole, unmountConsole } from '../helpers/consoleFixture';

afterEach(unmountConsole);

describe('home', () => {
  it('writes the ledger check in the one money and number format: symbol, space-grouped thousands, two decimals', async () => {
    mountConsole('/', ['viewFinances'], {
      'GET /api/v1/admin/payments/ledger-check': json({
        usersChecked: 12345,
        mismatchedUsersCount: 0,
        mismatchedUsers: [],
        pendingWithdrawalsCount: 3,
        heldInPendingWithdrawals: '78667.6000',
        holdMismatches: 0,
        checkedAt: '2026-11-27T10:00:00Z',
      }),
    });
    const line = await screen.findByRole('region', { name: 'Ledger check' }, { timeout: 15_000 });
    expect(line).toHaveTextContent('0 of 12 345 users with a balance different from their transactions.');
    expect(line).toHaveTextContent('Held in 3 pending withdrawals: $78 667.60');
    expect(within(line).getByText('Ledger balanced')).toBeInTheDocument();
  });
});
