/**
 * The error catalogue: an answer with an `errors` map becomes a field-keyed
 * ValidationError carrying the messages and the general message; an answer with only a `message`
 * becomes a PlainError; an answer without a body is rethrown as an HttpStatusError.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class ValidationError extends ApiError {
  constructor(
    message: string,
    readonly errors: Record<string, string[]>,
    status = 422,
  ) {
    super(message, status);
    this.name = 'ValidationError';
  }

  /** The first message of a field (for a form's `error` prop). */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

export class PlainError extends ApiError {
  constructor(message: string, status: number) {
    super(message, status);
    this.name = 'PlainError';
  }
}

/** A response without a (JSON) body: rethrown with its status. */
export class HttpStatusError extends ApiError {
  constructor(
    status: number,
    readonly response?: Response,
  ) {
    super(`Request failed with status ${status}`, status);
    this.name = 'HttpStatusError';
  }
}

/** Maps an error body to the catalogue's error kinds. */
export function mapErrorBody(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
      const map: Record<string, string[]> = {};
      for (const [k, v] of Object.entries(errors as Record<string, unknown>)) {
        map[k] = Array.isArray(v) ? v.map(String) : [String(v)];
      }
      return new ValidationError(text || 'The given data was invalid.', map, status);
    }
    if (text) return new PlainError(text, status);
  }
  return new HttpStatusError(status);
}

/** True for aborted requests that a list drops silently ('new request' or 'canceled'). */
export function isCancellation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const name = (error as { name?: string }).name;
  const message = (error as { message?: string }).message;
  return name === 'AbortError' || name === 'CanceledError' || message === 'new request' || message === 'canceled';
}

/** A short human message for any error, for notifications. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/**
 * True when the request never got an answer: no connection, the server unreachable, DNS. fetch
 * rejects with a TypeError then (every browser); an error wrapping one as its `cause` counts too.
 * Such a failure says nothing about the session, so it must never log the member out.
 */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof Error && error.cause instanceof TypeError;
}
