import { validationMessage } from '../../contract/errors';

/**
 * An error a handler or domain rule throws to answer with a status and a JSON body.
 * Everything a client can cause ends here; anything else is a 500 and is logged.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429,
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
