/**
 * Multipart bodies in Laravel's bracket style (`socials[telegram]`, `currencies[enabled][0]`) back
 * into the nested object the contract's schema reads. Numeric segments make arrays.
 */
export function formDataToObject(form: FormData): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const path = key
      .replace(/\]/g, '')
      .split('[')
      .filter((p) => p !== '');
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
