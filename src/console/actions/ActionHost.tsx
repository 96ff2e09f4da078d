import { Modal } from '@mantine/core';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActionHost, ConfirmRequest, DialogRequest, HostOutcome } from '../table/engineContext';
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
  // The last shown state stays rendered while the modal plays its closing transition.
  const shown = useRef<HostState | null>(null);

  // Where the focus was when a move started (the list, usually). Mantine gives focus back only
  // when a modal's `opened` changes after mount, which misses the first dialog; this covers it,
  // so the next key still reaches the list.
  const returnTo = useRef<HTMLElement | null>(null);
  const update = (next: HostState | null) => {
    if (next && !current.current) returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!next && current.current) {
      const target = returnTo.current;
      returnTo.current = null;
      setTimeout(() => {
        const focus = document.activeElement;
        const lost = !focus || focus === document.body || focus.closest('[role="dialog"]') !== null;
        if (target?.isConnected && lost) target.focus({ preventScroll: true });
      }, 0);
    }
    current.current = next;
    if (next) shown.current = next;
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

  const view = state ?? shown.current;
  let element: ReactNode = null;
  if (view?.kind === 'confirm') {
    const { request } = view;
    element = (
      <ConfirmDialog
        opened={state !== null}
        title={request.title}
        text={request.text}
        undoable={request.undoable}
        confirmLabel={request.confirmLabel}
        cancelLabel={request.cancelLabel}
        color={request.color}
        busy={view.busy}
        onConfirm={() => void proceed()}
        onCancel={() => close('cancelled')}
      />
    );
  } else if (view?.kind === 'dialog') {
    const { request } = view;
    const Component = request.Component;
    element = (
      <Modal
        opened={state !== null}
        onClose={() => {
          if (!view.busy) close('cancelled');
        }}
        title={request.title}
        size={600}
        centered
        trapFocus
        returnFocus
        closeOnEscape={!view.busy}
        closeOnClickOutside={false}
      >
        <Component
          rows={request.rows}
          row={request.rows[0]}
          onSubmit={submit}
          onCancel={() => {
            if (!view.busy) close('cancelled');
          }}
          errors={view.errors}
          errorMessage={view.message}
          submitting={view.busy}
        />
      </Modal>
    );
  }
  return { host, element };
}
