import { resolve } from 'node:path';
import type { Hono } from 'hono';
import { inArray } from 'drizzle-orm';
import type { Permission } from '../../../src/contract/permissions';
import { createApp } from '../../../src/server/app';
import { createStaffMember } from '../../../src/server/auth/accounts';
import type { CaptchaVerifier } from '../../../src/server/auth/captcha';
import { provideAuthServices, type AuthServices } from '../../../src/server/auth/services';
import { LoginThrottle } from '../../../src/server/auth/throttle';
import { signAccessToken } from '../../../src/server/auth/tokens';
import type { ServerConfig } from '../../../src/server/config';
import { openDatabase, type Database, type Db } from '../../../src/server/db/client';
import { permissions, staffMembers, staffPermissions } from '../../../src/server/db/schema/staff';
import { runSeed } from '../../../src/server/db/seed';
import type { AppDeps, AppEnv } from '../../../src/server/http/context';

/**
 * The real app on an in-memory PGlite with the base and demo seed, for server integration tests.
 * Cold start is about 2 s: create one per test file (beforeAll) and share it.
 */

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    dataDir: 'memory://',
    demo: true,
    jwtSecret: TEST_JWT_SECRET,
    tokenTtlSeconds: 1800,
    pusher: { appId: 'test-app', key: 'test-key', secret: 'test-pusher-secret' },
    simulator: false,
    staticDir: resolve('/nonexistent-static-dir'),
    // Tests send X-Forwarded-For to act as different addresses, as behind a proxy.
    trustProxy: true,
    ...overrides,
  };
}

/** A clock tests move by hand (the login throttle reads it). */
export interface ManualClock {
  now(): number;
  advance(ms: number): void;
}
export function manualClock(start = Date.UTC(2030, 0, 1)): ManualClock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

export interface TestAppOptions {
  /** Captcha verifier used when settings.captchaIsEnabled (default: one that rejects everything). */
  captcha?: CaptchaVerifier;
  /** Clock of the login throttle (default: a manual clock, see `clock`). */
  now?: () => number;
  /** Seed demo data (default true). */
  demo?: boolean;
  config?: Partial<ServerConfig>;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface NewTestMember {
  email?: string;
  name?: string;
  password?: string;
  roles?: string[];
  permissions?: Permission[];
}

export interface TestApp {
  app: Hono<AppEnv>;
  deps: AppDeps;
  db: Db;
  database: Database;
  /** The throttle's clock when `now` was not given. */
  clock: ManualClock;
  auth: AuthServices;
  /** Replaces the captcha verifier or the throttle for the rest of the file. */
  setAuth(services: Partial<AuthServices>): void;
  close(): Promise<void>;
  /** JSON request against the app; `token` becomes the bearer header. */
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** Logs in through POST /login and returns the bearer token; throws with the body on failure. */
  login(email: string, password: string): Promise<string>;
  /** A token for a member without going through login (no password hashing, no throttle). */
  tokenFor(staffId: number): Promise<string>;
  /** Creates a staff member with roles and direct permissions; password defaults to 'password'. */
  createMember(member?: NewTestMember): Promise<{ id: number; email: string; password: string; token: string }>;
}

export const rejectingCaptcha: CaptchaVerifier = { verify: async () => false };

let memberSeq = 0;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const { db } = database;
  const config = testConfig(options.config);
  await runSeed(db, { demo: options.demo ?? true });
  const deps: AppDeps = { database, config, publish: () => {} };
  const app = createApp(deps);
  const clock = manualClock();
  let auth = provideAuthServices(deps, {
    captcha: options.captcha ?? rejectingCaptcha,
    throttle: new LoginThrottle({ now: options.now ?? clock.now }),
  });

  const request = async (method: string, path: string, { token, body, headers = {} }: RequestOptions = {}): Promise<Response> =>
    app.request(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const tokenFor = async (staffId: number) => {
    const [m] = await db.select({ v: staffMembers.tokenVersion }).from(staffMembers).where(inArray(staffMembers.id, [staffId]));
    if (!m) throw new Error(`No staff member ${staffId}`);
    return signAccessToken(config.jwtSecret, { staffId, tokenVersion: m.v }, config.tokenTtlSeconds);
  };

  return {
    app,
    deps,
    db,
    database,
    clock,
    get auth() {
      return auth;
    },
    setAuth: (services) => {
      auth = provideAuthServices(deps, services);
    },
    close: () => database.close(),
    request,
    login: async (email, password) => {
      const res = await request('POST', '/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
      const header = res.headers.get('authorization') ?? '';
      if (!header.startsWith('Bearer ')) throw new Error('login answered without a bearer token');
      return header.slice('Bearer '.length);
    },
    tokenFor,
    createMember: async (member = {}) => {
      const email = member.email ?? `member${++memberSeq}.${Date.now()}@example.test`;
      const password = member.password ?? 'password';
      const id = await createStaffMember(db, { email, name: member.name ?? 'Test Member', password, roles: member.roles ?? [] });
      if (member.permissions?.length) {
        const rows = await db.select().from(permissions).where(inArray(permissions.name, member.permissions));
        await db.insert(staffPermissions).values(rows.map((p) => ({ staffId: id, permissionId: p.id })));
      }
      return { id, email, password, token: await tokenFor(id) };
    },
  };
}
