/**
 * `npm run proof [-- --fast] [-- --dialect=ID] [-- name ...]`: runs every tests/proof/*.proof.ts at full size
 * against the composed app and the sandbox over HTTP, one after the other (a section that
 * exports `dialects` once per broker dialect), prints one table of figures against their
 * goals with a value column per dialect, writes them to $BENCH_JSON when set, and exits
 * non-zero when any figure misses its goal.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { BrokerDialectId, DEFAULT_DIALECT } from '../../shared/broker/dialect';
import { loadProof, proofFiles } from './proof-files';
import { proofTable, type ProofRow } from './proof-table';
import type { ProofSection } from './types';

const args = process.argv.slice(2);
const size = args.includes('--fast') ? 'fast' : 'full';
const files = proofFiles(args.filter((a) => !a.startsWith('--')));
// `--dialect=fyers-v3` runs the per-dialect sections on that dialect alone (diagnosis).
const onlyDialect = args.find((a) => a.startsWith('--dialect='))?.slice('--dialect='.length);
if (onlyDialect !== undefined && !BrokerDialectId.safeParse(onlyDialect).success)
  throw new Error(`--dialect: one of ${BrokerDialectId.options.join(', ')}`);

const rows: ProofRow[] = [];
const json: Record<string, unknown> = {
  size,
  at: new Date().toISOString(),
  machine: { cpus: cpus().length, node: process.version },
};
let failed = false;
for (const file of files) {
  const proof = await loadProof(file).catch((err: unknown) => err as Error);
  if (proof instanceof Error) {
    failed = true;
    console.error(`proof ${file} failed to load:`, proof);
    continue;
  }
  const dialects = (proof.dialects ?? [DEFAULT_DIALECT]).filter(
    (d) => !proof.dialects || onlyDialect === undefined || d === onlyDialect,
  );
  for (const dialect of dialects) {
    const started = Date.now();
    const tag = proof.dialects ? ` (${dialect})` : '';
    let section: ProofSection;
    try {
      section = await proof.run({
        size,
        dialect,
        log: (m) => console.error(`[${file}${tag}] ${m}`),
      });
    } catch (err) {
      failed = true;
      console.error(`proof ${file}${tag} failed to run:`, err);
      continue;
    }
    for (const figure of section.figures) rows.push({ section: section.title, dialect, figure });
    for (const n of section.notes ?? []) console.log(`- ${section.title}${tag}: ${n}`);
    console.log(`- ${section.title}${tag}: took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const key = file.replace(/\.proof\.ts$/, '');
    const entry = { figures: section.figures, ...(section.json ?? {}) };
    // One key per section as before; a per-dialect section keeps each dialect under its id.
    json[key] = proof.dialects
      ? { ...(json[key] as Record<string, unknown> | undefined), [dialect]: entry }
      : entry;
  }
}

console.log(`\n## Safety proof (${size})`);
console.log(proofTable(rows, BrokerDialectId.options));
const missed = rows.filter((r) => !r.figure.met).length;
if (missed > 0) failed = true;
console.log(`\n${rows.length - missed} figures at goal, ${missed} missed`);
if (files.length === 0) console.log('No proofs matched.');
if (process.env.BENCH_JSON) {
  writeFileSync(process.env.BENCH_JSON, JSON.stringify(json, null, 2) + '\n');
  console.log(`Figures written to ${process.env.BENCH_JSON}`);
}
process.exit(failed ? 1 : 0);
