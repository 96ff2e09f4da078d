/**
 * The area kit's shared form fields: each is a controlled input that takes
 * `form.getInputProps(path)` (value, onChange, error, onFocus, onBlur), plus the helpers that
 * convert its value. Their wire shapes are in src/contract/fields.ts and src/contract/locales.ts.
 */
export * from './TranslationsField';
export * from './translations';
export * from './KeepOnOffField';
export * from './PercentInput';
export * from './percent';
export * from './MoneyInput';
export * from './money';
export * from './DateFields';
export * from './dates';
export * from './CountrySelect';
export * from './countries';
export * from './ImageUploadField';
export * from './image';
export * from './multipart';
export * from './SortableList';
export * from './sorting';
export type { Locale, Translations } from '../../../contract/locales';
