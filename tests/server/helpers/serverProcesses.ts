import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { signAccessToken } from '../../../src/server/auth/tokens';
import { createStaffMember } from '../../../src/server/auth/accounts';
import { one, openDatabase, type Database } from '../../../src/server/db/client';
import { type ScratchDatabase } from './postgres';
import { insertTestService } from './testService';
import { createMigratedDatabase } from './postgres';

/**
 * Several real server processes (src/server/main.ts) on one scratch PostgreSQL database, for the
 * operations suites: the cluster (events, jobs, the leader) and graceful shutdown.
 */
export const JWT_SECRET = 'ops-suite-jwt-secret-0123456789abcdef0123456789';
export const PUSHER = { appId: 'panel-console', key: 'panel-console-key', secret: 'ops-suite-pusher-secret' };

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
}

export interface OpsFixture {
  scratch: ScratchDatabase;
  database: Database;
  token: string;
  serviceId: number;
}

/** A scratch database, migrated and seeded, with an administrator's token and one service to order. */
export async function createOpsFixture(purpose: string): Promise<OpsFixture> {
  const scratch = await createMigratedDatabase(purpose, { seed: 'base' });
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
  const { db } = database;
  const staffId = await createStaffMember(db, { email: 'ops@example.test', name: 'Ops Tester', password: 'password', roles: ['Administrator'] });
  const member = await one<{ v: number }>(db, sql`SELECT token_version AS v FROM staff_members WHERE id = ${staffId}`);
  const token = await signAccessToken(JWT_SECRET, { staffId, tokenVersion: member!.v }, 1800);
  return { scratch, database, token, serviceId: await insertTestService(db) };
}

/** Starts `node --import tsx src/server/main.ts` (one process, so signals reach the server itself) and waits until it listens. */
export async function startServerProcess(databaseUrl: string, port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      SIMULATOR: 'off',
      JWT_SECRET,
      PUSHER_APP_SECRET: PUSHER.secret,
      STATIC_DIR: join(tmpdir(), 'panel-ops-no-console'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'panel-ops-')),
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Log in at')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server on ${port} exited (${code}) before listening:\n${output}`));
    });
  });
  return { port, child, output: () => output, exited };
}

export async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

export interface Answer {
  status: number;
  body: any;
}

/** One request on a fresh connection (no keep-alive), so "refused" and "answered" are never ambiguous. */
export function call(port: number, token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? safeJson(text) : undefined }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const safeJson = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export interface Frame {
  event: string;
  channel?: string;
  data?: any;
}

/** A raw Pusher-protocol client that queues every frame and lets a test await one. */
export class PusherClient {
  readonly ws: WebSocket;
  private frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(port: number) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/app/${PUSHER.key}?protocol=7&client=js&version=8.6.0`);
    this.ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame;
      const i = this.waiters.findIndex((w) => w.match(frame));
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(frame);
      else this.frames.push(frame);
    });
    this.closed = new Promise((resolve) => this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  next(match: (f: Frame) => boolean): Promise<Frame> {
    const i = this.frames.findIndex(match);
    if (i >= 0) return Promise.resolve(this.frames.splice(i, 1)[0]);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  async established(): Promise<string> {
    const frame = await this.next((f) => f.event === 'pusher:connection_established');
    return JSON.parse(frame.data).socket_id;
  }

  close(): void {
    this.ws.close();
  }
}

/** A customer with `deposit` on the balance and an order paid from it, in `status`. */
export async function makePaidOrder(fixture: OpsFixture, status: string, price: string, deposit = '100'): Promise<number> {
  const { db } = fixture.database;
  return db.transaction(async (tx) => {
    const u = await one<{ id: number }>(
      tx,
      sql`INSERT INTO users (name, email, balance) VALUES ('Ops', ${`ops${Math.random().toString(36).slice(2)}@example.test`}, ${deposit}::numeric) RETURNING id`,
    );
    await tx.execute(sql`INSERT INTO transactions (user_id, amount, type, transaction_type) VALUES (${u!.id}, ${deposit}::numeric, 'deposit', 'income')`);
    const o = await one<{ id: string }>(
      tx,
      sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, current_quantity, is_paid)
          VALUES (${status}, ${u!.id}, ${fixture.serviceId}, 'Followers', 'https://instagram.com/ops', ${price}::numeric, 1, 1000, 250, true)
          RETURNING id`,
    );
    await tx.execute(
      sql`INSERT INTO transactions (user_id, amount, type, transaction_type, order_id) VALUES (${u!.id}, -${price}::numeric, 'order', 'expense', ${o!.id})`,
    );
    await tx.execute(sql`UPDATE users SET balance = balance - ${price}::numeric WHERE id = ${u!.id}`);
    return Number(o!.id);
  });
}

export interface ProcessPair {
  fixture: OpsFixture;
  a: ServerProcess;
  b: ServerProcess;
  /** A webhook receiver on this machine: what it was sent, one body per delivery. */
  receiver: Server;
  hooks: string[];
  close(): Promise<void>;
}

/**
 * The operations suites' set-up: a scratch database, two server processes on it (started one after
 * the other: both would otherwise run the idempotent start-up seed at once) and a webhook receiver.
 */
export async function startProcessPair(purpose: string, ports: [number, number], env: Record<string, string> = {}): Promise<ProcessPair> {
  const fixture = await createOpsFixture(purpose);
  const a = await startServerProcess(fixture.scratch.url, ports[0], env);
  const b = await startServerProcess(fixture.scratch.url, ports[1], env);
  const hooks: string[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hooks.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return {
    fixture,
    a,
    b,
    receiver,
    hooks,
    async close() {
      await stopServerProcess(a);
      await stopServerProcess(b);
      receiver.close();
      await fixture.database.close();
      await fixture.scratch.drop();
    },
  };
}
