/**
 * Checks the import graph of src/ (every .ts/.tsx file except the migrations) and exits 1 on:
 *   - an import circle (files that reach themselves through their imports, type-only imports included);
 *   - a room importing a room of a higher layer (a lower layer may not know a higher one);
 *   - an area importing another area;
 *   - the console importing the server or the server importing the console (and the contract importing either);
 *   - a file in a room the layer table does not place ("unknown room": place new rooms in LAYERS).
 * Run with `npm run lint:imports` (tsx scripts/check-imports.ts).
 *
 * A room is a folder right under src/console/ or src/server/ (`table`, `db`), a file right under them
 * (`main.tsx`, `config.ts`), or one area (`areas/orders`, matched by `areas/*`). All of src/contract/ is one room.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Per side, the layers from the lowest up: a room may import its own layer and the ones below. */
const LAYERS: Record<'console' | 'server', string[][]> = {
  console: [
    ['contract'],
    ['ui', 'api'],
    ['session', 'offline', 'realtime', 'resource', 'list', 'forms'],
    ['navigation', 'monitoring'],
    ['table', 'actions', 'palette', 'history', 'views'],
    ['areas/*'],
    ['app'],
    ['main.tsx', 'startConsole.tsx'],
  ],
  server: [
    ['contract'],
    ['config.ts', 'db'],
    ['deps.ts', 'http', 'audit', 'auth', 'table', 'pricing', 'realtime', 'channels', 'cluster'],
    // The simulated panels sit below the areas: the demo seeds of providers, orders and provider sync read their
    // catalogue and accounts; upstream/ (the client of real providers) never imports them.
    // customer-api: the storefront's side (API v2 and /api/v1/customer); the areas register their actions and routes in it.
    ['kit', 'jobs', 'upstream', 'provider-sim', 'customer-api'],
    ['areas/*'],
    // areas (the registry, areas/index.ts) lists every area; endpoints.ts mounts their handlers.
    ['areas', 'endpoints.ts', 'seed.ts', 'app.ts', 'server.ts', 'ops'],
    ['main.ts', 'cli'],
  ],
};

/**
 * The area-to-area imports allowed, each with its reason (`from -> to`, files relative to src/). Keep it short: a
 * piece two areas need belongs below the areas.
 */
const AREA_IMPORTS_ALLOWED: Record<string, string> = {
  // Importing a provider's services creates catalogue services: through the catalogue's own write rule (slug,
  // translations, audit), which is the catalogue's to keep, not a copy of it.
  'server/areas/providers/imports.ts -> server/areas/catalogue/services.ts': 'provider imports create services by the catalogue rule',
};

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const SRC = join(ROOT, 'src');
const SKIPPED_DIRS = new Set([join(SRC, 'server', 'db', 'migrations')]);

type Side = 'console' | 'server' | 'contract';
type Room = { side: Side; name: string };
type Edge = { from: string; to: string };

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(path)) sourceFiles(path, into);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) into.push(path);
  }
  return into;
}

/** Static imports and re-exports (multi-line, `type` included), side-effect imports and dynamic import() calls. */
const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Block comments and whole-line comments: examples in doc comments (`() => import('../areas/…')`) are not imports. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

function importedSpecifiers(text: string): string[] {
  const found: string[] = [];
  const code = withoutComments(text);
  for (const pattern of IMPORT_PATTERNS) for (const match of code.matchAll(pattern)) found.push(match[1]);
  return found;
}

