import { Badge, Input, Stack, Tabs, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useId, useMemo, useState, type FocusEventHandler, type ReactNode } from 'react';
import { LOCALES, LOCALE_LABELS, type Locale, type Translations } from '../../../contract/locales';
import classes from './TranslationsField.module.css';
import { completenessOf, localesWithErrors, setTranslation, toFieldSpec, translationErrors, type Completeness, type FieldSpec } from './translations';

export interface TranslationsFieldProps<F extends string> {
  /** The translated fields, in order: keys, or `{ name, label, multiline }`. */
  fields: readonly FieldSpec<F>[];
  /** `{ [locale]: { [field]: text } }`; missing locales and fields read as empty. */
  value?: Translations<F>;
  defaultValue?: Translations<F>;
  onChange?: (value: Translations<F>) => void;
  /** An error about the translations as a whole (its own path). */
  error?: ReactNode;
  /**
   * The form's flat error map (`form.errors`): the entries under `path` (`translations.fr.name`)
   * are shown under their inputs, mark their tab, and open the first such tab when they arrive.
   */
  errors?: Record<string, ReactNode>;
  /** The form path of this value, the prefix of its error keys; 'translations' by default. */
  path?: string;
  /** The tabs, in order; every panel locale by default. */
  locales?: readonly Locale[];
  /** Locales whose fields are required (marked with an asterisk); e.g. ['en']. */
  required?: readonly Locale[];
  label?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  onFocus?: FocusEventHandler<HTMLElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
}

const BADGE_COLOR: Record<Completeness, string> = { complete: 'teal', partial: 'yellow', empty: 'gray' };

function completenessWords(filled: number, total: number, status: Completeness): string {
  if (status === 'complete') return 'all fields filled';
  if (status === 'empty') return 'no fields filled';
  return `${filled} of ${total} fields filled`;
}

/**
 * Translated texts edited one locale per tab. Each tab carries a badge with how many of its fields
 * are filled (its words are read by screen readers: "French, 1 of 2 fields filled"); a tab whose
 * fields hold errors turns red and says so, and when new errors arrive the first tab holding one
 * opens, so a server error at `translations.fr.name` is seen under French's name.
 */
export function TranslationsField<F extends string>({
  fields,
  value,
  defaultValue,
  onChange,
  error,
  errors,
  path = 'translations',
  locales = LOCALES,
  required = [],
  label,
  description,
  disabled,
  onFocus,
  onBlur,
}: TranslationsFieldProps<F>) {
  const [texts, setTexts] = useUncontrolled<Translations<F>>({ value, defaultValue, finalValue: {}, onChange });
  const specs = useMemo(() => fields.map((f) => toFieldSpec(f)), [fields]);
  const names = useMemo(() => specs.map((s) => s.name), [specs]);
  const [active, setActive] = useState<Locale>(locales[0] ?? 'en');
  const labelId = useId();

  const byLocale = useMemo(() => translationErrors(errors, path), [errors, path]);

  // Open the first tab holding an error when errors arrive (a submit, a server answer), but not
  // while the member fixes them one by one: only a key not seen before moves the tab. Decided
  // while rendering, so the erroneous input is visible in the same commit and a form that focuses
  // its first error (by the input's name, `translations.fr.name`) can reach it.
  const errorKeys = Object.entries(byLocale)
    .flatMap(([l, byField]) => Object.keys(byField ?? {}).map((f) => `${l}.${f}`))
    .sort()
    .join(' ');
  const [seenKeys, setSeenKeys] = useState('');
  if (errorKeys !== seenKeys) {
    const before = new Set(seenKeys.split(' '));
    const arrived = errorKeys !== '' && errorKeys.split(' ').some((k) => !before.has(k));
    setSeenKeys(errorKeys);
    const first = localesWithErrors(byLocale, locales)[0];
    if (arrived && first && first !== active) setActive(first);
  }

  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div" id={labelId}>
      <Tabs value={active} onChange={(v) => v && setActive(v as Locale)} keepMounted={false} mt={label || description ? 4 : 0}>
        <Tabs.List aria-labelledby={label ? `${labelId}-label` : undefined}>
          {locales.map((locale) => {
            const { filled, total, status } = completenessOf(texts[locale], names);
            const hasError = byLocale[locale] !== undefined;
            return (
              <Tabs.Tab
                key={locale}
                value={locale}
                color={hasError ? 'red' : undefined}
                data-status={status}
                data-error={hasError || undefined}
                aria-label={`${LOCALE_LABELS[locale]}, ${completenessWords(filled, total, status)}${hasError ? ', has errors' : ''}`}
                rightSection={
                  <Badge
                    size="xs"
                    variant="light"
                    color={hasError ? 'red' : BADGE_COLOR[status]}
                    aria-hidden="true"
                    style={{ textTransform: 'none' }}
                    className={classes.count}
                    data-count={hasError ? '!' : `${filled}/${total}`}
                  />
                }
              >
                {LOCALE_LABELS[locale]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {locales.map((locale) => (
          <Tabs.Panel key={locale} value={locale} pt="sm">
            <Stack gap="sm">
              {specs.map((spec) => {
                const common = {
                  name: `${path ? `${path}.` : ''}${locale}.${spec.name}`,
                  label: (
                    <>
                      {spec.label}
                      <VisuallyHidden component="span">{` (${LOCALE_LABELS[locale]})`}</VisuallyHidden>
                    </>
                  ),
                  withAsterisk: required.includes(locale),
                  value: texts[locale]?.[spec.name] ?? '',
                  error: byLocale[locale]?.[spec.name] as ReactNode,
                  disabled,
                  onFocus,
                  onBlur,
                  lang: locale.replace('_', '-'),
                };
                const change = (text: string) => setTexts(setTranslation(texts, locale, spec.name, text));
                return spec.multiline ? (
                  <Textarea key={spec.name} autosize minRows={2} maxRows={10} {...common} onChange={(e) => change(e.currentTarget.value)} />
                ) : (
                  <TextInput key={spec.name} {...common} onChange={(e) => change(e.currentTarget.value)} />
                );
              })}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Input.Wrapper>
  );
}
