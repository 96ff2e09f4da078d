import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActionHost, ConfirmRequest, DialogRequest, HostOutcome } from '../table/engineContext';
import { GuardedModal } from '../forms/closeGuard';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Shows one action confirmation or action dialog at a time and reports how it ended. Mounted by
 * ListEngineProvider, so actions work from the table, the keyboard and the palette alike.
 */

type HostState =
  | { kind: 'confirm'; request: ConfirmRequest; resolve: (outcome: HostOutcome) => void; busy: boolean }
  | {
      kind: 'dialog';
      request: DialogRequest;
      resolve: (outcome: HostOutcome) => void;
      busy: boolean;
      errors: Record<string, string[]> | null;
      message: string | null;
    };

export function useActionHost(): { host: ActionHost; element: ReactNode } {
  const [state, setState] = useState<HostState | null>(null);
  const current = useRef<HostState | null>(null);
  const lastConfirm = useRef<Extract<HostState, { kind: 'confirm' }> | null>(null);
  const lastDialog = useRef<Extract<HostState, { kind: 'dialog' }> | null>(null);

  const update = (next: HostState | null) => {
    current.current = next;
    setState(next);
  };

  const host = useMemo<ActionHost>(
    () => ({
      confirm: (request) =>
        new Promise<HostOutcome>((resolve) => {
          if (current.current) return resolve('cancelled'); // one move at a time
          update({ kind: 'confirm', request, resolve, busy: false });
        }),
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

  const proceed = async () => {
    const s = current.current;
    if (!s || s.kind !== 'confirm' || s.busy) return;
    update({ ...s, busy: true });
    await s.request.onProceed();
    close('done');
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

  // Both modals stay mounted (closed) from the start, so each opening is a change Mantine sees:
  // it then gives the focus back to where it was (the list) on every close, the first included.
  // The last request stays rendered while a modal plays its closing transition.
  if (state?.kind === 'confirm') lastConfirm.current = state;
  if (state?.kind === 'dialog') lastDialog.current = state;
  const confirm = lastConfirm.current;
  const dialog = lastDialog.current;
  const Component = dialog?.request.Component;
  const element: ReactNode = (
    <>
      <ConfirmDialog
        opened={state?.kind === 'confirm'}
        title={confirm?.request.title ?? ''}
        text={confirm?.request.text ?? ''}
        undoable={confirm?.request.undoable ?? false}
        confirmLabel={confirm?.request.confirmLabel ?? ''}
        cancelLabel={confirm?.request.cancelLabel ?? ''}
        color={confirm?.request.color}
        busy={confirm?.busy ?? false}
        onConfirm={() => void proceed()}
        onCancel={() => close('cancelled')}
      />
      {/* Esc and the close button ask a form with changes before it is closed. */}
      <GuardedModal
        opened={state?.kind === 'dialog'}
        onClose={() => {
          if (!dialog?.busy) close('cancelled');
        }}
        title={dialog?.request.title}
        size={600}
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
