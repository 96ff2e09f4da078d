/**
 * Command palette speed: with 5,000 navigation commands and record lookups, filtering and
 * rendering one keystroke must stay under 16 ms at p95 in Chromium.
 *
 *   npx tsx bench/palette.ts [passes=4]
 *   PALETTE_BENCH_JSON=/tmp/palette.json npx tsx bench/palette.ts   (also writes every keystroke)
 *
 * Builds bench/palette-harness (the real CommandPalette, opened over an orders list, with the
 * app's resources; record lookups answered inside the page, so no network is used) into
 * bench/palette-harness/dist, serves it on BENCH_PORT (8097, or any free port), and types
 * realistic inputs one key at a time in Debian's Chromium. Each keystroke is timed in the page
 * from its keydown to the committed and laid-out list (bench/palette-harness/probe.ts explains
 * how). Passes: one warm-up, then `passes` measured passes alternating a fast typist (lookups wait
 * for the end of the input) and a slow one (each pause lets the lookups answer, so records are
 * listed while typing). The same keystrokes are then timed on a plain cmdk list of all 5,000
 * commands with cmdk's own filtering (?mode=cmdk-all), the reason the palette limits what it
 * renders: one warm-up input and one fast pass there, as each of its keystrokes takes a
 * good part of a second.
 *
 * The goal line uses the plain p95 of every measured keystroke. On a busy machine the figures
 * include time the browser waited for a CPU; two figures less disturbed by other processes are
 * printed beside it: "best of passes" (each keystroke's fastest pass, then the p95), and on Linux
 * the CPU time the page's renderer main thread used per keystroke and the time it waited for a
 * CPU meanwhile (/proc/<pid>/task/<pid>/schedstat, read before the key and after its next frame).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import playwrightConfig from '../playwright.config';
import type { GroupCount, KeystrokeSample } from './palette-harness/probe';

const HARNESS = fileURLToPath(new URL('./palette-harness/', import.meta.url));
const DIST = join(HARNESS, 'dist');
const PREFERRED_PORT = Number(process.env.BENCH_PORT ?? 8097);
const MEASURED_PASSES = Math.min(Math.max(Number(process.argv[2] ?? 4), 1), 10);
const GOAL_P95_MS = 16;

/** What staff type into the palette: screens, actions with ids, e-mails, typos. */
const INPUTS = [
  'orders in moderation',
  'approve order 123',
  'pause orders 1 2 3',
  'bob@example.com',
  'provider sm',
  'frezee user 42',
  'servce instagram followers',
  'cancel and refund order 5512',
  'drip feeds active',
  'user 77 deactivate',
];

/** Runs of the filtering-only timing over every prefix of every input. */
const FILTER_ROUNDS = 5;

/** A fast typist: well under the palette's lookup pause, so lookups wait for the end of the input. */
const FAST_GAP_MS = 40;

type Mode = 'palette' | 'cmdk-all';
type Cadence = 'fast' | 'slow';

interface Keystroke {
  /** 0: warm-up (not reported). */
  pass: number;
  cadence: Cadence;
  input: string;
  /** The text in the box after the key ('' for the clearing Backspace). */
  typed: string;
}

/** The renderer main thread's time over one keystroke (ms): running, and waiting for a CPU. */
interface ThreadTime {
  cpu: number;
  cpuWait: number;
}

interface ModeRun {
  mode: Mode;
  commandCount: number;
  samples: (KeystrokeSample & Keystroke & Partial<ThreadTime>)[];
  /** CPU time of a bench round trip without a key (ms), the floor under `cpu`. */
  roundTripCpu: number | null;
  openMs: number;
  /** Palette mode: what the list showed after each input of the first slow pass. */
  shown: { input: string; groups: GroupCount[] }[];
  requests: { answered: Record<string, number>; refused: string[] };
  filterOnly: number[];
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** A static server for the built harness (no SPA routes: the page is index.html). */
function serve(port: number): Promise<{ server: Server; port: number }> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = normalize(join(DIST, path === '/' ? 'index.html' : decodeURIComponent(path)));
    if (!file.startsWith(DIST + sep) && file !== DIST) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      // The preferred port is taken (another bench or e2e run): any free port will do.
      if (error.code === 'EADDRINUSE' && port !== 0) serve(0).then(resolve, reject);
      else reject(error);
    });
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : port });
    });
  });
}

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : '-');

