import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { one } from '../../../src/server/db/client';
import { ROLE_PRESETS, type Permission } from '../../../src/contract/permissions';
import { countersSchema, dictionariesSchema, profileSchema, publicSettingsSchema } from '../../../src/contract/session';
import { validationErrorBodySchema } from '../../../src/contract/errors';
import { createApp } from '../../../src/server/app';
import { readConfig } from '../../../src/server/config';
import { signAccessToken } from '../../../src/server/auth/tokens';
import { auditEntries } from '../../../src/server/db/schema/logs';
import { clientErrors, pageViews } from '../../../src/server/areas/session/schema';
import { orders } from '../../../src/server/db/schema/orders';
import { freeTrialRequests } from '../../../src/server/areas/free-trials/schema';
import { staffMembers } from '../../../src/server/db/schema/staff';
import { setSetting } from '../../../src/server/db/settings';
import { permits } from '../../../src/server/http/handlers';
import type { StaffContext } from '../../../src/server/deps';
import { createTestApp, TEST_JWT_SECRET, testConfig, type TestApp } from '../helpers/testServer';

const ADMIN = { email: 'admin@example.com', password: 'password' };
const MANAGER = { email: 'manager@example.com', password: 'password' };
const WRONG = 'These credentials do not match our records.';

let t: TestApp;
const captchaCalls: { token: string; ip: string | null }[] = [];
let captchaAnswer = false;

