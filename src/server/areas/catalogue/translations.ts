import { sql, type SQL } from 'drizzle-orm';
import type { TranslationState } from '../../../contract/catalogue';
import { LOCALES, type Locale } from '../../../contract/locales';
import { readScalar } from '../../table';

/**
 * Translation completeness (beyond the spec): per locale, whether it has every text English has
 * (missing otherwise) and whether it changed after English last did (stale otherwise).
 *
 * Stored beside a record's `translations`: `translations_updated_at` ({locale: ISO time of its last
 * change}) and `source_updated_at` (the last change of the English texts).
 */

type Texts = Record<string, Record<string, string>>;

export function translationState(translations: Texts, updatedAt: Record<string, string>, sourceUpdatedAt: string | Date | null): TranslationState {
  const en = translations.en ?? {};
  const source = sourceUpdatedAt ? new Date(sourceUpdatedAt).getTime() : null;
  const state: TranslationState = { complete: [], missing: [], stale: [] };
  for (const locale of LOCALES) {
    const texts = translations[locale] ?? {};
    const englishFields = Object.keys(en).filter((f) => (en[f] ?? '') !== '');
    if (locale === 'en') {
      (englishFields.length ? state.complete : state.missing).push(locale);
      continue;
    }
    if (englishFields.length === 0 || englishFields.some((f) => !(texts[f] ?? '').trim())) state.missing.push(locale);
    else if (source !== null && (!updatedAt[locale] || new Date(updatedAt[locale]).getTime() < source)) state.stale.push(locale);
    else state.complete.push(locale);
  }
  return state;
}

const sameTexts = (a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean => {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  for (const k of keys) if ((a?.[k] ?? '') !== (b?.[k] ?? '')) return false;
  return true;
};

/**
 * The new time stamps after a write: a locale whose texts changed is stamped now; when English
 * changed the source is stamped too (the other locales become stale until they change).
 */
export function stampTranslations(
  before: { translations: Texts; translationsUpdatedAt: Record<string, string>; sourceUpdatedAt: Date | null } | null,
  after: Texts,
  now = new Date(),
): { translationsUpdatedAt: Record<string, string>; sourceUpdatedAt: Date | null } {
  const stamps: Record<string, string> = { ...(before?.translationsUpdatedAt ?? {}) };
  const iso = now.toISOString();
  let source = before?.sourceUpdatedAt ?? null;
  for (const locale of LOCALES) {
    if (!sameTexts(before?.translations[locale], after[locale])) {
      if (after[locale]) stamps[locale] = iso;
      else delete stamps[locale];
      if (locale === 'en') source = now;
    }
  }
  if (!before) source = now;
  return { translationsUpdatedAt: stamps, sourceUpdatedAt: source };
}

/**
 * The "missing translations in <locale>" filter of a list: the locale lacks a text English has,
 * or it is older than the English texts. `alias` is the table's alias in the list's FROM.
 */
export const missingTranslationsFilter =
  (alias: string) =>
  (value: unknown): SQL | undefined => {
    const locale = readScalar(value, 'text', LOCALES) as Locale;
    const t = sql.raw(alias);
    if (locale === 'en') return sql`coalesce(${t}.translations->'en'->>'name', '') = ''`;
    return sql`(EXISTS (SELECT 1 FROM jsonb_each_text(coalesce(${t}.translations->'en', '{}'::jsonb)) e
                WHERE e.value <> '' AND coalesce(${t}.translations->${locale}->>e.key, '') = '')
           OR (${t}.source_updated_at IS NOT NULL
               AND coalesce((${t}.translations_updated_at->>${locale})::timestamptz, '-infinity'::timestamptz) < ${t}.source_updated_at))`;
  };

/** The main name of a translated record: its English name. */
export const englishName = (translations: Texts): string => translations.en?.name?.trim() ?? '';
