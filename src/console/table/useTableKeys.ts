import type { KeyboardEvent } from 'react';
import type { CollectionActionDef } from '../resource/actions';
import type { Resource } from '../resource/resource';
import { EXPORT_SHORTCUT } from './ExportButton';

/** Keys typed in these belong to them, not to the table. */
const INTERACTIVE = 'input, textarea, select, button, a[href], [contenteditable="true"], [role="menu"], [role="dialog"], [role="listbox"]';

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

/**
 * The table's keyboard: j/k or arrows move, x selects (Shift+x a range), Enter opens, period opens
 * the row menu, Escape clears the selection, Shift+E exports, and each action's own shortcut runs
 * it (a collection action's, else the focused row's).
 */
export function useTableKeys<Row>(handlers: TableKeyHandlers<Row>): (event: KeyboardEvent<HTMLDivElement>) => void {
  const { resource, focusedRow } = handlers;
  return (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement;
    if (target !== event.currentTarget && target.closest(INTERACTIVE)) return;
    const handled = () => event.preventDefault();
    switch (event.key) {
      case 'j':
      case 'ArrowDown':
        handled();
        handlers.moveFocus(1);
        return;
      case 'k':
      case 'ArrowUp':
        handled();
        handlers.moveFocus(-1);
        return;
      case 'x':
      case 'X':
        if (!handlers.bulkAllowed || !focusedRow) return;
        handled();
        if (event.shiftKey) handlers.selectRangeTo(focusedRow);
        else handlers.toggleSelected(focusedRow);
        return;
      case 'Enter':
        if (!focusedRow || !resource.open) return;
        handled();
        handlers.openRow(focusedRow);
        return;
      case '.':
        if (!focusedRow || !handlers.rowActionsAllowed) return;
        handled();
        handlers.openRowMenu(focusedRow);
        return;
      case 'Escape':
        if (!handlers.hasSelection) return;
        handled();
        handlers.clearSelection();
        return;
      default: {
        if (event.shiftKey && event.key === EXPORT_SHORTCUT) {
          handled();
          handlers.startExport();
          return;
        }
        if (event.shiftKey) return;
        const collection = handlers.collectionActions.find((a) => a.shortcut === event.key);
        if (collection) {
          handled();
          handlers.runCollectionAction(collection.id);
          return;
        }
        if (!focusedRow) return;
        const action = resource.rowActions.find((a) => a.shortcut === event.key);
        if (!action) return;
        handled();
        handlers.runRowAction(action.id, focusedRow);
      }
    }
  };
}
