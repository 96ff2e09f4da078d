import { act, renderHook } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../../src/console/api/errors';
import { useDialogSubmit } from '../../../src/console/forms/useDialogSubmit';

afterEach(() => vi.restoreAllMocks());

describe('useDialogSubmit (a form dialog a record screen opens)', () => {
  it('keeps a 422 on its fields and the dialog open; a later success says so, runs what follows and clears the errors', async () => {
    const shown = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    const { result } = renderHook(() => useDialogSubmit());
    const done = vi.fn();

    let sent = true;
    await act(async () => {
      sent = await result.current.submit(
        () => Promise.reject(new ValidationError('The given data was invalid.', { amount: ['The amount must be above zero.'] })),
        done,
      );
    });
    expect(sent).toBe(false);
    expect(result.current.state).toEqual({ errors: { amount: ['The amount must be above zero.'] }, message: 'The given data was invalid.', submitting: false });
    expect(done).not.toHaveBeenCalled();

    await act(async () => {
      sent = await result.current.submit(() => Promise.resolve({ message: 'Billing record saved.' }), done);
    });
    expect(sent).toBe(true);
    expect(done).toHaveBeenCalledWith({ message: 'Billing record saved.' });
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: 'Billing record saved.' }));
    expect(result.current.state).toEqual({ errors: null, message: null, submitting: false });
  });

  it('keeps another failure as a message without field errors, and reset clears it for the next opening', async () => {
    const { result } = renderHook(() => useDialogSubmit());
    await act(async () => {
      await result.current.submit(() => Promise.reject(new Error('The server could not be reached.')), vi.fn());
    });
    expect(result.current.state).toEqual({ errors: null, message: 'The server could not be reached.', submitting: false });
    act(() => result.current.reset());
    expect(result.current.state).toEqual({ errors: null, message: null, submitting: false });
  });
});
