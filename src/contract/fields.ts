import { z } from 'zod';
import { LOCALES, LOCALE_LABELS, type Locale } from './locales';

/**
 * Field shapes every area's contract uses, in one place.
 * Money and percentages travel as decimal strings (never floats); dates as strings
 * ('YYYY-MM-DD HH:mm:ss' UTC, see the area contracts).
 */
export const INT4_MAX = 2147483647;

export const id = z.number().int();
/** A row id sent by the console, bounded to the int4 columns it is compared with. */
export const positiveId = z.number().int().positive().max(INT4_MAX);
/** The same for bigint ids (orders). */
export const positiveBigId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Ids read from a query string. */
export const queryId = z.coerce.number().int().positive().max(INT4_MAX);
export const queryBigId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const money = z.string();
export const dateTime = z.string();

/**
 * The answer of every bulk action: the ids done and, per id, why the others failed. Bulk actions
 * apply what they can; the console's bulk bar reads this shape for its summary.
 */
export const bulkResultSchema = z.object({
  done: z.array(id),
  failed: z.array(z.object({ id, message: z.string() })),
});
export type BulkResultBody = z.infer<typeof bulkResultSchema>;

/** The answer of an action that has nothing to return but a line to show: { message }. */
export const messageSchema = z.object({ message: z.string() });

/** Another record named by id and name, as lists and records show it: { id, name }. */
export const refSchema = z.object({ id, name: z.string() });

/*
 * Shapes of the console's shared form fields (src/console/forms/fields): what each one sends, so
 * every area validates the same wire format with the same messages.
 */

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
const decimalsOf = (text: string) => (text.split('.')[1] ?? '').length;
/** '007.50' -> '7.50': one leading zero at most, the fraction untouched. */
const trimLeadingZeros = (text: string) => text.replace(/^0+(?=\d)/, '');
/**
 * zod runs every check even after one failed; these helpers stop at the first failure
 * (`abort`), so one wrong value gets one message.
 */
const first = (message: string) => ({ message, abort: true });
/** A JS number as a plain decimal string; exponent forms (1e-7, 1e21) are refused as not plain. */
const plainNumber = (n: number) => (Number.isFinite(n) && !/e/i.test(String(n)) ? String(n) : 'NaN');

/**
 * A percentage sent as a fraction of 1 (12.5 % travels as '0.125'), with at most
 * `decimals` decimals (coupon 2, grade and fees 3, others 4). Takes a number or a decimal string and
 * answers a string padded to `decimals` digits ('0.5' -> '0.500'). Messages speak of the percentage
 * the member typed, since the console shows it ×100.
 */
export function fraction(decimals: number = 4) {
  const percentDecimals = decimals - 2;
  return z
    .union([z.number(), z.string()])
    .transform((v) => (typeof v === 'number' ? plainNumber(v) : v.trim()))
    .pipe(
      z
        .string()
        .regex(PLAIN_DECIMAL, first('The percentage must be a number.'))
        .refine((v) => {
          const [int, frac = ''] = trimLeadingZeros(v).split('.');
          return int === '0' || (int === '1' && /^0*$/.test(frac));
        }, first('The percentage must be between 0 and 100.'))
        .refine(
          (v) => decimalsOf(v) <= decimals,
          first(
            percentDecimals <= 0
              ? 'The percentage must be a whole number.'
              : `The percentage may have at most ${percentDecimals} decimal${percentDecimals === 1 ? '' : 's'}.`,
          ),
        )
        .transform((v) => {
          const [int, frac = ''] = trimLeadingZeros(v).split('.');
          return `${int}.${frac.padEnd(decimals, '0')}`;
        }),
    );
}

/** The largest whole part a money column holds (numeric(14,4)). */
const MONEY_INT_DIGITS = 10;

/**
 * A number as the API takes it, the way Laravel's `numeric` and `integer` rules do: a JSON number
 * or a numeric string (`107.25` or `"107.25"`), answered as its text. A JSON number is read as the
 * plain decimal text JavaScript writes for it, so nothing is ever computed in floating point; a
 * float's long tail (0.30000000000000004) or an exponent form (1e21) reaches the caller's checks as
 * written and is refused there with a message, never rounded. Anything else (true, {}, []) is a 422
 * saying the field must be a number; missing or null says it is required.
 */
export function numericText(name: string, kind: 'a number' | 'a whole number') {
  return z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? `The ${name} field is required.` : `The ${name} must be ${kind}.`),
    })
    .transform((v) => (typeof v === 'number' ? plainNumber(v) : v.trim()))
    .pipe(z.string().min(1, first(`The ${name} field is required.`)));
}

