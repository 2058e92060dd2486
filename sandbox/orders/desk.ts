/**
 * The order desk: place, modify and cancel as the API defines them. It runs the shared
 * placement rules, then the checks only a broker can make (market open, after-market flag,
 * holdings and eDIS authorization for CNC sells unless the account has DDPI, available funds), and hands accepted orders
 * to the matching engine in Transit, where it waits for the exchange's acknowledgement. Orders refused by those broker checks are kept in the
 * order book as Rejected, as a real broker's risk system does.
 */
import type { OrderDraft } from '../../shared/broker/rules';
import { checkOrder, isTickMultiple } from '../../shared/broker/rules';
import { checkDematSell } from '../../shared/broker/demat-sell';
import { ErrorCode } from '../../shared/broker/errors';
import type { Instrument } from '../../shared/broker/instrument';
import { ledgerOf } from '../account/margin';
import { orderMargin } from '../account/funds';
import { fail } from '../failure';
import { freezeQtyOf, priceBand } from '../market/exchange-limits';
import { protectionPrice } from '../market/market-protection';
import type { SandboxState } from '../state';
import type { MatchingEngine } from './engine';
import type { SimOrder } from './model';
import { isOpen, remainingQty } from './model';
import type { ModifyRequest } from './parse';
import { OrderStatus, OrderType, Side } from '../../shared/broker/enums';

const SEGMENT_NAMES: Record<number, string> = {
  10: 'capital market',
  11: 'equity derivatives',
  12: 'currency derivatives',
  20: 'commodity',
};
const EXCHANGE_NAMES: Record<number, string> = { 10: 'NSE', 11: 'MCX', 12: 'BSE' };

/**
 * The sandbox's success answer to an order action as it goes on the wire (code, message, id):
 * not the app's `OrderAck` (shared/broker/models.ts), which the client normalizes it into.
 */
export interface WireOrderAnswer {
  code: number;
  message: string;
  id: string;
}

/** What only the broker itself sets on an order it places (a triggered GTT's leg). */
export interface PlaceExtra {
  /** The order's tag. */
  orderTag?: string;
}

/** Place, modify and cancel over a SandboxState and its engine. */
export class OrderDesk {
  constructor(
    private readonly s: SandboxState,
    private readonly engine: MatchingEngine,
  ) {}

  /** Looks up the symbol or fails with -300. */
  instrument(symbol: string): Instrument {
    return (
      this.s.index.byTicker(symbol) ?? fail(ErrorCode.InvalidSymbol, `Invalid symbol ${symbol}`)
    );
  }

  /** eDIS-authorized quantity of an ISIN not yet used by CNC sells. */
  authorizedRemaining(isin: string): number {
    let used = 0;
    for (const o of this.s.book.orders.values()) {
      if (
        o.instrument.isin !== isin ||
        o.fromHoldingsQty === 0 ||
        o.status === OrderStatus.Rejected
      )
        continue;
      used +=
        isOpen(o) || o.status === OrderStatus.Traded
          ? o.fromHoldingsQty
          : Math.min(o.fromHoldingsQty, o.filledQty);
    }
    return this.s.edis.authorizedQty(isin, this.s.now()) - used;
  }

