import type { AppContext } from './context';
import { HttpError, validationFailed } from './errors';

/**
 * What the pipeline checks on every request before an endpoint's schema sees it,
 * so each area's endpoints are covered without a line of their own:
 * - a body is JSON (`application/json` or `+json`), else 415 — a page elsewhere cannot post a
 *   form or text/plain into the API from a visitor's browser;
 * - a body is at most `maxBytes` (413), read as a stream so a huge body is never held whole;
 * - no text (value or key) holds a NUL or an unpaired UTF-16 surrogate: PostgreSQL cannot store
 *   them (`invalid byte sequence … 0x00`), so they are a 422 on the field, never a 500;
 * - no key is `__proto__`, `constructor` or `prototype`, and nesting is at most MAX_DEPTH deep.
 */

/** The default body cap: room for every form of the console, far below what would strain the server. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** How deep a body may nest (the deepest form of the console is a handful of levels). */
export const MAX_DEPTH = 32;
/** How many values (strings, numbers, keys) one body may hold. */
export const MAX_NODES = 100_000;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters this rejects
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasForbiddenCharacters = (text: string): boolean => BAD_TEXT.test(text);

export const tooLarge = (maxBytes: number) => new HttpError(413, `The request is too large: at most ${Math.floor(maxBytes / 1024)} KB.`);

const isJsonType = (type: string): boolean => {
  const media = type.split(';')[0].trim().toLowerCase();
  return media === 'application/json' || (media.startsWith('application/') && media.endsWith('+json'));
};

/** Reads the body, stopping (413) as soon as it passes `maxBytes`. */
export async function readBodyBytes(c: AppContext, maxBytes: number): Promise<Buffer> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const stream = c.req.raw.body;
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads the body as text, stopping (413) as soon as it passes `maxBytes`. */
export async function readBodyText(c: AppContext, maxBytes: number): Promise<string> {
  // fatal: false turns invalid UTF-8 into U+FFFD, which is storable text.
  return new TextDecoder('utf-8').decode(await readBodyBytes(c, maxBytes));
}

/** The JSON body of a request from its text (an empty body is `{}`), checked as described above. */
export function parseJsonBody(c: AppContext, text: string): unknown {
  if (!text.trim()) return {};
  if (!isJsonType(c.req.header('content-type') ?? '')) {
    throw new HttpError(415, 'The request body must be JSON (Content-Type: application/json).');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Includes a stack overflow on absurd nesting: JSON.parse throws a RangeError we answer alike.
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  assertCleanInput(value);
  return value;
}

/**
 * Throws a 422 naming every field (dot path, as zod's errors do) whose text or key is not
 * storable, or whose key is a prototype key; a 422 on `_` when the body nests too deep or is too big.
 */
export function assertCleanInput(value: unknown, root: string[] = []): void {
  const errors: Record<string, string[]> = {};
  let nodes = 0;
  const add = (path: string[], message: string) => {
    const key = path.length ? path.join('.') : '_';
    if (!errors[key]) errors[key] = [message];
  };
  const visit = (v: unknown, path: string[], depth: number): boolean => {
    if (++nodes > MAX_NODES) {
      add([], 'The request holds too many values.');
      return false;
    }
    if (typeof v === 'string') {
      if (hasForbiddenCharacters(v)) add(path, 'The text contains characters that are not allowed (NUL or an unpaired surrogate).');
      return true;
    }
    if (v === null || typeof v !== 'object') return true;
    if (depth >= MAX_DEPTH) {
      add(path, 'The value is nested too deeply.');
      return true;
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (!visit(v[i], [...path, String(i)], depth + 1)) return false;
      return true;
    }
    for (const key of Object.keys(v)) {
      const at = [...path, key];
      if (FORBIDDEN_KEYS.has(key)) add(at, 'This key is not allowed.');
      else if (hasForbiddenCharacters(key)) add(at, 'The key contains characters that are not allowed.');
      if (!visit((v as Record<string, unknown>)[key], at, depth + 1)) return false;
    }
    return true;
  };
  visit(value, root, 0);
  if (Object.keys(errors).length) throw validationFailed(errors);
}
