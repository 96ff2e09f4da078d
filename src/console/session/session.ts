import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '../../contract/session';
import { REFRESH_NO_SAVED_TOKEN } from '../../contract/session/constants';
import type { Permission } from '../../contract/permissions';
import { api, apiRaw, configureApi } from '../api/client';
import { loadProfileOrSaved, savedProfileFor } from '../offline/startupAnswers';
import { clearToken, readToken, saveToken } from './cookie';
import { runLogoutCallbacks, runProfileLoadedCallbacks } from './lifecycle';
import { consumePostLoginPath } from './postLoginPath';
import { RefreshError, startRefreshLoop } from './refresh';

declare global {
  interface Window {
    /** The signed-in member's id, for code outside React (error reports, analytics). */
    __panelUserId?: number | null;
  }
}

/** Thrown when the session ended while something waited for it (the guard sends to /login). */
export class SignedOutError extends Error {
  constructor() {
    super('The session has ended.');
    this.name = 'SignedOutError';
  }
}

/** The browser refused the session cookie (cookies blocked for the site). */
export class CookiesBlockedError extends Error {
  constructor() {
    super('The browser blocked the session cookie. Allow cookies for this site to sign in.');
    this.name = 'CookiesBlockedError';
  }
}

export const PROFILE_QUERY_KEY = ['session', 'profile'] as const;

/**
 * Query roots holding the instance's public data (settings, dictionaries), the same for every
 * member: kept when a member signs in or out, so the login screen does not ask for them again.
 * Everything else is the member's and is dropped.
 */
export const PUBLIC_QUERY_ROOTS: readonly string[] = ['settings', 'dictionaries'];

const isMemberQuery = (query: { queryKey: readonly unknown[] }) => !PUBLIC_QUERY_ROOTS.includes(String(query.queryKey[0]));

export type SessionStatus = 'guest' | 'loading' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  profile: Profile | null;
}

export interface LoginCredentials {
  email: string;
  password: string;
  /** The reCAPTCHA response; '' when captcha is off. */
  captcha?: string;
}

export interface SessionOptions {
  queryClient: QueryClient;
  /** Where logout and login send the user; the router is attached after it is created. */
  navigate?: (to: string) => void;
  apiBaseUrl?: string;
  refreshIntervalMs?: number;
}

/** What the route guard needs to know about the member (a pure snapshot). */
export interface SessionView {
  authenticated: boolean;
  permissions: readonly Permission[];
}

/**
 * The session (docs/session.md): the token in its cookie, the refresh loop, the profile, login
 * and logout. One instance per app; React reads it through SessionProvider/useSession and the
 * router's context, code outside React through the instance itself.
 */
export class Session {
  private state: SessionState;
  private listeners = new Set<() => void>();
  private stopRefresh: (() => void) | null = null;
  private loggingOut: Promise<void> | null = null;
  private navigateTo: (to: string) => void;
  private readonly queryClient: QueryClient;
  private readonly refreshIntervalMs?: number;

  constructor(options: SessionOptions) {
    this.queryClient = options.queryClient;
    this.navigateTo = options.navigate ?? (() => {});
    this.refreshIntervalMs = options.refreshIntervalMs;
    const token = readToken();
    this.state = { status: token ? 'loading' : 'guest', token, profile: null };
    configureApi({
      ...(options.apiBaseUrl !== undefined ? { baseUrl: options.apiBaseUrl } : {}),
      getToken: () => this.currentToken(),
      onUnauthorized: () => {
        void this.logout({ callServer: false });
      },
      onToken: (token) => {
        // A token arriving after logout (a late answer) must not sign the member back in.
        if (this.currentToken()) this.storeToken(token);
      },
    });
    if (token) this.startRefreshLoop();
  }

