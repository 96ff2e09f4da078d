import { LOCALES, LOCALE_CODES, DEFAULT_LOCALE, USER_STATUSES } from '../../../contract/session';
import { beginSignInEnrolment, bearerHeader, login, loginWithCode, logout, refreshToken } from '../../auth/session';
import { verifyPassword } from '../../auth/password';
import { authServices } from '../../auth/services';
import { normalizeEmail, bumpTokenVersion } from '../../auth/staff';
import {
  beginEnrolment,
  confirmEnrolment,
  removeTwoFactor,
  replaceRecoveryCodes,
  TwoFactorError,
  twoFactorRequiredFor,
  twoFactorState,
} from '../../auth/twoFactor';
import { eq } from 'drizzle-orm';
import { staffMembers } from '../../db/schema/staff';
import type { Actor, AppDeps, StaffContext } from '../../deps';
import { conflict, fieldError, tooManyRequests } from '../../http/errors';
import { endSession, listSessions } from '../../auth/sessions';
import { notFound } from '../../http/errors';
import { clientErrors, pageViews } from './schema';
import { getSettings } from '../../db/settings';
import { writeAudit } from '../../audit';
import { defineHandlers } from '../../http/handlers';
import { readCounters } from '../../realtime/counters';
import { admitReport } from '../../http/reportLimits';
import { readProfile } from './profile';

