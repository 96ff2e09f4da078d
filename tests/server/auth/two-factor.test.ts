import { generate } from 'otplib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSetting } from '../../../src/server/db/settings';
import { useTestApp, type TestMember } from '../helpers/testServer';

/**
 * Optional two-factor sign-in (issue: hardening): TOTP from an authenticator app, recovery codes,
 * a code never accepted twice, required by a panel setting for members with manageStaff, reset by
 * staff with manageStaff.
 */

const t = useTestApp();

/** Freezes the clock 5 s into a 30-second step, so no test crosses a step boundary by chance. */
function freezeClockAtStepStart() {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now - (now % 30_000) + 30_000 + 5_000);
}
afterEach(() => vi.useRealTimers());

const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function passwordStep(member: TestMember) {
  const res = await t.request('POST', '/login', {
    body: { email: member.email, password: member.password },
    headers: { 'x-forwarded-for': `192.0.2.${member.id % 250}` },
  });
  return {
    status: res.status,
    authorization: res.headers.get('authorization'),
    body: (await res.json()) as { message: string; twoFactor?: string; challenge?: string },
  };
}

async function codeStep(challenge: string, code: string, ip = '192.0.2.200') {
  const res = await t.request('POST', '/login/two-factor', { body: { challenge, code }, headers: { 'x-forwarded-for': ip } });
  return {
    status: res.status,
    authorization: res.headers.get('authorization'),
    body: (await res.json()) as { message: string; recoveryCodes?: string[]; errors?: Record<string, string[]> },
  };
}

/** Enrols a member from the profile: answers the secret and the recovery codes. */
async function enrol(member: TestMember) {
  const setup = await t.ok('twoFactorSetup', { body: { password: member.password } }, member);
  expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
  expect(setup.uri).toContain(`secret=${setup.secret}`);
  const confirmed = await t.ok('twoFactorConfirm', { body: { code: await codeAt(setup.secret) } }, member);
  return { secret: setup.secret, recoveryCodes: confirmed.recoveryCodes };
}

describe('enrolment from the profile', () => {
  it('asks for the password, then the first code, and answers ten recovery codes once', async () => {
    const member = await t.createMember();
    const wrongPassword = await t.call('twoFactorSetup', { body: { password: 'not-it' } }, member);
    expect(wrongPassword.status).toBe(422);
    expect(Object.keys((wrongPassword.body as { errors: object }).errors)).toEqual(['password']);

    const setup = await t.ok('twoFactorSetup', { body: { password: member.password } }, member);
    const wrongCode = await t.call('twoFactorConfirm', { body: { code: '000000' } }, member);
    expect(wrongCode.status).toBe(422);
    expect((await t.ok('twoFactorStatus', {}, member)).pending).toBe(true);

    const confirmed = await t.ok('twoFactorConfirm', { body: { code: await codeAt(setup.secret) } }, member);
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    expect(await t.ok('twoFactorStatus', {}, member)).toEqual({ enabled: true, pending: false, required: false, recoveryCodesLeft: 10 });
    // Once on, a new enrolment needs it turned off first.
    expect((await t.call('twoFactorSetup', { body: { password: member.password } }, member)).status).toBe(409);
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge instead of a token, and the token only for a right code', async () => {
    freezeClockAtStepStart();
    const member = await t.createMember();
    const { secret } = await enrol(member);

    const first = await passwordStep(member);
    expect(first.status).toBe(200);
    expect(first.authorization).toBeNull();
    expect(first.body.twoFactor).toBe('verify');
    // The challenge is no access token.
    expect((await t.request('GET', '/api/v1/profile', { token: first.body.challenge })).status).toBe(401);

    const wrong = await codeStep(first.body.challenge!, '123456');
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors!)).toEqual(['code']);

    // The next step's code (the enrolment used this step's; the app's clock may run a little ahead).
    const right = await codeStep(first.body.challenge!, await codeAt(secret, 30));
    expect(right.status).toBe(200);
    const token = right.authorization!.replace(/^Bearer /, '');
    expect((await t.request('GET', '/api/v1/profile', { token })).status).toBe(200);
  });

  it('never accepts the same code twice', async () => {
    freezeClockAtStepStart();
    const member = await t.createMember();
    const { secret } = await enrol(member);
    // The enrolment used this step's code already.
    const again = await passwordStep(member);
    expect((await codeStep(again.body.challenge!, await codeAt(secret))).status).toBe(422);
    const next = await codeAt(secret, 30);
    expect((await codeStep(again.body.challenge!, next)).status).toBe(200);
    const third = await passwordStep(member);
    expect((await codeStep(third.body.challenge!, next)).status).toBe(422);
  });

  it('takes each recovery code once', async () => {
    const member = await t.createMember();
    const { recoveryCodes } = await enrol(member);
    const first = await passwordStep(member);
    expect((await codeStep(first.body.challenge!, recoveryCodes[3].toUpperCase())).status).toBe(200);
    const second = await passwordStep(member);
    expect((await codeStep(second.body.challenge!, recoveryCodes[3])).status).toBe(422);
    expect((await t.ok('twoFactorStatus', {}, member)).recoveryCodesLeft).toBe(9);
  });

  it('delays an address after repeated wrong codes, like wrong passwords', async () => {
    const member = await t.createMember();
    await enrol(member);
    const { body } = await passwordStep(member);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await codeStep(body.challenge!, String(100000 + i), '192.0.2.77')).status);
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
  });

  it('refuses a forged or expired challenge', async () => {
    expect((await codeStep('not.a.challenge', '123456')).status).toBe(422);
    const member = await t.createMember();
    // An access token is no challenge either.
    expect((await codeStep(member.token, '123456')).status).toBe(422);
  });
});

