/**
 * Test-only: the `padded` fault's answer. A broker (or something between it and the app)
 * may answer a quotes request with far more than was asked: rows for symbols nobody
 * requested, tens of megabytes of them. The sandbox itself only answers what was asked, so
 * tests reach that path over HTTP through this: the answer's list gets `items` extra rows,
 * each a copy of the first row under a made-up symbol.
 */
import type { Reply } from '../http/types';

/** The made-up symbol of padded row `i` (never in the symbol master). */
export const paddedSymbol = (i: number): string => `NSE:PADDED${i}-EQ`;

/** The reply with `items` unrequested rows added to its `d` list (unchanged without one). */
export function paddedAnswer(reply: Reply, items: number): Reply {
  const json = reply.json as Record<string, unknown> | undefined;
  const rows = json?.d;
  if (!json || !Array.isArray(rows) || rows.length === 0) return reply;
  const first = rows[0] as Record<string, unknown>;
  const v = (first.v ?? {}) as Record<string, unknown>;
  const extra = Array.from({ length: items }, (_, i) => ({
    ...first,
    n: paddedSymbol(i),
    v: { ...v, symbol: paddedSymbol(i), fyToken: String(9_000_000_000 + i) },
  }));
  return { ...reply, json: { ...json, d: [...rows, ...extra] } };
}
