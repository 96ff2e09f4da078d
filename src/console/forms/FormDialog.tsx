import { Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { DialogActions } from '../ui/DialogActions';
import type { ActionDialogProps } from '../resource/actions';
import { useCloseRequests } from './closeGuard';
import { DiscardQuestion } from './DiscardQuestion';
import { DraftNotice, FormAlert } from './FormNotices';
import { focusFirstError, type ContractForm } from './useContractForm';
import { useUnloadWarning } from './useUnloadWarning';

/**
 * The body of every form dialog: the fields (children), the general alert, Cancel and Submit. A
 * 422 keeps it open with the errors on their fields; a success forgets the form's draft. Leaving
 * with changes (Cancel, or Esc and the X of a GuardedModal) asks "Discard your changes?" first;
 * keeping on editing keeps the draft.
 */
export interface FormDialogProps<Values, Body> extends Pick<ActionDialogProps<unknown, Body>, 'onSubmit' | 'onCancel' | 'submitting'> {
  form: ContractForm<Values, Body>;
  /** The server's field errors of the last attempt: with any, `errorMessage` only sums them up. */
  errors?: Record<string, string[]> | null;
  errorMessage?: string | null;
  submitLabel?: string;
  cancelLabel?: string;
  /** Submit button colour ('red' for destructive moves). */
  color?: string;
  children: ReactNode;
}

export function FormDialog<Values, Body>({
  form,
  onSubmit,
  onCancel,
  submitting,
  errors,
  errorMessage,
  submitLabel = 'Save',
  cancelLabel = 'Cancel',
  color,
  children,
}: FormDialogProps<Values, Body>) {
  // The close waiting for an answer to "Discard your changes?".
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);
  const dirty = form.isDirty();
  useUnloadWarning(dirty);

  const requestClose = (close: () => void) => {
    if (submitting) return;
    // A second Esc while asking means "no, stay".
    if (pendingClose) setPendingClose(null);
    else if (!form.isDirty()) close();
    else setPendingClose(() => close);
  };
  useCloseRequests(requestClose);

  const keepEditing = () => {
    setPendingClose(null);
    form.element.current?.querySelector<HTMLElement>('[data-path], [name]')?.focus();
  };
  const discard = () => {
    form.draft.clear();
    pendingClose?.();
  };
  const submit = form.onSubmit(
    async (values) => {
      if (await onSubmit(form.toBody(values))) form.draft.clear();
    },
    (invalid) => focusFirstError(form.element.current, invalid),
  );
  const hasFieldErrors = !!errors && Object.keys(errors).length > 0;

  return (
    <form ref={form.element} onSubmit={submit} noValidate>
      <Stack gap="md">
        <DraftNotice form={form} />
        {children}
        <FormAlert form={form} message={hasFieldErrors ? null : errorMessage} />
        {pendingClose ? (
          <DiscardQuestion onKeep={keepEditing} onDiscard={discard} />
        ) : (
          <DialogActions submitLabel={submitLabel} cancelLabel={cancelLabel} color={color} submitting={submitting} onCancel={() => requestClose(onCancel)} />
        )}
      </Stack>
    </form>
  );
}
