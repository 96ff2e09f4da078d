import type { AppContext } from '../http/context';
import { HttpError } from '../http/errors';
import { hasForbiddenCharacters, readBodyBytes, readBodyText } from '../http/input';

/**
 * The fields of a customer API request as text, the way API v2 panels read them: a form
 * (`application/x-www-form-urlencoded` or multipart), a JSON object, or the query string; body
 * fields win over query fields of the same name. Read within the body cap (413); at most
 * MAX_FIELDS fields; a NUL or an unpaired surrogate is refused (422), as everywhere on the server.
 */

export const MAX_FIELDS = 100;

const mediaOf = (c: AppContext) => (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();

export interface CustomerRequest {
  fields: Record<string, string>;
  /** The JSON body as sent, or the fields when the body was a form. */
  body: unknown;
  /** A multipart body, when the route reads uploads. */
  form?: FormData;
}

export async function readCustomerRequest(c: AppContext, maxBytes: number, keepForm = false): Promise<CustomerRequest> {
  const fields: Record<string, string> = {};
  const add = (name: string, value: unknown) => {
    if (Object.keys(fields).length >= MAX_FIELDS && !(name in fields)) throw new HttpError(422, `A request holds at most ${MAX_FIELDS} fields.`);
    const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
    if (text === null) return;
    if (hasForbiddenCharacters(name) || hasForbiddenCharacters(text))
      throw new HttpError(422, `The field "${name.slice(0, 40)}" holds characters that are not allowed.`);
    fields[name] = text;
  };
  for (const [name, value] of Object.entries(c.req.query())) add(name, value);
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return { fields, body: {} };

  const media = mediaOf(c);
  if (media === 'multipart/form-data') {
    const text = await readBodyBytes(c, maxBytes);
    const form = await new Request('http://customer-api.local/', {
      method: 'POST',
      headers: { 'content-type': c.req.header('content-type')! },
      body: new Uint8Array(text),
    })
      .formData()
      .catch(() => {
        throw new HttpError(400, 'The form could not be read.');
      });
    for (const [name, value] of form.entries()) if (typeof value === 'string') add(name, value);
    return { fields, body: { ...fields }, form: keepForm ? form : undefined };
  }
  const text = await readBodyText(c, maxBytes);
  if (!text.trim()) return { fields, body: {} };
  if (media === 'application/json' || media.endsWith('+json')) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'The request body is not valid JSON.');
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) for (const [name, value] of Object.entries(body)) add(name, value);
    return { fields, body };
  }
  // A form, or a body sent without a type (some API v2 clients do): read as a form.
  for (const [name, value] of new URLSearchParams(text)) add(name, value);
  return { fields, body: { ...fields } };
}

/** The key a request carries: `Authorization: Bearer <key>`, else the `key` field. */
export function keyOf(c: AppContext, fields: Readonly<Record<string, string>>): string | null {
  const auth = c.req.header('authorization');
  const bearer = auth?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? fields.key ?? null;
}