beforeAll(async () => {
  t = await createTestApp({
    captcha: {
      verify: async (token, ip) => {
        captchaCalls.push({ token, ip });
        return captchaAnswer;
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const json = async (res: Response) => (await res.json()) as any;

describe('POST /login', () => {
  it('answers the token in the authorization header and it opens the profile', async () => {
    const res = await t.request('POST', '/login', { body: ADMIN });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: expect.any(String) });
    const header = res.headers.get('authorization');
    expect(header).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);

    const profile = await t.request('GET', '/api/v1/profile', { token: header!.slice(7) });
    expect(profile.status).toBe(200);
    expect((await json(profile)).email).toBe(ADMIN.email);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await t.request('POST', '/login', { body: { email: '  Admin@Example.COM ', password: 'password' } });
    expect(res.status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike, 422 on email', async () => {
    for (const body of [
      { ...ADMIN, password: 'not-the-password' },
      { email: 'nobody@example.com', password: 'password' },
    ]) {
      const res = await t.request('POST', '/login', { body });
      expect(res.status).toBe(422);
      expect(res.headers.get('authorization')).toBeNull();
      expect(await json(res)).toEqual({ message: WRONG, errors: { email: [WRONG] } });
    }
  });

  it('validates the body in the 422 shape', async () => {
    const res = await t.request('POST', '/login', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(422);
    const body = validationErrorBodySchema.parse(await json(res));
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
    expect(body.message).toContain('(and 1 more error)');
  });

  it('refuses frozen and deactivated members even with the right password', async () => {
    const frozen = await t.createMember({ roles: ['Manager'] });
    await t.db.update(staffMembers).set({ frozenAt: new Date() }).where(eq(staffMembers.id, frozen.id));
    let res = await t.request('POST', '/login', { body: { email: frozen.email, password: frozen.password } });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.email).toEqual(['This account is frozen.']);

    const gone = await t.createMember({ roles: ['Manager'] });
    await t.db.update(staffMembers).set({ deactivatedAt: new Date() }).where(eq(staffMembers.id, gone.id));
    res = await t.request('POST', '/login', { body: { email: gone.email, password: gone.password } });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.email).toEqual(['This account is deactivated.']);
  });

  it('writes a login audit entry with the address and browser', async () => {
    const member = await t.createMember();
    await t.request('POST', '/login', {
      body: { email: member.email, password: member.password },
      headers: { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'AuditTest/1.0' },
    });
    const entries = await t.db.select().from(auditEntries).where(eq(auditEntries.staffId, member.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      event: 'login',
      auditableType: 'staff_member',
      auditableId: member.id,
      ipAddress: '203.0.113.7',
      userAgent: 'AuditTest/1.0',
    });
  });
});

// Each test signs in many times, and every sign-in hashes a password (scrypt, memory-hard): on a busy
// machine that is well past the default 30 s, though nothing is wrong.
describe('login throttle (nobody can lock a member out)', { timeout: 120_000 }, () => {
  const fail = (email: string, ip?: string) =>
    t.request('POST', '/login', { body: { email, password: 'wrong-password' }, headers: ip ? { 'x-forwarded-for': ip } : {} });
  const signIn = (member: { email: string; password: string }, ip?: string) =>
    t.request('POST', '/login', { body: { email: member.email, password: member.password }, headers: ip ? { 'x-forwarded-for': ip } : {} });

  it('five failures for an e-mail from one address delay that address only, with Retry-After; the right password from elsewhere signs in', async () => {
    const member = await t.createMember();
    for (let i = 0; i < 5; i++) expect((await fail(member.email, '203.0.113.50')).status).toBe(422);

    const delayed = await signIn(member, '203.0.113.50');
    expect(delayed.status).toBe(429);
    expect(delayed.headers.get('retry-after')).toBe('15');
    expect(await json(delayed)).toEqual({ message: expect.stringContaining('15 seconds') });
    expect((await signIn(member, '203.0.113.51')).status).toBe(200);

    t.clock.advance(15_000);
    expect((await signIn(member, '203.0.113.50')).status).toBe(200);
  });

  it('the delays grow with each further failure and stop at 15 minutes', async () => {
    const member = await t.createMember();
    const waits: number[] = [];
    while (waits.length < 8) {
      const res = await fail(member.email, '203.0.113.60');
      if (res.status === 429) {
        waits.push(Number(res.headers.get('retry-after')));
        t.clock.advance(Number(res.headers.get('retry-after')) * 1000);
      } else expect(res.status).toBe(422);
    }
    expect(waits).toEqual([15, 30, 60, 120, 240, 480, 900, 900]);
    t.clock.advance(60 * 60 * 1000);
  });

  it('an office behind one address is not locked out by a few people typing wrong passwords', async () => {
    const member = await t.createMember();
    for (let i = 0; i < 40; i++) expect((await fail(`colleague${i}@example.com`, '198.51.100.9')).status).toBe(422);
    expect((await signIn(member, '198.51.100.9')).status).toBe(200);
    t.clock.advance(60 * 60 * 1000);
  });

  it('a successful login clears the count of that address', async () => {
    const member = await t.createMember();
    for (let i = 0; i < 4; i++) await fail(member.email, '203.0.113.70');
    expect((await signIn(member, '203.0.113.70')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fail(member.email, '203.0.113.70')).status).toBe(422);
    expect((await signIn(member, '203.0.113.70')).status).toBe(200);
  });
});

describe('captcha', () => {
  afterAll(async () => {
    await setSetting(t.db, 'captchaIsEnabled', false);
  });

  it('is not checked while captcha is off', async () => {
    captchaCalls.length = 0;
    captchaAnswer = false;
    expect((await t.request('POST', '/login', { body: { ...ADMIN, 'g-recaptcha-response': 'whatever' } })).status).toBe(200);
    expect(captchaCalls).toHaveLength(0);
  });

  it('when on, a rejected or missing response is a 422 on g-recaptcha-response; an accepted one logs in', async () => {
    await setSetting(t.db, 'captchaIsEnabled', true);
    await setSetting(t.db, 'captchaSiteKey', 'site-key-123');
    captchaCalls.length = 0;

    captchaAnswer = false;
    let res = await t.request('POST', '/login', {
      body: { ...ADMIN, 'g-recaptcha-response': 'bad-token' },
      headers: { 'x-forwarded-for': '192.0.2.44' },
    });
    expect(res.status).toBe(422);
    let body = validationErrorBodySchema.parse(await json(res));
    expect(Object.keys(body.errors)).toEqual(['g-recaptcha-response']);
    expect(captchaCalls).toEqual([{ token: 'bad-token', ip: '192.0.2.44' }]);

    res = await t.request('POST', '/login', { body: ADMIN });
    expect(res.status).toBe(422);
    body = validationErrorBodySchema.parse(await json(res));
    expect(body.errors['g-recaptcha-response']).toEqual(['The g-recaptcha-response field is required.']);

    captchaAnswer = true;
    res = await t.request('POST', '/login', { body: { ...ADMIN, 'g-recaptcha-response': 'good-token' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('authorization')).toMatch(/^Bearer /);

    const settings = publicSettingsSchema.parse(await json(await t.request('GET', '/settings')));
    expect(settings.captchaIsEnabled).toBe(true);
    expect(settings.captchaSiteKey).toBe('site-key-123');
  });
});

describe('token lifecycle', () => {
  it('refresh returns a new token in body and header, and the old one stops working', async () => {
    const member = await t.createMember({ roles: ['Manager'] });
    const old = await t.login(member.email, member.password);
    const res = await t.request('GET', '/refresh', { token: old });
    expect(res.status).toBe(200);
    const { token } = (await json(res)) as { token: string };
    expect(res.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(token).not.toBe(old);

    expect((await t.request('GET', '/api/v1/profile', { token: old })).status).toBe(401);
    expect((await t.request('GET', '/refresh', { token: old })).status).toBe(401);
    expect((await t.request('GET', '/api/v1/profile', { token })).status).toBe(200);
  });

  it('logout revokes the token and is audited', async () => {
    const member = await t.createMember();
    const token = await t.login(member.email, member.password);
    const res = await t.request('POST', '/logout', { token, headers: { 'user-agent': 'LogoutTest' } });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/v1/profile', { token })).status).toBe(401);
    const events = await t.db.select().from(auditEntries).where(eq(auditEntries.staffId, member.id));
    expect(events.map((e) => e.event).sort()).toEqual(['login', 'logout']);
    expect(events.find((e) => e.event === 'logout')?.userAgent).toBe('LogoutTest');
  });

  it.each([
    ['frozen', { frozenAt: new Date() }],
    ['deactivated', { deactivatedAt: new Date() }],
    ['made inactive', { isActive: false }],
  ] as const)('answers 401 on the next request once the member is %s', async (_, change) => {
    const member = await t.createMember({ roles: ['Manager'] });
    expect((await t.request('GET', '/api/v1/admin/websockets/init', { token: member.token })).status).toBe(200);
    await t.db.update(staffMembers).set(change).where(eq(staffMembers.id, member.id));
    const res = await t.request('GET', '/api/v1/admin/websockets/init', { token: member.token });
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ message: 'Unauthenticated.' });
  });

  it('refuses expired tokens, foreign signatures, deleted members and malformed headers', async () => {
    const member = await t.createMember();
    const expired = await signAccessToken(TEST_JWT_SECRET, { staffId: member.id, tokenVersion: 0 }, 60, Date.now() - 120_000);
    const foreign = await signAccessToken('another-secret-another-secret-another', { staffId: member.id, tokenVersion: 0 }, 600);
    for (const token of [expired, foreign, 'garbage', `${member.token}x`]) {
      expect((await t.request('GET', '/api/v1/profile', { token })).status).toBe(401);
    }
    expect((await t.request('GET', '/api/v1/profile', { headers: { authorization: member.token } })).status).toBe(401);

    const doomed = await t.createMember();
    await t.db.delete(staffMembers).where(eq(staffMembers.id, doomed.id));
    expect((await t.request('GET', '/api/v1/profile', { token: doomed.token })).status).toBe(401);
  });

  it('answers 401 {message} without a token on every authenticated endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/refresh'],
      ['POST', '/logout'],
      ['GET', '/api/v1/profile'],
      ['GET', '/api/v1/admin/websockets/init'],
      ['POST', '/api/v1/page-views'],
    ]) {
      const res = await t.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await json(res)).toEqual({ message: 'Unauthenticated.' });
    }
  });
});

