/**
 * P&L at the live price. The broker's figure is right at the broker's own LTP; a position's
 * P&L moves by quantity × the price move from there (× the contract multiplier for
 * commodities), whatever formula the broker used for the rest. Moving it by the difference
 * keeps realised P&L, charges and averages exactly as the broker reported them.
 */
import type { Holding, Position } from '../broker/models';

/** A position's unrealised and total P&L at `ltp`. */
export function positionPlAt(p: Position, ltp: number): { unrealizedPl: number; pl: number } {
  if (!Number.isFinite(ltp) || ltp <= 0 || p.netQty === 0)
    return { unrealizedPl: p.unrealizedPl, pl: p.pl };
  const multiplier = p.commodityMultiplier > 0 ? p.commodityMultiplier : 1;
  const move = round2((ltp - p.ltp) * p.netQty * multiplier);
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