  // ---- store --------------------------------------------------------------------------------

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setState(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  setNavigator(navigate: (to: string) => void): void {
    this.navigateTo = navigate;
  }

  view(): SessionView {
    return { authenticated: !!this.state.token, permissions: this.state.profile?.allPermissions ?? [] };
  }

  can = (permission: Permission): boolean => !!this.state.profile?.allPermissions.includes(permission);

  canAny = (permissions: readonly Permission[]): boolean => permissions.some((p) => this.can(p));

  // ---- token --------------------------------------------------------------------------------

  /**
   * The token lives in its cookie only: another tab's refresh, or another panel app clearing it,
   * shows up here at once.
   */
  currentToken(): string | null {
    return readToken();
  }

  private storeToken(token: string): void {
    saveToken(token);
    if (readToken() !== token) throw new CookiesBlockedError();
    if (this.state.token !== token) this.setState({ token });
  }

  /** One refresh: rejects with reason 'no_saved_token' when there is no token to send. */
  refreshToken = async (): Promise<void> => {
    if (!this.currentToken()) throw new RefreshError(REFRESH_NO_SAVED_TOKEN);
    try {
      const { token } = await api('refresh');
      this.storeToken(token);
    } catch (error) {
      throw new RefreshError(error instanceof Error ? error.message : 'failed', { cause: error });
    }
  };

  private startRefreshLoop(): void {
    this.stopRefresh?.();
    this.stopRefresh = startRefreshLoop({
      refresh: this.refreshToken,
      onFailure: () => {
        void this.logout({ callServer: false });
      },
      intervalMs: this.refreshIntervalMs,
    });
  }

  // ---- profile ------------------------------------------------------------------------------

  /**
   * Loads the profile once per sign-in (the route guard awaits it). On load the member's id
   * becomes global and the profile-loaded hooks run (realtime counters, analytics).
   */
  async ensureProfile(): Promise<Profile> {
    if (this.state.profile) return this.state.profile;
    // A reload paints at once with the profile saved at the member's last start; the fresh one
    // replaces it when it lands (permissions are enforced by the server either way, and a
    // revoked token answers 401 there, which logs out).
    const saved = savedProfileFor(this.currentToken());
    if (saved) {
      this.applyProfile(saved);
      void this.fetchProfile().then(
        (fresh) => {
          if (this.currentToken()) this.applyProfile(fresh);
        },
        () => {
          /* offline or refused: the saved profile stays until the next start (a 401 has logged out) */
        },
      );
      return saved;
    }
    const profile = await this.fetchProfile();
    return this.applyProfile(profile);
  }

  private fetchProfile(): Promise<Profile> {
    return this.queryClient.fetchQuery({
      queryKey: PROFILE_QUERY_KEY,
      // Offline, the profile saved at the member's last start stands in (never after a 401).
      queryFn: ({ signal }) => loadProfileOrSaved(this.currentToken(), () => api('profile', { signal })),
      // Asked even when the browser says it is offline, so the saved profile can answer.
      networkMode: 'always',
      staleTime: 0,
    });
  }

  /** Stores a loaded profile; the member's first profile runs the profile-loaded hooks. */
  private applyProfile(profile: Profile): Profile {
    // A logout during the request wins.
    if (!this.currentToken()) throw new SignedOutError();
    // Read afresh: a parallel call may have stored it while this one waited.
    const stored: Profile | null = this.getState().profile;
    if (stored?.id !== profile.id) {
      this.setState({ profile, status: 'authenticated' });
      window.__panelUserId = profile.id;
      runProfileLoadedCallbacks(profile);
    } else if (JSON.stringify(stored) !== JSON.stringify(profile)) {
      // The same member with changed permissions or details (the fresh answer after a saved one).
      this.setState({ profile });
    }
    return profile;
  }

  // ---- login / logout -----------------------------------------------------------------------

  /**
   * Signs in: POST /login, token from the `authorization` header, profile, then the stored
   * post-login address (or Home). Throws the API's errors (ValidationError for 422) to the form.
   */
  async login(credentials: LoginCredentials): Promise<TwoFactorChallenge | void> {
    const { data, response } = await apiRaw('login', {
      body: { email: credentials.email, password: credentials.password, 'g-recaptcha-response': credentials.captcha ?? '' },
    });
    // The password was right and a second factor is asked for (or must be set up): no token yet.
    if (data.twoFactor && data.challenge) return { kind: data.twoFactor, challenge: data.challenge };
    const header = response.headers.get('authorization');
    const token = header?.replace(/^Bearer\s+/i, '').trim();
    if (!token) throw new Error('The server did not return a session token.');
    await this.acceptToken(token);
  }

  /** Starts the session with a token from a completed sign-in (the password, or its second step). */
  async acceptToken(token: string): Promise<void> {
    this.clearMemberQueries(); // nothing of a previous member may survive into this session
    this.storeToken(token);
    this.setState({ status: 'loading', profile: null });
    this.startRefreshLoop();
    await this.ensureProfile();
    this.navigateTo(consumePostLoginPath() ?? '/');
  }

  /**
   * Signs out: POST /logout (best effort), clear the cookie and every cached query, run the
   * logout hooks (the offline cache drops the member's data), go to /login. Idempotent: a burst
   * of 401s logs out once. `callServer: false` when the token is already known to be dead.
   */
  logout(options: { callServer?: boolean } = {}): Promise<void> {
    if (this.loggingOut) return this.loggingOut;
    if (!this.currentToken() && this.state.status === 'guest') return Promise.resolve();
    this.loggingOut = this.performLogout(options.callServer ?? true).finally(() => {
      this.loggingOut = null;
    });
    return this.loggingOut;
  }

  private async performLogout(callServer: boolean): Promise<void> {
    const userId = this.state.profile?.id ?? null;
    this.stopRefresh?.();
    this.stopRefresh = null;
    if (callServer && this.currentToken()) {
      try {
        await api('logout');
      } catch {
        // Best effort: the token is dropped locally whatever the server says.
      }
    }
    clearToken();
    window.__panelUserId = null;
    this.setState({ status: 'guest', token: null, profile: null });
    this.clearMemberQueries();
    await runLogoutCallbacks({ userId });
    this.navigateTo('/login');
  }

  private clearMemberQueries(): void {
    void this.queryClient.cancelQueries({ predicate: isMemberQuery });
    this.queryClient.removeQueries({ predicate: isMemberQuery });
    this.queryClient.getMutationCache().clear();
  }

  /** Stops timers (tests, hot reload). */
  dispose(): void {
    this.stopRefresh?.();
    this.stopRefresh = null;
  }
}

export const createSession = (options: SessionOptions): Session => new Session(options);

/** The second step a sign-in waits for: a code ('verify'), or an app to set up first ('setup'). */
export interface TwoFactorChallenge {
  kind: 'verify' | 'setup';
  challenge: string;
}