  /** Places one order (POST /api/v2/orders; a triggered GTT's leg with `extra`). */
  place(draft: OrderDraft, extra: PlaceExtra = {}): WireOrderAnswer {
    const i = this.instrument(draft.symbol);
    const ltp = this.s.ltp(i);
    const freezeQty = freezeQtyOf(i);
    const violations = checkOrder(draft, freezeQty ? { ...i, freezeQty } : i, ltp);
    const first = violations[0];
    if (first) fail(first.code, first.message);
    this.checkBand(i, ltp, draft.limitPrice, draft.stopPrice);
    const open = this.engine.marketOpen(i);
    const market = `${EXCHANGE_NAMES[i.exchange]} ${SEGMENT_NAMES[i.segment]}`;
    if (!open && !draft.offlineOrder) {
      fail(
        ErrorCode.OrderRejected,
        `The ${market} market is closed; send offlineOrder "True" to place an after-market order`,
      );
    }
    if (open && draft.offlineOrder)
      fail(
        ErrorCode.InvalidOfflineFlag,
        `offlineOrder must be "False" while the ${market} market is open`,
      );
    if (
      open &&
      (draft.productType === 'INTRADAY' ||
        draft.productType === 'CO' ||
        draft.productType === 'BO') &&
      this.engine.inSquareOff(i)
    ) {
      fail(
        ErrorCode.OrderRejected,
        `Intraday orders for the ${market} market are closed for the day: the automatic square-off has begun; use CNC or MARGIN`,
      );
    }
    if (draft.offlineOrder && draft.validity === 'IOC')
      fail(ErrorCode.InvalidValidity, 'validity IOC is not allowed for an after-market order');

    const ids = this.s.book.nextOrderId(this.s.now());
    const family = draft.productType === 'BO' || draft.productType === 'CO' ? ids.id : undefined;
    const id = family ? `${family}-${draft.productType}-1` : ids.id;
    const o: SimOrder = {
      id,
      exchOrdId: ids.exchOrdId,
      slNo: ids.slNo,
      instrument: i,
      qty: draft.qty,
      filledQty: 0,
      tradedValue: 0,
      type: draft.type,
      side: draft.side,
      productType: draft.productType,
      limitPrice: draft.limitPrice,
      stopPrice: draft.stopPrice,
      disclosedQty: draft.disclosedQty,
      validity: draft.validity,
      offlineOrder: draft.offlineOrder,
      stopLoss: draft.stopLoss,
      takeProfit: draft.takeProfit,
      status: OrderStatus.Transit,
      message: 'Transit: sent to the exchange',
      placedAt: this.s.now(),
      waitingForOpen: draft.offlineOrder,
      triggered: false,
      fromHoldingsQty: 0,
      source: 'API',
      // A market order is protected from the last price as it reaches the exchange (inferred).
      ...(draft.type === OrderType.Market && !draft.offlineOrder
        ? { protectionPrice: protectionPrice(i, draft.side, ltp) }
        : {}),
      // The exchange acknowledges after its latency (sandbox/orders/exchange-timing.ts).
      ackStep: this.s.prices.step + this.engine.timing.ackSteps(ids.slNo),
    };
    if (family) {
      o.family = family;
      o.leg = 'entry';
    }
    if (extra.orderTag) o.orderTag = extra.orderTag;
    const reason = this.riskCheck(o);
    this.s.book.add(o);
    if (reason) {
      o.status = OrderStatus.Rejected;
      o.message = reason;
      this.s.book.changed(o);
      fail(ErrorCode.OrderRejected, reason, { id });
    }
    return { code: 1101, message: `Order submitted successfully. Your Order Ref. No.${id}`, id };
  }

  /** Rejects prices outside the exchange's band for options and futures (-99 naming the field). */
  private checkBand(i: Instrument, ltp: number, limitPrice: number, stopPrice: number): void {
    const band = priceBand(i, ltp);
    if (!band) return;
    for (const [field, p] of [
      ['limitPrice', limitPrice],
      ['stopPrice', stopPrice],
    ] as const) {
      if (p > 0 && (p < band.low || p > band.high)) {
        fail(
          ErrorCode.OrderRejected,
          `${field} ${p} is outside the exchange price band ${band.low.toFixed(2)}-${band.high.toFixed(2)} for ${i.ticker}`,
        );
      }
    }
  }

  /** Broker-side checks; returns a rejection reason or undefined. Sets fromHoldingsQty on CNC sells. */
  private riskCheck(o: SimOrder): string | undefined {
    const i = o.instrument;
    if (o.productType === 'CNC' && o.side === Side.Sell) {
      let pendingSells = 0;
      for (const x of this.s.book.orders.values()) {
        // NSE and BSE sells of one company draw on the same demat shares (same ISIN).
        const same = x.instrument === i || (i.isin !== '' && x.instrument.isin === i.isin);
        if (isOpen(x) && same && x.productType === 'CNC' && x.side === Side.Sell)
          pendingSells += remainingQty(x);
      }
      // The same checks the app runs before sending (shared/broker/demat-sell.ts).
      const check = checkDematSell(
        o.qty,
        {
          held: this.s.holdingRemaining(i),
          boughtToday: this.s.cncBoughtToday(i),
          pendingSells,
          // DDPI: the broker debits the demat shares itself, no eDIS needed (docs/broker-v3.md, GTT).
          authorized: this.s.ddpi ? Number.MAX_SAFE_INTEGER : this.authorizedRemaining(i.isin),
        },
        i.ticker,
      );
      const refused = check.violations[0];
      if (refused) return refused.message;
      o.fromHoldingsQty = check.fromDemat;
    }
    const funds = this.s.funds()[ledgerOf(i)];
    const net = this.s.positions.netQty(i, o.productType);
    const need = orderMargin(o, o.side === Side.Buy ? -net : net, (x) => this.s.ltp(x));
    if (need > funds.available + 1e-6) {
      return `Insufficient funds: margin required ${need.toFixed(2)}, available ${funds.available.toFixed(2)}`;
    }
    return undefined;
  }

  /** Fails with the right code when an order is not pending (spec: only pending orders change). */
  private requirePending(o: SimOrder, action: string): void {
    if (o.status === OrderStatus.Pending) return;
    if (o.status === OrderStatus.Canceled)
      fail(ErrorCode.AlreadyCancelled, `Order ${o.id} is already cancelled; cannot ${action}`);
    if (o.status === OrderStatus.Traded)
      fail(ErrorCode.AlreadyTraded, `Order ${o.id} is already traded; cannot ${action}`);
    if (o.status === OrderStatus.Rejected)
      fail(ErrorCode.AlreadyRejected, `Order ${o.id} was rejected; cannot ${action}`);
    if (o.status === OrderStatus.Expired)
      fail(ErrorCode.OrderRejected, `Order ${o.id} has expired; cannot ${action}`);
    fail(
      ErrorCode.OrderRejected,
      `Order ${o.id} is in transit to the exchange; only pending orders can ${action === 'modify' ? 'be modified' : 'be cancelled'}`,
    );
  }

