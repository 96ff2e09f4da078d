import { z } from 'zod';

/**
 * Field shapes every area's contract uses, in one place.
 * Money and percentages travel as decimal strings (never floats); dates as strings
 * ('YYYY-MM-DD HH:mm:ss' UTC, see the area contracts).
 */
export const INT4_MAX = 2147483647;

export const id = z.number().int();
/** A row id sent by the console, bounded to the int4 columns it is compared with. */
export const positiveId = z.number().int().positive().max(INT4_MAX);
/** The same for bigint ids (orders). */
export const positiveBigId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Ids read from a query string. */
export const queryId = z.coerce.number().int().positive().max(INT4_MAX);
export const queryBigId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const money = z.string();
export const dateTime = z.string();

/**
 * The answer of every bulk action: the ids done and, per id, why the others failed. Bulk actions
 * apply what they can (DESIGN.md §5); the console's bulk bar reads this shape for its summary.
 */
export const bulkResultSchema = z.object({
  done: z.array(id),
  failed: z.array(z.object({ id, message: z.string() })),
});
export type BulkResultBody = z.infer<typeof bulkResultSchema>;
