import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LOCALES, type Locale, type Translations } from '../../../contract/locales';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { TranslationsField } from '../../forms/fields/TranslationsField';
import type { FieldSpec } from '../../forms/fields/translations';
import { translateStatusQuery } from './queries';

/**
 * The kit's TranslationsField with "Translate from English": the empty texts of every other
 * locale the translation service knows are filled from the English ones, for review before
 * saving. Without a configured service (TRANSLATE_URL) the button is not shown — the console
 * never pretends to translate.
 */
export interface TranslatedTextsProps<F extends string> {
  fields: readonly FieldSpec<F>[];
  value?: Translations<F>;
  onChange?: (value: Translations<F>) => void;
  errors?: Record<string, ReactNode>;
  error?: ReactNode;
  label?: ReactNode;
  description?: ReactNode;
  path?: string;
  required?: readonly Locale[];
}

export function TranslatedTexts<F extends string>({ fields, value = {}, onChange = () => {}, ...rest }: TranslatedTextsProps<F>) {
  const status = useQuery(translateStatusQuery());
  const [busy, setBusy] = useState(false);
  const names = fields.map((f) => (typeof f === 'string' ? f : f.name)) as F[];
  const english = (value.en ?? {}) as Partial<Record<F, string | null>>;
  const sources = names.filter((n) => (english[n] ?? '').trim() !== '');

  const translate = async () => {
    const targets = (status.data?.locales ?? []).filter((l) => l !== 'en' && LOCALES.includes(l));
    setBusy(true);
    let next: Translations<F> = { ...value };
    let filled = 0;
    try {
      for (const locale of targets) {
        const current = (next[locale] ?? {}) as Partial<Record<F, string | null>>;
        const empty = sources.filter((n) => !(current[n] ?? '').trim());
        if (empty.length === 0) continue;
        const answer = await api('translate', {
          body: { from_language: 'en', to_language: locale, fields: Object.fromEntries(empty.map((n) => [n, english[n] ?? ''])) },
        });
        const texts = { ...current } as Record<string, string | null>;
        for (const n of empty) if (answer.translations[n]) texts[n] = answer.translations[n];
        filled += empty.length;
        next = { ...next, [locale]: texts };
        onChange(next);
      }
      notifications.show({
        color: 'teal',
        title: 'Translated',
        message: filled ? `${filled} empty texts filled from English. Review them before saving.` : 'Every locale already has its texts.',
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Translation failed', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <TranslationsField fields={fields} value={value} onChange={onChange} {...rest} />
      {status.data?.available && (
        <Group justify="flex-end" gap="xs">
          {sources.length === 0 && (
            <Text size="xs" c="dimmed">
              Write the English texts first.
            </Text>
          )}
          <Button size="xs" variant="light" onClick={() => void translate()} loading={busy} disabled={sources.length === 0}>
            Translate from English
          </Button>
        </Group>
      )}
    </Stack>
  );
}
