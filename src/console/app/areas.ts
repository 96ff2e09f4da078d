import type { ConsoleArea } from '../resource/area';
import type { AnyResource } from '../resource/resource';

/**
 * The area registry: every `src/console/areas/<area>/index.ts`, found at build time (no list to
 * edit). Area modules hold declarations only — their screens load on demand — so this stays
 * small however many areas there are.
 */
const modules = import.meta.glob<{ default: ConsoleArea }>('../areas/*/index.ts', { eager: true });

export const CONSOLE_AREAS: readonly ConsoleArea[] = Object.entries(modules)
  .map(([file, module]) => {
    if (!module.default?.name) throw new Error(`${file} must default-export defineArea({...})`);
    return module.default;
  })
  .sort((a, b) => (a.rank ?? 100) - (b.rank ?? 100) || a.name.localeCompare(b.name));

/**
 * Every list declaration, read by the command palette (verbs, nouns, record lookups, filtered
 * lists, collection actions) and the shortcuts overlay, in area order.
 */
export const CONSOLE_RESOURCES: readonly AnyResource[] = CONSOLE_AREAS.flatMap((area) => area.resources ?? []);
