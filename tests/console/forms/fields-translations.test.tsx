import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodIssuesToErrors } from '../../../src/contract/errors';
import { translationsSchema } from '../../../src/contract/fields';
import { LOCALES, LOCALE_LABELS, toLocale } from '../../../src/contract/locales';
import { TranslationsField, completenessOf, localeOfErrorPath, translationErrors, type Translations } from '../../../src/console/forms/fields';

afterEach(cleanup);

// Mantine's autosize textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

type Field = 'name' | 'description';

/** What a form saw when it focused its first error, in its own effect after the errors arrived. */
const focusLog: { name: string; tabSelected: string | null }[] = [];

function GradeForm({ initial, errorsToSet }: { initial: Translations<Field>; errorsToSet: Record<string, Record<string, string>> }) {
  const form = useForm<{ translations: Translations<Field> }>({ mode: 'controlled', initialValues: { translations: initial } });
  useEffect(() => {
    const first = Object.keys(form.errors)[0];
    if (!first) return;
    const input = document.querySelector<HTMLElement>(`[name="${first}"]`);
    const panel = input?.closest('[role="tabpanel"]');
    const tab = panel && document.querySelector(`[aria-controls="${panel.id}"]`);
    focusLog.push({ name: first, tabSelected: tab?.getAttribute('aria-selected') ?? null });
    input?.focus();
  }, [form.errors]);
  return (
    <MantineProvider env="test">
      <TranslationsField<Field>
        label="Texts"
        fields={['name', { name: 'description', multiline: true }]}
        required={['en']}
        {...form.getInputProps('translations')}
        errors={form.errors}
      />
      {Object.entries(errorsToSet).map(([name, errors]) => (
        <button key={name} type="button" onClick={() => form.setErrors(errors)}>
          {name}
        </button>
      ))}
      <output data-testid="held">{JSON.stringify(form.getValues().translations)}</output>
    </MantineProvider>
  );
}
const held = () => JSON.parse(screen.getByTestId('held').textContent ?? 'null');
const tab = (label: string) => screen.getByRole('tab', { name: new RegExp(`^${label},`) });

describe('TranslationsField', () => {
  it('has one tab per locale, each naming how complete it is for screen readers', () => {
    render(<GradeForm initial={{ en: { name: 'Gold', description: 'The best' }, fr: { name: 'Or' } }} errorsToSet={{}} />);
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('aria-label')?.split(',')[0])).toEqual(LOCALES.map((l) => LOCALE_LABELS[l]));
    // The badge shows the count; its words are in the tab's name.
    // (drawn from data-count, so the tab's visible text is the locale its name starts with: axe label-content-name-mismatch)
    expect(tab('French')).toHaveTextContent(/^French$/);
    expect(tab('French').querySelector('[data-count]')).toHaveAttribute('data-count', '1/2');
    expect(tab('English')).toHaveAccessibleName('English, all fields filled');
    expect(tab('French')).toHaveAccessibleName('French, 1 of 2 fields filled');
    expect(tab('German')).toHaveAccessibleName('German, no fields filled');
    expect(tab('English')).toHaveAttribute('aria-selected', 'true');
    expect(tab('French')).toHaveAttribute('data-status', 'partial');
    // The English name is marked required and says its locale to screen readers.
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('textbox', { name: /^Name \(English\)/ })).toHaveValue('Gold');
  });

  it('edits one locale without touching the others and updates its badge', async () => {
    const user = userEvent.setup();
    render(<GradeForm initial={{ en: { name: 'Gold', description: 'The best' } }} errorsToSet={{}} />);
    await user.click(tab('German'));
    const panel = screen.getByRole('tabpanel');
    await user.type(within(panel).getByRole('textbox', { name: 'Name (German)' }), 'Gold DE');
    expect(held()).toEqual({ en: { name: 'Gold', description: 'The best' }, de: { name: 'Gold DE' } });
    expect(tab('German')).toHaveAccessibleName('German, 1 of 2 fields filled');
    await user.type(within(panel).getByRole('textbox', { name: 'Description (German)' }), 'Das Beste');
    expect(tab('German')).toHaveAccessibleName('German, all fields filled');
  });

  it('opens the tab of an error that arrives and shows it under the field', async () => {
    const user = userEvent.setup();
    render(
      <GradeForm
        initial={{ en: { name: 'Gold', description: 'The best' }, fr: { name: 'Or' } }}
        errorsToSet={{ 'Server says': { 'translations.fr.name': 'The French name may have at most 5 characters.' } }}
      />,
    );
    expect(tab('English')).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Server says' }));
    expect(tab('French')).toHaveAttribute('aria-selected', 'true');
    expect(tab('French')).toHaveAccessibleName('French, 1 of 2 fields filled, has errors');
    const name = within(screen.getByRole('tabpanel')).getByRole('textbox', { name: 'Name (French)' });
    expect(name).toHaveAccessibleDescription('The French name may have at most 5 characters.');
    // The tab was already open when the form's own effect looked for the erroneous input by name.
    expect(focusLog.at(-1)).toEqual({ name: 'translations.fr.name', tabSelected: 'true' });
    expect(name).toHaveFocus();
  });

  it('opens the first tab holding an error, and does not move while errors are only removed', async () => {
    const user = userEvent.setup();
    render(
      <GradeForm
        initial={{}}
        errorsToSet={{
          Submit: { 'translations.ko.name': 'Too long.', 'translations.ru.name': 'Too long.', 'translations[en][description]': 'Required.' },
          'Fix English': { 'translations.ko.name': 'Too long.', 'translations.ru.name': 'Too long.' },
          'Fix Russian': { 'translations.ko.name': 'Too long.' },
        }}
      />,
    );
    await user.click(tab('Spanish'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(tab('English')).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByRole('textbox', { name: /^Description \(English\)/ })).toHaveAccessibleDescription('Required.');

    await user.click(tab('Russian'));
    await user.click(screen.getByRole('button', { name: 'Fix English' }));
    expect(tab('Russian')).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Fix Russian' }));
    expect(tab('Russian')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Russian')).toHaveAccessibleName('Russian, no fields filled');
    expect(tab('Korean')).toHaveAccessibleName('Korean, no fields filled, has errors');
  });
});

