/**
 * Funds normalizer. The ledger list repeats id 3, titles ids 10-12 alike and puts letters in
 * amount fields; the clean model gives every line a unique key from its title, drops the
 * repeated id, and keeps unknown amounts as null.
 */
import type { FundLine, Funds } from '../../../../shared/broker/models';
import { list, num, numOrNull, str } from './coerce';

function keyOf(title: string, id: number): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || `ledger-${id}`;
}

/** Turns the `fund_limit` list into the clean Funds model. */
export function normalizeFunds(fundLimit: unknown): Funds {
  const lines: FundLine[] = [];
  const seen = new Set<string>();
  for (const raw of list(fundLimit, 'fund_limit')) {
    const id = num(raw.id);
    const title = str(raw.title).trim();
    const line: FundLine = {
      id,
      key: keyOf(title, id),
      title,
      equity: numOrNull(raw.equityAmount),
      commodity: numOrNull(raw.commodityAmount),
    };
    const identity = `${line.id}|${line.key}`;
    if (seen.has(identity)) continue; // the repeated id 3 row
    seen.add(identity);
    // Ids 10, 11 and 12 are all "Available Balance": keep each, with a key the UI can list by.
    if (lines.some((l) => l.key === line.key)) line.key = `${line.key}-${id}`;
    lines.push(line);
  }
  const byKey = (key: string, id: number) =>
    lines.find((l) => l.key === key) ?? lines.find((l) => l.id === id);
  const available = byKey('available-balance', 10);
  const utilized = byKey('utilized-amount', 2);
  return {
    lines,
    availableBalance: {
      equity: available?.equity ?? null,
      commodity: available?.commodity ?? null,
    },
    utilizedAmount: { equity: utilized?.equity ?? null, commodity: utilized?.commodity ?? null },
  };
}
