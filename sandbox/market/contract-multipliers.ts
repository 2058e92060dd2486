/**
 * What a position's price move is worth in rupees, beyond quantity × move: the commodity and
 * currency contract multiplier (`qtyMulti_com`) and, for cross-currency derivatives, the central bank's
 * reference rate (`rbiRefRate`, `crossCurrency: Y`). The sandbox's positions, P&L and margin
 * read them here, so the figures the broker reports and the ones it blocks agree.
 *
 * *Inferred* (issue 20 #6): commodity quantities are in lots (lot size 1, spec rule 9) and a
 * price is quoted per the exchange's price unit, so one lot moves by multiplier × the price
 * move: the multiplier is the lot's size in price units, from MCX's and NSE's contract
 * specifications as published in 2026 (e.g. CRUDEOIL: 100 barrels, price per barrel; GOLD:
 * 1 kg, price per 10 g). A cross-currency pair's P&L is in its quote currency and is turned
 * into rupees at the reference rate of that currency, which the RBI fixes once a day.
 */
import { Segment } from '../../shared/broker/enums';
import type { Instrument } from '../../shared/broker/instrument';
import { currencySpot } from '../master/currency';

/** Lot size in price units, per commodity product (the symbol master's underlying). */
export const COMMODITY_MULTIPLIERS: Readonly<Record<string, number>> = {
  // MCX
  CRUDEOIL: 100,
  CRUDEOILM: 10,
  NATURALGAS: 1250,
  NATGASMINI: 250,
  GOLD: 100,
  GOLDM: 10,
  GOLDGUINEA: 1,
  GOLDPETAL: 1,
  GOLDTEN: 1,
  SILVER: 30,
  SILVERM: 5,
  SILVERMIC: 1,
  COPPER: 2500,
  ZINC: 5000,
  ALUMINIUM: 5000,
  LEAD: 5000,
  NICKEL: 1500,
  ZINCMINI: 1000,
  ALUMINI: 1000,
  LEADMINI: 1000,
  MENTHAOIL: 360,
  COTTONCNDY: 48,
  // NSE commodities
  BRCRUDE: 100,
  GOLD1G: 1,
  SILVER30: 30,
  ELECMBL: 50,
};

/**
 * Lot size in price units, per currency pair (NSE_CD; quantities are lots). One lot is 1,000
 * of the base currency priced per unit (USDINR: USD 1,000 at rupees per dollar); JPYINR's lot
 * is 100,000 yen priced per 100 yen, so it too moves 1,000 × the price. FYERS's support page
 * on currency lot sizes and public clients' `qtyMultiplier` for USDINR (1000) agree
 * (docs/broker-v3.md, "Currency derivatives").
 */
export const CURRENCY_MULTIPLIERS: Readonly<Record<string, number>> = {
  USDINR: 1000,
  EURINR: 1000,
  GBPINR: 1000,
  JPYINR: 1000,
  EURUSD: 1000,
  GBPUSD: 1000,
  USDJPY: 1000,
};

/**
 * The quote currency's rupee reference rate of each cross-currency pair (rupees per unit),
 * a fixed daily rate: USD at the sandbox's USDINR base, JPY at its JPYINR base (quoted per
 * 100 yen).
 */
const usd = currencySpot('USDINR') ?? 1;
const CROSS_CURRENCY_REFERENCE: Readonly<Record<string, number>> = {
  EURUSD: usd,
  GBPUSD: usd,
  USDJPY: (currencySpot('JPYINR') ?? 100) / 100,
};

/** How a position's price move turns into rupees. */
export interface PlScale {
  /** `qtyMulti_com`: 1 outside commodities and currency derivatives. */
  multiplier: number;
  /** `crossCurrency`: a pair quoted in neither side's rupees. */
  crossCurrency: boolean;
  /** `rbiRefRate`: rupees per unit of the quote currency; 1 unless cross-currency. */
  rbiRefRate: number;
}

/** The scale of an instrument's P&L (1, no cross currency, for everything but the above). */
export function plScale(i: Instrument): PlScale {
  const table =
    i.segment === Segment.Commodity
      ? COMMODITY_MULTIPLIERS
      : i.segment === Segment.Currency
        ? CURRENCY_MULTIPLIERS
        : undefined;
  const multiplier = table?.[i.underlying] ?? 1;
  const ref = i.segment === Segment.Currency ? CROSS_CURRENCY_REFERENCE[i.underlying] : undefined;
  return { multiplier, crossCurrency: ref !== undefined, rbiRefRate: ref ?? 1 };
}

/** Rupees per unit of quantity × price: multiplier × reference rate. */
export function rupeesPerPoint(i: Instrument): number {
  const s = plScale(i);
  return s.multiplier * s.rbiRefRate;
}
