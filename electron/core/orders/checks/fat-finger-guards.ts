/**
 * Client-side fat-finger guards: limits a trader sets on purpose, beyond what the broker
 * enforces. An extra zero in the quantity or a limit price typed as 8125 instead of 812.5
 * is legal for the broker and ruinous for the trader; these checks catch it before sending.
 * The limits are the ones the trader saved in Settings (their one schema is in
 * shared/settings), and the last price is the quote cache's, with its age.
 */
import type { OrderDraft, InstrumentRules } from '../../../../shared/broker/rules';
import { OrderType } from '../../../../shared/broker/enums';
import type { LastPrice } from '../../../../shared/marketdata/quote';
import {
  DEFAULT_FAT_FINGER_LIMITS,
  type FatFingerLimits,
} from '../../../../shared/settings/fat-finger-limits';
import { formatInr } from '../../../../shared/format/money';
import {
  contractMultiplierOf,
  isCrossCurrencyPair,
  quoteCurrencyOf,
} from '../../../../shared/broker/order-value';

export { DEFAULT_FAT_FINGER_LIMITS, type FatFingerLimits };

/** Which guard tripped; the ticket shows the message and highlights the field. */
export interface GuardViolation {
  guard:
    'max-qty' | 'max-value' | 'ltp-distance' | 'freeze-qty' | 'stale-ltp' | 'unknown-multiplier';
  field: 'qty' | 'limitPrice' | 'stopPrice' | 'ltp';
  message: string;
}

const SOURCE_WORDS: Record<LastPrice['source'], string> = {
  socket: 'live feed',
  quote: 'quote',
  depth: 'market depth',
  position: 'positions',
  holding: 'holdings',
  trade: 'your trades',
  order: 'the order book',
};

function age(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`;
}

/** The last price the guards may use: a known, finite, positive, fresh one; else 0. */
export function trustedLtp(price: LastPrice | undefined): number {
  return price && !price.stale && Number.isFinite(price.ltp) && price.ltp > 0 ? price.ltp : 0;
}

/** True for the order types that execute at the market price (MARKET, SL-M). */
const atMarket = (type: OrderDraft['type']) => type === OrderType.Market || type === OrderType.Stop;

/**
 * Checks one order against the trader's limits. An order is worth qty × price × the
 * contract's multiplier (shared/broker/order-value.ts: MCX CRUDEOIL's lot holds 100 barrels);
 * a commodity or currency contract whose multiplier is unknown is never valued as if it were 1: the trader is told
 * its value cannot be checked ('unknown-multiplier'). A market order is valued at the last
 * price; a price too old to trust is never used, and the trader is told so ('stale-ltp').
 * `instrument` without a segment is taken as not a commodity.
 */
export function checkFatFinger(
  draft: Pick<OrderDraft, 'qty' | 'type' | 'limitPrice' | 'stopPrice'>,
  instrument:
    | Partial<Pick<InstrumentRules, 'freezeQty' | 'segment' | 'contractMultiplier' | 'underlying'>>
    | undefined,
  price: LastPrice | undefined,
  limits: FatFingerLimits = DEFAULT_FAT_FINGER_LIMITS,
): GuardViolation[] {
  const out: GuardViolation[] = [];
  const ltp = trustedLtp(price);
  if (price?.stale) {
    out.push({
      guard: 'stale-ltp',
      field: 'ltp',
      message: `The last price ${formatInr(price.ltp)} (from ${SOURCE_WORDS[price.source]}) is ${age(price.ageMs)} old, too old to check this order's price and value against. Check the market before sending.`,
    });
  }
  if (draft.qty > limits.maxOrderQty) {
    out.push({
      guard: 'max-qty',
      field: 'qty',
      message:
        `Quantity ${draft.qty} is above your limit of ${limits.maxOrderQty} per order.` +
        (draft.type === OrderType.Market && ltp === 0
          ? ' With no current last price, the value of this market order cannot be checked.'
          : ''),
    });
  }
  const freeze = instrument?.freezeQty;
  if (limits.enforceFreezeQty && freeze !== undefined && freeze > 0 && draft.qty > freeze) {
    out.push({
      guard: 'freeze-qty',
      field: 'qty',
      message: `Quantity ${draft.qty} is above the exchange freeze quantity ${freeze}; split the order.`,
    });
  }
  // A market order fills near the last price; an SL-M near its trigger once triggered.
  const unitPrice =
    draft.type === OrderType.Limit || draft.type === OrderType.StopLimit
      ? draft.limitPrice
      : draft.type === OrderType.Stop
        ? draft.stopPrice || ltp
        : ltp;
  const multiplier = contractMultiplierOf(instrument);
  if (multiplier === null && unitPrice > 0) {
    out.push({
      guard: 'unknown-multiplier',
      field: 'qty',
      message: isCrossCurrencyPair(instrument)
        ? `This pair is priced in ${quoteCurrencyOf(instrument)}, not rupees, and its rupee reference rate is not known before you hold a position, so this order's rupee value cannot be checked against your limit of ${formatInr(limits.maxOrderValue, { decimals: 0 })}: it is worth ${(draft.qty * unitPrice).toLocaleString('en-IN', { maximumFractionDigits: 2 })} ${quoteCurrencyOf(instrument)} × the contract size. Check the value before sending.`
        : `The size of this contract (how many units one lot holds) is not known yet, so this order's value cannot be checked against your limit of ${formatInr(limits.maxOrderValue, { decimals: 0 })}: it is worth ${formatInr(draft.qty * unitPrice, { decimals: 0 })} × the contract size. Check the contract before sending.`,
    });
  }
  const value = draft.qty * unitPrice * (multiplier ?? 1);
  if (multiplier !== null && unitPrice > 0 && value > limits.maxOrderValue) {
    out.push({
      guard: 'max-value',
      field: 'qty',
      message: `Order value ${atMarket(draft.type) ? 'about ' : ''}${formatInr(value, { decimals: 0 })} is above your limit of ${formatInr(limits.maxOrderValue, { decimals: 0 })} per order.`,
    });
  }
  if (ltp > 0) {
    const check = (field: 'limitPrice' | 'stopPrice', p: number) => {
      if (p <= 0) return;
      const pct = (Math.abs(p - ltp) / ltp) * 100;
      if (pct > limits.maxLtpDistancePct) {
        out.push({
          guard: 'ltp-distance',
          field,
          message: `${field === 'limitPrice' ? 'Limit' : 'Trigger'} price ${p} is ${pct.toFixed(1)}% away from the last price ${ltp} (your limit is ${limits.maxLtpDistancePct}%).`,
        });
      }
    };
    if (draft.type === OrderType.Limit || draft.type === OrderType.StopLimit)
      check('limitPrice', draft.limitPrice);
    if (draft.type === OrderType.Stop || draft.type === OrderType.StopLimit)
      check('stopPrice', draft.stopPrice);
  }
  return out;
}
