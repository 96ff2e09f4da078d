import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActionHost, ConfirmRequest, DialogRequest, HostOutcome } from './engineContext';
import { GuardedModal } from '../forms/closeGuard';
import { cancelAllConfirms, confirm as askToConfirm } from '../ui/confirm';
import { ConfirmDialogHost } from '../ui/ConfirmDialog';

/**
 * Shows one action dialog at a time and reports how it ended; confirmations go to the console's
 * one confirmation dialog (ui/confirm.ts), which stays up while the action runs. Mounted by
 * ListEngineProvider, so actions work from the table, the keyboard and the palette alike.
 */

type HostState = {
  kind: 'dialog';
  request: DialogRequest;
  resolve: (outcome: HostOutcome) => void;
  busy: boolean;
  errors: Record<string, string[]> | null;
  message: string | null;
};

/** A list action's confirmation, asked through the shared dialog. */
function confirmAction(request: ConfirmRequest): Promise<HostOutcome> {
  return askToConfirm({
    title: request.title,
    body: request.text,
    undoable: request.undoable,
    agree: request.confirmLabel,
    disagree: request.cancelLabel,
    agreeColor: request.color,
    onAgree: request.onProceed,
  }).then((agreed) => (agreed ? 'done' : 'cancelled'));
}

export function useActionHost(): { host: ActionHost; element: ReactNode } {
  const [state, setState] = useState<HostState | null>(null);
  const current = useRef<HostState | null>(null);
  const lastDialog = useRef<HostState | null>(null);

  // The engine goes with the session: a question left open is answered "no".
  useEffect(() => () => cancelAllConfirms(), []);

  const update = (next: HostState | null) => {
    current.current = next;
    setState(next);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once: `update` only writes a ref and calls a state setter
  const host = useMemo<ActionHost>(
    () => ({
      // One move at a time: no confirmation over an open action dialog.
      confirm: (request) => (current.current ? Promise.resolve<HostOutcome>('cancelled') : confirmAction(request)),
      dialog: (request) =>
        new Promise<HostOutcome>((resolve) => {
          if (current.current) return resolve('cancelled');
          update({ kind: 'dialog', request, resolve, busy: false, errors: null, message: null });
        }),
    }),
    [],
  );

  const close = (outcome: HostOutcome) => {
    const s = current.current;
    if (!s) return;
    update(null);
    s.resolve(outcome);
  };

  const submit = async (input: unknown): Promise<boolean> => {
    const s = current.current;
    if (!s || s.kind !== 'dialog' || s.busy) return false;
    update({ ...s, busy: true });
    const result = await s.request.submit(input);
    if (result.ok) {
      close('done');
      return true;
    }
    if (!result.keepOpen) {
      close('failed');
      return false;
    }
    const latest = current.current;
    if (latest?.kind === 'dialog') update({ ...latest, busy: false, errors: result.errors, message: result.message });
    return false;
  };

  // The modal stays mounted (closed) from the start, so each opening is a change Mantine sees: it
  // then gives the focus back to where it was (the list) on every close, the first included. The
  // last request stays rendered while the modal plays its closing transition.
  if (state) lastDialog.current = state;
  const dialog = lastDialog.current;
  const Component = dialog?.request.Component;
  const element: ReactNode = (
    <>
      <ConfirmDialogHost />
      {/* Esc and the close button ask a form with changes before it is closed. */}
      <GuardedModal
        opened={state?.kind === 'dialog'}
        onClose={() => {
          if (!dialog?.busy) close('cancelled');
        }}
        title={dialog?.request.title}
        size={600}
        fullScreen={dialog?.request.fullScreen}
        centered
        trapFocus
        returnFocus
        closeOnEscape={!dialog?.busy}
        closeOnClickOutside={false}
      >
        {dialog && Component && (
          <Component
            rows={dialog.request.rows}
            row={dialog.request.rows[0]}
            onSubmit={submit}
            onCancel={() => {
              if (!dialog.busy) close('cancelled');
            }}
            errors={dialog.errors}
            errorMessage={dialog.message}
            submitting={dialog.busy}
          />
        )}
      </GuardedModal>
    </>
  );
  return { host, element };
}
