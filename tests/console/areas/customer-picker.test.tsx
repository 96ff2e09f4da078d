import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerPicker } from '../../../src/console/areas/incentives/CustomerPicker';
import { only, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(cleanup);

const ann = { id: 5, email: 'ann@customer.test', name: 'Ann', telegramUsername: null, status: 'active' };
const searched = (name: string) => apiMock.api.mock.calls.filter(([called]) => called === name).map(([, init]) => init.query.search);

function Picker({ onChange }: { onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <CustomerPicker
      label="Referral manager"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('the customer picker', () => {
  it('searches the users on the server as the text is typed and gives the picked id', async () => {
    apiMock.api.mockImplementation(async (_name: string, init: { query: { search: string } }) => (init.query.search === 'ann' ? [ann] : []));
    const onChange = vi.fn();
    renderWithEngine(<Picker onChange={onChange} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Referral manager' }), 'ann');
    await userEvent.click(await screen.findByRole('option', { name: /ann@customer\.test/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('5'));
    // Only the users search, and with what was typed, not a list loaded up front and filtered here.
    expect(new Set(apiMock.api.mock.calls.map(([name]) => name))).toEqual(new Set(['usersSearch']));
    expect(searched('usersSearch')).toContain('ann');
    expect((screen.getByRole('combobox', { name: 'Referral manager' }) as HTMLInputElement).value).toBe('ann@customer.test');
  });

  it("a coupon manager who may not see users finds customers through the incentives' own search", async () => {
    apiMock.api.mockImplementation(async (_name: string, init: { query: { search: string } }) =>
      init.query.search === 'ann' ? [{ id: 5, email: 'ann@customer.test', name: 'Ann' }] : [],
    );
    const onChange = vi.fn();
    renderWithEngine(<Picker onChange={onChange} />, { can: only('manageCoupons') });
    await userEvent.type(screen.getByRole('combobox', { name: 'Referral manager' }), 'ann');
    await userEvent.click(await screen.findByRole('option', { name: /ann@customer\.test/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('5'));
    expect(searched('usersSearch')).toEqual([]);
    expect(searched('incentivesUsers')).toContain('ann');
  });
});
