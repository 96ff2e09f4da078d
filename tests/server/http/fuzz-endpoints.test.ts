import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildPath } from '../../../src/contract/endpoint';
import type { Endpoint } from '../../../src/contract/endpoint';
import { endpoints } from '../../../src/contract/endpoints';
import { sampleInput } from '../helpers/sampleInput';
import { signAccessToken } from '../../../src/server/auth/tokens';
import { TEST_JWT_SECRET, useTestApp, type TestMember } from '../helpers/testServer';

/**
 * The fuzz suite, generated from the endpoint table at run time: every endpoint — including those
 * areas add later, with no edit here — gets at least MIN_PER_ENDPOINT malformed requests (wrong
 * types, missing and extra fields, nulls, NUL and surrogates, 1 MB strings, deep nesting, huge and
 * negative numbers, NaN, prototype keys, invalid JSON, wrong content types, empty bodies, bad path
 * parameters and query strings). None may answer 5xx. The counts, and the slowest answer, are
 * printed (a time is a figure to read, never a test's verdict: the machine may be busy).
 */
const MIN_PER_ENDPOINT = 80;
/**
 * Field-by-field requests per endpoint before each field gets a share of the evil values only
 * (still at least MIN_VALUES_PER_FIELD each, and every value meets several fields). 100 keeps
 * every field and value in play; each doubling of it doubled the run for the endpoints with
 * dozens of fields (a service's store and update were most of the suite's time) and found nothing
 * the smaller budget did not.
 */
const FIELD_BUDGET = 100;
const MIN_VALUES_PER_FIELD = 10;
const CONCURRENCY = 12;

const t = useTestApp();

type Json = unknown;

interface FuzzRequest {
  what: string;
  path: string;
  /** Raw body text (undefined: none). */
  body?: string;
  contentType?: string | null;
  /** 'member' (every permission), 'none' or 'garbage'. */
  auth?: 'member' | 'none' | 'garbage';
  /** A forged or malformed Authorization header (FORGED_TOKENS), in place of `auth`. */
  authorization?: string;
}

/**
 * Authorization headers an attacker would try: unsigned, signed with another key, expired,
 * tampered, ids beyond their columns, other schemes. Each must be a 401 (or the public answer),
 * never a 5xx; most fail before the database, so they are also the cheap part of the filler.
 */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
async function forgedTokens(staffId: number): Promise<[string, string][]> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: String(staffId), ver: 0, sid: 1, iat: now, exp: now + 600, jti: 'fuzz' };
  const real = await signAccessToken(TEST_JWT_SECRET, { staffId, tokenVersion: 0, sessionId: 1 }, 600);
  const [header, , signature] = real.split('.');
  return [
    ['alg none', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    ['another key', `Bearer ${await signAccessToken('another-secret-another-secret-another-0123', { staffId, tokenVersion: 0, sessionId: 1 }, 600)}`],
    ['expired', `Bearer ${await signAccessToken(TEST_JWT_SECRET, { staffId, tokenVersion: 0, sessionId: 1 }, 60, Date.now() - 3_600_000)}`],
    ['tampered subject', `Bearer ${header}.${b64({ ...claims, sub: '1' })}.${signature}`],
    ['staff id beyond int4', `Bearer ${await signAccessToken(TEST_JWT_SECRET, { staffId: 2147483648, tokenVersion: 0, sessionId: 1 }, 600)}`],
    ['session id beyond int4', `Bearer ${await signAccessToken(TEST_JWT_SECRET, { staffId, tokenVersion: 0, sessionId: 2147483648 }, 600)}`],
    ['version beyond int4', `Bearer ${await signAccessToken(TEST_JWT_SECRET, { staffId, tokenVersion: 2147483648, sessionId: 1 }, 600)}`],
    ['ended session', `Bearer ${await signAccessToken(TEST_JWT_SECRET, { staffId, tokenVersion: 5, sessionId: 1 }, 600)}`],
    ['Basic scheme', 'Basic YWRtaW5AZXhhbXBsZS5jb206cGFzc3dvcmQ='],
    ['empty bearer', 'Bearer '],
    ['two tokens', `Bearer ${real} ${real}`],
    ['NUL in token', `Bearer ${real.slice(0, 10)}%00${real.slice(10)}`],
    ['20,000 characters', `Bearer ${'x'.repeat(20_000)}`],
  ];
}
let FORGED_TOKENS: [string, string][] = [];