describe('GET /api/v1/profile', () => {
  it('has every profile field; allPermissions merges roles and direct grants', async () => {
    const member = await t.createMember({ name: 'Paula Profile', roles: ['Manager'], permissions: ['viewAudits'] });
    await t.db
      .update(staffMembers)
      .set({ balance: '12.5', companyName: 'Acme', vat: 'DE123', referralProgramPercent: '0.05', affiliateCode: 'PAULA' })
      .where(eq(staffMembers.id, member.id));
    const res = await t.request('GET', '/api/v1/profile', { token: member.token });
    expect(res.status).toBe(200);
    const raw = await json(res);
    const profile = profileSchema.strict().parse(raw);
    expect(Object.keys(raw).sort()).toEqual(Object.keys(profileSchema.shape).sort());
    expect(profile).toMatchObject({
      id: member.id,
      email: member.email,
      name: 'Paula Profile',
      balance: '12.5000',
      accountType: 'staff',
      companyName: 'Acme',
      companyAddress: null,
      vat: 'DE123',
      referralProgramPercent: '0.0500',
      affiliateCode: 'PAULA',
      notificationPreferences: { email: true, browser: true, telegram: false },
      frozenAt: null,
      permissions: ['viewAudits'],
    });
    expect(profile.roles.map((r) => r.name)).toEqual(['Manager']);
    expect([...profile.allPermissions].sort()).toEqual([...new Set<Permission>([...ROLE_PRESETS.Manager, 'viewAudits'])].sort());
  });

  it('gives the administrator every permission', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const profile = profileSchema.parse(await json(await t.request('GET', '/api/v1/profile', { token })));
    expect([...profile.allPermissions].sort()).toEqual([...ROLE_PRESETS.Administrator].sort());
    expect(profile.name).toBe('Ada Admin');
    const manager = profileSchema.parse(await json(await t.request('GET', '/api/v1/profile', { token: await t.login(MANAGER.email, MANAGER.password) })));
    expect(manager.name).toBe('Max Manager');
  });
});