/** Session, instance settings, dictionaries, counters and the console's reports (contract/session.ts). */
export const sessionHandlers = defineHandlers({
  login: async ({ body, actor, deps, c }) => {
    const outcome = await login(deps, { email: body.email, password: body.password, captchaResponse: body['g-recaptcha-response'] }, actor);
    c.header('cache-control', 'no-store');
    if ('challenge' in outcome) {
      return {
        message: outcome.twoFactor === 'verify' ? 'Enter the code from your authenticator app.' : 'Set up two-factor sign-in to continue.',
        twoFactor: outcome.twoFactor,
        challenge: outcome.challenge,
      };
    }
    c.header('authorization', bearerHeader(outcome.token));
    return { message: 'Authorized.' };
  },

  twoFactorLogin: async ({ body, actor, deps, c }) => {
    const { token, recoveryCodes } = await loginWithCode(deps, body, actor);
    c.header('authorization', bearerHeader(token));
    c.header('cache-control', 'no-store');
    return recoveryCodes ? { message: 'Authorized.', recoveryCodes } : { message: 'Authorized.' };
  },

  twoFactorLoginSetup: async ({ body, deps }) => {
    try {
      return await beginSignInEnrolment(deps, body.challenge);
    } catch (error) {
      if (error instanceof TwoFactorError) throw conflict(error.message);
      throw error;
    }
  },

  twoFactorStatus: async ({ staff, deps }) => {
    const state = await twoFactorState(deps.database.db, staff.id);
    return { ...state, required: await twoFactorRequiredFor(deps.database.db, staff.permissions) };
  },

  twoFactorSetup: async ({ body, staff, actor, deps }) => {
    await confirmPassword(deps, staff, body.password, actor);
    try {
      return await beginEnrolment(deps.database.db, staff.id, staff.email);
    } catch (error) {
      if (error instanceof TwoFactorError) throw conflict(error.message);
      throw error;
    }
  },

  twoFactorConfirm: async ({ body, staff, actor, deps }) => {
    const codes = await deps.database.db.transaction(async (tx) => {
      const recoveryCodes = await confirmEnrolment(tx, staff.id, body.code);
      if (recoveryCodes) await writeAudit(tx, actor, { event: 'two_factor_enabled', auditableType: 'staff_member', auditableId: staff.id });
      return recoveryCodes;
    });
    if (!codes) throw fieldError('code', 'The code is not valid. Enter the current code from your app.');
    return { message: 'Two-factor sign-in is on.', recoveryCodes: codes };
  },

  twoFactorRecoveryCodes: async ({ body, staff, actor, deps }) => {
    await confirmPassword(deps, staff, body.password, actor);
    const codes = await replaceRecoveryCodes(deps.database.db, staff.id);
    if (!codes) throw conflict('Two-factor sign-in is off.');
    await writeAudit(deps.database.db, actor, { event: 'two_factor_recovery_codes_replaced', auditableType: 'staff_member', auditableId: staff.id });
    return { message: 'New recovery codes. The old ones no longer work.', recoveryCodes: codes };
  },

  twoFactorDisable: async ({ body, staff, actor, deps }) => {
    await confirmPassword(deps, staff, body.password, actor);
    if (await twoFactorRequiredFor(deps.database.db, staff.permissions)) {
      throw conflict('The panel requires two-factor sign-in for members who manage staff.');
    }
    const removed = await deps.database.db.transaction(async (tx) => {
      if (!(await removeTwoFactor(tx, staff.id))) return false;
      await writeAudit(tx, actor, { event: 'two_factor_disabled', auditableType: 'staff_member', auditableId: staff.id });
      return true;
    });
    if (!removed) throw conflict('Two-factor sign-in is off.');
    return { message: 'Two-factor sign-in is off.' };
  },

  staffTwoFactorReset: async ({ params, actor, deps }) => {
    const reset = await deps.database.db.transaction(async (tx) => {
      if (!(await removeTwoFactor(tx, params.staffId))) return false;
      // Whoever holds the lost phone's sign-ins is signed out too.
      await bumpTokenVersion(tx, params.staffId);
      await writeAudit(tx, actor, { event: 'two_factor_reset', auditableType: 'staff_member', auditableId: params.staffId });
      return true;
    });
    if (!reset) throw notFound('Two-factor sign-in');
    return { message: 'Two-factor sign-in was turned off; the member signs in with the password and may set it up again.' };
  },

  refresh: async ({ staff, actor, deps, c }) => {
    const token = await refreshToken(deps, staff, actor);
    c.header('authorization', bearerHeader(token));
    c.header('cache-control', 'no-store');
    return { token };
  },

  logout: async ({ staff, actor, deps }) => {
    await logout(deps, staff, actor);
    return { message: 'Logged out.' };
  },

  profile: async ({ staff, deps }) => readProfile(deps.database.db, staff),

  sessionsMine: async ({ staff, deps }) => (await listSessions(deps.database.db, staff.id)).map((s) => ({ ...s, current: s.id === staff.sessionId })),

  sessionsEndMine: async ({ params, staff, deps }) => {
    if (!(await endSession(deps.database.db, staff.id, params.sessionId))) throw notFound('Session');
    return { message: params.sessionId === staff.sessionId ? 'Signed out.' : 'The session was ended.' };
  },

  staffSessions: async ({ params, staff, deps }) => {
    const [member] = await deps.database.db.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.id, params.staffId));
    if (!member) throw notFound(`Staff member ${params.staffId}`);
    return (await listSessions(deps.database.db, params.staffId)).map((s) => ({ ...s, current: params.staffId === staff.id && s.id === staff.sessionId }));
  },

  staffSessionsEnd: async ({ params, actor, deps }) => {
    const ended = await deps.database.db.transaction(async (tx) => {
      if (!(await endSession(tx, params.staffId, params.sessionId))) return false;
      await writeAudit(tx, actor, { event: 'session_ended', auditableType: 'staff_member', auditableId: params.staffId });
      return true;
    });
    if (!ended) throw notFound('Session');
    return { message: 'The session was ended.' };
  },

  settings: async ({ deps }) => {
    const s = await getSettings(deps.database.db, ['panelName', 'favicon', 'inhouse', 'captchaIsEnabled', 'captchaSiteKey']);
    const { pusher } = deps.config;
    return {
      panelName: s.panelName,
      favicon: s.favicon,
      inhouse: s.inhouse,
      captchaIsEnabled: s.captchaIsEnabled,
      captchaSiteKey: s.captchaIsEnabled ? s.captchaSiteKey : null,
      // Null host and port mean "this server" (the console connects to the page's own origin).
      broadcasting: { key: pusher.key, wsHost: pusher.wsHost ?? pusher.host ?? null, wsPort: pusher.wsPort ?? pusher.port ?? null, forceTLS: !!pusher.useTLS },
    };
  },

  dictionaries: async () => ({
    user_statuses: USER_STATUSES.map((s) => ({ ...s })),
    locales: LOCALES.map((l) => ({ ...l })),
    // Content is written in the default locale and translated into the others.
    auto_translation: { available_locales: LOCALE_CODES.filter((code) => code !== DEFAULT_LOCALE) },
  }),

  // The same query as the counters broadcast, so the init values and the live updates agree.
  websocketsInit: async ({ deps }) => readCounters(deps.database.db),

  clientErrors: async ({ body, staff, actor, deps }) => {
    if (admitReport(deps, 'clientErrors', actor, [body.message, body.url, body.stack ?? null]) === 'duplicate') return { message: 'Already stored.' };
    await deps.database.db.insert(clientErrors).values({
      staffId: staff?.id ?? null,
      reportedUserId: body.userId ?? null,
      message: body.message,
      stack: body.stack ?? null,
      url: body.url,
      ipAddress: actor.ip,
      userAgent: actor.userAgent,
    });
    return { message: 'Stored.' };
  },

  pageViews: async ({ body, staff, actor, deps }) => {
    if (admitReport(deps, 'pageViews', actor, [body.path, body.visitorId]) === 'duplicate') return { message: 'Already stored.' };
    await deps.database.db.insert(pageViews).values({ staffId: staff.id, visitorId: body.visitorId, path: body.path, title: body.title ?? null });
    return { message: 'Stored.' };
  },
});

/**
 * The member's password again before a change to their sign-in; wrong answers count in the login
 * throttle (a stolen token must not become a password oracle).
 */
async function confirmPassword(deps: AppDeps, staff: StaffContext, password: string, actor: Actor): Promise<void> {
  const { db } = deps.database;
  const { throttle } = authServices(deps);
  const attempt = { account: normalizeEmail(staff.email), address: actor.ip };
  const verdict = await throttle.check(db, attempt);
  if (verdict.retryAfter > 0) throw tooManyRequests(verdict.retryAfter);
  const [member] = await db.select({ passwordHash: staffMembers.passwordHash }).from(staffMembers).where(eq(staffMembers.id, staff.id));
  if (!member || !(await verifyPassword(password, member.passwordHash))) {
    await throttle.recordFailure(db, attempt);
    throw fieldError('password', 'The password is incorrect.');
  }
}