/** A thread's time on a CPU and waiting for one (ms), from Linux's schedstat; null elsewhere. */
function threadTimes(pid: number | null): { run: number; wait: number } | null {
  if (pid === null) return null;
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return { run: run / 1e6, wait: wait / 1e6 };
  } catch {
    return null;
  }
}

/** The page's renderer process (its main thread has the process's id): the one that runs a short busy loop. */
async function rendererOf(browser: Browser, page: Page): Promise<number | null> {
  if (process.platform !== 'linux') return null;
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  await session.detach();
  const pids = processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  const before = new Map(pids.map((pid) => [pid, threadTimes(pid)?.run ?? 0]));
  await page.evaluate(() => {
    const until = performance.now() + 60;
    while (performance.now() < until);
  });
  let found: number | null = null;
  let most = 10;
  for (const pid of pids) {
    const ran = (threadTimes(pid)?.run ?? 0) - (before.get(pid) ?? 0);
    if (ran > most) [found, most] = [pid, ran];
  }
  return found;
}

/** Types one key and waits until the page has measured it; `gap` is the typist's pause after it. */
async function keystroke(page: Page, renderer: number | null, key: string, expected: number, gap: number): Promise<ThreadTime | null> {
  const before = threadTimes(renderer);
  if (key.length === 1) await page.keyboard.type(key);
  else await page.keyboard.press(key);
  await page.evaluate((count) => window.__bench!.waitForSamples(count), expected);
  const after = threadTimes(renderer);
  await page.waitForTimeout(gap);
  return before && after ? { cpu: after.run - before.run, cpuWait: after.wait - before.wait } : null;
}

/** The renderer's CPU time for the bench's own round trip (no key): the floor under each keystroke's CPU time. */
async function roundTripCpu(page: Page, renderer: number | null): Promise<number | null> {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const before = threadTimes(renderer);
    const count = await page.evaluate(() => window.__bench!.samples.length);
    await page.evaluate((n) => window.__bench!.waitForSamples(n), count);
    const after = threadTimes(renderer);
    if (before && after) times.push(after.run - before.run);
    await page.waitForTimeout(FAST_GAP_MS);
  }
  return times.length > 0 ? percentile(times, 50) : null;
}

