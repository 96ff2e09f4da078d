import { z } from 'zod';

/**
 * Error bodies, Laravel's shapes. Every non-2xx answer of the API is JSON:
 * - 422: `{message, errors: {field: [messages]}}`; nested fields use dot paths (`translations.en.name`,
 *   `ordersIds.2`).
 * - 401, 403, 404, 409, 429 and the rest: `{message}` (429 also sends a Retry-After header).
 */
export const validationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

export const plainErrorBodySchema = z.object({ message: z.string() });
export type PlainErrorBody = z.infer<typeof plainErrorBodySchema>;

/** Turns zod issues into Laravel's `errors` map with dot paths. */
export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The general message Laravel sends with a 422: the first message, plus "(and N more errors)". */
export function validationMessage(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  if (all.length === 0) return 'The given data was invalid.';
  const more = all.length - 1;
  return more > 0 ? `${all[0]} (and ${more} more error${more > 1 ? 's' : ''})` : all[0];
}
