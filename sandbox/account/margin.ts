/**
 * Simplified margin: the fraction of an order's or position's value the broker blocks. Real
 * SPAN margins are out of scope; what matters for a faithful client is that funds move when
 * orders are placed and filled, and that an order too large for the account is rejected.
 * The numbers live here only, so they are easy to change (*inferred* rates).
 */
import { Side, type ProductType, type SideCode, Segment } from '../../shared/broker/enums';
import type { Instrument } from '../../shared/broker/instrument';
import { rupeesPerPoint } from '../market/contract-multipliers';

/** Margin as a fraction of notional value for a product in a segment. */
export function marginRate(i: Instrument, product: ProductType, side: SideCode): number {
  const isOption = i.optionType === 'CE' || i.optionType === 'PE';
  if (isOption && side === Side.Buy) return 1; // option buyers pay the full premium
  if (product === 'CNC') return 1;
  if (product === 'CO' || product === 'BO') return 0.1;
  if (i.segment === Segment.CapitalMarket) return 0.2; // equity intraday: 5x
  return product === 'MARGIN' ? 0.15 : 0.12;
}

/**
 * Blocked amount for `qty` at `price`; option writers are margined on strike value instead.
 * The value is in rupees: × the commodity multiplier and cross-currency reference rate.
 */
export function marginFor(
  i: Instrument,
  product: ProductType,
  side: SideCode,
  qty: number,
  price: number,
): number {
  const isOption = i.optionType === 'CE' || i.optionType === 'PE';
  const value = isOption && side === Side.Sell && i.strike > 0 ? qty * i.strike : qty * price;
  return Math.abs(value) * rupeesPerPoint(i) * marginRate(i, product, side);
}

/** Which funds ledger an instrument uses: commodity for segment 20, equity otherwise. */
export function ledgerOf(i: Instrument): 'equity' | 'commodity' {
  return i.segment === Segment.Commodity ? 'commodity' : 'equity';
}
