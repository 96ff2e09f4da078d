/**
 * The panel's content locales: translated fields of services, coupons, banners,
 * grades, payment methods… are keyed by these. English is the default and the one most forms
 * require. Zod-free, so the console can read the list without pulling in a schema.
 */
export const LOCALES = ['en', 'ru', 'es', 'fr', 'de', 'hi_IN', 'ko', 'pt_BR', 'tr', 'zh_CN', 'ja', 'vi'] as const;
export type Locale = (typeof LOCALES)[number];

export const LOCALE_LABELS: Record<Locale, string> = {
  en: 'English',
  ru: 'Russian',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  hi_IN: 'Hindi',
  ko: 'Korean',
  pt_BR: 'Portuguese',
  tr: 'Turkish',
  zh_CN: 'Chinese',
  ja: 'Japanese',
  vi: 'Vietnamese',
};

/**
 * The locale a key names, however it is spelled: 'pt_BR', 'pt-BR', 'pt_br', or the two-letter
 * language alone ('pt'), which the server's error keys sometimes use. Each language appears once in
 * LOCALES, so the two letters are never ambiguous. Null when the key names no locale.
 */
export function toLocale(key: string): Locale | null {
  const normalized = key.trim().replace('-', '_');
  const exact = LOCALES.find((l) => l.toLowerCase() === normalized.toLowerCase());
  if (exact) return exact;
  if (/^[a-z]{2}$/i.test(normalized)) {
    const language = normalized.toLowerCase();
    return LOCALES.find((l) => l.slice(0, 2) === language) ?? null;
  }
  return null;
}

/**
 * An `{ [locale]: { [field]: text } }` map: every locale optional, every field optional, as the
 * forms hold it before validation.
 */
export type Translations<F extends string = string> = Partial<Record<Locale, Partial<Record<F, string>>>>;

/**
 * The locale an error key belongs to: `translations.fr.name`, `translations[fr][name]`,
 * `informations.0.translations.pt_BR.title` or `fr.name` all answer their locale. The segment right
 * after a `translations` segment wins; without one, the first segment naming a locale. Null when the
 * key has no locale (`name`, `translations`).
 */
export function localeOfErrorPath(path: string): Locale | null {
  const segments = path.split(/[.[\]]+/).filter(Boolean);
  const marker = segments.lastIndexOf('translations');
  if (marker >= 0) {
    const next = segments[marker + 1];
    return next === undefined ? null : toLocale(next);
  }
  for (const segment of segments) {
    const locale = toLocale(segment);
    if (locale) return locale;
  }
  return null;
}
