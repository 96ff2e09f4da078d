// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the console's start-up code imports: the static imports of the app's start
 * (src/console/startConsole.tsx, which the entry imports once index.html's copy of the last screen
 * is painted), followed through the source (type-only imports and dynamic `import()` are not loaded at start-up). The schema library
 * must not be among them: building the endpoint table's schemas waits for the first screen's paint
 * (src/console/api/contract.ts), and a resource declaration that takes its labels or column table
 * from an area's contract module (`contract/<area>/index.ts`) instead of its zod-free
 * `columns.ts` brings every schema of that area into the start-up.
 */

const ENTRY = 'src/console/main.tsx';
const START_UP = 'src/console/startConsole.tsx';
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)((?:[^'";]|\n)*?\s+from\s+)?['"]([^'"]+)['"]/gm;
// An eager import.meta.glob of '<dir>/<each folder>/<file>': the area registry (src/console/app/areas.ts).
const EAGER_GLOB = /import\.meta\.glob(?:<[^>]*>)?\(\s*'([^']+)'\s*,\s*\{[^}]*eager:\s*true/g;

// The files such a glob matches: <file> in each folder of <dir>.
function globFiles(from: string, pattern: string): string[] {
  const [dir, file] = pattern.split('/*/');
  const root = normalize(join(dirname(from), dir));
  return readdirSync(root)
    .map((name) => join(root, name, file))
    .filter((candidate) => existsSync(candidate));
}

function resolveModule(from: string, specifier: string): string | null {
  const base = normalize(join(dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Source modules and packages the entry loads before anything lazy; `via` says who brought each in. */
function startUpClosure(entry: string) {
  const modules = new Map<string, string>([[entry, '(entry)']]);
  const packages = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    for (const [, pattern] of source.matchAll(EAGER_GLOB)) {
      for (const target of globFiles(file, pattern)) {
        if (!modules.has(target)) {
          modules.set(target, file);
          queue.push(target);
        }
      }
    }
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const [, clause = '', specifier] = match;
      // `import { type A, type B } from` brings nothing at run time.
      if (/^\{\s*(type\s+\w+\s*(,\s*)?)+\}\s+from\s+$/.test(clause.trim() + ' ')) continue;
      if (!specifier.startsWith('.')) {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
        if (!packages.has(name)) packages.set(name, file);
        continue;
      }
      const target = resolveModule(file, specifier);
      if (target && !modules.has(target)) {
        modules.set(target, file);
        queue.push(target);
      }
    }
  }
  return { modules, packages };
}

describe('the console entry', () => {
  it('loads nothing before the copy of the last screen is painted but the wait for that paint', () => {
    const { modules, packages } = startUpClosure(ENTRY);
    expect([...modules.keys()].sort()).toEqual([ENTRY, 'src/console/offline/snapshotPaint.ts']);
    expect([...packages.keys()]).toEqual([]);
    expect(readFileSync(ENTRY, 'utf8')).toContain("import('./startConsole')");
  });
});

describe('the console start-up code', () => {
  const { modules, packages } = startUpClosure(START_UP);

  it("is found by following the app's start (sanity: the shell and the area declarations are in it)", () => {
    expect(modules.has('src/console/app/AppLayout.tsx')).toBe(true);
    expect(modules.has('src/console/areas/users/resource.tsx')).toBe(true);
    expect(packages.has('react')).toBe(true);
  });

  it('does not load the schema library (area declarations read the zod-free column tables)', () => {
    const chain = (file: string): string[] => {
      const path: string[] = [];
      for (let at: string | undefined = file; at && at !== '(entry)'; at = modules.get(at)) path.push(at);
      return path;
    };
    const via = packages.get('zod');
    expect(via ? `zod imported by ${chain(via).join(' <- ')}` : 'no zod').toBe('no zod');
  });
});