describe('permission check (pipeline)', () => {
  const staff = (perms: Permission[]): StaffContext => ({ id: 1, email: 'a@b.test', name: 'A', permissions: new Set(perms), tokenVersion: 0 });

  it('lets public and authenticated endpoints through, and needs one of the listed permissions otherwise', () => {
    expect(permits(staff([]), 'public')).toBe(true);
    expect(permits(staff([]), 'authenticated')).toBe(true);
    expect(permits(staff([]), 'viewOrders')).toBe(false);
    expect(permits(staff(['viewOrders']), 'viewOrders')).toBe(true);
    expect(permits(staff(['viewUsers']), ['viewOrders', 'viewUsers'])).toBe(true);
    expect(permits(staff(['viewAudits']), ['viewOrders', 'viewUsers'])).toBe(false);
  });
});

describe('settings and dictionaries', () => {
  it('sends the public settings and never a secret', async () => {
    const res = await t.request('GET', '/settings');
    expect(res.status).toBe(200);
    const text = await res.text();
    const settings = publicSettingsSchema.strict().parse(JSON.parse(text));
    expect(settings).toMatchObject({ panelName: 'Panel Console', favicon: null, inhouse: false });
    expect(settings.broadcasting.key).toBe('test-key');
    expect(text).not.toContain(TEST_JWT_SECRET);
    expect(text).not.toContain('test-pusher-secret');
    expect(text.toLowerCase()).not.toContain('jwt');
  });

  it('points browsers at an external realtime service, with its own websocket host when given', () => {
    const base = { PUSHER_APP_SECRET: 's', PUSHER_HOST: 'api-eu.pusher.com', PUSHER_PORT: '443', PUSHER_SCHEME: 'https' };
    expect(readConfig({ ...base }, []).pusher).toMatchObject({ host: 'api-eu.pusher.com', port: 443, wsHost: undefined, useTLS: true });
    expect(readConfig({ ...base, PUSHER_WS_HOST: 'ws-eu.pusher.com', PUSHER_WS_PORT: '443' }, []).pusher).toMatchObject({
      wsHost: 'ws-eu.pusher.com',
      wsPort: 443,
    });
  });

  it('lists user statuses and the 12 locales', async () => {
    const d = dictionariesSchema.parse(await json(await t.request('GET', '/api/v1/dictionaries')));
    expect(d.user_statuses.map((s) => s.value)).toEqual(['active', 'frozen', 'deactivated']);
    expect(d.locales.map((l) => l.value)).toEqual(['en', 'ru', 'es', 'fr', 'de', 'hi_IN', 'ko', 'pt_BR', 'tr', 'zh_CN', 'ja', 'vi']);
    expect(d.locales.every((l) => l.text.length > 0)).toBe(true);
    expect(d.auto_translation.available_locales).toHaveLength(11);
    expect(d.auto_translation.available_locales).not.toContain('en');
  });
});

