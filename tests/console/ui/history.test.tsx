import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry, RecordHistory as RecordHistoryAnswer } from '../../../src/contract/logs';
import { RecordHistory } from '../../../src/console/history/RecordHistory';
import { changedFields, fieldLabel, FOLD_AT, ValuesDiff } from '../../../src/console/history/ValuesDiff';
import { only, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
});

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('ValuesDiff: the changed fields of an audit entry', () => {
  it('lists only the fields whose value changed, before and after', () => {
    renderWithEngine(
      <ValuesDiff
        oldValues={{ url: 'https://a.test/1', quantity: 100, status: 'pending' }}
        newValues={{ url: 'https://a.test/2', quantity: 100, status: 'approved' }}
        label="Diff"
      />,
    );
    const table = screen.getByRole('table', { name: 'Diff' });
    const rows = rowsOf(table);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['URL', 'Status']);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['URL', 'https://a.test/1', 'https://a.test/2']);
    expect(table.textContent).not.toContain('Quantity');
    expect(fieldLabel('admin_note')).toBe('Admin note');
    expect(fieldLabel('user_id')).toBe('User ID');
  });

  it('a created record shows each field with no before; no change at all says so', () => {
    expect(changedFields(null, { name: 'x' })).toEqual(['name']);
    const { unmount } = renderWithEngine(<ValuesDiff oldValues={{ a: 1 }} newValues={{ a: 1 }} />);
    expect(screen.getByText('No field changed')).toBeTruthy();
    unmount();
  });

  it('never shows a secret: secret-named fields and secrets nested in a value read "changed"', () => {
    renderWithEngine(
      <ValuesDiff
        oldValues={{ apiToken: 'tok-old-123', secrets: { key: 'sk-old' }, settings: { mode: 'a', api_key: 'ak-old-999' } }}
        newValues={{ apiToken: 'tok-new-456', secrets: { key: 'sk-new' }, settings: { mode: 'b', api_key: 'ak-new-000' } }}
        label="Diff"
      />,
    );
    const table = screen.getByRole('table', { name: 'Diff' });
    const text = table.textContent ?? '';
    for (const secret of ['tok-old-123', 'tok-new-456', 'sk-old', 'sk-new', 'ak-old-999', 'ak-new-000']) expect(text).not.toContain(secret);
    const [token, secrets, settings] = rowsOf(table);
    expect(within(token).getAllByText('changed')).toHaveLength(2);
    expect(within(secrets).getAllByText('changed')).toHaveLength(2);
    // The rest of a value with a nested secret is shown.
    expect(within(settings).getAllByRole('cell')[2].textContent).toBe('{"mode":"b","api_key":"changed"}');
  });

  it('folds a long value to its beginning, with a toggle that shows it whole and folds it again', async () => {
    const long = 'x'.repeat(FOLD_AT) + 'THE-END';
    renderWithEngine(<ValuesDiff oldValues={{ description: 'short' }} newValues={{ description: long }} label="Diff" />);
    const table = screen.getByRole('table', { name: 'Diff' });
    expect(table.textContent).not.toContain('THE-END');
    const toggle = within(table).getByRole('button', { name: `Show all (${long.length} characters)` });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // A short value is not folded.
    expect(within(table).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(toggle);
    expect(table.textContent).toContain(long);
    const fold = within(table).getByRole('button', { name: 'Fold' });
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(fold);
    expect(table.textContent).not.toContain('THE-END');
  });
});

describe("RecordHistory: a record's audit and change-log entries in one timeline", () => {
  const audit: HistoryEntry = {
    kind: 'audit',
    id: 7,
    createdAt: '2026-01-02 10:00:00',
    user: { id: 1, name: 'Ann', email: 'ann@panel.test' },
    event: 'updated',
    ipAddress: '10.0.0.1',
    userAgent: 'test',
    oldValues: { url: 'https://old.test' },
    newValues: { url: 'https://new.test' },
  };
  const change: HistoryEntry = {
    kind: 'change',
    id: 9,
    createdAt: '2026-01-01 09:00:00',
    user: null,
    actionType: 'change_url',
    information: 'Order 5 URL changed by the system.',
  };
  const answer = (items: HistoryEntry[], includes = { audits: true, changeLogs: true }): RecordHistoryAnswer => ({
    type: 'order',
    id: 5,
    items,
    hasMore: false,
    includes,
  });

  it('shows both kinds, who and what, and the changed fields of an audit entry', async () => {
    apiMock.api.mockResolvedValue(answer([audit, change]));
    renderWithEngine(<RecordHistory type="order" id={5} />);
    const section = await screen.findByRole('region', { name: 'History' });
    await within(section).findByText('Order 5 URL changed by the system.');
    expect(within(section).getByText('Change log')).toBeTruthy();
    expect(within(section).getByText('Audit')).toBeTruthy();
    expect(within(section).getByText(/by Ann/)).toBeTruthy();
    expect(within(section).getByText(/by System/)).toBeTruthy();
    const diff = within(section).getByRole('table', { name: 'Changed fields, Updated' });
    expect(within(diff).getByText('https://old.test')).toBeTruthy();
    expect(within(diff).getByText('https://new.test')).toBeTruthy();
    expect(apiMock.api).toHaveBeenCalledWith('recordHistory', expect.objectContaining({ params: { recordType: 'order', recordId: 5 } }));
    // The record's whole past, filtered, in each log.
    expect(within(section).getByRole('link', { name: 'All in the audit log' }).getAttribute('href')).toBe('/audit-log?auditableType=order&auditableId=5');
    expect(within(section).getByRole('link', { name: 'All in the change log' }).getAttribute('href')).toBe('/change-logs?type=order&target=5');
  });

  it('is not shown to a member with neither log permission, and says which part a member lacks', async () => {
    const { unmount } = renderWithEngine(<RecordHistory type="order" id={5} />, { can: only('viewOrders') });
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(apiMock.api).not.toHaveBeenCalled();
    unmount();
    apiMock.api.mockResolvedValue(answer([change], { audits: false, changeLogs: true }));
    renderWithEngine(<RecordHistory type="order" id={5} />, { can: only('viewChangeLogs') });
    expect(await screen.findByText('Change-log entries only: the audit log needs its permission.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'All in the audit log' })).toBeNull();
  });

  it('reloads after a change made on the screen succeeds', async () => {
    apiMock.api.mockResolvedValueOnce(answer([change]));
    const { queryClient } = renderWithEngine(<RecordHistory type="order" id={5} />);
    await screen.findByText('Order 5 URL changed by the system.');
    apiMock.api.mockResolvedValueOnce(answer([audit, change]));
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => 'ok' })
      .execute(undefined);
    await waitFor(() => expect(screen.getByRole('table', { name: 'Changed fields, Updated' })).toBeTruthy());
  });
});