function resolveImport(from: string, specifier: string, files: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  const stem = base.replace(/\.(js|jsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (files.has(candidate)) return candidate;
  return null;
}

function roomOf(file: string): Room {
  const parts = relative(SRC, file).split('/');
  if (parts[0] === 'contract') return { side: 'contract', name: 'contract' };
  const side = parts[0] as Side;
  if (parts[1] === 'areas' && parts.length > 3) return { side, name: `areas/${parts[2]}` };
  return { side, name: parts[1] };
}

const roomLabel = (room: Room) => (room.side === 'contract' ? 'contract' : `${room.side}/${room.name}`);

function layerOf(side: 'console' | 'server', name: string): number | null {
  const key = name.startsWith('areas/') ? 'areas/*' : name;
  const index = LAYERS[side].findIndex((layer) => layer.includes(key));
  return index === -1 ? null : index;
}

/** Tarjan's strongly connected components; returns the ones of two files or more, and files importing themselves. */
function importCircles(files: string[], edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

const files = sourceFiles(SRC).sort();
const fileSet = new Set(files);
const edges = new Map<string, string[]>();
for (const file of files) {
  const targets = importedSpecifiers(readFileSync(file, 'utf8'))
    .map((specifier) => resolveImport(file, specifier, fileSet))
    .filter((target): target is string => target !== null);
  edges.set(file, [...new Set(targets)]);
}

const show = (file: string) => relative(ROOT, file);
const sideCrossings: string[] = [];
const layerBreaks: string[] = [];
const areaCrossings: string[] = [];
const unknownRooms = new Map<string, string[]>();

for (const file of files) {
  const room = roomOf(file);
  if (room.side !== 'contract' && layerOf(room.side, room.name) === null)
    unknownRooms.set(roomLabel(room), [...(unknownRooms.get(roomLabel(room)) ?? []), show(file)]);
}

const allEdges: Edge[] = files.flatMap((from) => (edges.get(from) ?? []).map((to) => ({ from, to })));
for (const { from, to } of allEdges) {
  const a = roomOf(from);
  const b = roomOf(to);
  const line = `${show(from)} -> ${show(to)}`;
  if (a.side !== b.side && b.side !== 'contract') {
    sideCrossings.push(`${roomLabel(a)} -> ${roomLabel(b)}: ${line}`);
    continue;
  }
  if (a.side === 'contract' || a.name === b.name) continue;
  if (a.name.startsWith('areas/') && b.name.startsWith('areas/')) {
    if (`${relative(SRC, from)} -> ${relative(SRC, to)}` in AREA_IMPORTS_ALLOWED) continue;
    areaCrossings.push(`${roomLabel(a)} -> ${roomLabel(b)}: ${line}`);
    continue;
  }
  const fromLayer = layerOf(a.side, a.name);
  const toLayer = b.side === 'contract' ? 0 : layerOf(b.side as 'console' | 'server', b.name);
  if (fromLayer !== null && toLayer !== null && toLayer > fromLayer)
    layerBreaks.push(`${roomLabel(a)} (L${fromLayer}) -> ${roomLabel(b)} (L${toLayer}): ${line}`);
}

const circles = importCircles(files, edges);

const report = (title: string, lines: string[]) => {
  if (lines.length === 0) return;
  console.log(`\n${title} (${lines.length})`);
  for (const line of lines) console.log(`  ${line}`);
};
report(
  'Import circles',
  circles.map((circle, i) => `#${i + 1} (${circle.length} files): ${circle.map(show).join(', ')}`),
);
report('Imports from a lower layer to a higher one', layerBreaks.sort());
report('Areas importing another area', areaCrossings.sort());
report('Console and server importing each other (or the contract importing either)', sideCrossings.sort());
report(
  'Unknown rooms (place them in LAYERS)',
  [...unknownRooms].map(([room, inRoom]) => `${room}: ${inRoom.length} file(s), e.g. ${inRoom[0]}`),
);

const filesInCircles = circles.reduce((n, circle) => n + circle.length, 0);
console.log(
  `\n${files.length} files, ${allEdges.length} imports: ${circles.length} import circles (${filesInCircles} files), ${layerBreaks.length} upward imports, ` +
    `${areaCrossings.length} area-to-area imports, ${sideCrossings.length} console/server crossings, ${unknownRooms.size} unknown rooms`,
);
const failed = circles.length + layerBreaks.length + areaCrossings.length + sideCrossings.length + unknownRooms.size > 0;
process.exit(failed ? 1 : 0);
