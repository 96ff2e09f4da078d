import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FreeTrialCollections, FreeTrialRow } from '../../../src/contract/free-trials';
import type { Permission } from '../../../src/contract/permissions';
import { availableActions } from '../../../src/console/actions/available';
import { FreeTrialDialog } from '../../../src/console/areas/free-trials/FreeTrialDialog';
import { RejectFreeTrialDialog } from '../../../src/console/areas/free-trials/RejectFreeTrialDialog';
import { freeTrialsResource } from '../../../src/console/areas/free-trials/resource';
import { ALL_PERMISSIONS, only, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

// Mantine's autosize textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const collections: FreeTrialCollections = {
  statuses: ['pending', 'rejected', 'approved'],
  questKinds: ['subscribe'],
  services: [
    { id: 3, name: 'Instagram likes' },
    { id: 4, name: 'YouTube views' },
  ],
  quests: [{ id: 9, name: 'Follow us', serviceId: 4, quantity: 250 }],
};

function request(overrides: Partial<FreeTrialRow> = {}): FreeTrialRow {
  return {
    id: 12,
    status: 'pending',
    user: { id: 5, email: 'ann@customer.test' },
    service: { id: 3, name: 'Instagram likes' },
    quest: null,
    url: 'https://instagram.com/p/1',
    quantity: 100,
    comment: null,
    adminNote: null,
    orderId: null,
    isArchived: false,
    createdAt: '2026-01-02 10:00:00',
    decidedAt: null,
    decidedBy: null,
    actions: { approvable: true, rejectable: true, editable: true, archivable: true, restorable: false },
    ...overrides,
  };
}

const dialogProps = (onSubmit = vi.fn(async () => true)) => ({ onSubmit, onCancel: vi.fn(), errors: null, errorMessage: null, submitting: false });

describe('free-trial requests in the console', () => {
  it('offers approve and reject by the row flags and the permission, and nothing once decided', () => {
    const ids = (row: FreeTrialRow, can: (permission: Permission) => boolean = ALL_PERMISSIONS) =>
      availableActions(freeTrialsResource, row, can)
        .filter((a) => a.enabled)
        .map((a) => a.action.id);
    expect(ids(request())).toEqual(expect.arrayContaining(['approve', 'reject', 'edit', 'archive']));
    const decided = request({ status: 'approved', actions: { approvable: false, rejectable: false, editable: false, archivable: true, restorable: false } });
    expect(ids(decided)).not.toEqual(expect.arrayContaining(['approve']));
    expect(ids(decided)).not.toContain('reject');
    expect(ids(request(), only('viewOrders'))).toEqual([]);
  });

  it('approve is confirmed, says what it places and cannot be undone', () => {
    const approve = freeTrialsResource.rowActions!.find((a) => a.id === 'approve')!;
    expect(approve.confirm?.undoable).toBe(false);
    expect((approve.confirm!.text as (r: FreeTrialRow) => string)(request())).toBe(
      'Approve free trial 12: 100 × Instagram likes for ann@customer.test? A free order is placed.',
    );
  });

  it('reject sends the reason as admin_note, and no note as null', async () => {
    const onSubmit = vi.fn(async () => true);
    const { unmount } = renderWithEngine(<RejectFreeTrialDialog row={request()} rows={[request()]} {...dialogProps(onSubmit)} />);
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Private profile');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ admin_note: 'Private profile' }));
    unmount();
    localStorage.clear();
    const empty = vi.fn(async () => true);
    renderWithEngine(<RejectFreeTrialDialog row={request()} rows={[request()]} {...dialogProps(empty)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(empty).toHaveBeenCalledWith({ admin_note: null }));
  });

  it('a member who may not see users types the e-mail: nothing is searched', async () => {
    apiMock.api.mockResolvedValue(collections);
    const onSubmit = vi.fn(async () => true);
    renderWithEngine(<FreeTrialDialog row={request()} rows={[request()]} {...dialogProps(onSubmit)} />, { can: only('manageFreeTrials') });
    const email = (await screen.findByRole('textbox', { name: /^User/ })) as HTMLInputElement;
    expect(email.value).toBe('ann@customer.test');
    await userEvent.clear(email);
    await userEvent.type(email, 'cy@customer.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ userEmail: 'cy@customer.test' })));
    expect(apiMock.api.mock.calls.map(([name]) => name)).not.toContain('usersSearch');
  });

  it("shows the server's errors on their fields and keeps the form (store and update answer the error body)", async () => {
    apiMock.api.mockImplementation(async (name: string) => (name === 'usersSearch' ? [] : collections));
    renderWithEngine(
      <FreeTrialDialog
        row={request()}
        rows={[request()]}
        {...dialogProps()}
        errors={{ userEmail: ['No user has this e-mail.'], quantity: ['The quantity may be at most 50 for this service.'] }}
        errorMessage="The given data was invalid."
      />,
    );
    expect(await screen.findByText('No user has this e-mail.')).toBeTruthy();
    expect(screen.getByText('The quantity may be at most 50 for this service.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: /^User/ }) as HTMLInputElement).value).toBe('ann@customer.test');
  });

  it("choosing a quest fills its reward's service and quantity, and the body carries ids as numbers", async () => {
    const bob = { id: 7, email: 'bob@customer.test', name: 'Bob', telegramUsername: null, status: 'active' };
    apiMock.api.mockImplementation(async (name: string, init?: { query?: { search?: string } }) =>
      name === 'usersSearch' ? (init?.query?.search === 'bob' ? [bob] : []) : collections,
    );
    const onSubmit = vi.fn(async () => true);
    renderWithEngine(<FreeTrialDialog row={undefined as unknown as FreeTrialRow} rows={[]} {...dialogProps(onSubmit)} />);
    // The user is searched on the server as it is typed, not picked from a list loaded up front.
    await userEvent.type(await screen.findByRole('combobox', { name: /^User/ }), 'bob');
    await userEvent.click(await screen.findByRole('option', { name: /bob@customer\.test/ }));
    expect(apiMock.api).toHaveBeenCalledWith('usersSearch', expect.objectContaining({ query: { search: 'bob' } }));
    await userEvent.click(screen.getByRole('combobox', { name: /^Quest/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Follow us' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^URL/ }), 'https://youtube.com/watch?v=1');
    await userEvent.click(screen.getByRole('button', { name: 'Create request' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        userEmail: 'bob@customer.test',
        serviceId: 4,
        questId: 9,
        url: 'https://youtube.com/watch?v=1',
        quantity: 250,
        comment: null,
      }),
    );
  });
});