describe('translation helpers', () => {
  it('localeOfErrorPath finds the locale of dot, bracket and short keys', () => {
    expect(localeOfErrorPath('translations.fr.name')).toBe('fr');
    expect(localeOfErrorPath('translations[pt_BR][name]')).toBe('pt_BR');
    expect(localeOfErrorPath('informations.0.translations.zh_CN.title')).toBe('zh_CN');
    expect(localeOfErrorPath('translations.pt.name')).toBe('pt_BR');
    expect(localeOfErrorPath('translations.hi-IN.name')).toBe('hi_IN');
    expect(localeOfErrorPath('fr.name')).toBe('fr');
    expect(localeOfErrorPath('translations')).toBeNull();
    expect(localeOfErrorPath('name')).toBeNull();
    expect(localeOfErrorPath('translations.xx.name')).toBeNull();
    expect(toLocale('PT-br')).toBe('pt_BR');
  });

  it('translationErrors keeps only the keys under its path', () => {
    expect(
      translationErrors({ 'translations.fr.name': 'A', name: 'B', 'other.fr.name': 'C', 'translations.de.name': null, 'translations.en': 'D' }, 'translations'),
    ).toEqual({ fr: { name: 'A' }, en: { en: 'D' } });
    expect(translationErrors({ 'informations.1.translations.ja.title': 'E' }, 'informations.1.translations')).toEqual({ ja: { title: 'E' } });
  });

  it('completenessOf counts filled fields, blanks as empty', () => {
    expect(completenessOf({ name: 'A', description: '  ' }, ['name', 'description'])).toEqual({ filled: 1, total: 2, status: 'partial' });
    expect(completenessOf(undefined, ['name'])).toEqual({ filled: 0, total: 1, status: 'empty' });
  });
});

describe('translationsSchema (contract)', () => {
  const coupon = z.object({ translations: translationsSchema(['name', 'description'], { required: ['en'], requiredFields: ['name'], dropWithout: 'name' }) });

  it('requires the required locales and points the error at translations.<locale>.<field>', () => {
    const result = coupon.safeParse({ translations: { fr: { name: 'Bon' } } });
    expect(result.success).toBe(false);
    expect(zodIssuesToErrors(result.error!.issues)).toEqual({ 'translations.en.name': ['The English name is required.'] });
  });

  it('drops the locales without the key field, keeps the rest with every field', () => {
    const parsed = coupon.parse({
      translations: { en: { name: ' Welcome ' }, fr: { name: '', description: 'Texte' }, de: { name: 'Willkommen', description: null } },
    });
    expect(parsed.translations).toEqual({ en: { name: 'Welcome', description: '' }, de: { name: 'Willkommen', description: '' } });
  });

  it('refuses unknown locales and fields instead of losing their text', () => {
    const result = coupon.safeParse({ translations: { en: { name: 'A' }, pt: { name: 'B' }, fr: { title: 'C' } } });
    expect(result.success).toBe(false);
    const keys = Object.keys(zodIssuesToErrors(result.error!.issues));
    expect(keys).toEqual(expect.arrayContaining(['translations', 'translations.fr']));
  });

  it('without dropWithout, drops only locales with every field empty', () => {
    const grade = translationsSchema(['name', 'description']);
    expect(grade.parse({ en: { name: '', description: 'x' }, ru: { name: ' ', description: '' } })).toEqual({ en: { name: '', description: 'x' } });
  });
});
