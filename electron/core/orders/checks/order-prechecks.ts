/**
 * Checks run before any order action is sent: the shared broker rules (checkOrder, the same
 * function the sandbox rejects with) with tick and lot sizes from the symbol master, plus
 * the trader's fat-finger guards. Catching a bad order here costs no request from the
 * budget and gives the ticket a precise field to highlight.
 */
import type { Order, PrecheckViolation } from '../../../../shared/broker/models';
import { checkOrder, lotMultiple } from '../../../../shared/broker/rules';
import type { InstrumentRules, OrderDraft } from '../../../../shared/broker/rules';
import type { ConvertPositionInput, ModifyOrderInput } from '../../broker/order-requests';
import type { LastPrice } from '../../../../shared/marketdata/quote';
import { checkFatFinger, trustedLtp } from './fat-finger-guards';
import type { FatFingerLimits } from './fat-finger-guards';
import { OrderStatus } from '../../../../shared/broker/enums';

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
    code: -300,
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
  if (current.status !== OrderStatus.Pending && current.status !== OrderStatus.Transit) {
    return [
      {
        field: 'order',
        message: `Order ${current.id} is no longer pending; only pending orders can be modified.`,
        code: null,
        guard: null,
      },
    ];
  }
  const draft = draftAfterModify(current, m);
  // CO/BO protection legs are priced by the broker; the entry rules do not apply to them.
  if (current.productType === 'CO' || current.productType === 'BO') {
    draft.productType = 'INTRADAY';
  }
  return precheckPlace(draft, instruments, limits, skipGuards).filter(
    (v) => v.field !== 'disclosedQty',
  );
}

/** Spec rule 3 for converts, plus lot multiples for derivatives. */
export function precheckConvert(
  c: ConvertPositionInput,
  instruments: InstrumentLookup,
): PrecheckViolation[] {
  const out: PrecheckViolation[] = [];
  const bad = (field: string, message: string) =>
    out.push({ field, message, code: -50, guard: null });
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
  if (c.convertTo === 'CNC' && rules.segment !== 10)
    bad('convertTo', 'CNC is for equity (cash) only.');
  if (c.convertTo === 'MARGIN' && rules.segment === 10)
    bad('convertTo', 'MARGIN is for derivatives only.');
  return out;
}
