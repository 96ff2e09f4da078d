import { bulkResultSchema } from '../../contract/fields';
import type { BulkResult, RowKey } from './types';

/**
 * Per-id outcomes of a bulk action from the contract's bulk answer `{done, failed}`; an id the
 * answer names in neither list failed without a reason. An answer of another shape gives none
 * (the bulk bar then shows a plain success).
 */
export function bulkResultsFromAnswer(response: unknown, ids: RowKey[]): BulkResult[] | undefined {
  const parsed = bulkResultSchema.safeParse(response);
  if (!parsed.success) return undefined;
  const failed = new Map(parsed.data.failed.map((f) => [f.id, f.message]));
  const done = new Set(parsed.data.done);
  return ids.map((id) => {
    const key = Number(id);
    if (failed.has(key)) return { id, ok: false, message: failed.get(key) };
    return done.has(key) ? { id, ok: true } : { id, ok: false, message: 'No answer for this row.' };
  });
}
