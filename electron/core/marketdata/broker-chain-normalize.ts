/**
 * The broker's option-chain answer (API v3 `options-chain-v3` with `greeks=1`; its shape is
 * inferred from public clients, docs/broker-v3.md "Option chain") read into the shared
 * BrokerChain: each contract row's IV (percent → fraction) and Greeks. A row that cannot be
 * read is named in `rejected` with a reason a trader can read, and never blanks the others;
 * the underlying's own row (no option type) is skipped, not rejected.
 */
import type {
  BrokerChain,
  BrokerChainFigures,
  BrokerChainRejected,
} from '../../../shared/marketdata/broker-chain';
import { Ticker } from '../../../shared/marketdata/ticker';
import { list, numOrNull, obj, str, type Raw } from '../broker/normalize/coerce';

/** Why a row was refused, in words (never the broker's field names). */
export const BROKER_CHAIN_REFUSALS = {
  noTicker: 'the broker named no contract',
  badIv: 'its implied volatility is not a usable number',
  badDelta: 'its delta is not a number between -1 and 1',
  badGreek: 'one of its Greeks is not a number',
  noRows: 'the broker sent no contracts for this expiry',
} as const;

type RowResult = { ok: true; figures: BrokerChainFigures } | { ok: false; reason: string };

/** A figure that may be missing (null) but, when present, must be a finite number. */
function optional(v: unknown): { ok: true; value: number | null } | { ok: false } {
  if (v === undefined || v === null || v === '') return { ok: true, value: null };
  const n = numOrNull(v);
  return n === null ? { ok: false } : { ok: true, value: n };
}

/** One contract row into figures, or why not. */
export function readBrokerChainRow(row: Raw): RowResult {
  const ticker = str(row.symbol).trim();
  if (!Ticker.safeParse(ticker).success)
    return { ok: false, reason: BROKER_CHAIN_REFUSALS.noTicker };
  const g = row.greeks;
  if (g === undefined || g === null)
    return {
      ok: true,
      figures: { ticker, iv: null, delta: null, gamma: null, theta: null, vega: null },
    };
  const o = obj(g);
  const iv = optional(o.iv);
  // The broker sends 0 where it has no IV (public clients read it so).
  if (!iv.ok || (iv.value !== null && (iv.value < 0 || iv.value > 1000)))
    return { ok: false, reason: BROKER_CHAIN_REFUSALS.badIv };
  const delta = optional(o.delta);
  if (!delta.ok || (delta.value !== null && Math.abs(delta.value) > 1))
    return { ok: false, reason: BROKER_CHAIN_REFUSALS.badDelta };
  const gamma = optional(o.gamma);
  const theta = optional(o.theta);
  const vega = optional(o.vega);
  if (!gamma.ok || !theta.ok || !vega.ok)
    return { ok: false, reason: BROKER_CHAIN_REFUSALS.badGreek };
  return {
    ok: true,
    figures: {
      ticker,
      iv: iv.value !== null && iv.value > 0 ? iv.value / 100 : null,
      delta: delta.value,
      gamma: gamma.value,
      theta: theta.value,
      vega: vega.value,
    },
  };
}

/** The whole answer (the envelope's `data`) for the underlying and expiry asked about. */
export function normalizeBrokerChain(
  env: Raw,
  asked: { symbol: string; expiry: number },
  now: number,
): BrokerChain {
  const rows: BrokerChainFigures[] = [];
  const rejected: BrokerChainRejected[] = [];
  const raw = list(obj(env.data).optionsChain, 'the option chain');
  raw.forEach((row, n) => {
    const type = str(row.option_type).trim().toUpperCase();
    if (type !== 'CE' && type !== 'PE') return; // the underlying's own row
    const r = readBrokerChainRow(row);
    if (r.ok) rows.push(r.figures);
    else {
      const name = str(row.symbol).trim();
      rejected.push({
        row: name && Ticker.safeParse(name).success ? name : `row ${n + 1}`,
        reason: r.reason,
      });
    }
  });
  if (rows.length === 0 && rejected.length === 0)
    rejected.push({ row: 'the answer', reason: BROKER_CHAIN_REFUSALS.noRows });
  return {
    symbol: asked.symbol,
    expiry: asked.expiry,
    rows,
    rejected,
    at: Math.max(0, Math.round(now)),
  };
}
