import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_UPDATED_EVENT, type PanelSettings } from '../../../src/contract/panel-settings';
import { one } from '../../../src/server/db/client';
import { getSettings, setSetting } from '../../../src/server/db/settings';
import { useTestApp } from '../helpers/testServer';

/**
 * Panel settings through the real app as the console sends them (multipart, Laravel bracket keys):
 * every field round-trips; images are checked by their bytes and size, served with their content
 * type, and the replaced file is removed; bad input is a 422 on its field with nothing saved; a new
 * panel name is announced to every open console and becomes the public title; the two-factor
 * requirement for staff managers is a boolean the sign-in obeys. Notifications and
 * admin notifications are saved together, or not at all.
 */

const t = useTestApp();
let admin: string;

// A 1×1 PNG.
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

/** The console's toMultipart, for the test: brackets for nesting, '1'/'0' for booleans, '' for null. */
function multipart(body: Record<string, unknown>): FormData {
  const form = new FormData();
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value instanceof Blob) form.append(key, value, (value as File).name ?? 'blob');
    else if (value === null) form.append(key, '');
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else if (Array.isArray(value)) value.forEach((v, i) => add(`${key}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else form.append(key, String(value));
  };
  for (const [k, v] of Object.entries(body)) add(k, v);
  return form;
}

const post = (form: FormData, token = admin) =>
  t.app.request('/api/v1/admin/settings', { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, body: form });

beforeAll(async () => {
  admin = await t.login('admin@example.com', 'password');
});

describe('panel settings', () => {
  it('saves every field from multipart; images are stored, served with their type, and the replaced one removed', async () => {
    const published: [string, string, unknown][] = [];
    t.deps.publish = (channel: string, event: string, data: unknown) => void published.push([channel, event, data]);

    const before = await t.ok('panelSettingsShow', {}, admin);
    const next = {
      ...before,
      panelName: 'Renamed Panel',
      captchaIsEnabled: false,
      defaultReferralPercent: '0.075',
      socials: { ...before.socials, telegram: 'https://t.me/panel' },
      colors: { ...before.colors, dark: { ...before.colors.dark, primary: '#123456' } },
      currencies: { default: 'USD', enabled: ['USD', 'RUB'], rates: { RUB: '95.5' } },
      createOrderTypes: ['default', 'combo'],
      grades: { enabled: false, period: 'year' },
      favicon: new File([PNG], 'icon.png', { type: 'image/png' }),
    };
    const res = await post(multipart(next));
    expect(res.status).toBe(200);
    const saved = ((await res.json()) as { settings: PanelSettings }).settings;
    expect(saved).toMatchObject({
      panelName: 'Renamed Panel',
      defaultReferralPercent: '0.075',
      socials: { telegram: 'https://t.me/panel' },
      colors: { dark: { primary: '#123456' } },
      currencies: { default: 'USD', enabled: ['USD', 'RUB'], rates: { RUB: '95.5' } },
      createOrderTypes: ['default', 'combo'],
      grades: { enabled: false, period: 'year' },
    });
    expect(await t.ok('panelSettingsShow', {}, admin)).toEqual(saved);
    expect(saved.favicon).toMatch(/^\/api\/v1\/files\/\d+-favicon\.png$/);

    const icon = await t.app.request(saved.favicon!);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await icon.arrayBuffer())).toEqual(PNG);

    // The start-up settings carry the new title and icon, and every open console was told.
    expect(await t.ok('settings')).toMatchObject({ panelName: 'Renamed Panel', favicon: saved.favicon });
    expect(published.filter(([, event]) => event === SETTINGS_UPDATED_EVENT)).toEqual([
      [expect.any(String), SETTINGS_UPDATED_EVENT, { panelName: 'Renamed Panel', favicon: saved.favicon }],
    ]);

    // Keeping sends the current URL; replacing removes the old file.
    const kept = await post(multipart({ ...saved }));
    expect(((await kept.json()) as { settings: PanelSettings }).settings.favicon).toBe(saved.favicon);
    const replaced = await post(multipart({ ...saved, favicon: new File([PNG], 'other.png', { type: 'image/png' }) }));
    const after = ((await replaced.json()) as { settings: PanelSettings }).settings;
    expect(after.favicon).not.toBe(saved.favicon);
    expect((await t.app.request(saved.favicon!)).status).toBe(404);
    // Removing: an empty field.
    const removed = await post(multipart({ ...after, favicon: null }));
    expect(((await removed.json()) as { settings: PanelSettings }).settings.favicon).toBeNull();
    expect((await t.app.request(after.favicon!)).status).toBe(404);
  });

  it('refuses a file that is not an image, an oversized one, and bad fields — on the field, nothing saved', async () => {
    const current = await t.ok('panelSettingsShow', {}, admin);
    const notImage = await post(
      multipart({ ...current, panelName: 'Not saved', logoLight: new File(['<script>alert(1)</script>'], 'logo.png', { type: 'image/png' }) }),
    );
    expect(notImage.status).toBe(422);
    expect(await notImage.json()).toMatchObject({ errors: { logoLight: [expect.stringContaining('must be an image')] } });

    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG);
    const oversized = await post(multipart({ ...current, panelName: 'Not saved', logoDark: new File([big], 'big.png', { type: 'image/png' }) }));
    expect(oversized.status).toBe(422);
    expect(await oversized.json()).toMatchObject({ errors: { logoDark: [expect.stringContaining('greater than')] } });

    const fields = await post(
      multipart({
        ...current,
        panelName: '',
        currencies: { default: 'USD', enabled: ['USD', 'EUR'], rates: {} },
        colors: { ...current.colors, light: { ...current.colors.light, primary: 'blue' } },
      }),
    );
    expect(fields.status).toBe(422);
    const { errors } = (await fields.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort()).toEqual(['colors.light.primary', 'currencies.rates.EUR', 'panelName']);

    expect(await t.ok('panelSettingsShow', {}, admin)).toEqual(current);
  });

  it('turns the two-factor requirement for staff managers on and off; the sign-in obeys it; only a boolean is taken', async () => {
    const current = await t.ok('panelSettingsShow', {}, admin);
    expect(current.staffTwoFactorRequired).toBe(false);
    const manager = await t.memberWith(['manageStaff']);
    const signIn = async () => {
      const res = await t.app.request('/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: manager.email, password: manager.password }),
      });
      expect(res.status).toBe(200);
      return { bearer: res.headers.get('authorization'), body: (await res.json()) as { twoFactor?: string } };
    };
    try {
      const on = await post(multipart({ ...current, staffTwoFactorRequired: true }));
      expect(on.status).toBe(200);
      expect(((await on.json()) as { settings: PanelSettings }).settings.staffTwoFactorRequired).toBe(true);
      expect((await t.ok('panelSettingsShow', {}, admin)).staffTwoFactorRequired).toBe(true);
      // Stored under the key the sign-in reads, as a boolean.
      expect(await getSettings(t.db, ['staffTwoFactorRequired'])).toEqual({ staffTwoFactorRequired: true });
      expect(await signIn()).toMatchObject({ bearer: null, body: { twoFactor: 'setup' } });

      // Anything but a boolean ('1'/'0', 'true'/'false' from a form) is a 422 on the field, nothing saved.
      for (const bad of ['maybe', '2', 'yes']) {
        const refused = await post(multipart({ ...current, panelName: 'Not saved', staffTwoFactorRequired: bad }));
        expect(refused.status).toBe(422);
        expect(Object.keys(((await refused.json()) as { errors: Record<string, string[]> }).errors)).toEqual(['staffTwoFactorRequired']);
      }
      const { staffTwoFactorRequired: _omitted, ...withoutSwitch } = current;
      const missing = await post(multipart({ ...withoutSwitch, panelName: 'Not saved' }));
      expect(missing.status).toBe(422);
      expect(Object.keys(((await missing.json()) as { errors: Record<string, string[]> }).errors)).toEqual(['staffTwoFactorRequired']);
      expect(await t.ok('panelSettingsShow', {}, admin)).toMatchObject({ panelName: current.panelName, staffTwoFactorRequired: true });

      const off = await post(multipart({ ...current, staffTwoFactorRequired: false }));
      expect(off.status).toBe(200);
      expect((await t.ok('panelSettingsShow', {}, admin)).staffTwoFactorRequired).toBe(false);
      expect((await signIn()).bearer).toMatch(/^Bearer /);
    } finally {
      await setSetting(t.db, 'staffTwoFactorRequired', false);
    }
  });

  it('only managePanelSettings may read or save them', async () => {
    const member = await t.memberWith(['manageStaff']);
    expect((await t.call('panelSettingsShow', {}, member)).status).toBe(403);
    expect((await post(multipart({ panelName: 'x' }), member.token)).status).toBe(403);
  });
});

describe('notifications', () => {
  it('saves the settings and the admin notifications together, or nothing when one part is wrong', async () => {
    const shown = await t.ok('notificationsShow', {}, admin);
    const admins = await t.ok('adminNotificationsShow', {}, admin);
    const [first] = shown.panel_notifications;
    const staffNote = admins.admin_notifications[0];
    const someone = admins.staff[0];

    const body = {
      panel_notifications: shown.panel_notifications.map((n) =>
        n.notification === first.notification ? { ...n, description: 'Changed text', is_enabled: !n.is_enabled } : n,
      ),
      admin_notifications: admins.admin_notifications.map((a) =>
        a.notification === staffNote.notification ? { notification: a.notification, users: [someone.id] } : { notification: a.notification, users: a.users },
      ),
    };
    await t.ok('notificationsUpdate', { body }, admin);
    const after = await t.ok('notificationsShow', {}, admin);
    expect(after.panel_notifications.find((n) => n.notification === first.notification)).toMatchObject({
      description: 'Changed text',
      is_enabled: !first.is_enabled,
    });
    expect((await t.ok('adminNotificationsShow', {}, admin)).admin_notifications.find((a) => a.notification === staffNote.notification)!.users).toEqual([
      someone.id,
    ]);

    // An unknown staff member in the admin part: 422, and the settings part is not saved either.
    const bad = await t.call(
      'notificationsUpdate',
      {
        body: {
          panel_notifications: body.panel_notifications.map((n) => (n.notification === first.notification ? { ...n, description: 'Not saved' } : n)),
          admin_notifications: [{ notification: staffNote.notification, users: [999_999] }],
        },
      },
      admin,
    );
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors)[0]).toMatch(/^admin_notifications\.0\.users/);
    expect((await t.ok('notificationsShow', {}, admin)).panel_notifications.find((n) => n.notification === first.notification)!.description).toBe(
      'Changed text',
    );
    expect(await one(t.db, sql`SELECT 1 FROM panel_notifications WHERE description = 'Not saved'`)).toBeUndefined();
  });
});
