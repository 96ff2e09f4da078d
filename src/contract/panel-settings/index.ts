import { z } from 'zod';
import { endpoint } from '../endpoint';
import { ADMIN } from '../paths';

/**
 * Panel (instance) settings: panelName, favicon, inhouse, light and dark logo, panelId,
 * captchaIsEnabled, logo destination url, logo alt, default referral
 * program percent; also branding, socials, light and dark colours, currencies (default rates carry
 * RUB), integrations, banners, create-order types, margin and grade options ("field detail not
 * shown": the fields below are this console's reading).
 *
 * GET answers JSON; POST takes multipart form data in Laravel's bracket style (`socials[telegram]`),
 * where an image field is a file (replace), its current URL (keep) or empty (remove).
 */

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 1024 * 1024;
export const SETTINGS_IMAGE_FIELDS = ['favicon', 'logoLight', 'logoDark'] as const;
export type SettingsImageField = (typeof SETTINGS_IMAGE_FIELDS)[number];

export const CREATE_ORDER_TYPES = ['default', 'drip_feed', 'subscription', 'combo', 'package', 'custom_comments'] as const;
export const CREATE_ORDER_TYPE_LABELS: Record<(typeof CREATE_ORDER_TYPES)[number], string> = {
  default: 'Default',
  drip_feed: 'Drip-feed',
  subscription: 'Subscription',
  combo: 'Combo',
  package: 'Package',
  custom_comments: 'Custom comments',
};
export const SOCIAL_NETWORKS = ['telegram', 'instagram', 'facebook', 'x', 'youtube', 'tiktok', 'whatsapp', 'vk'] as const;
export const GRADE_PERIODS = ['lifetime', 'year', 'quarter', 'month'] as const;
export const GRADE_PERIOD_LABELS: Record<(typeof GRADE_PERIODS)[number], string> = {
  lifetime: 'All-time spending',
  year: 'Spending in the last 12 months',
  quarter: 'Spending in the last 3 months',
  month: 'Spending in the last 30 days',
};
export const CURRENCY_CODES = ['USD', 'EUR', 'RUB', 'GBP', 'TRY', 'INR', 'BRL', 'KZT', 'UAH', 'CNY', 'JPY', 'KRW', 'VND'] as const;

/** A form field's boolean: true/false, or '1'/'0' (and 'true'/'false') from multipart. */
const formBoolean = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' || v === '' ? false : v),
  z.boolean({ error: 'The field must be true or false.' }),
);
const text = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max, `The field may not be greater than ${max} characters.`));
const optionalUrl = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string()
    .trim()
    .max(2000, 'The URL may not be greater than 2000 characters.')
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'The URL must start with http:// or https://.'),
);
const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'The colour must be a hex colour like #1c7ed6.');
/** A fraction sent as text with up to 4 decimals (×100 on screen: 0.05 is 5%). */
const fraction = z
  .string({ error: 'The percent is required.' })
  .trim()
  .regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, 'The percent must be between 0 and 100 with at most two decimals.');
const rate = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,6})?$/, 'The rate must be a positive number with at most 6 decimals.')
  .refine((v) => Number(v) > 0, 'The rate must be greater than 0.');

const palette = z.object({ primary: color, background: color, text: color, link: color });

/** Image fields as the client sends them: a file (replace), the current URL (keep), '' or null (remove). */
const imageInput = z.union([z.instanceof(Blob), z.string().max(2000), z.null()]).optional();

