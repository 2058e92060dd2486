/**
 * `npm run proof [-- --fast] [-- name ...]`: runs every tests/proof/*.proof.ts at full size
 * against the composed app and the sandbox over HTTP, one after the other, prints one table
 * of figures against their goals, writes them to $BENCH_JSON when set, and exits non-zero
 * when any figure misses its goal.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { loadProof, proofFiles } from './proof-files';
import type { ProofFigure, ProofSection } from './types';

const args = process.argv.slice(2);
const size = args.includes('--fast') ? 'fast' : 'full';
const files = proofFiles(args.filter((a) => !a.startsWith('--')));

const rows: { section: string; figure: ProofFigure }[] = [];
const json: Record<string, unknown> = {
  size,
  at: new Date().toISOString(),
  machine: { cpus: cpus().length, node: process.version },
};
let failed = false;
for (const file of files) {
  const started = Date.now();
  let section: ProofSection;
  try {
    section = await (
      await loadProof(file)
    ).run({
      size,
      log: (m) => console.error(`[${file}] ${m}`),
    });
  } catch (err) {
    failed = true;
    console.error(`proof ${file} failed to run:`, err);
    continue;
  }
  for (const figure of section.figures) rows.push({ section: section.title, figure });
  for (const n of section.notes ?? []) console.log(`- ${section.title}: ${n}`);
  console.log(`- ${section.title}: took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  json[file.replace(/\.proof\.ts$/, '')] = {
    figures: section.figures,
    ...(section.json ?? {}),
  };
}

const table = [
  ['section', 'figure', 'value', 'goal', 'met'],
  ...rows.map(({ section, figure }) => [
    section,
    figure.name,
    `${Number.isInteger(figure.value) ? figure.value.toLocaleString('en-US') : figure.value.toFixed(2)}${figure.unit ?? ''}`,
    figure.goal,
    figure.met ? 'yes' : 'NO',
  ]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
const line = (r: string[]) => '| ' + r.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
console.log(`\n## Safety proof (${size})`);
console.log(line(table[0]!));
console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
for (const r of table.slice(1)) console.log(line(r));
const missed = rows.filter((r) => !r.figure.met).length;
if (missed > 0) failed = true;
console.log(`\n${rows.length - missed} figures at goal, ${missed} missed`);
if (files.length === 0) console.log('No proofs matched.');
if (process.env.BENCH_JSON) {
  writeFileSync(process.env.BENCH_JSON, JSON.stringify(json, null, 2) + '\n');
  console.log(`Figures written to ${process.env.BENCH_JSON}`);
}
process.exit(failed ? 1 : 0);