/**
 * An amount of money: a non-negative decimal with at most `decimals` decimals (4 by default; 0 for
 * amounts that take whole units only), sent as a JSON number or a decimal string and answered as a
 * string without leading zeros. `name` is the field the messages speak of ('amount', 'price').
 * Every money field of every endpoint is built here, so each takes both forms alike.
 */
export function moneyInputWith(decimals: number, name = 'amount') {
  const whole = decimals <= 0;
  return numericText(name, whole ? 'a whole number' : 'a number')
    .refine((v) => !v.startsWith('-'), first(`The ${name} may not be negative.`))
    .pipe(
      z
        .string()
        .regex(whole ? /^\d+$/ : PLAIN_DECIMAL, first(whole ? `The ${name} must be a whole number.` : `The ${name} must be a number.`))
        .refine((v) => decimalsOf(v) <= decimals, first(`The ${name} may have at most ${decimals} decimals.`))
        .refine((v) => trimLeadingZeros(v).split('.')[0].length <= MONEY_INT_DIGITS, first(`The ${name} is too large.`))
        .transform(trimLeadingZeros),
    );
}
export const moneyInput = moneyInputWith(4);

export interface WholeNumberOptions {
  /** Smallest value; 0 by default. */
  min?: number;
  /** Largest value; the int4 maximum by default. */
  max?: number;
  /** The message below `min` ('The quantity must be at least 1.' by default). */
  minMessage?: string;
  /** The message above `max` ('The quantity is too large.' by default). */
  maxMessage?: string;
}

/**
 * A count (a quantity, a limit, a number of days): a whole number sent as a JSON number or a string
 * of digits (`5` or `"5"`), answered as a number. `name` is the field the messages speak of. Every
 * quantity field of every endpoint is built here.
 */
export function wholeNumberInput(name: string, options: WholeNumberOptions = {}) {
  const { min = 0, max = INT4_MAX } = options;
  const notWhole = `The ${name} must be a whole number.`;
  const tooLarge = options.maxMessage ?? `The ${name} is too large.`;
  return numericText(name, 'a whole number').pipe(
    z
      .string()
      .regex(/^-?\d+$/, first(notWhole))
      // more digits than a double holds exactly: too large (or too small) before any conversion
      .refine((v) => v.replace(/^-?0*/, '').length <= 15, first(tooLarge))
      .transform(Number)
      .pipe(
        z
          .number()
          .int(notWhole)
          .min(min, first(options.minMessage ?? `The ${name} must be at least ${min}.`))
          .max(max, first(tooLarge)),
      ),
  );
}

/** True when year, month and day (and the time) name a moment that exists: no 2025-02-30. */
function existingDate(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): boolean {
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === s
  );
}

const UTC_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A moment as the API receives it: UTC 'YYYY-MM-DD HH:mm:ss'. */
export const utcDateTime = z
  .string()
  .trim()
  .regex(UTC_DATE_TIME, first('The date must be a UTC date and time written YYYY-MM-DD HH:mm:ss.'))
  .refine((v) => {
    const [, y, mo, d, h, mi, s] = UTC_DATE_TIME.exec(v)!.map(Number);
    return existingDate(y, mo, d, h, mi, s);
  }, first('The date does not exist.'));

/** An http(s) address a request is sent to; `name` is the field the messages speak of (`endpoint`, `url`). */
export const httpUrl = (name: string) =>
  z
    .string({ error: `The ${name} field is required.` })
    .trim()
    .min(1, `The ${name} field is required.`)
    .max(2000, `The ${name} may not be greater than 2000 characters.`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, `The ${name} must be a valid http or https URL.`);

/** A calendar day with no time of day: 'YYYY-MM-DD'. */
export const isoDate = z
  .string()
  .trim()
  .regex(ISO_DATE, first('The date must be written YYYY-MM-DD.'))
  .refine((v) => {
    const [, y, mo, d] = ISO_DATE.exec(v)!.map(Number);
    return existingDate(y, mo, d);
  }, first('The date does not exist.'));

export interface TranslationsSchemaOptions<F extends string> {
  /** Locales whose `requiredFields` must be filled (coupons, grades: ['en']). */
  required?: readonly Locale[];
  /** The fields a required locale must fill; all of them by default. */
  requiredFields?: readonly F[];
  /** Longest text of any field; 65535 (a TEXT column) by default. */
  max?: number;
  /**
   * A locale without this field is dropped from the answer (coupons drop translations with an empty
   * name). Without it, a locale is dropped only when every field is empty.
   */
  dropWithout?: F;
}

