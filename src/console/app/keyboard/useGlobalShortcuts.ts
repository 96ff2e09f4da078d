import { useEffect, useRef, useState } from 'react';
import { currentUndo, runUndo } from '../../actions/undo';
import { inPopup, isTypingTarget, modalOpen, withCommandModifier } from '../../ui/keyTargets';
import { GO_PREFIX, GO_TIMEOUT_MS, matchGoKeys, type GoTarget } from './goKeys';

/**
 * The app-wide keys: g then a screen's keys goes to that screen; ? shows the shortcuts overlay; z
 * undoes the last move while it can be undone.
 * They stay out of the way: nothing happens while the member types in a field, while a dialog,
 * menu or popover has focus, or with Ctrl, Cmd or Alt held (those belong to the browser and the
 * command palette).
 */
export interface GlobalShortcutsOptions {
  /** The screens this member may reach with g sequences. */
  targets: readonly GoTarget[];
  onGo: (path: string) => void;
  /** The shortcuts overlay is open: ? closes it, and g sequences work from inside it. */
  overlayOpen: boolean;
  onToggleOverlay: () => void;
}

export interface GlobalShortcuts {
  /** g was pressed and a screen's keys are awaited. */
  goPending: boolean;
  /** The keys typed after g so far ("m" of "g m c"). */
  goTyped: string;
}

const HELP_KEY = '?';
/** Undoes the last move while its offer lasts (actions/undo.ts). */
const UNDO_KEY = 'z';
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

export function useGlobalShortcuts(options: GlobalShortcutsOptions): GlobalShortcuts {
  const [goPending, setGoPending] = useState(false);
  const [goTyped, setGoTyped] = useState('');
  const latest = useRef(options);
  const pending = useRef(false);
  const typed = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const endSequence = () => {
      clearTimeout(timer.current);
      pending.current = false;
      typed.current = '';
      setGoPending(false);
      setGoTyped('');
    };
    const waitForKey = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(endSequence, GO_TIMEOUT_MS);
    };
    const startSequence = () => {
      pending.current = true;
      typed.current = '';
      setGoPending(true);
      setGoTyped('');
      waitForKey();
    };
    const blocked = (event: KeyboardEvent) => isTypingTarget(event.target) || (!latest.current.overlayOpen && (modalOpen() || inPopup(event.target)));

    // The keys after g are caught before the page sees them, so "g a" on a list goes to the Audit
    // log instead of also approving the focused order.
    const onKeyDownCapture = (event: KeyboardEvent) => {
      if (!pending.current || MODIFIER_KEYS.has(event.key)) return;
      // g again restarts the sequence and ? shows the keys: both go on to the bubbling handler.
      if (withCommandModifier(event) || event.key === GO_PREFIX || event.key === HELP_KEY || blocked(event)) {
        endSequence();
        return;
      }
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const match = key.length === 1 ? matchGoKeys(latest.current.targets, typed.current + key) : 'none';
      if (match === 'partial') {
        // The first key of a two-key sequence: wait for the second.
        event.preventDefault();
        event.stopPropagation();
        typed.current += key;
        setGoTyped(typed.current);
        waitForKey();
        return;
      }
      endSequence();
      if (match !== 'none') {
        event.preventDefault();
        event.stopPropagation();
        latest.current.onGo(match.target.path);
      } else if (key.length === 1 || key === 'Escape') {
        // A character (or Esc) after g was meant for the sequence: it ends it and does nothing else.
        event.preventDefault();
        event.stopPropagation();
      }
    };

    // The first key waits for the page: a key the page handled is not a shortcut.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing || withCommandModifier(event)) return;
      if (event.key === HELP_KEY) {
        if (blocked(event)) return;
        event.preventDefault();
        latest.current.onToggleOverlay();
      } else if (event.key === GO_PREFIX) {
        if (blocked(event)) return;
        event.preventDefault();
        startSequence();
      } else if (event.key === UNDO_KEY && !event.shiftKey) {
        if (blocked(event) || !currentUndo()) return;
        event.preventDefault();
        runUndo();
      }
    };

    document.addEventListener('keydown', onKeyDownCapture, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDownCapture, true);
      document.removeEventListener('keydown', onKeyDown);
      clearTimeout(timer.current);
      pending.current = false;
    };
  }, []);

  return { goPending, goTyped };
}
