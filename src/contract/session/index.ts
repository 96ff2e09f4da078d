import { z } from 'zod';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { INT4_MAX, refSchema, messageSchema } from '../fields';
import { PERMISSIONS } from '../permissions';

export * from './constants';

/**
 * Session, instance settings, dictionaries and the counters' init call.
 *
 * Login and refresh are at the root (`POST /login`, `GET /refresh`); the profile is under /api/v1.
 * The token comes back in the `authorization` response header (`Bearer <jwt>`), exposed through CORS.
 */

export const permissionSchema = z.enum(PERMISSIONS);

export const loginBodySchema = z.object({
  'g-recaptcha-response': z.string().optional().default(''),
  email: z.string().trim().min(1, 'The email field is required.').email('The email must be a valid email address.'),
  password: z.string().min(1, 'The password field is required.'),
});

/**
 * A sign-in answer. With two-factor sign-in the password step answers no token but a challenge:
 * `twoFactor: 'verify'` asks for a code (POST /login/two-factor), `'setup'` for an enrolment first
 * (POST /login/two-factor/setup, then the code) when the panel requires it of the member.
 */
export const loginResponseSchema = z.object({
  message: z.string(),
  twoFactor: z.enum(['verify', 'setup']).optional(),
  challenge: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A second-factor code: 6 digits from the app, or a recovery code like `abcd-efgh-jkmn`. */
const twoFactorCode = z.string().trim().min(1, 'The code field is required.').max(64, 'The code may not be greater than 64 characters.');
const challengeField = z.string().min(1, 'The sign-in has expired. Sign in again.').max(2000, 'The sign-in has expired. Sign in again.');
export const twoFactorLoginBodySchema = z.object({ challenge: challengeField, code: twoFactorCode });
export const twoFactorLoginSetupBodySchema = z.object({ challenge: challengeField });
/** Where an authenticator app is pointed: the otpauth:// address (as a QR code) and its secret to type in. */
export const twoFactorEnrolmentSchema = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;
export const twoFactorLoginResponseSchema = z.object({
  message: z.string(),
  /** Set when this sign-in completed an enrolment: shown once. */
  recoveryCodes: z.array(z.string()).optional(),
});
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** An enrolment waits for its first code. */
  pending: z.boolean(),
  /** The panel requires it of this member (manageStaff and the panel setting). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
const passwordBody = z.object({ password: z.string().min(1, 'The password field is required.').max(1000) });
export const twoFactorConfirmBodySchema = z.object({ code: twoFactorCode });
export const recoveryCodesResponseSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

export const refreshResponseSchema = z.object({ token: z.string() });

export const notificationPreferencesSchema = z.object({
  email: z.boolean(),
  browser: z.boolean(),
  telegram: z.boolean(),
});

/** The signed-in staff member. */
export const profileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  balance: z.string(), // money travels as a decimal string, never a float
  accountType: z.string(),
  companyName: z.string().nullable(),
  companyAddress: z.string().nullable(),
  companySite: z.string().nullable(),
  vat: z.string().nullable(),
  /** Direct permissions of the member. */
  permissions: z.array(permissionSchema),
  /** Direct permissions plus those of every role: what the console checks. */
  allPermissions: z.array(permissionSchema),
  roles: z.array(refSchema),
  referralProgramPercent: z.string(),
  affiliateCode: z.string().nullable(),
  notificationPreferences: notificationPreferencesSchema,
  frozenAt: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Public instance settings fetched at start. */
export const publicSettingsSchema = z.object({
  panelName: z.string(),
  favicon: z.string().nullable(),
  inhouse: z.boolean(),
  captchaIsEnabled: z.boolean(),
  /** reCAPTCHA site key; null when captcha is off. */
  captchaSiteKey: z.string().nullable(),
  /** Where the console's realtime client connects (Pusher protocol). */
  broadcasting: z.object({
    key: z.string(),
    wsHost: z.string().nullable(),
    wsPort: z.number().int().nullable(),
    forceTLS: z.boolean(),
  }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** Staff and user statuses. */
export const USER_STATUSES = [
  { value: 'active', text: 'Active' },
  { value: 'frozen', text: 'Frozen' },
  { value: 'deactivated', text: 'Deactivated' },
] as const;

/** The content locales; the default is en. */
export const LOCALES = [
  { value: 'en', text: 'English' },
  { value: 'ru', text: 'Russian' },
  { value: 'es', text: 'Spanish' },
  { value: 'fr', text: 'French' },
  { value: 'de', text: 'German' },
  { value: 'hi_IN', text: 'Hindi' },
  { value: 'ko', text: 'Korean' },
  { value: 'pt_BR', text: 'Portuguese (Brazil)' },
  { value: 'tr', text: 'Turkish' },
  { value: 'zh_CN', text: 'Chinese (Simplified)' },
  { value: 'ja', text: 'Japanese' },
  { value: 'vi', text: 'Vietnamese' },
] as const;
export type Locale = (typeof LOCALES)[number]['value'];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_CODES = LOCALES.map((l) => l.value) as Locale[];

export const dictionariesSchema = z.object({
  user_statuses: z.array(z.object({ value: z.string(), text: z.string() })),
  locales: z.array(z.object({ value: z.string(), text: z.string() })),
  auto_translation: z.object({ available_locales: z.array(z.string()) }),
});
export type Dictionaries = z.infer<typeof dictionariesSchema>;

/** The four live counters, plus combo orders in moderation. */
export const countersSchema = z.object({
  ordersInProcessing: z.number().int(),
  ordersInModeration: z.number().int(),
  ordersWithNoActiveProviders: z.number().int(),
  freeTrialsPending: z.number().int(),
});
export type Counters = z.infer<typeof countersSchema>;

/** Client error report (unhandled console errors) and analytics page view. */
/** A user or staff id as its (integer) column holds it. */
const int4Id = z.number().int().min(0).max(INT4_MAX);
export const clientErrorBodySchema = z.object({
  message: z.string().max(2000),
  stack: z.string().max(20000).optional(),
  url: z.string().max(2000),
  userId: int4Id.nullable().optional(),
});
export const pageViewBodySchema = z.object({
  path: z.string().max(2000),
  visitorId: int4Id.nullable(),
  title: z.string().max(500).optional(),
});
/** The largest client-error report accepted (the three texts above with room for JSON escapes). */
export const CLIENT_ERROR_MAX_BYTES = 64 * 1024;
export const PAGE_VIEW_MAX_BYTES = 8 * 1024;

/** One sign-in of a member (a browser, a device, the installed app): what the sessions lists show. */
export const staffSessionSchema = z.object({
  id: z.number().int(),
  /** UTC 'YYYY-MM-DD HH:mm:ss'. */
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** When its current token expires (it is refreshed before then while the console is open). */
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
const sessionParams = z.object({ sessionId: pathId('Session') });
const staffSessionParams = z.object({ staffId: pathId('Staff member'), sessionId: pathId('Session') });

export const sessionEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/login',
    permission: 'public',
    body: loginBodySchema,
    response: loginResponseSchema,
    mutates: false,
    summary: 'Log in; the token comes back in the authorization header',
  }),
  refresh: endpoint({
    method: 'GET',
    path: '/refresh',
    permission: 'authenticated',
    response: refreshResponseSchema,
    summary: 'A new token (also in the authorization header); the old one stops working',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout',
    permission: 'authenticated',
    response: messageSchema,
    mutates: false,
    summary: "End this sign-in's session (the member's other devices stay signed in)",
  }),
  profile: endpoint({
    method: 'GET',
    path: '/api/v1/profile',
    permission: 'authenticated',
    response: profileSchema,
    summary: 'The signed-in staff member',
  }),
  settings: endpoint({
    method: 'GET',
    path: '/settings',
    permission: 'public',
    response: publicSettingsSchema,
    summary: 'Public instance settings (panel name, favicon, inhouse, captcha)',
  }),
  dictionaries: endpoint({
    method: 'GET',
    path: '/api/v1/dictionaries',
    permission: 'public',
    response: dictionariesSchema,
    summary: 'Application dictionaries: user statuses, locales, auto-translation locales',
  }),
  websocketsInit: endpoint({
    method: 'GET',
    path: '/api/v1/admin/websockets/init',
    permission: 'authenticated',
    response: countersSchema,
    summary: 'Current values of the live counters',
  }),
  clientErrors: endpoint({
    method: 'POST',
    path: '/api/v1/client-errors',
    permission: 'public',
    body: clientErrorBodySchema,
    response: messageSchema,
    mutates: false,
    maxBodyBytes: CLIENT_ERROR_MAX_BYTES,
    summary: 'Store an unhandled console error',
  }),
  sessionsMine: endpoint({
    method: 'GET',
    path: '/api/v1/profile/sessions',
    permission: 'authenticated',
    response: z.array(staffSessionSchema),
    summary: "The signed-in member's open sessions (devices), the current one marked",
  }),
  sessionsEndMine: endpoint({
    method: 'DELETE',
    path: '/api/v1/profile/sessions/:sessionId',
    permission: 'authenticated',
    params: sessionParams,
    response: messageSchema,
    summary: 'End one of my sessions (that device is signed out at once)',
  }),
  staffSessions: endpoint({
    method: 'GET',
    path: `${ADMIN}/staff/:staffId/sessions`,
    permission: 'manageStaff',
    params: z.object({ staffId: pathId('Staff member') }),
    response: z.array(staffSessionSchema),
    summary: "A staff member's open sessions",
  }),
  staffSessionsEnd: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/staff/:staffId/sessions/:sessionId`,
    permission: 'manageStaff',
    params: staffSessionParams,
    response: messageSchema,
    summary: "End one of a staff member's sessions",
  }),
  twoFactorLogin: endpoint({
    method: 'POST',
    path: '/login/two-factor',
    permission: 'public',
    body: twoFactorLoginBodySchema,
    response: twoFactorLoginResponseSchema,
    mutates: false,
    summary: 'The second step of a sign-in: a code from the app or a recovery code; the token comes back in the authorization header',
  }),
  twoFactorLoginSetup: endpoint({
    method: 'POST',
    path: '/login/two-factor/setup',
    permission: 'public',
    body: twoFactorLoginSetupBodySchema,
    response: twoFactorEnrolmentSchema,
    mutates: false,
    summary: 'Enrol an authenticator app during a sign-in the panel requires it for',
  }),
  twoFactorStatus: endpoint({
    method: 'GET',
    path: '/api/v1/profile/two-factor',
    permission: 'authenticated',
    response: twoFactorStatusSchema,
    summary: "The signed-in member's two-factor sign-in",
  }),
  twoFactorSetup: endpoint({
    method: 'POST',
    path: '/api/v1/profile/two-factor/setup',
    permission: 'authenticated',
    body: passwordBody,
    response: twoFactorEnrolmentSchema,
    mutates: false,
    summary: 'Start enrolling an authenticator app (the password confirms it is the member)',
  }),
  twoFactorConfirm: endpoint({
    method: 'POST',
    path: '/api/v1/profile/two-factor/confirm',
    permission: 'authenticated',
    body: twoFactorConfirmBodySchema,
    response: recoveryCodesResponseSchema,
    mutates: false,
    summary: "Turn two-factor sign-in on with the app's first code; answers the recovery codes once",
  }),
  twoFactorRecoveryCodes: endpoint({
    method: 'POST',
    path: '/api/v1/profile/two-factor/recovery-codes',
    permission: 'authenticated',
    body: passwordBody,
    response: recoveryCodesResponseSchema,
    mutates: false,
    summary: 'New recovery codes (the old ones stop working)',
  }),
  twoFactorDisable: endpoint({
    method: 'POST',
    path: '/api/v1/profile/two-factor/disable',
    permission: 'authenticated',
    body: passwordBody,
    response: messageSchema,
    mutates: false,
    summary: 'Turn two-factor sign-in off (not while the panel requires it of the member)',
  }),
  staffTwoFactorReset: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/staff/:staffId/two-factor`,
    permission: 'manageStaff',
    params: z.object({ staffId: pathId('Staff member') }),
    response: messageSchema,
    summary: "Turn a staff member's two-factor sign-in off (a lost phone); their sessions end",
  }),
  pageViews: endpoint({
    method: 'POST',
    path: '/api/v1/page-views',
    permission: 'authenticated',
    body: pageViewBodySchema,
    response: messageSchema,
    mutates: false,
    maxBodyBytes: PAGE_VIEW_MAX_BYTES,
    summary: 'Record a page view (the default analytics adapter)',
  }),
};
