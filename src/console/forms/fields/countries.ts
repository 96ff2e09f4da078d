import { queryOptions } from '@tanstack/react-query';
import type { Country } from '../../../contract/countries';
import { api } from '../../api/client';

/**
 * The country list (GET /api/v1/countries) for every picker. It does not change while the console
 * runs: asked once, kept for the session.
 */
export const countriesQuery = () =>
  queryOptions({
    queryKey: ['countries'] as const,
    queryFn: ({ signal }): Promise<Country[]> => api('countries', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** 'DE' -> 🇩🇪 (regional indicator letters); '' for anything that is not two letters. */
export function flagOf(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(
    ...code
      .toUpperCase()
      .split('')
      .map((c) => 0x1f1e6 + c.charCodeAt(0) - 65),
  );
}

/** Lower case without accents, so 'cote' finds Côte d'Ivoire and 'turk' finds Türkiye. */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Whether a country matches what was typed: its name (accents ignored) or its exact code. */
export function countryMatches(country: { code: string; name: string }, search: string): boolean {
  const typed = foldForSearch(search.trim());
  if (!typed) return true;
  return foldForSearch(country.name).includes(typed) || country.code.toLowerCase() === typed;
}
