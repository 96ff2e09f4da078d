/**
 * Bodies with files travel as multipart form data in Laravel's bracket style
 * (`informations[0][image]`; a banner's update is one such POST). The api client
 * sends FormData for multipart endpoints; this builds it from the same body a JSON call would take.
 *
 * - a File or Blob is appended as a file, at any depth;
 * - true / false become '1' / '0' (what Laravel's boolean rule accepts from a form);
 * - null becomes '' (Laravel reads an empty field as null); undefined is left out;
 * - arrays use their indexes (`countries[0]`), objects their keys; an empty array or object sends
 *   nothing, as a form cannot say "empty list".
 */
export interface MultipartOptions {
  /** Laravel's method override: a PUT or PATCH sent as POST carries `_method`. */
  methodOverride?: 'PUT' | 'PATCH' | 'DELETE';
}

export function toMultipart(body: Record<string, unknown>, options: MultipartOptions = {}): FormData {
  const form = new FormData();
  const append = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value instanceof Blob) {
      // A File keeps its own name (a bare Blob is named 'blob' by FormData).
      form.append(key, value);
    } else if (value === null) {
      form.append(key, '');
    } else if (typeof value === 'boolean') {
      form.append(key, value ? '1' : '0');
    } else if (value instanceof Date) {
      // The API's date format: UTC 'YYYY-MM-DD HH:mm:ss'.
      form.append(key, value.toISOString().slice(0, 19).replace('T', ' '));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => append(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) append(`${key}[${k}]`, v);
    } else {
      form.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(body)) append(key, value);
  if (options.methodOverride) form.append('_method', options.methodOverride);
  return form;
}

/** Whether a body holds a File or Blob anywhere (the areas send those as multipart). */
export function hasFiles(value: unknown): boolean {
  if (value instanceof Blob) return true;
  if (Array.isArray(value)) return value.some(hasFiles);
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.values(value).some(hasFiles);
  return false;
}
