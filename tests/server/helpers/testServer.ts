import type { Hono } from 'hono';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildPath, type BodyOf, type ParamsOf, type QueryOf, type ResponseOf } from '../../../src/contract/endpoint';
import { endpoints, type EndpointName, type Endpoints } from '../../../src/contract/endpoints';
import { PERMISSIONS, type Permission } from '../../../src/contract/permissions';
import { createApp } from '../../../src/server/app';
import { createStaffMember } from '../../../src/server/auth/accounts';
import type { CaptchaVerifier } from '../../../src/server/auth/captcha';
import { provideAuthServices, type AuthServices } from '../../../src/server/auth/services';
import { LoginThrottle } from '../../../src/server/auth/throttle';
import { signAccessToken } from '../../../src/server/auth/tokens';
import { openSession } from '../../../src/server/auth/sessions';
import type { ServerConfig } from '../../../src/server/config';
import type { Database, Db } from '../../../src/server/db/client';
import { permissions, staffMembers, staffPermissions } from '../../../src/server/db/schema/staff';
import type { AppEnv } from '../../../src/server/http/context';
import type { AppDeps } from '../../../src/server/deps';
import { flushCounters } from '../../../src/server/realtime/counters';
import { openPreparedDatabase } from './preparedDatabase';
import { TEST_JWT_SECRET, testConfig } from './testConfig';

/**
 * The real app on an in-memory PGlite with the base and demo seed, for server integration tests.
 * The database is a copy of one seeded once per run (preparedDatabase.ts): one per test file,
 * shared by its tests —
 *
 *   const t = useTestApp();                       // beforeAll / afterAll of this file
 *   const manager = await t.memberWith(['viewOrders', 'manageOrders']);
 *   const res = await t.call('ordersShow', { params: { orderId: 12 } }, manager);
 *   const order = await t.ok('ordersShow', { params: { orderId: 12 } }, manager);   // typed, 2xx or throws
 */

export { TEST_JWT_SECRET, testConfig };

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

/** Who calls: a bearer token, or a member made by createMember / memberWith (undefined: nobody). */
export type Caller = string | { token: string } | undefined;

/** The request of one endpoint-table entry, typed by the entry. */
export interface CallInput<E> {
  params?: ParamsOf<E>;
  body?: BodyOf<E>;
  query?: QueryOf<E>;
  headers?: Record<string, string>;
}

export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** The answer: the endpoint's response on 2xx, the error shape otherwise. */
export type Reply<E> = { ok: true; status: number; body: ResponseOf<E> } | { ok: false; status: number; body: ErrorBody };

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
  createMember(member?: NewTestMember): Promise<TestMember>;
  /** A new member holding exactly these permissions (no role). */
  memberWith(permissions: readonly Permission[]): Promise<TestMember>;
  /** A new member holding every permission but these. */
  memberWithout(permissions: readonly Permission[]): Promise<TestMember>;
  /** Calls an endpoint-table entry by name: method and path from the entry, params filled in. */
  call<N extends EndpointName>(name: N, input?: CallInput<Endpoints[N]>, as?: Caller): Promise<Reply<Endpoints[N]>>;
  /** The same, for a call that must succeed: the typed body, or an error naming the status and answer. */
  ok<N extends EndpointName>(name: N, input?: CallInput<Endpoints[N]>, as?: Caller): Promise<ResponseOf<Endpoints[N]>>;
}

export interface TestMember {
  id: number;
  email: string;
  password: string;
  token: string;
}

export const rejectingCaptcha: CaptchaVerifier = { verify: async () => false };

let memberSeq = 0;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openPreparedDatabase({ demo: options.demo ?? true });
  const { db } = database;
  const config = testConfig(options.config);
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

  // A token of a new session, as a sign-in from a browser would open (auth/sessions.ts).
  const tokenFor = async (staffId: number) => {
    const [m] = await db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(inArray(staffMembers.id, [staffId]));
    if (!m) throw new Error(`No staff member ${staffId}`);
    const sessionId = await openSession(db, staffId, { staffId, ip: null, userAgent: 'test' }, config.tokenTtlSeconds);
    return signAccessToken(config.jwtSecret, { staffId, tokenVersion: 0, sessionId }, config.tokenTtlSeconds);
  };

  const createMember = async (member: NewTestMember = {}): Promise<TestMember> => {
    const email = member.email ?? `member${++memberSeq}.${Date.now()}@example.test`;
    const password = member.password ?? 'password';
    const id = await createStaffMember(db, { email, name: member.name ?? 'Test Member', password, roles: member.roles ?? [] });
    if (member.permissions?.length) {
      const rows = await db.select().from(permissions).where(inArray(permissions.name, member.permissions));
      await db.insert(staffPermissions).values(rows.map((p) => ({ staffId: id, permissionId: p.id })));
    }
    return { id, email, password, token: await tokenFor(id) };
  };

  const call = async <N extends EndpointName>(name: N, input: CallInput<Endpoints[N]> = {}, as?: Caller): Promise<Reply<Endpoints[N]>> => {
    const e = endpoints[name];
    const query = input.query as Record<string, unknown> | undefined;
    const qs = query
      ? `?${new URLSearchParams(
          Object.entries(query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        )}`
      : '';
    const res = await request(e.method, `${buildPath(e.path, (input.params ?? {}) as Record<string, string | number>)}${qs}`, {
      token: typeof as === 'string' ? as : as?.token,
      body: input.body,
      headers: input.headers,
    });
    const text = await res.text();
    const body = text ? JSON.parse(text) : undefined;
    return { ok: res.ok, status: res.status, body } as Reply<Endpoints[N]>;
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
    createMember,
    memberWith: (granted) => createMember({ permissions: [...granted] }),
    memberWithout: (withheld) => createMember({ permissions: PERMISSIONS.filter((p) => !withheld.includes(p)) }),
    call,
    ok: async (name, input, as) => {
      const res = await call(name, input, as);
      if (!res.ok) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}

/**
 * One app for the whole test file: created in beforeAll, closed in afterAll (after any pending
 * live-counters broadcast). The returned handle is usable from the first test on.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    if (!current) return;
    await flushCounters(current.deps);
    await current.close();
  });
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!current) throw new Error('The test app is used before beforeAll ran');
      const value = Reflect.get(current, key, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
