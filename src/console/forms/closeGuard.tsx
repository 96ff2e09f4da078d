import { Modal, type ModalProps } from '@mantine/core';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Lets a form inside a modal answer the modal's close requests (Esc, the X): a form with changes
 * asks "Discard your changes?" first. The modal asks whatever form registered inside it; with no
 * form, or an unchanged one, it closes at once.
 */
export type CloseRequest = (close: () => void) => void;

interface Slot {
  current: CloseRequest | null;
}

const CloseGuardContext = createContext<Slot | null>(null);

/** For a form: answers its modal's close requests while mounted (no-op outside a GuardedModal). */
export function useCloseRequests(handler: CloseRequest): void {
  const slot = useContext(CloseGuardContext);
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!slot) return;
    const answer: CloseRequest = (close) => latest.current(close);
    slot.current = answer;
    return () => {
      if (slot.current === answer) slot.current = null;
    };
  }, [slot]);
}

/** A Mantine Modal whose Esc and X ask the form inside before `onClose` runs. */
export function GuardedModal({ onClose, children, ...props }: ModalProps) {
  const [slot] = useState<Slot>(() => ({ current: null }));
  const requestClose = () => (slot.current ? slot.current(onClose) : onClose());
  return (
    <Modal {...props} onClose={requestClose}>
      <CloseGuardContext value={slot}>{children}</CloseGuardContext>
    </Modal>
  );
}
