import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Can } from '../actions/available';
import type { ActiveList } from '../list/engineStore';
import type { AnyResource } from '../resource/resource';
import { understand, type ActionIntent, type CompiledVocabulary, type Intent, type LookupIntent } from './grammar';
import { contextItems, intentItems, needsTargetItem, openItem, rowActionItem, type PaletteItem } from './items';
import { lookupQueryOptions, type LookupBy } from './lookup';
import { words } from './fuzzy';
import { rankNavCommands, type PreparedNavCommand } from './navigation';
import type { RecentEntry } from './recents';

/** The id prefix of a command whose record is still being looked up. */
export const PENDING_LOOKUP_PREFIX = 'pending:';

/**
 * Everything the palette shows for the typed text, in order. Local results (screens, the list on
 * screen) follow every keystroke; record lookups wait for a short pause and are cached.
 */

export const LOOKUP_DEBOUNCE_MS = 200;
/** Rendering stays fast with thousands of commands: only this many screens are listed. */
export const MAX_NAV_ITEMS = 12;
const MAX_LOOKUPS = 12;
/** Found records and their actions listed at most (each record: "Open", then a few actions). */
const MAX_RECORD_ITEMS = 12;
const RECORD_ACTIONS = 3;

interface Lookup {
  resource: AnyResource;
  by: LookupBy;
  value: string;
}

const lookupKey = (l: Lookup) => `${l.resource.name}:${l.by}:${l.value.toLowerCase()}`;

/** The lookups an input needs: ids and e-mails of action intents, and plain record lookups. */
function lookupsOf(intents: Intent[], byName: Map<string, AnyResource>): Lookup[] {
  const seen = new Map<string, Lookup>();
  const add = (resource: AnyResource | undefined, by: LookupBy, value: string) => {
    if (!resource) return;
    const lookup = { resource, by, value };
    if (!seen.has(lookupKey(lookup)) && seen.size < MAX_LOOKUPS) seen.set(lookupKey(lookup), lookup);
  };
  for (const intent of intents) {
    const resource = byName.get(intent.resource);
    if (intent.kind === 'lookup') add(resource, intent.by, intent.value);
    else if (intent.target.kind === 'ids') for (const id of intent.target.ids) add(resource, 'id', id);
    else if (intent.target.kind === 'email') add(resource, 'email', intent.target.email);
  }
  return [...seen.values()];
}

export interface PaletteItemsInput {
  input: string;
  vocabulary: CompiledVocabulary;
  resources: readonly AnyResource[];
  navigation: readonly PreparedNavCommand[];
  active: ActiveList | null;
  can: Can;
  recents: readonly RecentEntry[];
}

export interface PaletteItems {
  items: PaletteItem[];
  /** Record lookups still on their way. */
  searching: boolean;
}

