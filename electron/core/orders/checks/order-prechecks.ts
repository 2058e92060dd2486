/**
 * Checks run before any order action is sent: the shared broker rules (checkOrder, the same
 * function the sandbox rejects with) with tick and lot sizes from the symbol master, plus
 * the trader's fat-finger guards. Catching a bad order here costs no request from the
 * budget and gives the ticket a precise field to highlight.
 */
import type { Order, PrecheckViolation } from '../../../../shared/broker/models';
import { ErrorCode } from '../../../../shared/broker/errors';
import { OrderStatus, OrderType, orderStatusName, Segment } from '../../../../shared/broker/enums';
import {
  checkOrder,
  FIELD_WORDS,
  isTickMultiple,
  lotMultiple,
  rupees,
} from '../../../../shared/broker/rules';
import type { InstrumentRules, OrderDraft } from '../../../../shared/broker/rules';
import type { ConvertPositionInput, ModifyOrderInput } from '../../broker/order-requests';
import type { LastPrice } from '../../../../shared/marketdata/quote';
import { checkFatFinger, trustedLtp } from './fat-finger-guards';
import { checkPriceBand } from './price-band-check';
import type { FatFingerLimits } from './fat-finger-guards';

/**
 * Tick/lot sizes per symbol (the symbol master) and the last price with its age (the one
 * quote cache). Without a last price the rules and guards that compare with it are skipped.
 */
export interface InstrumentLookup {
  rulesFor(symbol: string): InstrumentRules | undefined;
  lastPrice?(symbol: string): LastPrice | undefined;
}

function unknownSymbol(symbol: string): PrecheckViolation {
  return {
    field: 'symbol',
    message: `Unknown symbol ${symbol}: not in the symbol master.`,
    code: ErrorCode.InvalidSymbol,
    guard: null,
  };
}

/** Rules and guards for a new order. */
export function precheckPlace(
  draft: OrderDraft,
  instruments: InstrumentLookup,
  limits: FatFingerLimits,
  skipGuards = false,
): PrecheckViolation[] {
  const rules = instruments.rulesFor(draft.symbol);
  if (!rules) return [unknownSymbol(draft.symbol)];
  const price = instruments.lastPrice?.(draft.symbol);
  // Rules 3, 4 and 6 compare with the last price: only a fresh one (a stale one is flagged below).
  const out: PrecheckViolation[] = checkOrder(draft, rules, trustedLtp(price)).map((v) => ({
    field: v.field,
    message: v.message,
    code: v.code,
    guard: null,
  }));
  out.push(...checkPriceBand(draft, rules, trustedLtp(price)));
  if (!skipGuards) {
    for (const g of checkFatFinger(draft, rules, price, limits)) {
      out.push({ field: g.field, message: g.message, code: null, guard: g.guard });
    }
  }
  return out;
}

/** The order as it would be after the modify, so the same rules apply to the result. */
export function draftAfterModify(current: Order, m: ModifyOrderInput): OrderDraft {
  return {
    symbol: current.symbol,
    qty: m.qty ?? current.qty,
    type: m.type ?? current.type,
    side: current.side,
    productType: current.productType,
    limitPrice: m.limitPrice ?? current.limitPrice,
    stopPrice: m.stopPrice ?? current.stopPrice,
    disclosedQty: current.disclosedQty,
    validity: current.validity,
    offlineOrder: current.offline,
    stopLoss: 0,
    takeProfit: 0,
  };
}

/** Rules and guards for a modify of a known order. */
export function precheckModify(
  current: Order,
  m: ModifyOrderInput,
  instruments: InstrumentLookup,
  limits: FatFingerLimits,
  skipGuards = false,
): PrecheckViolation[] {
  const state = notPending(current, 'modified');
  if (state) return [state];
  if (current.parentId !== null) return precheckLegModify(current, m, instruments);
  const draft = draftAfterModify(current, m);
  // CO/BO protection legs are priced by the broker; the entry rules do not apply to them.
  if (current.productType === 'CO' || current.productType === 'BO') {
    draft.productType = 'INTRADAY';
  }
  return precheckPlace(draft, instruments, limits, skipGuards).filter(
    (v) => v.field !== 'disclosedQty',
  );
}

/**
 * Why an order cannot be modified or cancelled now, or null. Only Pending orders can: the
 * broker refuses a Transit order (rule 1: not yet acknowledged by the exchange) and any
 * order that has ended, and the refusal would cost a request and confuse the trader.
 */