const settingsFields = {
  panelName: z
    .string({ error: 'The panel name field is required.' })
    .trim()
    .min(1, 'The panel name field is required.')
    .max(100, 'The panel name may not be greater than 100 characters.'),
  panelId: text(100),
  inhouse: formBoolean,
  captchaIsEnabled: formBoolean,
  captchaSiteKey: text(200),
  /** Members with manageStaff must sign in with a second factor (they enrol at their next sign-in). */
  staffTwoFactorRequired: formBoolean,
  logoUrl: optionalUrl,
  logoAlt: text(200),
  /** Default referral program percent, as a fraction. */
  defaultReferralPercent: fraction,
  branding: z.object({
    companyName: text(200),
    supportEmail: z.preprocess(
      (v) => v ?? '',
      z
        .string()
        .trim()
        .max(255)
        .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'The support e-mail must be a valid email address.'),
    ),
    footerText: text(500),
  }),
  socials: z.object(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, optionalUrl])) as Record<(typeof SOCIAL_NETWORKS)[number], typeof optionalUrl>),
  colors: z.object({ light: palette, dark: palette }),
  currencies: z
    .object({
      default: z.enum(CURRENCY_CODES, { error: 'The default currency is invalid.' }),
      enabled: z.preprocess((v) => v ?? [], z.array(z.enum(CURRENCY_CODES, { error: 'The currency is invalid.' })).max(CURRENCY_CODES.length)),
      /** Units of each currency per one default-currency unit. */
      rates: z.preprocess((v) => v ?? {}, z.partialRecord(z.enum(CURRENCY_CODES), rate)),
    })
    .superRefine((c, ctx) => {
      if (!c.enabled.includes(c.default)) ctx.addIssue({ code: 'custom', path: ['enabled'], message: 'The default currency must be enabled.' });
      for (const code of c.enabled) {
        if (code !== c.default && !c.rates[code]) ctx.addIssue({ code: 'custom', path: ['rates', code], message: `The ${code} rate is required.` });
      }
    }),
  integrations: z.object({
    googleAnalyticsId: text(50),
    googleTagManagerId: text(50),
    yandexMetrikaId: text(50),
    intercomAppId: text(50),
    telegramSupportBot: text(100),
  }),
  banners: z.object({ enabled: formBoolean }),
  createOrderTypes: z.preprocess((v) => v ?? [], z.array(z.enum(CREATE_ORDER_TYPES, { error: 'The order type is invalid.' })).max(CREATE_ORDER_TYPES.length)),
  margin: z.object({ minimalMarginPercent: fraction, defaultResaleMarginPercent: fraction }),
  grades: z.object({ enabled: formBoolean, period: z.enum(GRADE_PERIODS, { error: 'The grade period is invalid.' }) }),
};

/** What GET answers (images as their URLs or null). */
export const panelSettingsSchema = z.object({
  ...settingsFields,
  favicon: z.string().nullable(),
  logoLight: z.string().nullable(),
  logoDark: z.string().nullable(),
});
export type PanelSettings = z.infer<typeof panelSettingsSchema>;

/** What POST takes (before it becomes multipart on the way). */
export const panelSettingsBodySchema = z.object({
  ...settingsFields,
  favicon: imageInput,
  logoLight: imageInput,
  logoDark: imageInput,
});
export type PanelSettingsBody = z.input<typeof panelSettingsBodySchema>;

export const panelSettingsResultSchema = z.object({ message: z.string(), settings: panelSettingsSchema });

/** The realtime event every open console hears after a save (on the counters' channel every member joins). */
export const SETTINGS_UPDATED_EVENT = 'settings.updated';

const fileParams = z.object({ file: z.string().regex(/^\d{1,12}-[A-Za-z0-9._-]{1,120}$/, 'File not found.') });

export const panelSettingsEndpoints = {
  panelSettingsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/settings`,
    permission: 'managePanelSettings',
    response: panelSettingsSchema,
    summary: 'Every panel setting',
  }),
  panelSettingsUpdate: endpoint({
    method: 'POST',
    path: `${ADMIN}/settings`,
    permission: 'managePanelSettings',
    response: panelSettingsResultSchema,
    summary: 'Save the panel settings (multipart: images as files); open consoles update their title and icon',
  }),
  uploadedFile: endpoint({
    method: 'GET',
    path: '/api/v1/files/:file',
    permission: 'public',
    params: fileParams,
    response: z.unknown(),
    summary: 'An uploaded image (favicon, logos), with its content type',
  }),
};
