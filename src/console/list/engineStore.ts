import type { RowKey } from '../resource/actions';
import type { AnyResource } from '../resource/resource';

/**
 * What the rest of the console may read about the list on screen: its resource, rows, focused
 * row and selection (the command palette acts on "the focused row" or "the selection"), plus the
 * last action error of each resource, shown above its table. A plain external store, read with
 * useSyncExternalStore.
 */

export interface ActiveListControls {
  clearSelection: () => void;
  focusRow: (key: RowKey | null) => void;
  /** Reloads the list. */
  refresh: () => void;
  /** Moves the keyboard focus into the list (its focused row, or the first). */
  focus: () => void;
}

export interface ActiveList<Row = any> {
  listId: string;
  resource: AnyResource;
  rows: Row[];
  focusedRow: Row | null;
  selectedRows: Row[];
  controls: ActiveListControls;
}

interface EngineState {
  active: ActiveList | null;
  actionErrors: Readonly<Record<string, string>>;
}

export class ListEngineStore {
  private state: EngineState = { active: null, actionErrors: {} };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getActive = (): ActiveList | null => this.state.active;
  getActionErrors = (): Readonly<Record<string, string>> => this.state.actionErrors;

  private set(next: Partial<EngineState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** A mounted table reports its rows, focus and selection (the latest report wins). */
  publish(list: ActiveList): void {
    this.set({ active: list });
  }

  /** A table unmounts; another table may have taken over meanwhile. */
  unpublish(listId: string): void {
    if (this.state.active?.listId === listId) this.set({ active: null });
  }

  setActionError(resourceName: string, message: string | null): void {
    const errors = { ...this.state.actionErrors };
    if (message === null) delete errors[resourceName];
    else errors[resourceName] = message;
    this.set({ actionErrors: errors });
  }
}