describe('GET /api/v1/admin/websockets/init', () => {
  it('counts orders in processing, in moderation, without active providers, and pending free trials', async () => {
    const member = await t.createMember({ roles: ['Manager'] });
    const read = async () => countersSchema.parse(await json(await t.request('GET', '/api/v1/admin/websockets/init', { token: member.token })));
    const count = async (where: SQL) => Number((await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE ${where}`))?.n);

    const before = await read();
    expect(before.ordersInProcessing).toBeGreaterThan(0);
    expect(before.ordersInModeration).toBeGreaterThan(0);
    expect(before.ordersWithNoActiveProviders).toBeGreaterThan(0);
    expect(before.freeTrialsPending).toBeGreaterThan(0);
    expect(before.ordersInProcessing).toBe(await count(sql`status = 'in_processing'`));
    expect(before.ordersInModeration).toBe(await count(sql`status = 'in_moderation'`));

    await t.db.insert(orders).values([{ status: 'in_processing', hasNoActiveProviders: true }, { status: 'in_moderation' }, { status: 'completed' }]);
    await t.db.insert(freeTrialRequests).values([{ status: 'pending' }, { status: 'approved' }]);
    expect(await read()).toEqual({
      ordersInProcessing: before.ordersInProcessing + 1,
      ordersInModeration: before.ordersInModeration + 1,
      ordersWithNoActiveProviders: before.ordersWithNoActiveProviders + 1,
      freeTrialsPending: before.freeTrialsPending + 1,
    });
  });
});

describe('client errors and page views', () => {
  it('stores a client error without a token, and links the member when one is sent', async () => {
    const anon = await t.request('POST', '/api/v1/client-errors', {
      body: { message: 'TypeError: x is undefined', stack: 'at foo', url: 'https://console.test/orders', userId: 77 },
      headers: { 'user-agent': 'ErrBrowser' },
    });
    expect(anon.status).toBe(200);
    const member = await t.createMember();
    await t.request('POST', '/api/v1/client-errors', { token: member.token, body: { message: 'second', url: 'https://console.test/users' } });

    const stored = await t.db.select().from(clientErrors);
    expect(stored.find((e) => e.message === 'TypeError: x is undefined')).toMatchObject({
      staffId: null,
      reportedUserId: 77,
      stack: 'at foo',
      url: 'https://console.test/orders',
      userAgent: 'ErrBrowser',
    });
    expect(stored.find((e) => e.message === 'second')?.staffId).toBe(member.id);
  });

  it('rejects an oversized or incomplete error report with 422', async () => {
    const res = await t.request('POST', '/api/v1/client-errors', { body: { message: 'x'.repeat(2001) } });
    expect(res.status).toBe(422);
    expect(Object.keys((await json(res)).errors).sort()).toEqual(['message', 'url']);
  });

  it('stores a page view for the signed-in member', async () => {
    const member = await t.createMember();
    const res = await t.request('POST', '/api/v1/page-views', {
      token: member.token,
      body: { path: '/orders?status=in_processing', visitorId: member.id, title: 'Orders' },
    });
    expect(res.status).toBe(200);
    const [view] = await t.db.select().from(pageViews).where(eq(pageViews.staffId, member.id));
    expect(view).toMatchObject({ path: '/orders?status=in_processing', visitorId: member.id, title: 'Orders' });
  });
});

describe('routing', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.request('GET', '/api/v1/admin/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await json(res)).toEqual({ message: 'Not Found.' });
  });

  it('serves the console for GET /login when a build is present, and keeps API 404s as JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-static-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Panel Console</title><div id="root"></div>');
      const app = createApp({ ...t.deps, config: testConfig({ staticDir: dir }) });
      const page = await app.request('/login');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<div id="root">');
      const deep = await app.request('/orders/42');
      expect(await deep.text()).toContain('<div id="root">');
      const api = await app.request('/api/v1/nothing-here');
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ message: 'Not Found.' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
