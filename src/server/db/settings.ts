import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { settings } from './schema/settings';

/**
 * Typed access to the settings table. Each key has one value type; secrets live here too, so
 * never hand the whole map to a client: the public settings endpoint picks fields by name.
 */
export interface SettingValues {
  panelName: string;
  favicon: string | null;
  inhouse: boolean;
  captchaIsEnabled: boolean;
  /** reCAPTCHA site key (public); the secret comes from RECAPTCHA_SECRET. */
  captchaSiteKey: string | null;
  /** Members with manageStaff must sign in with a second factor (src/server/auth/twoFactor.ts). */
  staffTwoFactorRequired: boolean;
  /** Signs access tokens when JWT_SECRET is not set (generated on first start). */
  jwtSecret: string;
}
export type SettingKey = keyof SettingValues;

export const DEFAULT_SETTINGS: Omit<SettingValues, 'jwtSecret'> = {
  panelName: 'Panel Console',
  favicon: null,
  inhouse: false,
  captchaIsEnabled: false,
  captchaSiteKey: null,
  staffTwoFactorRequired: false,
};

export async function getSetting<K extends SettingKey>(q: Queryable, key: K): Promise<SettingValues[K] | undefined> {
  const [row] = await q.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value as SettingValues[K] | undefined;
}

/** Several settings in one query; missing keys take their defaults. */
export async function getSettings<K extends keyof typeof DEFAULT_SETTINGS>(q: Queryable, keys: readonly K[]): Promise<Pick<typeof DEFAULT_SETTINGS, K>> {
  const found = await q
    .select()
    .from(settings)
    .where(inArray(settings.key, keys as readonly string[] as string[]));
  const result = Object.fromEntries(keys.map((k) => [k, DEFAULT_SETTINGS[k]])) as Pick<typeof DEFAULT_SETTINGS, K>;
  for (const row of found) (result as Record<string, unknown>)[row.key] = row.value;
  return result;
}

export async function setSetting<K extends SettingKey>(q: Queryable, key: K, value: SettingValues[K]): Promise<void> {
  await setRawSetting(q, key, value);
}

/** Writes a key only when it is absent; returns the stored value (existing or new). */
export async function setSettingIfAbsent<K extends SettingKey>(q: Queryable, key: K, value: SettingValues[K]): Promise<SettingValues[K]> {
  await q
    .insert(settings)
    .values({ key, value: toJson(value) })
    .onConflictDoNothing({ target: settings.key });
  return (await getSetting(q, key)) as SettingValues[K];
}

/** Untyped write, for internal markers (seed steps) that are not settings a user edits. */
export async function setRawSetting(q: Queryable, key: string, value: unknown): Promise<void> {
  await q
    .insert(settings)
    .values({ key, value: toJson(value) })
    .onConflictDoUpdate({ target: settings.key, set: { value: toJson(value), updatedAt: sql`now()` } });
}

export async function hasRawSetting(q: Queryable, key: string): Promise<boolean> {
  const [row] = await q.select({ key: settings.key }).from(settings).where(eq(settings.key, key));
  return !!row;
}

// jsonb null must be stored as the JSON value null, not SQL NULL (the column is NOT NULL).
const toJson = (value: unknown) => sql`${JSON.stringify(value ?? null)}::jsonb`;