describe('required by the panel for members who manage staff', () => {
  it('makes such a member enrol during sign-in, leaves the others alone, and keeps it on', async () => {
    const staffManager = await t.memberWith(['manageStaff']);
    const other = await t.memberWith(['viewOrders']);
    await setSetting(t.db, 'staffTwoFactorRequired', true);
    try {
      const plain = await passwordStep(other);
      expect(plain.authorization).toMatch(/^Bearer /);

      const step = await passwordStep(staffManager);
      expect(step.authorization).toBeNull();
      expect(step.body.twoFactor).toBe('setup');
      const setup = await t.request('POST', '/login/two-factor/setup', { body: { challenge: step.body.challenge } });
      expect(setup.status).toBe(200);
      const { secret } = (await setup.json()) as { secret: string };
      const done = await codeStep(step.body.challenge!, await codeAt(secret));
      expect(done.status).toBe(200);
      expect(done.body.recoveryCodes).toHaveLength(10);
      const token = done.authorization!.replace(/^Bearer /, '');
      expect(await t.ok('twoFactorStatus', {}, token)).toMatchObject({ enabled: true, required: true });
      const disable = await t.call('twoFactorDisable', { body: { password: staffManager.password } }, token);
      expect(disable.status).toBe(409);
      // A 'setup' challenge cannot be replayed to enrol another app once it is on.
      expect((await t.request('POST', '/login/two-factor/setup', { body: { challenge: step.body.challenge } })).status).toBe(409);
    } finally {
      await setSetting(t.db, 'staffTwoFactorRequired', false);
    }
  });
});

describe('turning it off', () => {
  it('lets the member turn it off with the password', async () => {
    const member = await t.createMember();
    await enrol(member);
    expect((await t.call('twoFactorDisable', { body: { password: 'wrong' } }, member)).status).toBe(422);
    expect((await t.call('twoFactorDisable', { body: { password: member.password } }, member)).status).toBe(200);
    expect((await passwordStep(member)).authorization).toMatch(/^Bearer /);
  });

  it('lets staff with manageStaff reset it for a lost phone, which signs the member out everywhere', async () => {
    const member = await t.createMember();
    await enrol(member);
    const manager = await t.memberWith(['manageStaff']);
    const reset = await t.call('staffTwoFactorReset', { params: { staffId: member.id } }, manager);
    expect(reset.status).toBe(200);
    expect((await t.request('GET', '/api/v1/profile', { token: member.token })).status).toBe(401);
    expect((await passwordStep(member)).authorization).toMatch(/^Bearer /);
    expect((await t.call('staffTwoFactorReset', { params: { staffId: member.id } }, manager)).status).toBe(404);
  });
});
