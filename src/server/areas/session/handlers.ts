import { LOCALES, LOCALE_CODES, DEFAULT_LOCALE, USER_STATUSES } from '../../../contract/session';
import { bearerHeader, login, logout, refreshToken } from '../../auth/session';
import { endSession, listSessions } from '../../auth/sessions';
import { notFound } from '../../http/errors';
import { clientErrors, pageViews } from '../../db/schema/logs';
import { getSettings } from '../../db/settings';
import { writeAudit } from '../../audit';
import { defineHandlers } from '../../http/handlers';
import { readCounters } from '../../realtime/counters';
import { admitReport } from '../../http/reportLimits';
import { readProfile } from './profile';

/** Session, instance settings, dictionaries, counters and the console's reports (contract/session.ts). */
export const sessionHandlers = defineHandlers({
  login: async ({ body, actor, deps, c }) => {
    const { token } = await login(deps, { email: body.email, password: body.password, captchaResponse: body['g-recaptcha-response'] }, actor);
    c.header('authorization', bearerHeader(token));
    c.header('cache-control', 'no-store');
    return { message: 'Authorized.' };
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

  sessionsMine: async ({ staff, deps }) =>
    (await listSessions(deps.database.db, staff.id)).map((s) => ({ ...s, current: s.id === staff.sessionId })),

  sessionsEndMine: async ({ params, staff, deps }) => {
    if (!(await endSession(deps.database.db, staff.id, params.sessionId))) throw notFound('Session');
    return { message: params.sessionId === staff.sessionId ? 'Signed out.' : 'The session was ended.' };
  },

  staffSessions: async ({ params, staff, deps }) =>
    (await listSessions(deps.database.db, params.staffId)).map((s) => ({ ...s, current: params.staffId === staff.id && s.id === staff.sessionId })),

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