export function usePaletteItems({ input, vocabulary, resources, navigation, active, can, recents }: PaletteItemsInput): PaletteItems {
  const byName = useMemo(() => new Map(resources.map((r) => [r.name, r])), [resources]);
  const intents = useMemo(() => understand(input, vocabulary), [input, vocabulary]);
  const [settledInput] = useDebouncedValue(input, LOOKUP_DEBOUNCE_MS);
  const settledIntents = useMemo(() => (settledInput === input ? intents : understand(settledInput, vocabulary)), [settledInput, input, intents, vocabulary]);
  const lookups = useMemo(() => lookupsOf(settledIntents, byName), [settledIntents, byName]);

  const answers = useQueries({
    queries: lookups.map((l) => lookupQueryOptions(l.resource, l.by, l.value, can)),
  });
  const found = new Map<string, { rows: unknown[] | undefined; pending: boolean; failed: boolean }>();
  lookups.forEach((l, index) => {
    const answer = answers[index];
    found.set(lookupKey(l), { rows: answer?.data, pending: answer?.isPending ?? true, failed: answer?.isError ?? false });
  });
  const searching = settledInput !== input || [...found.values()].some((f) => f.pending && !f.failed);
  const answersKey = answers.map((a) => a.dataUpdatedAt).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `found` is rebuilt each render from `answers`; answersKey and lookups track its content
  const items = useMemo(() => {
    const trimmed = input.trim();
    const list: PaletteItem[] = [];
    const context = contextItems(active, can);

    if (!trimmed) {
      list.push(...context);
      for (const entry of recents) {
        if (entry.kind === 'command')
          list.push({ id: `recent:c:${entry.title}`, group: 'Recent', title: entry.title, hint: 'Recent command', run: { kind: 'fill', input: entry.input } });
        else
          list.push({
            id: `recent:r:${entry.resource}:${entry.key}`,
            group: 'Recent',
            title: `Open ${entry.title}`,
            hint: entry.subtitle,
            run: { kind: 'navigate', href: entry.href, record: { resource: entry.resource, key: entry.key, subtitle: entry.subtitle } },
          });
      }
      for (const { command } of rankNavCommands(navigation, '', 12)) {
        list.push(navItem(command));
      }
      return list;
    }

    const actionIntents = intents.filter((i): i is ActionIntent => i.kind === 'action');
    const lookupIntents = intents.filter((i): i is LookupIntent => i.kind === 'lookup');
    const actions: PaletteItem[] = [];
    for (const intent of actionIntents) {
      const resource = byName.get(intent.resource);
      if (!resource) continue;
      if (intent.target.kind === 'context') {
        const onScreen = active?.resource.name === resource.name ? active : null;
        const rows = intent.bulk ? (onScreen?.selectedRows.length ? onScreen.selectedRows : []) : onScreen?.focusedRow ? [onScreen.focusedRow] : [];
        const made = rows.length > 0 ? intentItems(intent, resource, rows, can).map((i) => ({ ...i, group: 'This list' as const })) : [];
        if (made.length > 0) actions.push(...made);
        else {
          const hint = needsTargetItem(intent, resource, input);
          if (hint) actions.push(hint);
        }
        continue;
      }
      const keys =
        intent.target.kind === 'ids'
          ? intent.target.ids.map((id) => ({ by: 'id' as const, value: id }))
          : [{ by: 'email' as const, value: intent.target.email }];
      const rows: unknown[] = [];
      const missing: string[] = [];
      let pending = false;
      for (const key of keys) {
        const result = found.get(lookupKey({ resource, ...key }));
        // The row on screen answers at once, before any lookup.
        const onScreen =
          key.by === 'id' && active?.resource.name === resource.name ? active.rows.find((r) => String(resource.keyOf(r)) === key.value) : undefined;
        if (onScreen) rows.push(onScreen);
        else if (result?.rows && result.rows.length > 0) rows.push(result.rows[0]);
        else if (!result || result.pending) pending = true;
        else missing.push(key.value);
      }
      const noun = resource.nouns[0];
      const action = intent.bulk ? resource.bulkActions.find((a) => a.id === intent.actionId) : resource.rowActions.find((a) => a.id === intent.actionId);
      if (!action) continue;
      if (pending) {
        actions.push({
          id: `${PENDING_LOOKUP_PREFIX}${resource.name}:${intent.actionId}:${keys.map((k) => k.value).join(',')}`,
          group: 'Actions',
          title: `${action.label} ${noun} ${keys.map((k) => k.value).join(', ')}`,
          hint: `Looking up ${noun} ${keys.map((k) => k.value).join(', ')}…`,
          disabled: true,
        });
        continue;
      }
      if (missing.length > 0 && rows.length === 0) {
        // An id typed with no noun is tried on every resource: only say "not found" when a noun was named.
        if (intent.named) {
          actions.push({
            id: `missing:${resource.name}:${intent.actionId}:${missing.join(',')}`,
            group: 'Actions',
            title: `${action.label} ${noun} ${missing.join(', ')}`,
            hint: `No ${noun} ${missing.join(', ')} found.`,
            disabled: true,
          });
        }
        continue;
      }
      const made = intentItems(intent, resource, rows, can);
      if (missing.length > 0) for (const item of made) item.hint = `${item.hint ?? ''} · not found: ${missing.join(', ')}`;
      actions.push(...made);
    }

    const records: PaletteItem[] = [];
    const seenRecords = new Set<string>();
    for (const intent of lookupIntents) {
      const resource = byName.get(intent.resource);
      const result = resource ? found.get(lookupKey({ resource, by: intent.by, value: intent.value })) : undefined;
      if (!resource || !result?.rows) continue;
      for (const row of result.rows) {
        if (records.length >= MAX_RECORD_ITEMS) break;
        const open = openItem(resource, row, 'Records');
        if (!open || seenRecords.has(open.id)) continue;
        seenRecords.add(open.id);
        records.push(open);
        let offered = 0;
        for (const a of resource.rowActions) {
          if (offered >= RECORD_ACTIONS) break;
          const item = rowActionItem(resource, a.id, row, can, 'Records');
          if (item && !item.disabled) {
            records.push(item);
            offered++;
          }
        }
      }
    }

    const ranked = rankNavCommands(navigation, trimmed, MAX_NAV_ITEMS);
    const nav = ranked.map(({ command }) => navItem(command));

    const hasVerb = actionIntents.length > 0;
    const hasKeys = lookupIntents.some((i) => i.by !== 'search');
    // A screen or view named exactly ("orders completed" is "Orders — Completed", a saved view by
    // its name alone) outranks a verb or a record read into the same words (a bulk "Complete", the
    // order 24 in "stuck over 24 h"): Enter opens what was named.
    const named = (command: PreparedNavCommand) => sameWords(command.title, trimmed) || (command.name !== undefined && sameWords(command.name, trimmed));
    const exact = ranked
      .filter(({ command }) => named(command))
      .map(({ command }) => navItem(command))
      .filter((item) => item.group === 'Go to');
    if (exact.length > 0) list.push(...exact);
    if (hasVerb) list.push(...actions, ...records, ...nav);
    else if (hasKeys) list.push(...records, ...nav);
    else list.push(...nav, ...records);
    // Unique ids: the same row action can come from an intent and from a record.
    const ids = new Set<string>();
    return list.filter((item) => (ids.has(item.id) ? false : (ids.add(item.id), true)));
  }, [input, intents, byName, active, can, recents, navigation, answersKey, lookups]);

  return { items, searching };
}

/** The same words in any order, case and punctuation aside. */
export function sameWords(a: string, b: string): boolean {
  const key = (text: string) => words(text).sort().join(' ');
  return key(a) === key(b);
}

/** A screen to open, or a collection action ("New coupon") to run in place. */
function navItem(command: PreparedNavCommand): PaletteItem {
  if (command.exportList) {
    return {
      id: `nav:${command.id}`,
      group: 'Actions',
      title: command.title,
      aside: command.hint,
      hint: 'Downloads the list as it is filtered',
      run: { kind: 'export', resource: command.exportList, href: command.href },
    };
  }
  if (command.collection) {
    return {
      id: `nav:${command.id}`,
      group: 'Actions',
      title: command.title,
      aside: command.hint,
      hint: 'Opens a form',
      run: { kind: 'collection', ...command.collection },
    };
  }
  return { id: `nav:${command.id}`, group: 'Go to', title: command.title, aside: command.hint, run: { kind: 'navigate', href: command.href } };
}