function notPending(o: Order, verb: 'modified' | 'cancelled'): PrecheckViolation | null {
  if (o.status === OrderStatus.Pending) return null;
  const message =
    o.status === OrderStatus.Transit
      ? `Order ${o.id} is in transit to the exchange; it can be ${verb} once it is pending (usually within seconds).`
      : `Order ${o.id} is no longer pending (${orderStatusName(o.status)}); only pending orders can be ${verb}.`;
  return { field: 'order', message, code: null, guard: null };
}

/**
 * The exit legs of a cover or bracket order: the broker lets only the stop leg's trigger
 * or the target leg's price move (never quantity or type), on the tick grid.
 */
function precheckLegModify(
  leg: Order,
  m: ModifyOrderInput,
  instruments: InstrumentLookup,
): PrecheckViolation[] {
  const out: PrecheckViolation[] = [];
  const bad = (field: string, message: string, code: number) =>
    out.push({ field, message, code, guard: null });
  const isStop = leg.type === OrderType.Stop || leg.type === OrderType.StopLimit;
  if (m.qty !== undefined && m.qty !== leg.qty)
    bad(
      'qty',
      'The quantity of a cover or bracket exit leg cannot be changed.',
      ErrorCode.InvalidQty,
    );
  if (m.type !== undefined && m.type !== leg.type)
    bad(
      'type',
      'The order type of a cover or bracket exit leg cannot be changed.',
      ErrorCode.InvalidOrderType,
    );
  const price = isStop ? m.stopPrice : m.limitPrice;
  const field = isStop ? 'stopPrice' : 'limitPrice';
  if (price === undefined || !(price > 0))
    bad(
      field,
      isStop ? 'Give the stop leg a new trigger price.' : 'Give the target leg a new limit price.',
      isStop ? ErrorCode.InvalidStopPrice : ErrorCode.InvalidLimitPrice,
    );
  if ((isStop ? m.limitPrice : m.stopPrice) !== undefined)
    bad(
      isStop ? 'limitPrice' : 'stopPrice',
      isStop
        ? 'Only the trigger of a stop leg can move.'
        : 'Only the price of a target leg can move.',
      isStop ? ErrorCode.InvalidLimitPrice : ErrorCode.InvalidStopPrice,
    );
  const tick = instruments.rulesFor(leg.symbol)?.tickSize;
  if (price !== undefined && price > 0 && tick && !isTickMultiple(price, tick))
    bad(field, `${FIELD_WORDS[field]} must be a multiple of ${rupees(tick)}.`, ErrorCode.TickSize);
  return out;
}

/** What stops a cancel before it is sent: not pending, or an exit leg (exit the position). */
export function precheckCancel(current: Order | undefined): PrecheckViolation[] {
  if (!current) return [];
  const state = notPending(current, 'cancelled');
  if (state) return [state];
  if (current.parentId !== null)
    return [
      {
        field: 'order',
        message: `Order ${current.id} is an exit leg of cover/bracket order ${current.parentId}; the broker does not cancel legs. Exit the position instead.`,
        code: null,
        guard: null,
      },
    ];
  return [];
}

/** Spec rule 3 for converts, plus lot multiples for derivatives. */
export function precheckConvert(
  c: ConvertPositionInput,
  instruments: InstrumentLookup,
): PrecheckViolation[] {
  const out: PrecheckViolation[] = [];
  const bad = (field: string, message: string) =>
    out.push({ field, message, code: ErrorCode.InvalidParameters, guard: null });
  if (['CNC', 'CO', 'BO'].includes(c.convertFrom))
    bad('convertFrom', `${c.convertFrom} positions cannot be converted.`);
  if (c.convertTo === 'CO' || c.convertTo === 'BO')
    bad('convertTo', `Nothing can be converted into ${c.convertTo}.`);
  if (c.convertFrom === c.convertTo)
    bad('convertTo', 'Choose a different product type to convert to.');
  if (!Number.isInteger(c.convertQty) || c.convertQty <= 0)
    bad('convertQty', 'The quantity to convert must be a positive whole number.');
  const rules = instruments.rulesFor(c.symbol);
  if (!rules) return [...out, unknownSymbol(c.symbol)];
  const lot = lotMultiple(rules);
  if (c.convertQty > 0 && c.convertQty % lot !== 0)
    bad('convertQty', `The quantity must be a multiple of the lot size ${lot}.`);
  if (c.convertTo === 'CNC' && rules.segment !== Segment.CapitalMarket)
    bad('convertTo', 'CNC is for equity (cash) only.');
  if (c.convertTo === 'MARGIN' && rules.segment === Segment.CapitalMarket)
    bad('convertTo', 'MARGIN is for derivatives only.');
  return out;
}
