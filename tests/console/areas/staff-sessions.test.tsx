import { Notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '../../../src/contract/session';
import { PlainError } from '../../../src/console/api/errors';
import { StaffSessionsPanel } from '../../../src/console/areas/staff/StaffSessionsPanel';
import { cancelAllConfirms } from '../../../src/console/ui/confirm';
import { renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

/**
 * A staff member's signed-in devices on their screen: the sessions are listed (device, address,
 * signed in, last active), one is ended only after a confirmation and leaves the list; the
 * administrator's own current session has no end button there. "Reset two-factor" asks first,
 * says what follows, and answers clearly when the member has nothing to reset.
 */

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  act(() => cancelAllConfirms());
  cleanup();
});

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

const session = (id: number, overrides: Partial<StaffSession> = {}): StaffSession => ({
  id,
  createdAt: '2026-11-20 09:00:00',
  lastUsedAt: '2026-11-24 15:00:00',
  expiresAt: '2026-11-24 17:00:00',
  ipAddress: `10.0.0.${id}`,
  userAgent: CHROME_WINDOWS,
  current: false,
  ...overrides,
});

/** The scripted server: the member's open sessions, ended ones removed. */
function server(initial: StaffSession[], { twoFactorOn = true } = {}) {
  let open = [...initial];
  apiMock.api.mockImplementation(async (name: string, input: { params: { staffId: number; sessionId?: number } }) => {
    if (name === 'staffSessions') return open;
    if (name === 'staffSessionsEnd') {
      open = open.filter((s) => s.id !== input.params.sessionId);
      return { message: 'The session was ended.' };
    }
    if (name === 'staffTwoFactorReset') {
      if (!twoFactorOn) throw new PlainError('Two-factor sign-in not found.', 404);
      open = [];
      return { message: 'Two-factor sign-in was turned off; the member signs in with the password and may set it up again.' };
    }
    throw new Error(`unexpected call ${name}`);
  });
}

const callsOf = (name: string) => apiMock.api.mock.calls.filter(([n]) => n === name);

function mount() {
  return renderWithEngine(
    <>
      <Notifications />
      <StaffSessionsPanel staffId={7} name="Dana Scott" />
    </>,
  );
}

describe('a staff member’s signed-in devices', () => {
  it('lists the sessions and ends one only after the confirmation', async () => {
    const user = userEvent.setup();
    server([
      session(1, { current: true }),
      session(2, { userAgent: FIREFOX_LINUX, ipAddress: '203.0.113.9' }),
      session(3, { ipAddress: null, userAgent: null }),
    ]);
    mount();

    const table = await screen.findByRole('table', { name: 'Sessions of Dana Scott' });
    expect(callsOf('staffSessions')[0][1]).toMatchObject({ params: { staffId: 7 } });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Device', 'Address', 'Signed in', 'Last active', 'Actions']);
    expect(rows[0]).toHaveTextContent('Chrome on Windows');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[1]).toHaveTextContent('Firefox on Linux');
    expect(rows[1]).toHaveTextContent('203.0.113.9');
    expect(rows[2]).toHaveTextContent('Unknown device');
    // The administrator's own session here is ended by signing out, not from this list.
    expect(within(rows[0]).queryByRole('button')).toBeNull();

    const endFirefox = within(rows[1]).getByRole('button', { name: 'End the session on Firefox on Linux from 203.0.113.9' });
    expect(endFirefox).toHaveTextContent(/^End$/);

    // Cancelled: nothing is ended.
    await user.click(endFirefox);
    const asked = await screen.findByRole('dialog', { name: 'End the session on Firefox on Linux?' });
    expect(asked).toHaveTextContent('Dana Scott is signed out on Firefox on Linux (203.0.113.9) at once');
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('staffSessionsEnd')).toHaveLength(0);

    // Agreed: that session ends and leaves the list; the others stay.
    await user.click(endFirefox);
    const again = await screen.findByRole('dialog', { name: 'End the session on Firefox on Linux?' });
    await user.click(within(again).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(callsOf('staffSessionsEnd')).toHaveLength(1));
    expect(callsOf('staffSessionsEnd')[0][1]).toMatchObject({ params: { staffId: 7, sessionId: 2 } });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Sessions of Dana Scott' })).getAllByRole('row')).toHaveLength(3));
    expect(screen.queryByText('Firefox on Linux')).toBeNull();
    expect(await screen.findByText('Dana Scott is signed out on Firefox on Linux.')).toBeInTheDocument();
  });

  it('says so when the member has no open session', async () => {
    server([]);
    mount();
    expect(await screen.findByText('No open sessions.')).toBeInTheDocument();
  });

  it('resets two-factor only after a confirmation that says the member is signed out everywhere and sets it up again', async () => {
    const user = userEvent.setup();
    server([session(4)]);
    mount();
    await screen.findByRole('table', { name: 'Sessions of Dana Scott' });

    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const asked = await screen.findByRole('dialog', { name: 'Reset the two-factor sign-in of Dana Scott?' });
    expect(asked).toHaveTextContent('signed out everywhere');
    expect(asked).toHaveTextContent('must set up two-factor sign-in again');
    expect(asked).toHaveTextContent('This cannot be undone.');
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('staffTwoFactorReset')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const again = await screen.findByRole('dialog', { name: 'Reset the two-factor sign-in of Dana Scott?' });
    await user.click(within(again).getByRole('button', { name: 'Reset two-factor' }));
    await waitFor(() => expect(callsOf('staffTwoFactorReset')).toHaveLength(1));
    expect(callsOf('staffTwoFactorReset')[0][1]).toMatchObject({ params: { staffId: 7 } });
    expect(await screen.findByText(/Two-factor sign-in was turned off/)).toBeInTheDocument();
    // Their sessions ended with it.
    expect(await screen.findByText('No open sessions.')).toBeInTheDocument();
  });

  it('answers clearly when the member does not use two-factor sign-in', async () => {
    const user = userEvent.setup();
    server([session(5)], { twoFactorOn: false });
    mount();
    await screen.findByRole('table', { name: 'Sessions of Dana Scott' });
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const asked = await screen.findByRole('dialog', { name: 'Reset the two-factor sign-in of Dana Scott?' });
    await user.click(within(asked).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText('Dana Scott does not use two-factor sign-in: there is nothing to reset.')).toBeInTheDocument();
    // The session list is untouched.
    expect(within(screen.getByRole('table', { name: 'Sessions of Dana Scott' })).getAllByRole('row')).toHaveLength(2);
  });
});
