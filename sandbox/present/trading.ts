/**
 * Wire shapes of the order book, trade book, positions and market status. Quirks mode adds the
 * extra sample fields (orderNumStatus, discloseQty/dqQtyRem, ch/chp/lp, avgPrice, buyVal,
 * dummy, clientId, row) and the sample's date format for trades; clean mode uses the field
 * names of the spec's tables. Numbers are rounded to paise so averages do not show float noise.
 */
import type { PositionFigures } from '../account/position-ledger';
import type { SimOrder, SimTrade } from '../orders/model';
import { avgPrice, remainingQty } from '../orders/model';
import { fmtDdMmYyyy, fmtDdMmmYyyy } from '../time/ist';
import { OrderStatus } from '../../shared/broker/enums';

const r2 = (n: number) => Math.round(n * 100) / 100;
const r4 = (n: number) => Math.round(n * 10000) / 10000;

/** Everything an order row needs besides the order. */
export interface OrderRowCtx {
  quirks: boolean;
  svcId: string;
  pan: string;
  ltp: number;
  reference: number;
}

/** One order book row. */
export function orderShape(o: SimOrder, c: OrderRowCtx): Record<string, unknown> {
  const i = o.instrument;
  const row: Record<string, unknown> = {
    id: o.id,
    exchOrdId:
      o.status === OrderStatus.Transit || o.status === OrderStatus.Rejected ? '' : o.exchOrdId,
    symbol: i.ticker,
    qty: o.qty,
    remainingQuantity: remainingQty(o),
    filledQty: o.filledQty,
    status: o.status,
    slNo: o.slNo,
    message: o.message,
    segment: i.segment,
    limitPrice: o.limitPrice,
    stopPrice: o.stopPrice,
    productType: o.productType,
    type: o.type,
    side: o.side,
    orderValidity: o.validity,
    orderDateTime: fmtDdMmmYyyy(o.placedAt),
    parentId: o.parentId ?? '',
    tradedPrice: r4(avgPrice(o)),
    source: o.source === 'API' ? 'API' : o.source === 'EXIT' ? 'EXIT' : 'RMS',
    svctoken: i.token,
    offlineOrder: o.offlineOrder ? 'True' : 'False',
    pan: c.pan,
    clientId: c.svcId,
    exchange: i.exchange,
    instrument: i.instrumentType,
  };
  if (o.orderTag) row.orderTag = o.orderTag;
  if (c.quirks) {
    row.discloseQty = o.disclosedQty;
    row.dqQtyRem = Math.min(o.disclosedQty, remainingQty(o));
    row.orderNumStatus = `${o.id}:${o.status}`;
    row.ch = r2(c.ltp - c.reference);
    row.chp = c.reference > 0 ? r2(((c.ltp - c.reference) / c.reference) * 100) : 0;
    row.lp = c.ltp;
    row.ex_sym = i.ticker.split(':')[1]?.replace(/-[A-Z]+$/, '') ?? '';
    row.description = i.name;
  } else {
    row.disclosedQty = o.disclosedQty;
  }
  return row;
}

/** One trade book row. */
export function tradeShape(t: SimTrade, quirks: boolean, svcId: string): Record<string, unknown> {
  const i = t.instrument;
  const base: Record<string, unknown> = {
    symbol: i.ticker,
    id: t.id,
    orderDateTime: quirks ? fmtDdMmYyyy(t.at) : fmtDdMmmYyyy(t.at),
    orderNumber: t.orderId,
    tradeNumber: t.tradeNumber,
    tradePrice: t.price,
    tradeValue: r2(t.price * t.qty),
    tradedQty: t.qty,
    side: t.side,
    productType: t.productType,
    exchangeOrderNo: t.exchangeOrderNo,
    segment: i.segment,
    exchange: i.exchange,
  };
  if (quirks)
    return { ...base, svcToken: i.token, clientId: svcId, orderType: t.orderType, row: t.slNo };
  return { ...base, svctoken: i.token };
}

/** One net position row. */
export function positionShape(p: PositionFigures, quirks: boolean): Record<string, unknown> {
  const i = p.instrument;
  const row: Record<string, unknown> = {
    symbol: i.ticker,
    id: p.id,
    buyAvg: r4(p.buyAvg),
    buyQty: p.buyQty,
    sellAvg: r4(p.sellAvg),
    sellQty: p.sellQty,
    netAvg: r4(p.netAvg),
    netQty: p.netQty,
    side: p.netQty > 0 ? 1 : p.netQty < 0 ? -1 : 0,
    qty: Math.abs(p.netQty),
    productType: p.productType,
    realized_profit: r2(p.realized),
    unrealized_profit: r2(p.unrealized),
    pl: r2(p.pl),
    crossCurrency: p.crossCurrency ? 'Y' : 'N',
    rbiRefRate: p.rbiRefRate,
    qtyMulti_com: p.multiplier,
    segment: i.segment,
    exchange: i.exchange,
    slNo: p.slNo,
    ltp: p.ltp,
    svctoken: i.token,
  };
  if (quirks) {
    row.avgPrice = r4(p.netAvg);
    row.buyVal = r2(p.buyVal);
    row.sellVal = r2(p.sellVal);
    row.dummy = '';
  }
  return row;
}

/** The positions overall object. */
export function positionsOverall(ps: PositionFigures[]): Record<string, number> {
  const realized = ps.reduce((s, p) => s + p.realized, 0);
  const unrealized = ps.reduce((s, p) => s + p.unrealized, 0);
  return {
    count_total: ps.length,
    count_open: ps.filter((p) => p.netQty !== 0).length,
    pl_total: r2(realized + unrealized),
    pl_realized: r2(realized),
    pl_unrealized: r2(unrealized),
  };
}
