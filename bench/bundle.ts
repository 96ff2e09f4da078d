/**
 * The console's bundle, as a browser loads it: the entry chunk, the chunks index.html preloads
 * beside it (the app's start, which the entry imports once the copy of the last screen is
 * painted, and what it imports: what a start-up must download and evaluate before the first
 * render), and what each area's screens add when opened. Run after `npm run build`: `npx tsx bench/bundle.ts`.
 * Sizes are gzip -9 of the built files. The UI framework (React, Mantine, the router and query) is
 * its own chunk, shared by every screen; the console's own start-up code (the entry, the shell,
 * the palette, every area's declarations) is the entry chunk plus the "start-up" chunk
 * (vite.config.ts), held to the 200 kB budget; the start-up line is what a visit downloads before
 * the first render (that code, the framework and the preloaded "list-screen" chunk: the IndexedDB
 * cache, the list screen) and must not grow with the number of areas (their screens load on
 * demand); the endpoint table's chunk follows the first paint.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const DIST = 'dist';
const manifest = JSON.parse(readFileSync(`${DIST}/.vite/manifest.json`, 'utf8')) as Record<string, Chunk>;
const gz = new Map<string, number>();
const gzipOf = (file: string) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(`${DIST}/${file}`), { level: 9 }).length);
  return gz.get(file)!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** A chunk and what it imports statically, transitively (manifest keys). */
function staticClosure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    into.add(key);
    staticClosure(manifest[key].imports ?? [], into);
  }
  return into;
}
const sum = (keys: Iterable<string>) => [...keys].reduce((total, key) => total + gzipOf(manifest[key].file), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
// The entry's static imports and the chunks index.html preloads beside it (the app's start, the list screen).
const listed = /<script type="application\/json" id="start-up-chunks">([^<]*)<\/script>/.exec(readFileSync(`${DIST}/index.html`, 'utf8'));
const preloaded = (listed ? (JSON.parse(listed[1]) as string[]) : []).map((href) => href.replace(/^\//, ''));
const startup = staticClosure([entryKey, ...Object.keys(manifest).filter((key) => preloaded.includes(manifest[key].file))]);
const entry = gzipOf(manifest[entryKey].file);
const startupTotal = sum(startup);

const startUpChunk = [...startup].find((key) => /(^|\/)start-up-[^/]*\.js$/.test(manifest[key].file));
const ownCode = entry + (startUpChunk ? gzipOf(manifest[startUpChunk].file) : 0);
console.log(`entry chunk                          ${kb(entry).padStart(10)}  (${manifest[entryKey].file})`);
console.log(
  `console code at start-up             ${kb(ownCode).padStart(10)}  (entry + ${startUpChunk ? manifest[startUpChunk].file : 'no start-up chunk'}) budget 200 kB: ${ownCode <= 200 * 1024 ? 'met' : 'NOT met'}`,
);
console.log(
  `start-up (entry + ${String(startup.size - 1).padStart(2)} chunks)          ${kb(startupTotal).padStart(10)}  (the entry and the chunks index.html preloads)`,
);
for (const key of [...startup].filter((k) => k !== entryKey).sort((a, b) => gzipOf(manifest[b].file) - gzipOf(manifest[a].file))) {
  console.log(`  ${manifest[key].file.padEnd(44)} ${kb(gzipOf(manifest[key].file)).padStart(10)}`);
}

// The endpoint table (the schemas): its own chunk, loaded once the first screen has painted.
const contractChunk = Object.keys(manifest).find((key) => /(^|\/)contract-[^/]*\.js$/.test(manifest[key].file) && !startup.has(key));
if (contractChunk)
  console.log(
    `after the first paint                ${kb(gzipOf(manifest[contractChunk].file)).padStart(10)}  (${manifest[contractChunk].file}: the endpoint table)`,
  );

// What opening each area's screens adds to the start-up: the screens' chunks and their imports not yet loaded.
const areas = new Map<string, Set<string>>();
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const area = /src\/console\/areas\/([^/]+)\//.exec(chunk.src ?? key)?.[1] ?? `shared: ${chunk.src ?? key}`;
  const extra = [...staticClosure([key])].filter((k) => !startup.has(k));
  const set = areas.get(area) ?? new Set<string>();
  for (const k of extra) set.add(k);
  areas.set(area, set);
}
console.log('\non demand (gzip added when first opened):');
for (const [area, keys] of [...areas].sort((a, b) => a[0].localeCompare(b[0]))) {
  console.log(`  ${area.padEnd(52)} ${kb(sum(keys)).padStart(10)}  (${keys.size} chunk${keys.size === 1 ? '' : 's'})`);
}
