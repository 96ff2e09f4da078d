import { sqlStateOf } from '../http/errors';
import { plainText, quoted } from '../http/quoted';
import { SmmApiError, SmmTransportError } from './client';

/**
 * A failed call to a provider told in one sentence a member can read on a screen: what happened in
 * our words, the provider's own text quoted as plain data and cut (quoted.ts), and never a database
 * statement — a storage failure on our side is said as such, without its statement.
 */

/** Whether an error came from the database (a PostgreSQL error code, or the query builder's wrapper). */
export function isDatabaseError(error: unknown): boolean {
  if (sqlStateOf(error) !== undefined) return true;
  for (let e = error, i = 0; e instanceof Error && i < 5; e = e.cause, i++) {
    if (/^Failed query:/.test(e.message) || e.constructor.name === 'DrizzleQueryError') return true;
  }
  return false;
}

/** The sentence for a provider call that failed; `saving` names what our side was storing when the database failed. */
export function describeUpstreamFailure(error: unknown, saving = 'the answer'): string {
  if (error instanceof SmmApiError) return `The provider answered: ${quoted(error.message)}.`;
  if (error instanceof SmmTransportError) return plainText(error.message, 400);
  if (isDatabaseError(error)) return `The provider answered, but ${saving} could not be stored (a database error on this server).`;
  return 'The provider call failed on an unexpected error on this server.';
}
