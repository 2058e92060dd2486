/**
 * `npm run bench [-- --quick] [-- name ...]`: runs every tests/bench/*.bench.ts in one
 * process, one after the other (so they do not compete for the two cores), prints each
 * section's tables, and writes all figures to $BENCH_JSON when it is set.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchModule, BenchSection, BenchTable } from './types';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.filter((a) => !a.startsWith('--'));
const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

function printTable(t: BenchTable): void {
  const cells = [
    t.columns,
    ...t.rows.map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : c))),
  ];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: (string | number)[]) =>
    '| ' +
    r
      .map((c, i) =>
        typeof c === 'number' || /^[\d.,]+/.test(String(c))
          ? String(c).padStart(widths[i]!)
          : String(c).padEnd(widths[i]!),
      )
      .join(' | ') +
    ' |';
  console.log(`\n${t.title}`);
  console.log(line(cells[0]!));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const r of cells.slice(1)) console.log(line(r));
}

function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return Math.abs(n) >= 100 ? n.toFixed(1) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toFixed(4);
}

const results: Record<string, unknown> = {
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    arch: arch(),
    memGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  quick,
  at: new Date().toISOString(),
};
let failed = false;
for (const file of files) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as BenchModule;
  let section: BenchSection;
  try {
    section = await mod.run({ quick, log: (m) => console.error(`[${file}] ${m}`) });
  } catch (err) {
    failed = true;
    console.error(`bench ${file} failed:`, err);
    continue;
  }
  console.log(`\n## ${section.title}`);
  for (const t of section.tables) printTable(t);
  for (const n of section.notes ?? []) console.log(`- ${n}`);
  results[file.replace(/\.bench\.ts$/, '')] = section.json;
}
if (files.length === 0) console.log('No benchmarks matched.');
if (process.env.BENCH_JSON) {
  writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2) + '\n');
  console.log(`\nFigures written to ${process.env.BENCH_JSON}`);
}
process.exit(failed ? 1 : 0);
