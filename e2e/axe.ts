import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { COLOR_SCHEME_STORAGE_KEY } from '../src/console/app/theme';

/**
 * The accessibility scan the e2e files share: axe-core (WCAG 2.0/2.1 A and AA, and best practice)
 * with every rule in the light theme, then the theme switched in place (as another tab switching
 * it would) and only the rules that read colours run again: the rest see the same page in either
 * theme. Serious and critical violations are findings, and so is a badge whose text reads under
 * 4.5:1 on its painted background in either theme (computed here: axe cannot judge it).
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * A list's rows past the third are left out of the scan: they repeat the cells of the first three
 * (the same columns, renderers and colours; the first is the focused row, with its tint), and
 * checking every cell of thirty rows in two themes was most of this suite's time.
 */
const REPEATED_ROWS = '[role="grid"] tbody tr:nth-child(n+4)';
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  where: string;
  rule: string;
  impact: string;
  nodes: number;
  sample: string;
}

/** The rules whose outcome depends on the theme's colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core's script, put into a page once and run there as often as needed: the page stays loaded
 * while the walk moves through the app, and injecting the 0.5 MB script before every run (as
 * axe's Playwright wrapper does) cost three times the run itself.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; html: string }[];
}

async function runAxe(page: Page, rules: 'all' | string[], include: string | undefined): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, rules, include, exclude }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
      const context = include ? { include: [[include]], exclude: [[exclude]] } : { exclude: [[exclude]] };
      // Only violations come back: axe's passes and incompletes, serialised node by node, are most
      // of what a run sends back and are never read here.
      const options = { runOnly: rules === 'all' ? { type: 'tag', values: tags } : { type: 'rule', values: rules }, resultTypes: ['violations'] };
      const result = await axe.run(context, options);
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html })) }));
    },
    { tags: TAGS, rules, include, exclude: REPEATED_ROWS },
  );
}

async function scanWith(page: Page, where: string, rules: 'all' | string[], include?: string): Promise<Finding[]> {
  // Wait for loaders and transitions to settle: axe reads computed colours.
  await page.waitForTimeout(400);
  const violations = await runAxe(page, rules, include);
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.length,
      sample: `${v.nodes[0]?.target.join(' ') ?? ''} ${v.nodes[0]?.html.slice(0, 160) ?? ''}`,
    }));
}

/** Switches the theme without a reload: the colour scheme manager follows storage events. */
export async function useScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
    },
    [COLOR_SCHEME_STORAGE_KEY, scheme] as const,
  );
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/**
 * Badges and pills (a coloured text on a tinted, often translucent, background): axe leaves a text
 * on a translucent or layered background as "needs review", so a green-on-green badge passed it.
 * Here each one's text colour is measured against its background as painted — the badge's own
 * colour composited over its ancestors' — and anything under 4.5:1 is a finding.
 */
async function badgeContrast(page: Page, where: string, include?: string): Promise<Finding[]> {
  const low = await page.evaluate((scope) => {
    const parse = (css: string): number[] => {
      const m = css.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const parts = m[1]
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0], parts[1], parts[2], parts[3] ?? 1];
    };
    const over = (top: number[], bottom: number[]): number[] => {
      const a = top[3];
      return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
    };
    const backgroundOf = (el: Element | null): number[] => {
      const layers: number[][] = [];
      for (let node = el; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      return layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const lum = (rgb: number[]) => {
      const c = rgb.slice(0, 3).map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const root = scope ? document.querySelector(scope) : document;
    const found: { text: string; ratio: number }[] = [];
    for (const badge of Array.from(root?.querySelectorAll('.mantine-Badge-root, .mantine-Pill-root') ?? [])) {
      const text = (badge.textContent ?? '').trim();
      if (!text || !(badge as HTMLElement).offsetParent) continue;
      const style = getComputedStyle(badge);
      const bg = backgroundOf(badge);
      const fg = over(parse(style.color), bg);
      const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      const ratio = (hi + 0.05) / (lo + 0.05);
      if (ratio < 4.5) found.push({ text: text.slice(0, 40), ratio: Math.round(ratio * 100) / 100 });
    }
    return found;
  }, include ?? null);
  if (!low.length) return [];
  return [
    {
      where,
      rule: 'badge-contrast',
      impact: 'serious',
      nodes: low.length,
      sample: low
        .map((b) => `"${b.text}" ${b.ratio}:1`)
        .join('; ')
        .slice(0, 200),
    },
  ];
}

/** Every rule in the light theme, then the colour rules in the dark theme; back to light after. */
export async function scan(page: Page, where: string, include?: string): Promise<Finding[]> {
  const light = await scanWith(page, `${where} (light)`, 'all', include);
  const lightBadges = await badgeContrast(page, `${where} (light)`, include);
  await useScheme(page, 'dark');
  const dark = await scanWith(page, `${where} (dark)`, COLOUR_RULES, include);
  const darkBadges = await badgeContrast(page, `${where} (dark)`, include);
  await useScheme(page, 'light');
  return [...light, ...lightBadges, ...dark, ...darkBadges];
}

/** Collects the findings of a test and prints them (and what was scanned) at its end, passed or not. */
export function findingsLog() {
  const findings: Finding[] = [];
  const scanned: string[] = [];
  return {
    findings,
    scanned,
    add(where: string, found: Finding[]) {
      findings.push(...found);
      scanned.push(where);
    },
    report() {
      console.log(`[axe] scanned ${scanned.length}: ${scanned.join(', ')}`);
      console.log(`[axe] serious/critical: ${findings.length} (screen, rule) pairs, ${new Set(findings.map((f) => f.rule)).size} kinds`);
      for (const f of findings) console.log(`  ${f.where}  ${f.impact}  ${f.rule}  (${f.nodes} nodes, e.g. ${f.sample})`);
    },
  };
}

export async function startLight(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Every page starts light; scan() switches each to dark and back.
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [COLOR_SCHEME_STORAGE_KEY, 'light'] as const);
}
