import type { NavSection } from '../../navigation/nav';
import { SCREENS } from '../screens';

/**
 * "Go to" sequences: press g, then a screen's keys (g o = Orders, g m c = Coupons). The keys live
 * in each screen's row (its area's `defineArea`, or navigation/screens.ts), beside its path and navigation entry; who may open a
 * screen comes from the navigation. Sequences are prefix-free — no sequence is the beginning of
 * another — so a one-key screen opens at once and a two-key one after its second key.
 * 'g' itself is never part of a sequence, so a double press simply restarts it.
 */
export const GO_PREFIX = 'g';

/** How long the next key is awaited after g (and after the first key of a two-key sequence). */
export const GO_TIMEOUT_MS = 1500;

export const HOME_PATH = '/';
export const HOME_LABEL = 'Home';

/** path -> its keys after g ("o", "mc"). */
export const GO_KEYS: Readonly<Record<string, string>> = Object.fromEntries(SCREENS.flatMap((s) => (s.go ? [[s.path, s.go]] : [])));

/** A screen reachable by a go sequence; `key` is its keys after g. */
export interface GoTarget {
  key: string;
  path: string;
  label: string;
}

/** Throws when the go keys are not a usable prefix-free code (checked at import and in the tests). */
export function assertGoKeys(keys: Readonly<Record<string, string>>): void {
  const seen = new Map<string, string>();
  for (const [path, key] of Object.entries(keys)) {
    if (!/^(?:[a-z,]|[a-z][a-z])$/.test(key) || key.includes(GO_PREFIX))
      throw new Error(`Go keys '${key}' of '${path}' must be one or two lower-case letters (not g), or ','`);
    const other = seen.get(key);
    if (other) throw new Error(`Go keys '${key}' are used by '${other}' and '${path}'`);
    seen.set(key, path);
  }
  for (const [key, path] of seen) {
    for (const [longer, otherPath] of seen) {
      if (longer !== key && longer.startsWith(key))
        throw new Error(`Go keys '${key}' (${path}) begin '${longer}' (${otherPath}): sequences must be prefix-free`);
    }
  }
}
assertGoKeys(GO_KEYS);

/**
 * The go targets of the screens this member sees, in navigation order: Home first (when it may
 * be opened), then each visible navigation entry that has keys.
 */
export function goTargets(sections: readonly NavSection[], homeAllowed: boolean): GoTarget[] {
  const targets: GoTarget[] = homeAllowed ? [{ key: GO_KEYS[HOME_PATH], path: HOME_PATH, label: HOME_LABEL }] : [];
  for (const section of sections) {
    for (const item of section.items) {
      const key = GO_KEYS[item.path];
      if (key) targets.push({ key, path: item.path, label: item.label });
    }
  }
  return targets;
}

/** What the keys typed after g so far mean: a target, the start of one, or nothing. */
export function matchGoKeys(targets: readonly GoTarget[], typed: string): { target: GoTarget } | 'partial' | 'none' {
  const target = targets.find((t) => t.key === typed);
  if (target) return { target };
  return targets.some((t) => t.key.startsWith(typed)) ? 'partial' : 'none';
}
