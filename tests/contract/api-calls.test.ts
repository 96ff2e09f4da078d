import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_CALLS, type ApiCall } from '../../src/contract/apiCalls';
import { endpoints } from '../../src/contract/endpoints';

/**
 * The panel's API call by call (src/contract/apiCalls.ts) against the endpoint table: each call has
 * an endpoint with the same method and path, which reads the query parameters and body keys the
 * API names; and the console calls each endpoint or the table says why it has no place here.
 */

const shape = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z_]+/g, '*');
const endpointOf = (call: ApiCall) =>
  Object.entries(endpoints).find(([, e]) => e.method === call.method && shape(e.path) === shape(call.path)) as
    | [string, { query?: z.ZodType; body?: z.ZodType }]
    | undefined;

const PROBE = { __probe: [true] };
const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues;
};
/**
 * An endpoint reads a key when a wrong value there is refused at that key, or changes the answer
 * at all (a key read under another name, or inside a wrapper). A key it drops changes nothing.
 */
const reads = (schema: z.ZodType, key: string, wrapper?: string) => {
  const wrap = (body: Record<string, unknown>) => (wrapper ? { [wrapper]: body } : body);
  const baseline = JSON.stringify(issuesOf(schema, wrap({})).map((i) => [i.path, i.message]));
  return [PROBE, '__probe', -1].some((bad) => {
    const issues = issuesOf(schema, wrap({ [key]: bad }));
    return issues.some((i) => i.path[0] === key) || JSON.stringify(issues.map((i) => [i.path, i.message])) !== baseline;
  });
};

describe("the panel's API calls", () => {
  it('each has an endpoint of the same method and path', () => {
    const missing = API_CALLS.filter((c) => !endpointOf(c)).map((c) => `${c.method} ${c.path} (${c.call})`);
    expect(missing).toEqual([]);
  });

  it('each endpoint reads the query parameters and body keys the API names', () => {
    const unread: string[] = [];
    for (const call of API_CALLS) {
      const found = endpointOf(call);
      if (!found) continue;
      const [name, e] = found;
      for (const key of call.query ?? []) if (!e.query || !reads(e.query, key)) unread.push(`${name}: query ${key}`);
      for (const key of call.body ?? []) if (!e.body || !reads(e.body, key, call.wrapper)) unread.push(`${name}: body ${key}`);
    }
    expect(unread).toEqual([]);
  });

  it('names each call once, and says why wherever the console departs', () => {
    const keys = API_CALLS.map((c) => `${c.method} ${shape(c.path)}`);
    expect(keys.length).toBe(new Set(keys).size);
    for (const call of API_CALLS) if (call.departs !== undefined) expect(call.departs.length).toBeGreaterThan(40);
  });

  it('the console calls each of them, but those the table says why not', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry)) sources.push(readFileSync(path, 'utf8'));
      }
    };
    walk('src/console');
    const text = sources.join('\n');
    const unused = API_CALLS.flatMap((c) => {
      const found = endpointOf(c);
      return found && !text.includes(`'${found[0]}'`) ? [`${found[0]} (${c.call})`] : [];
    });
    // Exactly those: wiring one into the console means taking its reason out of the table.
    const said = API_CALLS.filter((c) => c.unused !== undefined).map((c) => `${endpointOf(c)?.[0]} (${c.call})`);
    expect(unused.sort()).toEqual(said.sort());
  });
});
