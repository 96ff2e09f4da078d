import { type RefObject, useEffect, useRef } from 'react';
import type { CollectionActionDef } from '../resource/actions';
import type { Resource } from '../resource/resource';
import { inPopup, isTypingTarget, modalOpen, onControl, withCommandModifier } from '../ui/keyTargets';
import { EXPORT_SHORTCUT } from './ExportButton';

export interface TableKeyHandlers<Row> {
  resource: Resource<Row>;
  focusedRow: Row | null;
  hasSelection: boolean;
  bulkAllowed: boolean;
  rowActionsAllowed: boolean;
  /** The collection actions the member may run (their shortcuts work from the table). */
  collectionActions: readonly CollectionActionDef<any>[];
  moveFocus: (delta: number) => void;
  toggleSelected: (row: Row) => void;
  selectRangeTo: (row: Row) => void;
  clearSelection: () => void;
  openRow: (row: Row) => void;
  openRowMenu: (row: Row) => void;
  runRowAction: (actionId: string, row: Row) => void;
  runCollectionAction: (actionId: string) => void;
  startExport: () => void;
}

/** Keys that repeat while held: moving through the rows. Held letters run once. */
const REPEATING_KEYS = new Set(['j', 'k', 'ArrowDown', 'ArrowUp']);

/** Keys a button, link or other control under the focus acts on itself. */
const CONTROL_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp', 'Escape']);

/**
 * The list's keyboard, on the whole screen as in a mail client: j/k or arrows move, x selects
 * (Shift+x a range), Enter opens, period opens the row menu, Escape clears the selection,
 * Shift+E exports, and each action's own shortcut runs it (a collection action's, else the
 * focused row's). The keys work however the member arrived — a link, a counter, a reload, Back —
 * not only once the table has the focus, and stay out of the way while the member types in a
 * field, works in a dialog, menu or the palette, or presses Enter on a button or link.
 *
 * `isActive` says whether this list is the one on screen that takes the keys (the last one
 * focused, with two on screen). A key the list handles moves the focus into the table, so a
 * screen reader follows the focused row.
 */
export function useTableKeys<Row>(containerRef: RefObject<HTMLElement | null>, isActive: () => boolean, handlers: TableKeyHandlers<Row>): void {
  const latest = useRef({ handlers, isActive });
  latest.current = { handlers, isActive };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { handlers, isActive } = latest.current;
      const container = containerRef.current;
      if (!container || !isActive() || event.defaultPrevented || event.isComposing || withCommandModifier(event)) return;
      const target = event.target;
      if (isTypingTarget(target) || modalOpen() || inPopup(target)) return;
      if (CONTROL_KEYS.has(event.key) && target !== container && onControl(target)) return;
      const command = tableCommand(event, handlers);
      if (!command) return;
      event.preventDefault();
      if (!container.contains(document.activeElement)) container.focus({ preventScroll: true });
      command();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [containerRef]);
}

/** What a key does on the list, or null when the list has nothing for it. */
function tableCommand<Row>(event: KeyboardEvent, handlers: TableKeyHandlers<Row>): (() => void) | null {
  const { resource, focusedRow } = handlers;
  if (event.repeat && !REPEATING_KEYS.has(event.key)) return null;
  switch (event.key) {
    case 'j':
    case 'ArrowDown':
      return () => handlers.moveFocus(1);
    case 'k':
    case 'ArrowUp':
      return () => handlers.moveFocus(-1);
    case 'x':
    case 'X':
      if (!handlers.bulkAllowed || !focusedRow) return null;
      return event.shiftKey ? () => handlers.selectRangeTo(focusedRow) : () => handlers.toggleSelected(focusedRow);
    case 'Enter':
      if (!focusedRow || !resource.open) return null;
      return () => handlers.openRow(focusedRow);
    case '.':
      if (!focusedRow || !handlers.rowActionsAllowed) return null;
      return () => handlers.openRowMenu(focusedRow);
    case 'Escape':
      return handlers.hasSelection ? handlers.clearSelection : null;
    default: {
      if (event.shiftKey && event.key === EXPORT_SHORTCUT) return handlers.startExport;
      if (event.shiftKey) return null;
      const collection = handlers.collectionActions.find((a) => a.shortcut === event.key);
      if (collection) return () => handlers.runCollectionAction(collection.id);
      const action = focusedRow ? resource.rowActions.find((a) => a.shortcut === event.key) : undefined;
      return action && focusedRow ? () => handlers.runRowAction(action.id, focusedRow) : null;
    }
  }
}
