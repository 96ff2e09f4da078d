/**
 * The console's bundle, as a browser loads it: the entry chunk, everything the entry imports
 * statically (what a start-up must download and evaluate before the first render), and what each
 * area's screens add when opened. Run after `npm run build`: `npx tsx bench/bundle.ts`.
 * Sizes are gzip -9 of the built files. The UI framework (React, Mantine, the router and query) is
 * its own chunk, shared by every screen; the start-up line is what a visit downloads before the
 * first render (entry + framework + the other chunks the entry imports) and is the figure to
 * watch: it must not grow with the number of areas (their screens load on demand).
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
const startup = staticClosure([entryKey]);
const entry = gzipOf(manifest[entryKey].file);
const startupTotal = sum(startup);

console.log(`entry chunk                          ${kb(entry).padStart(10)}  (${manifest[entryKey].file}) budget 200 kB: ${entry <= 200 * 1024 ? 'met' : 'NOT met'}`);
console.log(`start-up (entry + ${String(startup.size - 1).padStart(2)} static chunks)   ${kb(startupTotal).padStart(10)}  (of which the framework chunk is listed first)`);
for (const key of [...startup].filter((k) => k !== entryKey).sort((a, b) => gzipOf(manifest[b].file) - gzipOf(manifest[a].file))) {
  console.log(`  ${manifest[key].file.padEnd(44)} ${kb(gzipOf(manifest[key].file)).padStart(10)}`);
}

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
