import type { Permission } from '../../../contract/permissions';
import { mayRun } from '../../actions/permission';
import type { AnyResource } from '../../resource/resource';
import { GO_PREFIX, type GoTarget } from './goKeys';

/**
 * The shortcuts as the overlay lists them. Keys pressed together form a chord (['Shift', 'x']);
 * a row offers alternative chords ('or': j or ↓) or a sequence ('then': g then o).
 */
export type KeyChord = readonly string[];

export interface ShortcutEntry {
  chords: readonly KeyChord[];
  join: 'or' | 'then';
  description: string;
}

export const PALETTE_SHORTCUT: ShortcutEntry = {
  chords: [
    ['Ctrl', 'K'],
    ['⌘', 'K'],
  ],
  join: 'or',
  description: 'Open the command palette',
};
export const HELP_SHORTCUT: ShortcutEntry = { chords: [['?']], join: 'or', description: 'Show keyboard shortcuts' };
export const UNDO_SHORTCUT: ShortcutEntry = { chords: [['z']], join: 'or', description: 'Undo the last move, for a few seconds after it' };

/** The keys every list handles (table/useTableKeys.ts) as soon as it is on screen. */
export const LIST_SHORTCUTS: readonly ShortcutEntry[] = [
  { chords: [['j'], ['↓']], join: 'or', description: 'Next row' },
  { chords: [['k'], ['↑']], join: 'or', description: 'Previous row' },
  { chords: [['x']], join: 'or', description: 'Select or deselect the row' },
  { chords: [['Shift', 'x']], join: 'or', description: 'Select every row from the last selected to this one' },
  { chords: [['Enter']], join: 'or', description: 'Open the row' },
  { chords: [['.']], join: 'or', description: 'Open the row’s actions menu' },
  { chords: [['Esc']], join: 'or', description: 'Clear the selection' },
  { chords: [['Shift', 'e']], join: 'or', description: 'Export the list as CSV' },
];

export const goShortcuts = (targets: readonly GoTarget[]): ShortcutEntry[] =>
  targets.map((target) => ({ chords: [[GO_PREFIX], ...[...target.key].map((key) => [key])], join: 'then', description: `Go to ${target.label}` }));

/** The row actions of a list that have a shortcut and that this member may run, in declaration order. */
export function rowActionShortcuts(resource: AnyResource, can: (permission: Permission) => boolean): ShortcutEntry[] {
  return [...resource.collectionActions, ...resource.rowActions]
    .filter((action) => action.shortcut !== undefined && mayRun(action, can))
    .map((action) => ({ chords: [[action.shortcut!]], join: 'or', description: action.label }));
}
