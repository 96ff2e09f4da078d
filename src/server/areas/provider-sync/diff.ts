import type { SyncChangeKind } from '../../../contract/provider-sync/columns';
import type { SmmService } from '../../upstream/answers';

/**
 * The change set between the mirror (the provider's catalogue as last accepted) and what the
 * provider answers now. Pure and linear in the catalogue's size: one map lookup per service.
 *
 * - new: in the answer, not in the mirror (or in it as removed: the service came back);
 * - removed: present in the mirror, missing from the answer;
 * - price_up / price_down: the rate per 1000 differs (compared as decimals, "1.50" equals "1.5");
 * - limits: min or max differs;
 * - renamed: the name differs (after trimming).
 * One service may give several changes (a price and a name), each decided on its own.
 */

export interface CatalogueValues {
  name: string;
  category: string;
  type: string;
  rate: string;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
}

export interface MirrorItem extends CatalogueValues {
  externalId: string;
  present: boolean;
}

export interface DiffChange {
  externalId: string;
  kind: SyncChangeKind;
  old: CatalogueValues | null;
  new: CatalogueValues | null;
}

/** A decimal string in a canonical form (no trailing zeros, no leading "+"), for equality. */
export function canonicalDecimal(value: string): string {
  const text = value.trim();
  const negative = text.startsWith('-');
  const [int = '0', frac = ''] = text.replace(/^[-+]/, '').split('.');
  const i = int.replace(/^0+(?=\d)/, '') || '0';
  const f = frac.replace(/0+$/, '');
  const body = f ? `${i}.${f}` : i;
  return negative && body !== '0' ? `-${body}` : body;
}

/** Compares two non-negative-or-negative decimal strings exactly (no floats). */
export function compareDecimals(a: string, b: string): number {
  const [ca, cb] = [canonicalDecimal(a), canonicalDecimal(b)];
  if (ca === cb) return 0;
  const na = ca.startsWith('-');
  const nb = cb.startsWith('-');
  if (na !== nb) return na ? -1 : 1;
  const [ia, fa = ''] = ca.replace('-', '').split('.');
  const [ib, fb = ''] = cb.replace('-', '').split('.');
  const width = Math.max(fa.length, fb.length);
  const x = BigInt(ia + fa.padEnd(width, '0'));
  const y = BigInt(ib + fb.padEnd(width, '0'));
  const sign = x === y ? 0 : x > y ? 1 : -1;
  return na ? -sign : sign;
}

export const valuesOf = (s: SmmService): CatalogueValues => ({
  name: s.name,
  category: s.category,
  type: s.type,
  rate: canonicalDecimal(s.rate),
  min: s.min,
  max: s.max,
  refill: s.refill,
  cancel: s.cancel,
  dripfeed: s.dripfeed,
});

export function diffCatalogue(mirror: ReadonlyMap<string, MirrorItem>, fetched: readonly SmmService[]): DiffChange[] {
  const changes: DiffChange[] = [];
  const seen = new Set<string>();
  for (const service of fetched) {
    const id = service.service;
    // A panel listing one id twice: the first entry counts, as a buyer would see it first.
    if (seen.has(id)) continue;
    seen.add(id);
    const now = valuesOf(service);
    const before = mirror.get(id);
    if (!before || !before.present) {
      changes.push({ externalId: id, kind: 'new', old: before ? strip(before) : null, new: now });
      continue;
    }
    const old = strip(before);
    const price = compareDecimals(now.rate, old.rate);
    if (price !== 0) changes.push({ externalId: id, kind: price > 0 ? 'price_up' : 'price_down', old, new: now });
    if (now.min !== old.min || now.max !== old.max) changes.push({ externalId: id, kind: 'limits', old, new: now });
    if (now.name.trim() !== old.name.trim()) changes.push({ externalId: id, kind: 'renamed', old, new: now });
  }
  for (const item of mirror.values()) {
    if (item.present && !seen.has(item.externalId)) changes.push({ externalId: item.externalId, kind: 'removed', old: strip(item), new: null });
  }
  return changes;
}

function strip(item: MirrorItem): CatalogueValues {
  return {
    name: item.name,
    category: item.category,
    type: item.type,
    rate: canonicalDecimal(item.rate),
    min: item.min,
    max: item.max,
    refill: item.refill,
    cancel: item.cancel,
    dripfeed: item.dripfeed,
  };
}
