import type { FundLine } from '../../../shared/broker/models';

/** One ledger row as the Funds view shows it. */
export interface FundRow {
  key: string;
  title: string;
  equity: number | null;
  commodity: number | null;
}

const ORDINALS = ['', '', 'second', 'third', 'fourth', 'fifth'];

/**
 * The ledger lines with names a trader can read. The broker titles ids 10, 11 and 12 all
 * "Available Balance" (the spec gives them no other meaning): a repeat with the same
 * amounts says nothing new and is shown once; a repeat with other amounts is named as the
 * broker's second (third…) figure for that heading, never by its numeric id.
 */
export function fundRows(lines: readonly FundLine[]): FundRow[] {
  const out: FundRow[] = [];
  const seen = new Map<string, FundRow[]>();
  for (const l of lines) {
    const same = seen.get(l.title) ?? [];
    if (same.some((r) => r.equity === l.equity && r.commodity === l.commodity)) continue;
    const n = same.length + 1;
    const row: FundRow = {
      key: l.key,
      title: n === 1 ? l.title : `${l.title} (${ORDINALS[n] ?? `${n}th`} figure)`,
      equity: l.equity,
      commodity: l.commodity,
    };
    same.push(row);
    seen.set(l.title, same);
    out.push(row);
  }
  return out;
}