/** A deterministic PRNG, so a failure names a request that comes back on the next run. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const deepArray = (n: number): Json => (n === 0 ? 1 : [deepArray(n - 1)]);
const deepObject = (n: number): Json => (n === 0 ? 'x' : { a: deepObject(n - 1) });
const ONE_MB = 'x'.repeat(1_000_000);

/** Values put in the place of a field of a JSON body. */
const EVIL_VALUES: [string, Json][] = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['zero', 0],
  ['minus one', -1],
  ['a fraction', 1.5],
  ['int4 max', 2147483647],
  ['int4 max + 1', 2147483648],
  ['int4 min - 1', -2147483649],
  // biome-ignore lint/correctness/noPrecisionLoss: beyond the safe integers on purpose
  ['beyond safe integers', 9007199254740993],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['denormal', 5e-324],
  ['empty text', ''],
  ['blank text', '   '],
  ['"0"', '0'],
  ['"-1"', '-1'],
  ['"1e309"', '1e309'],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['NUL', '\u0000'],
  ['embedded NUL', 'a\u0000b'],
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', '\udfff'],
  ['5000 characters', 'x'.repeat(5000)],
  ['Arabic digits', '١٢٣'],
  ['SQL', "' OR 1=1 --"],
  ['LIKE wildcards', '%_\\'],
  ['impossible date', '2030-02-30'],
  ['far date', '9999-12-31 23:59:59'],
  ['HTML', '<script>alert(1)</script>'],
  ['empty list', []],
  ['list of null', [null]],
  ['mixed list', [1, 'a', null]],
  ['list with NUL', ['\u0000']],
  ['10,000 items', Array.from({ length: 10_000 }, (_, i) => i)],
  ['empty object', {}],
  ['object', { a: 1 }],
  ['nested 40 deep', deepArray(40)],
  ['objects 40 deep', deepObject(40)],
];

/** Raw texts for a field, spliced into the JSON (NaN and friends cannot be written by JSON.stringify). */
const RAW_VALUES: [string, string][] = [
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['-Infinity', '-Infinity'],
  ['undefined', 'undefined'],
  ['1e999', '1e999'],
  ['prototype object', '{"__proto__":{"polluted":true}}'],
  ['constructor object', '{"constructor":{"prototype":{"polluted":true}}}'],
];

/** Whole bodies that are not what any endpoint takes. */
const RAW_BODIES: [string, string, string | null][] = [
  ['empty body', '', 'application/json'],
  ['empty body, no type', '', null],
  ['invalid JSON {', '{', 'application/json'],
  ['invalid JSON, cut', '{"a":', 'application/json'],
  ['single quotes', "{'a':1}", 'application/json'],
  ['trailing comma', '[1,]', 'application/json'],
  ['bare NaN', 'NaN', 'application/json'],
  ['NaN value', '{"a":NaN}', 'application/json'],
  ['raw NUL', '\u0000', 'application/json'],
  ['byte order mark', '\ufeff{}', 'application/json'],
  ['null', 'null', 'application/json'],
  ['number', '1', 'application/json'],
  ['string', '"s"', 'application/json'],
  ['list', '[]', 'application/json'],
  ['true', 'true', 'application/json'],
  ['prototype keys', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}', 'application/json'],
  ['text/plain JSON', '{}', 'text/plain'],
  ['form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
  ['multipart', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', 'multipart/form-data; boundary=x'],
  ['no content type', '{"a":1}', null],
  ['UTF-16 claim', '{}', 'application/json; charset=utf-16'],
  ['XML', '<a/>', 'application/xml'],
  ['1 MB string body', JSON.stringify(ONE_MB), 'application/json'],
  ['100,000 deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'application/json'],
  ['invalid UTF-8 escape', '{"a":"\\ud800"}', 'application/json'],
];

/** Query-string values (already URL-encoded where they need to be). */
const EVIL_QUERY: [string, string][] = [
  ['empty', ''],
  ['NUL', '%00'],
  ['invalid UTF-8', '%ED%A0%80'],
  ['broken escape', '%E0%A4%A'],
  ['text', 'abc'],
  ['minus one', '-1'],
  ['1e999', '1e999'],
  ['NaN', 'NaN'],
  ['int4 max + 1', '2147483648'],
  ['huge', '99999999999999999999999'],
  ['JSON list', '%5B%5D'],
  ['JSON object', '%7B%7D'],
  ['5000 characters', 'x'.repeat(5000)],
  ['fraction', '1.5'],
  ['bad JSON', '%7B'],
  ['prototype JSON', encodeURIComponent('{"__proto__":{"a":1}}')],
];

const PATH_VALUES = [
  '0',
  '-1',
  '2147483648',
  '9223372036854775808',
  'abc',
  '%00',
  '1e3',
  '1.5',
  ' 1',
  '%ED%A0%80',
  'x'.repeat(300),
  '00000000000000000000001',
  '%2e%2e',
];

const defOf = (schema: unknown): Record<string, any> | undefined => (schema as { _zod?: { def: Record<string, any> } } | undefined)?._zod?.def;

/** Field paths of an object schema (through optional/default/pipe wrappers), nested objects up to `depth`. */
function fieldPaths(schema: z.ZodType | undefined, depth = 3, prefix: string[] = []): string[][] {
  let def = defOf(schema);
  for (let i = 0; def && i < 10; i++) {
    if (def.type === 'object') break;
    def = defOf(def.innerType ?? def.in ?? (def.type === 'lazy' ? def.getter() : undefined));
  }
  if (!def || def.type !== 'object') return [];
  const out: string[][] = [];
  for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
    out.push([...prefix, key]);
    if (depth > 1) out.push(...fieldPaths(field, depth - 1, [...prefix, key]));
  }
  return out;
}

function setAt(base: Json, path: string[], value: Json): Json {
  const root = structuredClone(base ?? {}) as Record<string, any>;
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key];
  }
  node[path[path.length - 1]] = value;
  return root;
}

