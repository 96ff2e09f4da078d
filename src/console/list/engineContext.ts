import { createContext, useContext, useSyncExternalStore, type ComponentType } from 'react';
import type { Permission } from '../../contract/permissions';
import type { ActionDialogProps } from '../resource/actions';
import type { ActiveList, ListEngineStore } from './engineStore';
import type { AnyResource } from '../resource/resource';

/**
 * The list engine's context: who is signed in (cache key), what they may do, how to navigate,
 * the active-list store and the host that shows action confirmations and dialogs.
 * The app provides it once with <ListEngineProvider>.
 */

export interface ConfirmRequest {
  title: string;
  text: string;
  undoable: boolean | string;
  confirmLabel: string;
  cancelLabel: string;
  color?: string;
  /** Runs after Proceed while the dialog shows progress; never throws. */
  onProceed: () => Promise<void>;
}

export type DialogSubmitResult = { ok: true } | { ok: false; errors: Record<string, string[]> | null; message: string | null; keepOpen: boolean };

export interface DialogRequest {
  title: string;
  Component: ComponentType<ActionDialogProps<any, any>>;
  rows: unknown[];
  /** The dialog fills the screen (the action's fullScreenDialog). */
  fullScreen?: boolean;
  submit: (input: unknown) => Promise<DialogSubmitResult>;
}

export type HostOutcome = 'done' | 'cancelled' | 'failed';

export interface ActionHost {
  confirm: (request: ConfirmRequest) => Promise<HostOutcome>;
  dialog: (request: DialogRequest) => Promise<HostOutcome>;
}

export interface ListEngine {
  staffId: string | number | null;
  can: (permission: Permission) => boolean;
  navigate: (path: string) => void;
  /** A row was opened from a list (the palette remembers it among recent records). */
  onOpenRow?: (resource: AnyResource, row: unknown) => void;
  store: ListEngineStore;
  host: ActionHost;
}

export const ListEngineContext = createContext<ListEngine | null>(null);

export function useListEngine(): ListEngine {
  const engine = useContext(ListEngineContext);
  if (!engine) throw new Error('The list engine needs <ListEngineProvider> above it.');
  return engine;
}

/** The list on screen (rows, focused row, selection, controls), or null. */
export function useActiveList(): ActiveList | null {
  const { store } = useListEngine();
  return useSyncExternalStore(store.subscribe, store.getActive, store.getActive);
}

/** The last action error of a resource (shown above its table), or null. */
export function useActionError(resourceName: string): string | null {
  const { store } = useListEngine();
  const errors = useSyncExternalStore(store.subscribe, store.getActionErrors, store.getActionErrors);
  return errors[resourceName] ?? null;
}
