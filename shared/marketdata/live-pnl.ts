/**
 * P&L at the live price. The broker's figure is right at the broker's own LTP; a position's
 * P&L moves by quantity × the price move from there × its rupees per point (the contract
 * multiplier for commodities, the reference rate for cross-currency pairs), whatever formula
 * the broker used for the rest. Moving it by the difference
 * keeps realised P&L, charges and averages exactly as the broker reported them.
 */
import type { Holding, Position } from '../broker/models';

/**
 * Rupees one unit of quantity gains on a one-point price move: the broker's `qtyMulti_com`
 * (commodities; 1 elsewhere) × its `rbiRefRate` for a cross-currency pair, whose prices are in
 * another currency. Every rupee figure the app derives from a position's price uses it.
 */
export function rupeesPerPoint(
  p: Pick<Position, 'commodityMultiplier' | 'crossCurrency' | 'rbiRefRate'>,
): number {
  const multiplier = p.commodityMultiplier > 0 ? p.commodityMultiplier : 1;
  const rate = p.crossCurrency && p.rbiRefRate > 0 ? p.rbiRefRate : 1;
  return multiplier * rate;
}

/** A position's unrealised and total P&L at `ltp`. */
export function positionPlAt(p: Position, ltp: number): { unrealizedPl: number; pl: number } {
  if (!Number.isFinite(ltp) || ltp <= 0 || p.netQty === 0)
    return { unrealizedPl: p.unrealizedPl, pl: p.pl };
  const move = round2((ltp - p.ltp) * p.netQty * rupeesPerPoint(p));
  return { unrealizedPl: round2(p.unrealizedPl + move), pl: round2(p.pl + move) };
}

/**
 * A holding's market value and P&L at `ltp`. They move with the quantity still held
 * (`remainingQty`): the broker values holdings on it, so shares sold today must not move them.
 */
export function holdingPlAt(h: Holding, ltp: number): { marketValue: number; pl: number } {
  if (!Number.isFinite(ltp) || ltp <= 0) return { marketValue: h.marketValue, pl: h.pl };
  const move = round2((ltp - h.ltp) * h.remainingQty);
  return { marketValue: round2(h.marketValue + move), pl: round2(h.pl + move) };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A position with its figures at the live price, as its row shows it. */
export interface LivePosition {
  position: Position;
  ltp: number;
  unrealizedPl: number;
  pl: number;
  /** P&L as a percentage of the open quantity's cost (null when flat or the cost is unknown). */
  mtmPct: number | null;
}

/** The Positions header's figures: the sums of the rows it sits over. */
export interface PositionTotals {
  pl: number;
  realized: number;
  unrealized: number;
  open: number;
  count: number;
}

/**
 * Every position at its live price (`ltpOf` gives the live LTP, or undefined to keep the
 * broker's) and the totals summed from those same rows, so the header can never show a
 * figure from another moment than the rows below it.
 */
export function positionsAt(
  positions: readonly Position[],
  ltpOf: (symbol: string) => number | undefined,
): { rows: LivePosition[]; totals: PositionTotals } {
  const totals: PositionTotals = { pl: 0, realized: 0, unrealized: 0, open: 0, count: 0 };
  const rows = positions.map((position) => {
    const ltp = ltpOf(position.symbol) ?? position.ltp;
    const live = positionPlAt(position, ltp);
    const cost = Math.abs(position.netQty) * position.netAvg * rupeesPerPoint(position);
    totals.pl += live.pl;
    totals.realized += position.realizedPl;
    totals.unrealized += live.unrealizedPl;
    totals.count++;
    if (position.netQty !== 0) totals.open++;
    return {
      position,
      ltp,
      ...live,
      mtmPct:
        position.netQty !== 0 && cost > 0
          ? Math.round((live.unrealizedPl / cost) * 10_000) / 100
          : null,
    };
  });
  totals.pl = round2(totals.pl);
  totals.realized = round2(totals.realized);
  totals.unrealized = round2(totals.unrealized);
  return { rows, totals };
}

/** A holding with its figures at the live price, as its row shows it. */
export interface LiveHolding {
  holding: Holding;
  ltp: number;
  marketValue: number;
  pl: number;
  /** Today's move on the quantity still held, from the previous close (null when not known). */
  dayChange: number | null;
  /** Today's move in percent of the previous close (null when not known). */
  dayChangePct: number | null;
}

/** The Holdings totals: the sums of the rows shown under them. */
export interface HoldingTotals {
  investment: number;
  currentValue: number;
  pl: number;
  plPct: number | null;
  /** Sum of the rows' day change over the rows whose previous close is known. */
  dayChange: number;
  count: number;
}

/**
 * Every holding at its live price (`quoteOf` gives the live LTP and previous close, or
 * undefined to keep the broker's figures) and the totals summed from those same rows.
 * Investment is the rows' cost (quantity still held × cost price), which no price moves.
 */
export function holdingsAt(
  holdings: readonly Holding[],
  quoteOf: (symbol: string) => { ltp?: number; prevClose?: number | null } | undefined,
): { rows: LiveHolding[]; totals: HoldingTotals } {
  const totals: HoldingTotals = {
    investment: 0,
    currentValue: 0,
    pl: 0,
    plPct: null,
    dayChange: 0,
    count: 0,
  };
  const rows = holdings.map((holding) => {
    const q = quoteOf(holding.symbol);
    const ltp = q?.ltp ?? holding.ltp;
    const live = holdingPlAt(holding, ltp);
    const prev = q?.prevClose;
    const known = typeof prev === 'number' && Number.isFinite(prev) && prev > 0;
    const dayChange = known ? round2((ltp - prev) * holding.remainingQty) : null;
    totals.investment += holding.costPrice * holding.remainingQty;
    totals.currentValue += live.marketValue;
    totals.pl += live.pl;
    totals.dayChange += dayChange ?? 0;
    totals.count++;
    return {
      holding,
      ltp,
      ...live,
      dayChange,
      dayChangePct: known ? Math.round(((ltp - prev) / prev) * 10_000) / 100 : null,
    };
  });
  totals.investment = round2(totals.investment);
  totals.currentValue = round2(totals.currentValue);
  totals.pl = round2(totals.pl);
  totals.dayChange = round2(totals.dayChange);
  totals.plPct =
    totals.investment > 0 ? Math.round((totals.pl / totals.investment) * 10_000) / 100 : null;
  return { rows, totals };
}