/** What a translations schema answers: kept locales only, each with every field ('' when empty). */
export type TranslationsOutput<F extends string> = Partial<Record<Locale, Record<F, string>>>;
/** What it accepts: any locale, any field, missing or null. */
export type TranslationsInput<F extends string> = Partial<Record<Locale, Partial<Record<F, string | null>>>>;

const humanizeField = (field: string) =>
  field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();

/**
 * Translated texts keyed by locale then field (`{ en: { name, description }, fr: {…} }`). Unknown
 * locales or fields are refused rather than dropped, so a misspelt key never loses a text. Errors
 * point at `<locale>.<field>` below the schema's own key (`translations.en.name`), which the
 * console's TranslationsField reads to open the right tab.
 */
export function translationsSchema<const F extends string>(
  fields: readonly F[],
  options: TranslationsSchemaOptions<F> = {},
): z.ZodType<TranslationsOutput<F>, TranslationsInput<F>> {
  const { required = [], requiredFields = fields, max = 65535, dropWithout } = options;
  const text = z.string().trim().max(max, `The text may have at most ${max} characters.`).nullable().optional();
  const perLocale = z.strictObject(Object.fromEntries(fields.map((f) => [f, text])) as Record<F, typeof text>);
  const shape = z.strictObject(Object.fromEntries(LOCALES.map((l) => [l, perLocale.optional()])) as Record<Locale, z.ZodOptional<typeof perLocale>>);
  return shape
    .superRefine((value, ctx) => {
      for (const locale of required) {
        for (const field of requiredFields) {
          const v = (value[locale] as Partial<Record<F, string | null>> | undefined)?.[field];
          if (!v) ctx.addIssue({ code: 'custom', path: [locale, field], message: `The ${LOCALE_LABELS[locale]} ${humanizeField(field)} is required.` });
        }
      }
    })
    .transform((value) => {
      const out: TranslationsOutput<F> = {};
      for (const locale of LOCALES) {
        const given = value[locale] as Partial<Record<F, string | null>> | undefined;
        const filled = Object.fromEntries(fields.map((f) => [f, given?.[f] ?? ''])) as Record<F, string>;
        const keep = required.includes(locale) || (dropWithout ? filled[dropWithout] !== '' : fields.some((f) => filled[f] !== ''));
        if (keep) out[locale] = filled;
      }
      return out;
    }) as unknown as z.ZodType<TranslationsOutput<F>, TranslationsInput<F>>;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ApiKeysOptions {
  /** The body sits inside this key (`{ panel_service_type: { … } }`); its keys join the outer ones. */
  wrapper?: string;
  /** The API's name -> the console's (`reviews_count` -> `reviewsCount`); the console's wins when both are sent. */
  rename?: Record<string, string>;
  /** Texts sent at the top level that belong to `translations.en` (`name`, `description`). */
  english?: readonly string[];
  /** Keys naming a record that may come as the record itself (`network: {id, name}`): its id is kept. */
  ids?: readonly string[];
}

/**
 * A body as the panel's API callers send it, read into the console's shape before validation: the
 * wrapper opened, snake_case keys renamed, the English texts moved into `translations.en` (where
 * `translations.en` does not already say them). The console's own bodies pass unchanged, so one
 * endpoint takes both; an error is reported on the console's key (`reviewsCount`).
 */
export function fromApiKeys<S extends z.ZodType>(schema: S, options: ApiKeysOptions) {
  const read = (raw: unknown): unknown => {
    if (!isPlainObject(raw)) return raw;
    const inner = options.wrapper ? raw[options.wrapper] : undefined;
    const body: Record<string, unknown> = isPlainObject(inner) ? { ...raw, ...inner } : { ...raw };
    if (options.wrapper) delete body[options.wrapper];
    for (const [api, own] of Object.entries(options.rename ?? {})) {
      if (api in body) {
        if (body[own] === undefined) body[own] = body[api];
        delete body[api];
      }
    }
    for (const k of options.ids ?? []) {
      const v = body[k];
      if (isPlainObject(v) && 'id' in v) body[k] = v.id;
    }
    const english = (options.english ?? []).filter((k) => typeof body[k] === 'string');
    if (english.length) {
      const translations = isPlainObject(body.translations) ? body.translations : {};
      const en = isPlainObject(translations.en) ? { ...translations.en } : {};
      for (const k of english) {
        if (en[k] === undefined || en[k] === null || en[k] === '') en[k] = body[k];
        delete body[k];
      }
      body.translations = { ...translations, en };
    }
    return body;
  };
  return z.preprocess<unknown, S, z.input<S> | Record<string, unknown>>(read, schema);
}
