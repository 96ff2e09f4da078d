import { inArray } from 'drizzle-orm';
import type { PanelSettings } from '../../contract/panel-settings';
import type { Queryable } from './client';
import { settings } from './schema/settings';
import { DEFAULT_SETTINGS, setRawSetting } from './settings';

/**
 * Where each panel setting lives in the settings table: the keys the start-up settings read
 * (panelName, favicon, inhouse, captcha) and the sign-in reads (staffTwoFactorRequired, in
 * auth/twoFactor.ts) stay their own keys; the logos have theirs; the rest is one
 * `panel` object, so adding a field needs no migration.
 */

type Rest = Omit<
  PanelSettings,
  'panelName' | 'favicon' | 'inhouse' | 'captchaIsEnabled' | 'captchaSiteKey' | 'staffTwoFactorRequired' | 'logoLight' | 'logoDark'
>;

const palette = (primary: string, background: string, text: string, link: string) => ({ primary, background, text, link });

export const DEFAULT_PANEL_REST: Rest = {
  panelId: '',
  logoUrl: '',
  logoAlt: '',
  defaultReferralPercent: '0.05',
  branding: { companyName: '', supportEmail: '', footerText: '' },
  socials: { telegram: '', instagram: '', facebook: '', x: '', youtube: '', tiktok: '', whatsapp: '', vk: '' },
  colors: { light: palette('#1c7ed6', '#ffffff', '#212529', '#1971c2'), dark: palette('#4dabf7', '#1a1b1e', '#e9ecef', '#74c0fc') },
  // The default rates carry RUB.
  currencies: { default: 'USD', enabled: ['USD', 'EUR', 'RUB'], rates: { EUR: '0.92', RUB: '92.5' } },
  integrations: { googleAnalyticsId: '', googleTagManagerId: '', yandexMetrikaId: '', intercomAppId: '', telegramSupportBot: '' },
  banners: { enabled: true },
  createOrderTypes: ['default', 'drip_feed', 'subscription', 'combo', 'package'],
  margin: { minimalMarginPercent: '0.1', defaultResaleMarginPercent: '0.3' },
  grades: { enabled: true, period: 'lifetime' },
};

const KEYS = ['panelName', 'favicon', 'inhouse', 'captchaIsEnabled', 'captchaSiteKey', 'staffTwoFactorRequired', 'logoLight', 'logoDark', 'panel'] as const;

export async function readPanelSettings(q: Queryable): Promise<PanelSettings> {
  const found = await q
    .select()
    .from(settings)
    .where(inArray(settings.key, [...KEYS]));
  const v = new Map(found.map((r) => [r.key, r.value]));
  const rest = { ...DEFAULT_PANEL_REST, ...((v.get('panel') as Partial<Rest> | undefined) ?? {}) };
  return {
    ...rest,
    panelName: (v.get('panelName') as string | undefined) ?? DEFAULT_SETTINGS.panelName,
    favicon: (v.get('favicon') as string | null | undefined) ?? null,
    inhouse: (v.get('inhouse') as boolean | undefined) ?? DEFAULT_SETTINGS.inhouse,
    captchaIsEnabled: (v.get('captchaIsEnabled') as boolean | undefined) ?? DEFAULT_SETTINGS.captchaIsEnabled,
    captchaSiteKey: (v.get('captchaSiteKey') as string | null | undefined) ?? '',
    staffTwoFactorRequired: (v.get('staffTwoFactorRequired') as boolean | undefined) ?? DEFAULT_SETTINGS.staffTwoFactorRequired,
    logoLight: (v.get('logoLight') as string | null | undefined) ?? null,
    logoDark: (v.get('logoDark') as string | null | undefined) ?? null,
  };
}

export async function writePanelSettings(q: Queryable, next: PanelSettings): Promise<void> {
  const { panelName, favicon, inhouse, captchaIsEnabled, captchaSiteKey, staffTwoFactorRequired, logoLight, logoDark, ...rest } = next;
  await setRawSetting(q, 'panelName', panelName);
  await setRawSetting(q, 'favicon', favicon);
  await setRawSetting(q, 'inhouse', inhouse);
  await setRawSetting(q, 'captchaIsEnabled', captchaIsEnabled);
  await setRawSetting(q, 'captchaSiteKey', captchaSiteKey || null);
  await setRawSetting(q, 'staffTwoFactorRequired', staffTwoFactorRequired);
  await setRawSetting(q, 'logoLight', logoLight);
  await setRawSetting(q, 'logoDark', logoDark);
  await setRawSetting(q, 'panel', rest);
}
