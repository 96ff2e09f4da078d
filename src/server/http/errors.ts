import { validationMessage } from '../../contract/errors';

/**
 * An error a handler or domain rule throws to answer with a status and a JSON body.
 * Everything a client can cause ends here; anything else is a 500 and is logged.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  body(): { message: string; errors?: Record<string, string[]> } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const unauthenticated = (message = 'Unauthenticated.') => new HttpError(401, message);
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found.`);
export const conflict = (message: string) => new HttpError(409, message);
/** A 422 in Laravel's shape; `errors` keys are field names with dot paths. */
export const validationFailed = (errors: Record<string, string[]>) => new HttpError(422, validationMessage(errors), errors);
export const fieldError = (field: string, message: string) => validationFailed({ [field]: [message] });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

/** A 503 with Retry-After: the server refused or stopped work it could not finish in time. */
export const serviceUnavailable = (message: string, retryAfterSeconds = 5) =>
  new HttpError(503, message, undefined, { 'Retry-After': String(retryAfterSeconds) });

export const STATEMENT_TIMEOUT_MESSAGE =
  'The request took too long and was stopped. Narrow the filters or the search, or export CSV for large lists, and try again.';

/** The SQLSTATE of a database error, looking through the driver's and the ORM's wrappers. */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Database errors a client's input can still cause past every check, answered as what they are
 * rather than a 500: a cancelled statement (statement_timeout) is a 503 that says why; a value the
 * column cannot hold (out of range, too long, not storable) is a 422. Anything else stays a 500.
 */
export function httpErrorForDatabase(err: unknown): HttpError | undefined {
  const state = sqlStateOf(err);
  if (!state) return undefined;
  if (state === '57014') return serviceUnavailable(STATEMENT_TIMEOUT_MESSAGE);
  // 22003 numeric out of range, 22001 string too long, 22021 invalid byte sequence,
  // 22P02 invalid text representation, 22007/22008 invalid or out-of-range date/time.
  if (['22003', '22001', '22021', '22P02', '22007', '22008', '22P05', '54000'].includes(state)) {
    return validationFailed({ _: ['A value is out of range or cannot be stored.'] });
  }
  return undefined;
}
