import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceRow } from '../../../src/contract/finance';
import { MarkInvoicePaidDialog } from '../../../src/console/areas/finance/MarkInvoicePaidDialog';
import { renderWithEngine } from '../helpers/tableFixtures';

afterEach(cleanup);

const invoice: InvoiceRow = {
  id: 41,
  status: 'pending',
  user: { id: 7, email: 'bob@example.com' },
  paymentMethod: null,
  amount: '316.5900',
  shortName: 'INV-41',
  paidAt: null,
  createdAt: '2026-11-20T10:00:00Z',
  canBeMarkedAsPaid: true,
};

function open() {
  const onSubmit = vi.fn(async () => true);
  renderWithEngine(
    <MarkInvoicePaidDialog row={invoice} rows={[invoice]} onSubmit={onSubmit} onCancel={() => {}} errors={null} errorMessage={null} submitting={false} />,
  );
  return { onSubmit, amount: screen.getByRole('textbox', { name: 'Amount' }) };
}

describe('mark an invoice as paid', () => {
  it("credits the invoice's amount at once", async () => {
    const { onSubmit } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as paid' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]).toEqual([expect.objectContaining({ amount: expect.stringMatching(/^316\.59/) })]);
  });

  it('asks first for another amount, saying by how much it differs, and credits it on the second press', async () => {
    const { onSubmit, amount } = open();
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as paid' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent("$5.00 is $311.59 less than the invoice's $316.59.");
    await userEvent.click(screen.getByRole('button', { name: 'Credit $5.00' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]).toEqual([expect.objectContaining({ amount: '5' })]);
  });
});
