import { describe, expect, it } from 'vitest';
import type { InvoiceRow, WithdrawalRow } from '../../../src/contract/finance';
import { invoicesResource, withdrawalsResource } from '../../../src/console/areas/finance/resource';
import { ordersResource } from '../../../src/console/areas/orders/resource';
import type { AnyResource } from '../../../src/console/resource/resource';
import { makeOrder } from '../helpers/orderFixtures';

/** Every action that moves money ends with a notice saying what moved, written as money is everywhere. */

function notice(resource: AnyResource, actionId: string, row: unknown, answer?: unknown): string {
  const action = resource.rowActions.find((a) => a.id === actionId);
  if (!action) throw new Error(`no action ${actionId} on ${resource.name}`);
  const success = (action as { success?: string | ((row: unknown, answer: unknown) => string) }).success;
  if (!success) throw new Error(`${resource.name} ${actionId} says nothing on success`);
  return typeof success === 'string' ? success : success(row, answer);
}

const withdrawal = { id: 12, amount: '1250.5', user: { id: 3, email: 'bob@example.com' } } as unknown as WithdrawalRow;

describe('notices of money that moved', () => {
  it('an invoice marked as paid: what was credited, the bonus and the new balance', () => {
    const invoice = { id: 41, amount: '316.59', user: { id: 3, email: 'bob@example.com' } } as unknown as InvoiceRow;
    expect(notice(invoicesResource, 'markAsPaid', invoice, { credited: '316.5900', bonus: '15.8300', balance: '4000.0000' })).toBe(
      'Invoice 41 marked as paid: $316.59 credited (bonus $15.83); bob@example.com now has $4 000.00.',
    );
  });

  it('a rejected withdrawal: the held amount back on the balance', () => {
    expect(notice(withdrawalsResource, 'reject', withdrawal)).toBe("Withdrawal 12 rejected: $1 250.50 went back to bob@example.com's balance.");
  });

  it('a paid withdrawal: the amount paid out', () => {
    expect(notice(withdrawalsResource, 'markAsPaid', withdrawal)).toBe('Withdrawal 12 marked as paid: $1 250.50 paid out to bob@example.com, no longer held.');
  });

  it("a canceled order: the refund to the customer's balance, or that nothing was refunded", () => {
    const order = makeOrder(5512, { cancelable: true });
    expect(notice(ordersResource, 'cancel-and-return-money', order, { refunded: '12.5000' })).toBe(
      "Order 5512 canceled: $12.50 went back to buyer@example.com's balance.",
    );
    expect(notice(ordersResource, 'cancel', order, { refunded: '0.0000' })).toBe('Order 5512 canceled, nothing refunded.');
  });
});
