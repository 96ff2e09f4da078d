import { availableActions, availableBulkActions, type Can } from '../actions/available';
import { mayRun } from '../actions/permission';
import type { BulkActionDef, RowActionDef } from '../resource/actions';
import type { ActiveList } from '../list/engineStore';
import type { AnyResource } from '../resource/resource';
import type { ActionIntent } from './grammar';

/**
 * What the palette lists: plain data, so the ranking and wording are tested without rendering.
 * Each item says what Enter will do before it is pressed.
 */

export type PaletteGroup = 'This list' | 'Actions' | 'Records' | 'Go to' | 'Recent';

export type PaletteRun =
  | { kind: 'navigate'; href: string; record?: { resource: string; key: string; subtitle?: string } }
  | { kind: 'row'; resource: AnyResource; actionId: string; row: unknown }
  | { kind: 'bulk'; resource: AnyResource; actionId: string; rows: unknown[] }
  | { kind: 'collection'; resource: AnyResource; actionId: string }
  /** Exports the list as CSV (its current filters), opening it first when it is not on screen. */
  | { kind: 'export'; resource: AnyResource; href: string }
  /** Puts text into the input (a recent command, or a hint to type an id). */
  | { kind: 'fill'; input: string }
  /** Reverses the last move while it can be undone (actions/undo.ts). */
  | { kind: 'undo' };

export interface PaletteItem {
  /** Unique and stable (cmdk's value). */
  id: string;
  group: PaletteGroup;
  title: string;
  /** What will happen, or why it cannot ("Asks to confirm · can be undone"). */
  hint?: string;
  /** Right-hand note: a shortcut letter, a section. */
  aside?: string;
  /** Shown but not runnable; `hint` says why. */
  disabled?: boolean;
  run?: PaletteRun;
}

type AnyRowAction = RowActionDef<unknown, unknown>;
type AnyBulkAction = BulkActionDef<unknown, unknown>;

/** The consequence of running an action, in words. */
export function actionHint(action: AnyRowAction | AnyBulkAction): string {
  if (action.dialog) return 'Opens a form';
  if (action.confirm)
    return `Asks to confirm · ${action.confirm.undoable === true ? 'can be undone' : action.confirm.undoable ? 'can be reversed' : 'cannot be undone'}`;
  return 'Runs at once';
}

const plural = (resource: AnyResource): string => resource.nouns[1] ?? `${resource.nouns[0]}s`;

/** One row action on one row: enabled, or disabled with the reason from the row's flags. */
export function rowActionItem(resource: AnyResource, actionId: string, row: unknown, can: Can, group: PaletteGroup, idPrefix = ''): PaletteItem | null {
  const found = availableActions(resource, row, can, { includeForbidden: false }).find((a) => a.action.id === actionId);
  const subject = resource.describe(row);
  const id = `${idPrefix}row:${resource.name}:${actionId}:${String(resource.keyOf(row))}`;
  if (!found) {
    const declared = resource.rowActions.find((a) => a.id === actionId);
    // Hidden for this row (users: Activate on an active user), not forbidden: say so.
    if (declared && mayRun(declared, can)) {
      return {
        id,
        group,
        title: `${declared.label} ${subject}`,
        hint: `Not available for ${subject}${resource.state?.(row) ? `: it is ${resource.state(row)}` : ''}.`,
        disabled: true,
      };
    }
    return null;
  }
  const { action } = found;
  return {
    id,
    group,
    title: `${action.label} ${subject}`,
    hint: found.enabled ? actionHint(action as AnyRowAction) : found.reason,
    aside: action.shortcut,
    disabled: !found.enabled,
    run: found.enabled ? { kind: 'row', resource, actionId, row } : undefined,
  };
}