function deleteAt(base: Json, path: string[]): Json {
  const root = structuredClone(base ?? {}) as Record<string, any>;
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') return root;
    node = node[key];
  }
  delete node[path[path.length - 1]];
  return root;
}

const RAW_MARK = '__fuzz_raw__';
/** JSON text of `value` where the field at `path` is the raw text `raw`. */
function withRaw(base: Json, path: string[], raw: string): string {
  return JSON.stringify(setAt(base, path, RAW_MARK)).replace(`"${RAW_MARK}"`, raw);
}

function queryString(query: Record<string, string>): string {
  const parts = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${v}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

const encodeQueryValue = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));

/** The malformed requests of one endpoint. */
function requestsFor(name: string, e: Endpoint<any, any, any>): FuzzRequest[] {
  const random = mulberry32([...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, 7));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const paramNames = [...e.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);
  const validParams = Object.fromEntries(paramNames.map((p) => [p, '1']));
  const path = (params: Record<string, string> = validParams) => buildPath(e.path, params);
  const hasBody = e.method !== 'GET';
  const baseBody = (sampleInput(e.body) ?? {}) as Json;
  const baseQueryObject = (sampleInput(e.query) ?? {}) as Record<string, unknown>;
  const baseQuery = Object.fromEntries(Object.entries(baseQueryObject).map(([k, v]) => [k, encodeQueryValue(v)]));
  const bodyFields = hasBody ? fieldPaths(e.body) : [];
  const queryFields = fieldPaths(e.query, 1).map((p) => p[0]);
  const out: FuzzRequest[] = [];
  const json = (what: string, body: Json) =>
    out.push({ what, path: path() + queryString(baseQuery), body: JSON.stringify(body), contentType: 'application/json' });

  // Who asks.
  out.push({ what: 'no token', path: path(), auth: 'none' }, { what: 'garbage token', path: path(), auth: 'garbage' });
  // Path parameters.
  for (const p of paramNames) for (const v of PATH_VALUES) out.push({ what: `param ${p}=${v.slice(0, 20)}`, path: path({ ...validParams, [p]: v }) });
  // Whole bodies.
  if (hasBody) for (const [what, body, type] of RAW_BODIES) out.push({ what, path: path(), body, contentType: type });
  // Each field: every evil value, raw values, missing.
  // Every evil value on every field while that stays within FIELD_BUDGET requests; an endpoint with
  // many fields (a service has dozens) gives each field a rotating share instead, so every value
  // still meets several fields and every field meets at least MIN_VALUES_PER_FIELD values.
  const perField = Math.min(EVIL_VALUES.length, Math.max(MIN_VALUES_PER_FIELD, Math.floor(FIELD_BUDGET / Math.max(1, bodyFields.length))));
  const rawPerField = perField === EVIL_VALUES.length ? RAW_VALUES.length : 2;
  bodyFields.forEach((field, i) => {
    const at = field.join('.');
    for (let j = 0; j < perField; j++) {
      const [what, value] = EVIL_VALUES[(i * perField + j) % EVIL_VALUES.length];
      json(`${at}: ${what}`, setAt(baseBody, field, value));
    }
    for (let j = 0; j < rawPerField; j++) {
      const [what, raw] = RAW_VALUES[(i * rawPerField + j) % RAW_VALUES.length];
      out.push({ what: `${at}: ${what}`, path: path(), body: withRaw(baseBody, field, raw), contentType: 'application/json' });
    }
    json(`${at}: missing`, deleteAt(baseBody, field));
  });
  if (bodyFields.length) json(`${bodyFields[0].join('.')}: 1 MB string`, setAt(baseBody, bodyFields[0], ONE_MB));
  if (hasBody) {
    json('extra fields', { ...(baseBody as object), extra: 'x', id: 2147483648, '': null });
    json('every field null', Object.fromEntries(bodyFields.filter((f) => f.length === 1).map((f) => [f[0], null])));
  }
  for (const key of queryFields) {
    for (const [what, value] of EVIL_QUERY) out.push({ what: `?${key}: ${what}`, path: path() + queryString({ ...baseQuery, [key]: value }) });
  }
  // Unknown and repeated query keys on every endpoint.
  out.push({ what: 'unknown query keys', path: `${path()}?__proto__=1&constructor=x&a=%00&a=%ED%A0%80` });
  // Fill up with random combinations of several bad fields at once.
  const evilKeys = ['__proto__', 'constructor', 'extra', 'x'.repeat(300), '\u0000'];
  const validBody = hasBody ? JSON.stringify(baseBody) : undefined;
  // An endpoint that takes no body and no query ignores any query string: past the fixed cases
  // above, more of the same would only repeat the valid call, so its filler is forged tokens.
  const forgedShare = !hasBody && !queryFields.length ? 1 : 0.4;
  while (out.length < MIN_PER_ENDPOINT) {
    const roll = random();
    if (roll < forgedShare && FORGED_TOKENS.length) {
      const [what, authorization] = pick(FORGED_TOKENS);
      out.push({
        what: `forged token: ${what}`,
        path: path() + queryString(baseQuery),
        body: validBody,
        contentType: hasBody ? 'application/json' : null,
        authorization,
      });
    } else if (hasBody && bodyFields.length && roll < 0.6) {
      let body = baseBody;
      const n = 1 + Math.floor(random() * 3);
      for (let i = 0; i < n; i++) body = setAt(body, pick(bodyFields), pick(EVIL_VALUES)[1]);
      json('random fields', body);
    } else if (queryFields.length && roll < 0.8) {
      const query = { ...baseQuery };
      for (let i = 0; i < 2; i++) query[pick(queryFields)] = pick(EVIL_QUERY)[1];
      out.push({ what: 'random query', path: path() + queryString(query) });
    } else if (hasBody) {
      const key = pick(evilKeys);
      out.push({
        what: `random extra key`,
        path: path(),
        body: JSON.stringify({ ...(baseBody as object), [key]: pick(EVIL_VALUES)[1] }),
        contentType: 'application/json',
      });
    } else {
      out.push({ what: 'random query', path: `${path()}?${pick(evilKeys).slice(0, 20)}=${pick(EVIL_QUERY)[1]}` });
    }
  }
  return out;
}

