import type { BulkResultBody } from '../../contract/fields';
import type { BulkResult, RowKey } from './actions';

/**
 * Per-id outcomes of a bulk action from the contract's bulk answer `{done, failed}`; an id the
 * answer names in neither list failed without a reason. An answer of another shape gives none
 * (the bulk bar then shows a plain success).
 */
export function bulkResultsFromAnswer(response: unknown, ids: RowKey[]): BulkResult[] | undefined {
  if (!isBulkAnswer(response)) return undefined;
  const failed = new Map(response.failed.map((f) => [f.id, f.message]));
  const done = new Set(response.done);
  return ids.map((id) => {
    const key = Number(id);
    if (failed.has(key)) return { id, ok: false, message: failed.get(key) };
    return done.has(key) ? { id, ok: true } : { id, ok: false, message: 'No answer for this row.' };
  });
}

/** The contract's bulk answer, checked by hand (this runs in the entry chunk, without zod). */
function isBulkAnswer(value: unknown): value is BulkResultBody {
  if (!value || typeof value !== 'object') return false;
  const { done, failed } = value as Record<string, unknown>;
  return (
    Array.isArray(done) &&
    done.every((id) => typeof id === 'number') &&
    Array.isArray(failed) &&
    failed.every(
      (f) => !!f && typeof f === 'object' && typeof (f as { id?: unknown }).id === 'number' && typeof (f as { message?: unknown }).message === 'string',
    )
  );
}