async function runMode(browser: Browser, base: string, mode: Mode): Promise<ModeRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Nothing may leave the machine: only the harness's own server is reachable.
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    if (route.request().url().startsWith(base)) return route.continue();
    blocked.push(route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${base}/?mode=${mode}`);
  await page.locator('[cmdk-input]').waitFor();
  await page.locator('[cmdk-item]').first().waitFor();
  const openMs = await page.evaluate(() => performance.now());
  await page.waitForTimeout(500); // the modal's opening transition
  await page.locator('[cmdk-input]').focus();
  const renderer = await rendererOf(browser, page);

  const lookupPause = await page.evaluate(() => window.__bench!.lookupDebounceMs);
  const slowGap = lookupPause + 60;
  const plan: { pass: number; cadence: Cadence; inputs: string[] }[] =
    mode === 'palette'
      ? [
          { pass: 0, cadence: 'fast', inputs: INPUTS },
          ...Array.from({ length: MEASURED_PASSES }, (_, i) => ({ pass: i + 1, cadence: (i % 2 === 0 ? 'fast' : 'slow') as Cadence, inputs: INPUTS })),
        ]
      : [
          { pass: 0, cadence: 'fast', inputs: INPUTS.slice(0, 1) },
          { pass: 1, cadence: 'fast', inputs: INPUTS },
        ];

  const keystrokes: (Keystroke & Partial<ThreadTime>)[] = [];
  const shown: ModeRun['shown'] = [];
  let firstSlowPass = true;
  for (const { pass, cadence, inputs } of plan) {
    const gap = cadence === 'fast' ? FAST_GAP_MS : slowGap;
    for (const input of inputs) {
      for (let end = 1; end <= input.length; end++) {
        const stroke: (typeof keystrokes)[number] = { pass, cadence, input, typed: input.slice(0, end) };
        keystrokes.push(stroke);
        Object.assign(stroke, await keystroke(page, renderer, input[end - 1], keystrokes.length, gap));
      }
      if (cadence === 'slow' && firstSlowPass) {
        await page.waitForTimeout(150); // the last lookups answered and listed
        shown.push({ input, groups: await page.evaluate(() => window.__bench!.groups()) });
      }
      await page.keyboard.press('Control+A');
      const clear: (typeof keystrokes)[number] = { pass, cadence, input, typed: '' };
      keystrokes.push(clear);
      Object.assign(clear, await keystroke(page, renderer, 'Backspace', keystrokes.length, gap));
    }
    if (cadence === 'slow') firstSlowPass = false;
  }

  const samples = await page.evaluate(() => window.__bench!.samples);
  if (samples.length !== keystrokes.length) throw new Error(`${mode}: ${samples.length} keystrokes measured for ${keystrokes.length} typed`);
  const requests = await page.evaluate(() => window.__bench!.requests());
  const commandCount = await page.evaluate(() => window.__bench!.commandCount);
  const floor = await roundTripCpu(page, renderer);
  const filterOnly =
    mode === 'palette' ? await page.evaluate(([inputs, rounds]) => window.__bench!.filterOnly!(inputs, rounds), [INPUTS, FILTER_ROUNDS] as const) : [];
  if (errors.length > 0) throw new Error(`${mode}: page errors: ${errors.join('; ')}`);
  if (blocked.length > 0) throw new Error(`${mode}: requests left the page: ${blocked.join(', ')}`);
  await context.close();
  return {
    mode,
    commandCount,
    roundTripCpu: floor,
    samples: samples.map((sample, index) => ({ ...sample, ...keystrokes[index] })).filter((s) => s.pass > 0),
    openMs,
    shown,
    requests,
    filterOnly,
  };
}

/** Each keystroke's fastest measured pass (same input, same text, same cadence): the least disturbed figure. */
function bestOfPasses(samples: ModeRun['samples']): number[] {
  const best = new Map<string, { value: number; passes: number }>();
  for (const s of samples) {
    const key = `${s.cadence}\u0000${s.input}\u0000${s.typed}`;
    const seen = best.get(key);
    best.set(key, { value: Math.min(seen?.value ?? Infinity, s.total), passes: (seen?.passes ?? 0) + 1 });
  }
  const values = [...best.values()];
  return values.every((v) => v.passes >= 2) ? values.map((v) => v.value) : [];
}

function printSummary(runs: ModeRun[]): void {
  const header = ['', 'keys', 'p50', 'p95', 'p99', 'max', 'script p95', 'layout p95', 'best-of-passes p95', 'next frame p95', 'late'];
  const widths = [34, 6, 7, 7, 7, 7, 11, 11, 19, 15, 6];
  const row = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(''));
  row(header);
  for (const run of runs) {
    const label = run.mode === 'palette' ? 'palette (ranked, limited)' : 'cmdk filtering, all 5,000 rendered';
    const subsets: [string, typeof run.samples][] = [
      [label, run.samples],
      ['  fast typing', run.samples.filter((s) => s.cadence === 'fast')],
      ['  slow typing (lookups answered)', run.samples.filter((s) => s.cadence === 'slow')],
    ];
    for (const [name, samples] of subsets) {
      if (samples.length === 0) continue;
      const totals = samples.map((s) => s.total);
      // Late DOM changes count only in fast passes: a slow pass waits for the debounced lookups on purpose.
      const late = samples.filter((s) => s.cadence === 'fast' && s.late > 0).length;
      row([
        name,
        String(samples.length),
        ms(percentile(totals, 50)),
        ms(percentile(totals, 95)),
        ms(percentile(totals, 99)),
        ms(Math.max(...totals)),
        ms(
          percentile(
            samples.map((s) => s.script),
            95,
          ),
        ),
        ms(
          percentile(
            samples.map((s) => s.layout),
            95,
          ),
        ),
        ms(percentile(bestOfPasses(samples), 95)),
        ms(
          percentile(
            samples.map((s) => s.nextFrame),
            95,
          ),
        ),
        name.includes('slow') ? '-' : String(late),
      ]);
    }
  }
  console.log("(ms, from keydown; p50-max: to the committed, laid-out list. best-of-passes: p95 of each keystroke's fastest pass, when each was");
  console.log(' measured at least twice. next frame: to the frame after it painted, incl. the wait for that frame. late: fast-typing keystrokes');
  console.log(" with DOM changes after the measured end, 0 = the measurement saw all of React's work)");
  const withCpu = runs.filter((run) => run.samples.every((s) => s.cpu !== undefined));
  if (withCpu.length > 0) {
    console.log('\nrenderer main thread per keystroke, from the key to its next frame (ms; Linux schedstat: CPU time is not stretched by other processes):');
    for (const run of withCpu) {
      const cpu = run.samples.map((s) => s.cpu ?? 0);
      const wait = run.samples.map((s) => s.cpuWait ?? 0);
      console.log(
        `  ${run.mode.padEnd(9)} CPU p50 ${ms(percentile(cpu, 50))}, p95 ${ms(percentile(cpu, 95))}, p99 ${ms(percentile(cpu, 99))}; waited for a CPU p50 ${ms(percentile(wait, 50))}, p95 ${ms(percentile(wait, 95))}; bench round trip alone ${ms(run.roundTripCpu ?? NaN)}`,
      );
    }
  }
}

/** The prefix whose filtering is slowest, taking each prefix's best run (filterOnly's order: rounds × inputs × prefixes). */
function slowestPrefix(times: number[]): string {
  const prefixes = INPUTS.flatMap((input) => Array.from({ length: input.length }, (_, i) => input.slice(0, i + 1)));
  let worst = { text: '', value: -1 };
  prefixes.forEach((text, index) => {
    let best = Infinity;
    for (let round = 0; round < FILTER_ROUNDS; round++) best = Math.min(best, times[round * prefixes.length + index]);
    if (best > worst.value) worst = { text, value: best };
  });
  return `${ms(worst.value)} ms ("${worst.text}")`;
}

/** Where the time goes: keystrokes grouped by how many items the list shows after them. */
function printByListSize(run: ModeRun): void {
  const buckets: [string, number, number][] = [
    ['0-5', 0, 5],
    ['6-20', 6, 20],
    ['21-35', 21, 35],
    ['36+', 36, Infinity],
  ];
  const parts = buckets.flatMap(([name, low, high]) => {
    const totals = run.samples.filter((s) => s.items >= low && s.items <= high).map((s) => s.total);
    return totals.length > 0 ? [`${name} items: ${totals.length} keys, p50 ${ms(percentile(totals, 50))}, p95 ${ms(percentile(totals, 95))}`] : [];
  });
  console.log(`
palette by items listed after the key (ms):
  ${parts.join('\n  ')}`);
}

function printPerInput(runs: ModeRun[]): void {
  console.log('\np95 per input (ms, all measured keystrokes of the input and its clearing Backspace):');
  console.log(''.padEnd(32) + runs.map((r) => r.mode.padStart(12)).join(''));
  for (const input of INPUTS) {
    console.log(
      `"${input}"`.padEnd(32) +
        runs
          .map((r) =>
            ms(
              percentile(
                r.samples.filter((s) => s.input === input).map((s) => s.total),
                95,
              ),
            ).padStart(12),
          )
          .join(''),
    );
  }
}

async function main() {
  console.log('building bench/palette-harness …');
  await build({ configFile: join(HARNESS, 'vite.config.ts'), logLevel: 'warn' });
  const { server, port } = await serve(PREFERRED_PORT);
  const base = `http://127.0.0.1:${port}`;
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launchOptions, executablePath: launchOptions.executablePath ?? '/usr/bin/chromium' });
  try {
    const loadLine = () =>
      `${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`;
    console.log(`Chromium ${browser.version()} at ${base}; ${loadLine()}`);
    const runs: ModeRun[] = [];
    for (const mode of ['palette', 'cmdk-all'] as const) {
      const started = Date.now();
      runs.push(await runMode(browser, base, mode));
      console.log(`  ${mode}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    const [palette, cmdkAll] = runs;
    if (process.env.PALETTE_BENCH_JSON)
      writeFileSync(
        process.env.PALETTE_BENCH_JSON,
        JSON.stringify(
          runs.map(({ mode, samples }) => ({ mode, samples })),
          null,
          1,
        ),
      );
    if (loadavg()[0] > cpus().length) console.log(`\nnote: the machine is busy (${loadLine()}): the figures include time spent waiting for a CPU.`);

    console.log(`\nCommand palette, ${palette.commandCount.toLocaleString('en')} navigation commands + record lookups (answered in the page)`);
    console.log(
      `inputs: ${INPUTS.length}, typed one key at a time; palette: 1 warm-up pass + ${MEASURED_PASSES} measured (fast ${FAST_GAP_MS} ms gaps / slow, past the lookup pause); cmdk-all: 1 warm-up input + 1 fast pass`,
    );
    console.log(
      `keystrokes measured: palette ${palette.samples.length}, cmdk-all ${cmdkAll.samples.length}; time = keydown -> filtering, React render and commit, forced layout\n`,
    );
    printSummary(runs);
    printByListSize(palette);
    printPerInput(runs);

    const filter = palette.filterOnly;
    console.log(
      `\nfiltering alone (grammar + ranking of 5,000 commands), per prefix: p50 ${ms(percentile(filter, 50))}, p95 ${ms(percentile(filter, 95))}, max ${ms(Math.max(...filter))} ms (${filter.length} runs);`,
    );
    console.log(`  slowest prefix, best of ${FILTER_ROUNDS} runs: ${slowestPrefix(filter)}`);
    console.log(`open (page start -> list shown): palette ${palette.openMs.toFixed(0)} ms, cmdk-all ${cmdkAll.openMs.toFixed(0)} ms`);

    console.log('\nwhat the palette listed after each input (slow pass, lookups answered):');
    for (const { input, groups } of palette.shown) {
      console.log(`  ${`"${input}"`.padEnd(32)} ${groups.map((g) => `${g.heading} ${g.items}`).join(', ') || '(nothing matches)'}`);
    }
    const answered = Object.entries(palette.requests.answered)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
    console.log(`table requests answered in the page: ${answered || 'none'}; refused: ${palette.requests.refused.length}; requests that left the page: 0`);

    const p95 = percentile(
      palette.samples.map((s) => s.total),
      95,
    );
    const bestP95 = percentile(bestOfPasses(palette.samples), 95);
    const cmdkP95 = percentile(
      cmdkAll.samples.map((s) => s.total),
      95,
    );
    console.log(
      `\ngoal p95 < ${GOAL_P95_MS} ms: ${p95 < GOAL_P95_MS ? 'met' : 'not met'} (palette p95 ${ms(p95)} ms, best of passes ${ms(bestP95)} ms; cmdk with all 5,000 items p95 ${ms(cmdkP95)} ms)`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
