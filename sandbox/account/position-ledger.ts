/**
 * Net positions of the trading day, kept up to date trade by trade. Positions are keyed like
 * the broker's position id, `<symbol>-<productType>`. Besides fills, two things move quantity:
 * selling demat holdings (the holding is carried into the CNC position at its cost price, so
 * the sale realizes profit against what the trader paid) and product conversion (quantity
 * moves between products at its average price, so realized P&L is unchanged).
 */
import type { ProductType, SideCode } from '../../shared/broker/enums';
import type { Instrument } from '../../shared/broker/instrument';
import type { SimTrade } from '../orders/model';
import { Side } from '../../shared/broker/enums';
import { plScale, type PlScale } from '../market/contract-multipliers';

/** Running sums of one position. */
export interface PositionAcc {
  id: string;
  instrument: Instrument;
  productType: ProductType;
  buyQty: number;
  buyVal: number;
  sellQty: number;
  sellVal: number;
  /** Quantity carried in from demat holdings (included in buyQty/buyVal). */
  carriedQty: number;
  /** Signed open quantity brought forward from the previous trading day (included in buy/sell sums). */
  broughtForward: number;
  /** Value of the brought-forward quantity at its average (included in buyVal or sellVal). */
  broughtForwardValue: number;
  slNo: number;
}

/**
 * A position with derived figures, as the positions endpoint and funds need them. P&L is in
 * rupees: quantity × price move × the contract's scale (commodity multiplier, cross-currency
 * reference rate); averages and values stay in price units.
 */
export interface PositionFigures extends PositionAcc, PlScale {
  netQty: number;
  buyAvg: number;
  sellAvg: number;
  netAvg: number;
  realized: number;
  unrealized: number;
  pl: number;
  ltp: number;
}

/** The position id the broker uses: `<symbol>-<productType>`. */
export function positionId(i: Instrument, p: ProductType): string {
  return `${i.ticker}-${p}`;
}

/** Computes averages and P&L for one position at a last price. */
export function figures(acc: PositionAcc, ltp: number): PositionFigures {
  const netQty = acc.buyQty - acc.sellQty;
  const buyAvg = acc.buyQty > 0 ? acc.buyVal / acc.buyQty : 0;
  const sellAvg = acc.sellQty > 0 ? acc.sellVal / acc.sellQty : 0;
  const closed = Math.min(acc.buyQty, acc.sellQty);
  const scale = plScale(acc.instrument);
  const perPoint = scale.multiplier * scale.rbiRefRate;
  const realized = closed * (sellAvg - buyAvg) * perPoint;
  const unrealized =
    (netQty > 0 ? netQty * (ltp - buyAvg) : netQty < 0 ? -netQty * (sellAvg - ltp) : 0) * perPoint;
  const netAvg = netQty > 0 ? buyAvg : netQty < 0 ? sellAvg : 0;
  return {
    ...acc,
    ...scale,
    netQty,
    buyAvg,
    sellAvg,
    netAvg,
    realized,
    unrealized,
    pl: realized + unrealized,
    ltp,
  };
}

/** The day's positions, updated on every fill, carry-in and conversion. */
export class PositionLedger {
  private accs = new Map<string, PositionAcc>();
  private seq = 0;

  private acc(i: Instrument, p: ProductType): PositionAcc {
    const id = positionId(i, p);
    let a = this.accs.get(id);
    if (!a) {
      this.seq += 1;
      a = {
        id,
        instrument: i,
        productType: p,
        buyQty: 0,
        buyVal: 0,
        sellQty: 0,
        sellVal: 0,
        carriedQty: 0,
        broughtForward: 0,
        broughtForwardValue: 0,
        slNo: this.seq,
      };
      this.accs.set(id, a);
    }
    return a;
  }

  /** Applies one fill. */
  applyTrade(t: SimTrade): void {
    const a = this.acc(t.instrument, t.productType);
    if (t.side === Side.Buy) {
      a.buyQty += t.qty;
      a.buyVal += t.qty * t.price;
    } else {
      a.sellQty += t.qty;
      a.sellVal += t.qty * t.price;
    }
  }

  /** Brings `qty` demat shares into the CNC position at their cost, just before they are sold. */
  carryInHolding(i: Instrument, qty: number, costPrice: number): void {
    const a = this.acc(i, 'CNC');
    a.buyQty += qty;
    a.buyVal += qty * costPrice;
    a.carriedQty += qty;
  }

  /** Moves open quantity from one product to another at its average (realized P&L unchanged). */
  convert(i: Instrument, from: ProductType, to: ProductType, side: SideCode, qty: number): void {
    const f = this.acc(i, from);
    const t = this.acc(i, to);
    if (side === Side.Buy) {
      const avg = f.buyVal / f.buyQty;
      f.buyQty -= qty;
      f.buyVal -= qty * avg;
      t.buyQty += qty;
      t.buyVal += qty * avg;
    } else {
      const avg = f.sellVal / f.sellQty;
      f.sellQty -= qty;
      f.sellVal -= qty * avg;
      t.sellQty += qty;
      t.sellVal += qty * avg;
    }
  }

  /** Opens a new day's position with yesterday's open quantity at its average (derivative carry-forward). */
  bringForward(i: Instrument, p: ProductType, netQty: number, avg: number): void {
    const a = this.acc(i, p);
    if (netQty > 0) {
      a.buyQty += netQty;
      a.buyVal += netQty * avg;
    } else {
      a.sellQty += -netQty;
      a.sellVal += -netQty * avg;
    }
    a.broughtForward += netQty;
    a.broughtForwardValue += Math.abs(netQty) * avg;
  }

  /** A position by its id, if it exists. */
  get(id: string): PositionAcc | undefined {
    return this.accs.get(id);
  }

  /** Net quantity of one position (0 when absent). */
  netQty(i: Instrument, p: ProductType): number {
    const a = this.accs.get(positionId(i, p));
    return a ? a.buyQty - a.sellQty : 0;
  }

  /** Demat quantity of an instrument sold today (carried into CNC). */
  carriedQty(i: Instrument): number {
    return this.accs.get(positionId(i, 'CNC'))?.carriedQty ?? 0;
  }

  /** All positions in creation order. */
  list(): PositionAcc[] {
    return [...this.accs.values()];
  }

  /** Forgets everything (test reset). */
  clear(): void {
    this.accs.clear();
    this.seq = 0;
  }
}
