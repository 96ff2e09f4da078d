import type { Permission } from '../../contract/permissions';
import { mayRun } from '../actions/permission';
import type { AnyResource } from '../resource/resource';
import { haystack, scoreHaystack, words, type Haystack } from './fuzzy';

/**
 * Screens the palette can open: the navigation, the counters' filtered lists and one filtered
 * list per status of every list with a status filter ("orders completed"). The app builds the
 * list from what the member may open; the palette only ranks it.
 */
export interface NavCommand {
  id: string;
  title: string;
  /** Absolute path with its search ('/orders?status=in_moderation'). */
  href: string;
  /** Section or kind shown on the right ('Operations', 'Filtered list'). */
  hint?: string;
  /** Extra words that find it ("moderation", "pending"). */
  keywords?: string;
  /** A collection action ("New coupon") run in place instead of opening `href` (the list it belongs to). */
  collection?: { resource: AnyResource; actionId: string };
  /** "Export orders": the list's CSV export, run on the list (opened at `href` when not on screen). */
  exportList?: AnyResource;
  /** A name a member gave it (a saved view): typed exactly, it outranks whatever else the words read as. */
  name?: string;
}

export interface PreparedNavCommand extends NavCommand {
  haystack: Haystack;
}

export const prepareNavCommands = (commands: readonly NavCommand[]): PreparedNavCommand[] =>
  commands.map((c) => ({ ...c, haystack: haystack(c.title, c.keywords, c.hint) }));

/** The best `limit` commands for the typed text, best first (all, in order, for empty text). */
export function rankNavCommands(commands: readonly PreparedNavCommand[], input: string, limit: number): { command: PreparedNavCommand; score: number }[] {
  const tokens = words(input);
  if (tokens.length === 0) return commands.slice(0, limit).map((command) => ({ command, score: 0 }));
  // A bounded insertion into a small sorted array: thousands of commands, a few dozen kept.
  const top: { command: PreparedNavCommand; score: number }[] = [];
  for (const command of commands) {
    const score = scoreHaystack(tokens, command.haystack);
    if (score === 0) continue;
    if (top.length === limit && score <= top[top.length - 1].score) continue;
    let at = top.length;
    while (at > 0 && top[at - 1].score < score) at--;
    top.splice(at, 0, { command, score });
    if (top.length > limit) top.pop();
  }
  return top;
}

/**
 * "Orders: In moderation"-style commands from each list's select or multi-select filter on
 * `status` with fixed options.
 */
export function statusViewCommands(resources: readonly AnyResource[], canOpen: (path: string) => boolean): NavCommand[] {
  const commands: NavCommand[] = [];
  for (const resource of resources) {
    if (!resource.path || !canOpen(resource.path)) continue;
    const status = resource.columns.find((c) => c.key === 'status');
    const filter = status?.filter;
    if (!filter || (filter.kind !== 'select' && filter.kind !== 'multiSelect') || !filter.options) continue;
    for (const option of filter.options) {
      commands.push({
        id: `view:${resource.name}:${option.value}`,
        title: `${resource.title} — ${option.label}`,
        href: `${resource.path}?status=${encodeURIComponent(option.value)}`,
        hint: 'Filtered list',
        keywords: `${resource.nouns.join(' ')} ${option.value.replace(/_/g, ' ')}`,
      });
    }
  }
  return commands;
}

/**
 * "New coupon"-style commands: the collection actions of every list the member may open and run,
 * and each list's "Export <list> as CSV" ("export orders").
 */
export function collectionCommands(
  resources: readonly AnyResource[],
  canOpen: (path: string) => boolean,
  can: (permission: Permission) => boolean,
): NavCommand[] {
  const commands: NavCommand[] = [];
  for (const resource of resources) {
    if (!resource.path || !canOpen(resource.path)) continue;
    commands.push({
      id: `export:${resource.name}`,
      title: `Export ${resource.title.toLowerCase()} as CSV`,
      href: resource.path,
      hint: resource.title,
      keywords: `${resource.nouns.join(' ')} export csv download spreadsheet`,
      exportList: resource,
      // Run in place like the list's other collection commands (never merged with the list's own address).
      collection: { resource, actionId: 'export' },
    });
    for (const action of resource.collectionActions) {
      if (!mayRun(action, can)) continue;
      commands.push({
        id: `collection:${resource.name}:${action.id}`,
        title: action.label,
        href: resource.path,
        hint: resource.title,
        keywords: `${resource.nouns.join(' ')} ${action.id} ${(action.aliases ?? []).join(' ')} new create add`,
        collection: { resource, actionId: action.id },
      });
    }
  }
  return commands;
}
