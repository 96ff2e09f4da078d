/**
 * Where a validation error belongs in a form. The server (and the contract's zod schema, which the
 * console runs before sending) reports errors by body path, Laravel style: `translations.fr.name`,
 * `services.2.discount_percent`, or an import row's index `3.price`. A form may name its paths
 * differently, so each key is mapped to a form path and then placed on a field of the form when
 * one shows that path; what finds no field goes to the form's general alert instead, so no error
 * is ever invisible and none is shown twice.
 */
export interface ErrorMapping {
  /** Server key (or key prefix) -> form path: `{ admin_note: 'note', services: 'lines' }`. */
  fieldMap?: Record<string, string>;
  /** Any key -> form path, first; null or undefined falls back to `fieldMap` ('3.price' -> 'rows.17.price'). */
  mapErrorKey?: (key: string) => string | null | undefined;
  /** The paths that have a field on screen; without it every mapped path counts as one. */
  knownPaths?: Iterable<string>;
}

export interface MappedErrors {
  /** Form path -> the message shown under its field. */
  fields: Record<string, string>;
  /** Errors with no field in the form (key -> message), for the general alert. */
  unplaced: Record<string, string>;
}

/** Import messages name their row ("Row 3: …"); under the row's own field that is noise. */
export const stripRowPrefix = (message: string): string => message.replace(/^row\s+\d+\s*:\s*/i, '');

const camelSegment = (segment: string) => segment.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const camelPath = (path: string): string => path.split('.').map(camelSegment).join('.');

function renamed(key: string, { fieldMap = {}, mapErrorKey }: ErrorMapping): string {
  const custom = mapErrorKey?.(key);
  if (custom) return custom;
  if (fieldMap[key]) return fieldMap[key];
  // The longest mapped prefix renames a nested key: services.2.x -> lines.2.x.
  const prefix = Object.keys(fieldMap)
    .filter((p) => key.startsWith(`${p}.`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? fieldMap[prefix] + key.slice(prefix.length) : key;
}

/** The field that shows `path`: itself, its camel-case twin, else the nearest enclosing field (a list of ids). */
function fieldFor(path: string, known: Set<string> | null): string | null {
  if (!known) return path;
  const candidates = [path, camelPath(path)];
  for (const candidate of candidates) if (known.has(candidate)) return candidate;
  for (const candidate of candidates) {
    const segments = candidate.split('.');
    while (segments.length > 1) {
      segments.pop();
      if (known.has(segments.join('.'))) return segments.join('.');
    }
  }
  return null;
}

export function mapServerErrors(errors: Record<string, string[]> | null | undefined, mapping: ErrorMapping = {}): MappedErrors {
  const known = mapping.knownPaths ? new Set(mapping.knownPaths) : null;
  const result: MappedErrors = { fields: {}, unplaced: {} };
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const message = messages[0];
    if (message === undefined) continue;
    const path = renamed(key, mapping);
    const field = fieldFor(path, known);
    // A field shows one message: the first error that reaches it.
    if (field === null) result.unplaced[path] ??= message;
    else result.fields[field] ??= stripRowPrefix(message);
  }
  return result;
}

/** Every path of a value (`a`, `a.0`, `a.0.b`): what a form without rendered fields can show. */
export function valuePaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof Blob) return prefix ? [prefix] : [];
  const nested = Object.entries(value).flatMap(([k, v]) => valuePaths(v, prefix ? `${prefix}.${k}` : k));
  return prefix ? [prefix, ...nested] : nested;
}