interface Outcome {
  endpoint: string;
  request: FuzzRequest;
  status: number;
  ms: number;
  message?: string;
}

async function runPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * The endpoints in parts of about 40, a test each: a part's time bound holds on a busy machine too, and a
 * failure names its part. Within a part the requests still go round-robin over its endpoints.
 */
const ALL_ENDPOINTS = Object.entries(endpoints) as [string, Endpoint<any, any, any>][];
const PART_SIZE = 40;
const PARTS = Array.from({ length: Math.ceil(ALL_ENDPOINTS.length / PART_SIZE) }, (_, i) => ALL_ENDPOINTS.slice(i * PART_SIZE, (i + 1) * PART_SIZE));

describe('fuzz: every endpoint of the table', () => {
  it('covers every endpoint of the table in one of its parts', () => {
    expect(PARTS.flat().map(([name]) => name)).toEqual(ALL_ENDPOINTS.map(([name]) => name));
  });

  it.each(PARTS.map((part, i) => [`${i + 1} of ${PARTS.length} (${part[0][0]}…)`, part] as const))(
    `part %s: at least ${MIN_PER_ENDPOINT} malformed requests per endpoint, no 5xx`,
    async (_label, all) => {
      // One member with every permission, and a session of its own per endpoint (a token each), so
      // logout or refresh on one endpoint signs no other out. One member: its password is hashed once.
      const member = await t.memberWithout([]);
      FORGED_TOKENS = await forgedTokens(member.id);
      const members = new Map<string, TestMember>();
      for (const [name] of all) members.set(name, { ...member, token: await t.tokenFor(member.id) });
      // Round-robin over the endpoints, so the requests in flight together are of different endpoints:
      // a dozen password checks at once (login, two-factor settings) would queue on the hashing
      // threads and measure the queue, not the answer.
      const perEndpoint = all.map(([name, e]) => requestsFor(name, e).map((request) => ({ name, e, request })));
      const work: (typeof perEndpoint)[number] = [];
      for (let i = 0; work.length < perEndpoint.reduce((n, list) => n + list.length, 0); i++) {
        for (const list of perEndpoint) if (i < list.length) work.push(list[i]);
      }

      const outcomes: Outcome[] = [];
      // The server logs what it answers 503 or maps from a database error; the suite counts instead.
      const quiet = { warn: console.warn, error: console.error };
      const logged: string[] = [];
      console.warn = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
      console.error = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
      const started = Date.now();
      try {
        await runPool(work, CONCURRENCY, async ({ name, e, request }) => {
          const headers: Record<string, string> = { accept: 'application/json' };
          const member = members.get(name)!;
          if ((request.auth ?? 'member') === 'member') headers.authorization = `Bearer ${member.token}`;
          if (request.auth === 'garbage') headers.authorization = 'Bearer not.a.token';
          if (request.authorization !== undefined) headers.authorization = request.authorization;
          if (request.contentType) headers['content-type'] = request.contentType;
          const begin = performance.now();
          let status: number;
          let message: string | undefined;
          try {
            const res = await t.app.request(request.path, { method: e.method, headers, body: request.body });
            status = res.status;
            const text = await res.text();
            if (status >= 500) message = text.slice(0, 300);
          } catch (err) {
            status = 599;
            message = `threw: ${(err as Error).message}`;
          }
          outcomes.push({ endpoint: name, request, status, ms: performance.now() - begin, message });
        });
      } finally {
        console.warn = quiet.warn;
        console.error = quiet.error;
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);

      const byEndpoint = new Map<string, Outcome[]>();
      for (const o of outcomes) byEndpoint.set(o.endpoint, [...(byEndpoint.get(o.endpoint) ?? []), o]);
      const statusCounts = new Map<number, number>();
      for (const o of outcomes) statusCounts.set(o.status, (statusCounts.get(o.status) ?? 0) + 1);
      const fewest = Math.min(...[...byEndpoint.values()].map((list) => list.length));
      const slowest = outcomes.reduce((a, b) => (b.ms > a.ms ? b : a));
      console.log(
        `[fuzz] ${outcomes.length} malformed requests to ${byEndpoint.size} endpoints in ${seconds} s ` +
          `(at least ${fewest} each); statuses: ${[...statusCounts]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s}×${n}`)
            .join(', ')}; ` +
          `slowest ${slowest.ms.toFixed(0)} ms (${slowest.endpoint}: ${slowest.request.what}); server log lines: ${logged.length}`,
      );

      for (const line of [...new Set(logged.map((l) => l.slice(0, 200)))].slice(0, 10)) console.log(`[fuzz] server said: ${line}`);
      // Where the time goes (request time summed per endpoint; requests overlap, so it exceeds the run's).
      const costliest = [...byEndpoint].map(([name, list]) => [name, list.reduce((sum, o) => sum + o.ms, 0)] as const).sort((a, b) => b[1] - a[1]);
      console.log(
        `[fuzz] costliest endpoints: ${costliest
          .slice(0, 6)
          .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
          .join(', ')}`,
      );

      expect(byEndpoint.size).toBe(all.length);
      expect(fewest).toBeGreaterThanOrEqual(MIN_PER_ENDPOINT);
      const failures = outcomes.filter((o) => o.status >= 500).map((o) => `${o.endpoint} [${o.request.what}] ${o.status} ${o.message ?? ''}`);
      expect(failures.slice(0, 30), `${failures.length} answers were 5xx`).toEqual([]);
    },
    600_000,
  );
});