/** A bulk action on rows: how many it applies to, or why none. */
export function bulkActionItem(resource: AnyResource, actionId: string, rows: unknown[], can: Can, group: PaletteGroup, idPrefix = ''): PaletteItem | null {
  const found = availableBulkActions(resource, rows, can).find((a) => a.action.id === actionId);
  if (!found) return null;
  const keys = rows.map((r) => String(resource.keyOf(r)));
  const noun = rows.length === 1 ? resource.nouns[0] : plural(resource);
  const listed = keys.length <= 5 ? ` (${keys.join(', ')})` : '';
  const partial =
    found.enabled && found.eligible.length < rows.length ? `${found.eligible.length} of ${rows.length} can be ${found.action.past ?? 'used'} · ` : '';
  return {
    id: `${idPrefix}bulk:${resource.name}:${actionId}:${keys.join(',')}`,
    group,
    title: `${found.action.label} ${rows.length} ${noun}${listed}`,
    hint: found.enabled ? `${partial}${actionHint(found.action as AnyBulkAction)}` : found.reason,
    disabled: !found.enabled,
    run: found.enabled ? { kind: 'bulk', resource, actionId, rows } : undefined,
  };
}

/** "Open order 123" for a found record. */
export function openItem(resource: AnyResource, row: unknown, group: PaletteGroup): PaletteItem | null {
  if (!resource.open) return null;
  const key = String(resource.keyOf(row));
  const subtitle = resource.subtitle?.(row);
  return {
    id: `open:${resource.name}:${key}`,
    group,
    title: `Open ${resource.describe(row)}`,
    hint: subtitle,
    run: { kind: 'navigate', href: resource.open(row), record: { resource: resource.name, key, subtitle } },
  };
}

/** The commands of the list on screen: the focused row's actions, then the selection's. */
export function contextItems(active: ActiveList | null, can: Can): PaletteItem[] {
  if (!active) return [];
  const { resource, focusedRow, selectedRows } = active;
  const items: PaletteItem[] = [];
  if (selectedRows.length > 0) {
    for (const action of resource.bulkActions) {
      const item = bulkActionItem(resource, action.id, selectedRows, can, 'This list', 'ctx:');
      if (item) items.push(item);
    }
  }
  if (focusedRow) {
    const open = openItem(resource, focusedRow, 'This list');
    for (const action of resource.rowActions) {
      const item = rowActionItem(resource, action.id, focusedRow, can, 'This list', 'ctx:');
      if (item) items.push(item);
    }
    if (open) items.push({ ...open, id: `ctx:${open.id}` });
  }
  return items;
}

/** Items for an action intent whose rows are known (looked up, or on screen). */
export function intentItems(intent: ActionIntent, resource: AnyResource, rows: unknown[], can: Can): PaletteItem[] {
  if (intent.bulk) {
    const item = rows.length > 0 ? bulkActionItem(resource, intent.actionId, rows, can, 'Actions') : null;
    return item ? [item] : [];
  }
  return rows.map((row) => rowActionItem(resource, intent.actionId, row, can, 'Actions')).filter((i): i is PaletteItem => i !== null);
}

/** The action's words for an intent without a target yet ("Approve order …"). */
export function needsTargetItem(intent: ActionIntent, resource: AnyResource, input: string): PaletteItem | null {
  const action = intent.bulk ? resource.bulkActions.find((a) => a.id === intent.actionId) : resource.rowActions.find((a) => a.id === intent.actionId);
  if (!action) return null;
  const noun = intent.bulk ? plural(resource) : resource.nouns[0];
  const example = intent.bulk ? `${action.label.toLowerCase()} ${noun} 1 2 3` : `${action.label.toLowerCase()} ${noun} 123`;
  const typed = input.trim().toLowerCase();
  return {
    id: `needs:${intent.bulk ? 'bulk' : 'row'}:${resource.name}:${intent.actionId}`,
    group: 'Actions',
    title: `${action.label} ${noun} …`,
    hint: intent.bulk ? `Select ${noun} in the list, or type their ids: “${example}”` : `Focus one in the list, or type its id: “${example}”`,
    // Enter completes the phrase, so only the id is left to type.
    run: { kind: 'fill', input: typed.endsWith(resource.nouns[0]) || typed.endsWith(noun) ? `${input.trimEnd()} ` : `${action.label.toLowerCase()} ${noun} ` },
  };
}
