import type { AppContext } from './context';
import { HttpError, validationFailed } from './errors';
import { readBodyBytes } from './input';

/**
 * The largest index a bracketed field name may carry (`informations[1000][id]`): no form of the
 * console has a list near that long, and a field named `x[40000000]` must not make the server build
 * (and walk) an array of forty million slots. A higher index is a 422 on that field, decided from
 * the names alone before anything is built.
 */
export const MAX_FORM_INDEX = 1000;
/** How many fields one form may hold. */
export const MAX_FORM_FIELDS = 10_000;

const pathOf = (key: string) =>
  key
    .replace(/\]/g, '')
    .split('[')
    .filter((p) => p !== '');

/** Refuses (422, every offending field named) indices above MAX_FORM_INDEX, with leading zeros, or too many fields. */
function checkFieldNames(form: FormData): void {
  const errors: Record<string, string[]> = {};
  let count = 0;
  for (const key of form.keys()) {
    if (++count > MAX_FORM_FIELDS) throw validationFailed({ _: [`The form may hold at most ${MAX_FORM_FIELDS} fields.`] });
    const path = pathOf(key);
    for (const segment of path) {
      if (!/^\d+$/.test(segment)) continue;
      if (segment.length > 1 && segment.startsWith('0')) errors[path.join('.')] = ['An index may not have leading zeros.'];
      else if (Number(segment) > MAX_FORM_INDEX) errors[path.join('.')] = [`An index may be at most ${MAX_FORM_INDEX}.`];
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/**
 * Multipart bodies in Laravel's bracket style (`socials[telegram]`, `currencies[enabled][0]`) back
 * into the nested object the contract's schema reads. Numeric segments make arrays; their indices
 * are bounded first (MAX_FORM_INDEX).
 */
export function formDataToObject(form: FormData): Record<string, unknown> {
  checkFieldNames(form);
  const root: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const path = pathOf(key);
    if (path.length === 0 || path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const slot = Array.isArray(node) ? Number(segment) : segment;
      if (last) {
        (node as Record<string | number, unknown>)[slot] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]);
      let child = (node as Record<string | number, unknown>)[slot];
      if (child === undefined || typeof child !== 'object' || child instanceof Blob) {
        child = nextIsIndex ? [] : {};
        (node as Record<string | number, unknown>)[slot] = child;
      }
      node = child as Record<string, unknown> | unknown[];
    });
  }
  return compactArrays(root) as Record<string, unknown>;
}

/** Sparse arrays (a form may skip an index) become dense. */
function compactArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compactArrays);
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, compactArrays(v)]));
  }
  return value;
}

/**
 * A body that may be a form (multipart or URL-encoded, in Laravel's brackets) or JSON, read as a
 * stream and cut at `maxBytes` with 413 whether or not it declares its length (a chunked body is
 * counted as it arrives), then parsed.
 */
export async function readFormOrJsonBody(c: AppContext, maxBytes: number): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  const bytes = await readBodyBytes(c, maxBytes);
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
    } catch {
      throw new HttpError(400, 'The form data could not be read.');
    }
    return formDataToObject(form);
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}
