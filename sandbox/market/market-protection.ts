/**
 * Market price protection (MPP): since 1 April 2026 (SEBI's retail algo framework) a market
 * order sent through a broker API goes out with a protection price, a band around the last
 * price beyond which it does not trade; it rests unfilled there (a DAY order until the day
 * ends or it is cancelled, an IOC order is cancelled) and trades once the price is back in.
 *
 * Inferred (docs/broker-v3.md, "The 2026 rules"): neither API lets a client set the band for
 * a plain order, and the broker does not publish its own; the widths below follow the
 * segment-and-price tables brokers publish (wider for cheap options, narrow for cash), and
 * the reference is the last price when the order reaches the exchange.
 */
import { Side, type SideCode } from '../../shared/broker/enums';
import { isOption, type Instrument } from '../../shared/broker/instrument';
import { roundToTick } from '../../shared/broker/rules';

/** The band's width in percent of the last price, by instrument kind and price. */
export function protectionPct(i: Pick<Instrument, 'optionType'>, ltp: number): number {
  if (isOption(i)) return ltp < 10 ? 20 : ltp < 20 ? 10 : ltp < 50 ? 5 : 2.5;
  return ltp <= 100 ? 2 : ltp <= 1000 ? 1 : 0.5;
}

/**
 * The protection price of a market order: the worst price it may trade at, `pct` away from
 * `ltp` against the trader, on the instrument's tick grid (rounded towards the last price).
 */
export function protectionPrice(
  i: Pick<Instrument, 'optionType' | 'tickSize'>,
  side: SideCode,
  ltp: number,
): number {
  const tick = i.tickSize || 0.05;
  const away = (ltp * protectionPct(i, ltp)) / 100;
  const edge = side === Side.Buy ? ltp + away : Math.max(tick, ltp - away);
  const onGrid = roundToTick(edge, tick);
  if (side === Side.Buy) return onGrid > edge ? roundToTick(onGrid - tick, tick) : onGrid;
  return onGrid < edge ? roundToTick(onGrid + tick, tick) : onGrid;
}

/** Whether a trade at `ltp` is within the protection price `edge` for an order of `side`. */
export function withinProtection(side: SideCode, ltp: number, edge: number): boolean {
  return side === Side.Buy ? ltp <= edge : ltp >= edge;
}
