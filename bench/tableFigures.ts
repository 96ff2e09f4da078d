import { performance } from 'node:perf_hooks';
import { PERMISSIONS } from '../src/contract/permissions';
import { tableRequestSchema, type ParsedTableRequest, type TableRequest } from '../src/contract/table';
import type { Database, Queryable } from '../src/server/db/client';

/**
 * Timing one server list (a table of src/server/table/define.ts) as the API answers it — count or
 * estimate, page, row mapping, no HTTP — for the table benchmarks: each scenario runs a few warm-up
 * requests, then `runs` timed ones; `print()` gives the markdown table of the figures.
 */
export interface Figure {
  scenario: string;
  p50: number;
  p95: number;
  /** The answer's total ('~' before an estimate). */
  total: string;
}

interface BenchTable {
  query(q: Queryable, request: ParsedTableRequest, ctx: { permissions: ReadonlySet<string> }): Promise<{ totalItemsCount: number; totalIsEstimate?: boolean }>;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export function tableFigures(table: BenchTable, { runs, warmup = 5 }: { runs: number; warmup?: number }) {
  const ctx = { permissions: new Set<string>(PERMISSIONS) };
  const figures: Figure[] = [];
  return {
    figures,
    async measure(database: Database, scenario: string, request: (i: number) => TableRequest): Promise<void> {
      const times: number[] = [];
      let total = '';
      for (let i = 0; i < warmup + runs; i++) {
        const parsed = tableRequestSchema.parse(request(i));
        const start = performance.now();
        const answer = await table.query(database.db, parsed, ctx);
        if (i >= warmup) times.push(performance.now() - start);
        total = `${answer.totalIsEstimate ? '~' : ''}${answer.totalItemsCount}`;
      }
      times.sort((a, b) => a - b);
      figures.push({ scenario, p50: percentile(times, 50), p95: percentile(times, 95), total });
      console.log(`  ${scenario}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (total ${total})`);
    },
    print(): void {
      console.log('\n| scenario | p50 ms | p95 ms | total |\n|---|---:|---:|---:|');
      for (const f of figures) console.log(`| ${f.scenario} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.total} |`);
    },
  };
}
