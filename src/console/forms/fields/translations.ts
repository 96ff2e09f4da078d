import { LOCALES, localeOfErrorPath, type Locale, type Translations } from '../../../contract/locales';

export { localeOfErrorPath };

/** One translated field of a form: its key in each locale's object and how it is edited. */
export interface TranslatableField<F extends string = string> {
  name: F;
  /** Shown above the input; the key humanized by default ('shortDescription' -> 'Short description'). */
  label?: string;
  /** A growing textarea instead of a one-line input (descriptions, FAQ). */
  multiline?: boolean;
}

export type FieldSpec<F extends string> = F | TranslatableField<F>;

const humanize = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const toFieldSpec = <F extends string>(field: FieldSpec<F>): Required<TranslatableField<F>> =>
  typeof field === 'string'
    ? { name: field, label: humanize(field), multiline: false }
    : { name: field.name, label: field.label ?? humanize(field.name), multiline: field.multiline ?? false };

export type Completeness = 'complete' | 'partial' | 'empty';

/** How many of `fields` one locale has filled (blank text counts as empty). */
export function completenessOf<F extends string>(
  texts: Partial<Record<F, string | null>> | undefined,
  fields: readonly F[],
): { filled: number; total: number; status: Completeness } {
  const filled = fields.filter((f) => (texts?.[f] ?? '').trim() !== '').length;
  const total = fields.length;
  return { filled, total, status: filled === 0 ? 'empty' : filled === total ? 'complete' : 'partial' };
}

/**
 * The errors of one translations field, by locale then field, out of a form's flat error map:
 * keys under `path` (`translations.fr.name`, `translations[fr][name]`; any key when `path` is '').
 */
export function translationErrors(errors: Record<string, unknown> | undefined, path: string): Partial<Record<Locale, Record<string, unknown>>> {
  const out: Partial<Record<Locale, Record<string, unknown>>> = {};
  if (!errors) return out;
  for (const [key, message] of Object.entries(errors)) {
    if (message === null || message === undefined || message === false || message === '') continue;
    if (path && !(key.startsWith(`${path}.`) || key.startsWith(`${path}[`))) continue;
    const locale = localeOfErrorPath(path ? `translations.${key.slice(path.length + 1)}` : key);
    if (!locale) continue;
    const segments = key.split(/[.[\]]+/).filter(Boolean);
    const field = segments[segments.length - 1];
    (out[locale] ??= {})[field] = message;
  }
  return out;
}

/** The locales holding an error, in tab order. */
export const localesWithErrors = (errors: Partial<Record<Locale, unknown>>, locales: readonly Locale[] = LOCALES): Locale[] =>
  locales.filter((l) => errors[l] !== undefined);

/** Sets one text, leaving every other locale and field as it was. */
export function setTranslation<F extends string>(value: Translations<F> | undefined, locale: Locale, field: F, text: string): Translations<F> {
  return { ...value, [locale]: { ...value?.[locale], [field]: text } } as Translations<F>;
}