  /** Modifies a pending order (PUT /api/v2/orders). */
  modify(req: ModifyRequest): WireOrderAnswer {
    const o =
      this.s.book.get(req.id) ?? fail(ErrorCode.InvalidOrderId, `Invalid order id ${req.id}`);
    this.requirePending(o, 'modify');
    if (o.parentId) return this.modifyLeg(o, req);
    const type = (req.type ?? o.type) as OrderDraft['type'];
    const typeChanged = req.type !== undefined && req.type !== o.type;
    const usesLimit = type === OrderType.Limit || type === OrderType.StopLimit;
    const usesStop = type === OrderType.Stop || type === OrderType.StopLimit;
    const draft: OrderDraft = {
      symbol: o.instrument.ticker,
      qty: req.qty ?? o.qty,
      type,
      side: o.side,
      productType: o.productType,
      limitPrice: req.limitPrice ?? (typeChanged && !usesLimit ? 0 : o.limitPrice),
      stopPrice: req.stopPrice ?? (typeChanged && !usesStop ? 0 : o.stopPrice),
      disclosedQty: o.disclosedQty,
      validity: o.validity,
      offlineOrder: o.offlineOrder,
      stopLoss: o.stopLoss,
      takeProfit: o.takeProfit,
    };
    const freezeQty = freezeQtyOf(o.instrument);
    const ltp = this.s.ltp(o.instrument);
    const first = checkOrder(
      draft,
      freezeQty ? { ...o.instrument, freezeQty } : o.instrument,
      ltp,
    )[0];
    if (first) fail(first.code, first.message);
    this.checkBand(o.instrument, ltp, draft.limitPrice, draft.stopPrice);
    if (draft.qty <= o.filledQty)
      fail(
        ErrorCode.InvalidQty,
        `qty ${draft.qty} must be above the filled quantity ${o.filledQty}`,
      );
    o.qty = draft.qty;
    o.type = draft.type;
    if (o.stopPrice !== draft.stopPrice || typeChanged) o.triggered = false;
    o.limitPrice = draft.limitPrice;
    o.stopPrice = draft.stopPrice;
    // A modified order re-enters the book: marketable now, it is the aggressor again.
    o.rested = false;
    o.message = 'Modified';
    this.s.book.changed(o);
    return { code: 1101, message: `Successfully modified order ${o.id}`, id: o.id };
  }

  /** Exit legs: only their trigger (stop leg) or target price may move. */
  private modifyLeg(o: SimOrder, req: ModifyRequest): WireOrderAnswer {
    const tick = o.instrument.tickSize;
    if (req.qty !== undefined && req.qty !== o.qty)
      fail(ErrorCode.InvalidQty, 'qty of a bracket or cover exit leg cannot be changed');
    if (req.type !== undefined && req.type !== o.type)
      fail(ErrorCode.InvalidOrderType, 'type of a bracket or cover exit leg cannot be changed');
    if (o.leg === 'stop') {
      const p =
        req.stopPrice ??
        fail(
          ErrorCode.InvalidStopPrice,
          'stopPrice (stopLoss) is required to modify a stop loss leg',
        );
      if (!(p > 0)) fail(ErrorCode.InvalidStopPrice, 'stopPrice must be greater than 0');
      if (!isTickMultiple(p, tick))
        fail(ErrorCode.TickSize, `stopPrice not a multiple of tick size ${tick}`);
      o.stopPrice = p;
      o.triggered = false;
    } else {
      const p =
        req.limitPrice ??
        fail(ErrorCode.InvalidLimitPrice, 'limitPrice is required to modify a target leg');
      if (!(p > 0)) fail(ErrorCode.InvalidLimitPrice, 'limitPrice must be greater than 0');
      if (!isTickMultiple(p, tick))
        fail(ErrorCode.TickSize, `limitPrice not a multiple of tick size ${tick}`);
      o.limitPrice = p;
    }
    o.message = 'Modified';
    this.s.book.changed(o);
    return { code: 1101, message: `Successfully modified order ${o.id}`, id: o.id };
  }

  /** Cancels a pending order (DELETE /api/v2/orders). */
  cancel(id: string): WireOrderAnswer {
    const o = this.s.book.get(id) ?? fail(ErrorCode.InvalidOrderId, `Invalid order id ${id}`);
    this.requirePending(o, 'cancel');
    if (o.parentId) {
      fail(
        ErrorCode.OrderRejected,
        `Order ${o.id} is an exit leg of ${o.parentId}; exit the position (DELETE /api/v2/positions) instead`,
      );
    }
    this.engine.end(o, OrderStatus.Canceled, 'Cancelled by user');
    return { code: 1103, message: `Successfully cancelled order ${o.id}`, id: o.id };
  }
}
