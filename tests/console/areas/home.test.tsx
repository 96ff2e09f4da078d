import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it("writes every chart's money in the one format: the figures behind each chart, and none raw", async () => {
    const period = { from: '2026-10-29', to: '2026-11-27' };
    mountConsole('/', ['viewOrders', 'viewFinances', 'manageExternalPanels', 'viewUsers'], {
      'GET /api/v1/admin/orders/statistics': json({
        ...period,
        days: [{ date: '2026-11-26', orders: 1234, revenue: '98765.4321' }],
        totals: { orders: 1234, revenue: '98765.4321' },
      }),
      'GET /api/v1/admin/dashboard/refunds': json({ ...period, days: [{ date: '2026-11-26', canceled: 3, refunded: '4567.8' }] }),
      'GET /api/v1/admin/dashboard/order-statuses': json({ statuses: [{ status: 'completed', orders: 1234 }] }),
      'GET /api/v1/admin/dashboard/top-services': json({
        ...period,
        rankedBy: 'revenue',
        services: [{ serviceId: 1, name: 'Instagram Followers', orders: 1234, revenue: '12345.675' }],
      }),
      'GET /api/v1/admin/dashboard/provider-spend': json({ ...period, providers: [{ providerId: 2, name: 'Panvy', orders: 1234, spend: '7572.279' }] }),
      'GET /api/v1/admin/dashboard/new-users': json({ ...period, days: [{ date: '2026-11-26', users: 1234 }] }),
    });
    const switches = await screen.findAllByRole('radiogroup', { name: /^Show .* as$/ }, { timeout: 15_000 });
    expect(switches.length).toBeGreaterThanOrEqual(5);
    for (const group of switches) await userEvent.click(within(group).getByRole('radio', { name: 'Table' }));
    const figures = await screen.findAllByRole('table');
    const text = figures.map((t) => t.textContent ?? '').join(' | ');
    for (const amount of ['$98 765.43', '$4 567.80', '$12 345.68', '$7 572.28']) expect(text).toContain(amount);
    expect(text).toContain('1 234');
    expect(text).not.toMatch(/98765|4567\.8(?!0)|12345\.6|7,572|7572/);
  });
});
