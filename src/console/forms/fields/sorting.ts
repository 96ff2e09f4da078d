/**
 * Ordered lists (banner informations, payment method, network and service positions): moving an
 * item and numbering positions after a move.
 */

export type SortableId = string | number;

/** A copy of `items` with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** Gives each item its position, 1..n in list order, in `field` ('sorting' by default). */
export function renumber<T extends object, K extends string = 'sorting'>(items: readonly T[], field: K = 'sorting' as K): (T & Record<K, number>)[] {
  return items.map((item, index) => ({ ...item, [field]: index + 1 }) as T & Record<K, number>);
}
