/**
 * The proof's one table: a row per section and figure, a value column per broker dialect
 * (a section run on one dialect shows `-` under the others, a figure a dialect cannot have
 * its reason, e.g. `needs v3`), the goal, and whether every
 * value shown met it. Kept apart from the runner so a unit test can read a table it made.
 */
import type { BrokerDialectId } from '../../shared/broker/dialect';
import type { ProofFigure } from './types';

/** One measured figure of one section on one dialect. */
export interface ProofRow {
  section: string;
  dialect: BrokerDialectId;
  figure: ProofFigure;
}

function value(f: ProofFigure): string {
  if (f.notApplicable !== undefined) return f.notApplicable;
  const n = Number.isInteger(f.value) ? f.value.toLocaleString('en-US') : f.value.toFixed(2);
  return `${n}${f.unit ?? ''}${f.met ? '' : ' (NO)'}`;
}

/** The Markdown table of `rows`, a value column for each of `dialects`. */
export function proofTable(
  rows: readonly ProofRow[],
  dialects: readonly BrokerDialectId[],
): string {
  // Rows in first-seen order, keyed by section and figure name.
  const byKey = new Map<
    string,
    { section: string; name: string; goals: Set<string>; rows: ProofRow[] }
  >();
  for (const r of rows) {
    const key = `${r.section}\u0000${r.figure.name}`;
    const e = byKey.get(key) ?? {
      section: r.section,
      name: r.figure.name,
      goals: new Set(),
      rows: [],
    };
    // A figure a dialect cannot have holds no goal of its own (its counts were never taken).
    if (r.figure.notApplicable === undefined) e.goals.add(r.figure.goal);
    e.rows.push(r);
    byKey.set(key, e);
  }
  const table = [
    ['section', 'figure', ...dialects, 'goal', 'met'],
    ...[...byKey.values()].map((e) => [
      e.section,
      e.name,
      ...dialects.map((d) => {
        const r = e.rows.find((x) => x.dialect === d);
        return r ? value(r.figure) : '-';
      }),
      [...e.goals].join(' / ') || '-',
      e.rows.every((r) => r.figure.met) ? 'yes' : 'NO',
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const line = (r: string[]) => '| ' + r.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
  return [
    line(table[0]!),
    '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|',
    ...table.slice(1).map(line),
  ].join('\n');
}
