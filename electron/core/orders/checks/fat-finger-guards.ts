/**
 * Client-side fat-finger guards: limits a trader sets on purpose, beyond what the broker
 * enforces. An extra zero in the quantity or a limit price typed as 8125 instead of 812.5
 * is legal for the broker and ruinous for the trader; these checks catch it before sending.
 */
import type { OrderDraft, InstrumentRules } from '../../../../shared/broker/rules';
import { OrderType } from '../../../../shared/broker/enums';

/** Configurable limits; any limit left undefined is not checked. */
export interface FatFingerLimits {
  /** Largest quantity one order may carry (a typical broker cap: 1,00,000 shares). */
  maxQty?: number;
  /** Largest value (qty x price) of one order in rupees (typical: 10 crore). */
  maxValue?: number;
  /** Largest distance of any price from the last traded price, in percent. */
  maxDistancePct?: number;
  /** Refuse orders above the exchange freeze quantity (they must be split). Default true. */
  enforceFreezeQty?: boolean;
}

/** Defaults from gaps.md: 1,00,000 shares, ₹10 crore, 20% from the last price, freeze qty on. */
export const DEFAULT_FAT_FINGER_LIMITS: Required<FatFingerLimits> = {
  maxQty: 100_000,
  maxValue: 100_000_000,
  maxDistancePct: 20,
  enforceFreezeQty: true,
};

/** Which guard tripped; the ticket shows the message and highlights the field. */
export interface GuardViolation {
  guard: 'max-qty' | 'max-value' | 'ltp-distance' | 'freeze-qty';
  field: 'qty' | 'limitPrice' | 'stopPrice';
  message: string;
}

/**
 * Checks one order against the limits. `ltp` of 0 or NaN (unknown) skips the checks that
 * need it; a market order's value is estimated at the ltp.
 */
export function checkFatFinger(
  draft: Pick<OrderDraft, 'qty' | 'type' | 'limitPrice' | 'stopPrice'>,
  instrument: Pick<InstrumentRules, 'freezeQty'> | undefined,
  ltp: number,
  limits: FatFingerLimits = DEFAULT_FAT_FINGER_LIMITS,
): GuardViolation[] {
  const out: GuardViolation[] = [];
  const haveLtp = Number.isFinite(ltp) && ltp > 0;
  if (limits.maxQty !== undefined && draft.qty > limits.maxQty) {
    out.push({
      guard: 'max-qty',
      field: 'qty',
      message: `Quantity ${draft.qty} is above your limit of ${limits.maxQty} per order.`,
    });
  }
  const freeze = instrument?.freezeQty;
  if (
    (limits.enforceFreezeQty ?? true) &&
    freeze !== undefined &&
    freeze > 0 &&
    draft.qty > freeze
  ) {
    out.push({
      guard: 'freeze-qty',
      field: 'qty',
      message: `Quantity ${draft.qty} is above the exchange freeze quantity ${freeze}; split the order.`,
    });
  }
  const price =
    draft.type === OrderType.Limit || draft.type === OrderType.StopLimit
      ? draft.limitPrice
      : draft.type === OrderType.Stop
        ? draft.stopPrice
        : haveLtp
          ? ltp
          : 0;
  if (limits.maxValue !== undefined && price > 0 && draft.qty * price > limits.maxValue) {
    out.push({
      guard: 'max-value',
      field: 'qty',
      message: `Order value ₹${Math.round(draft.qty * price)} is above your limit of ₹${limits.maxValue} per order.`,
    });
  }
  if (limits.maxDistancePct !== undefined && haveLtp) {
    const check = (field: 'limitPrice' | 'stopPrice', p: number) => {
      if (p <= 0) return;
      const pct = (Math.abs(p - ltp) / ltp) * 100;
      if (pct > limits.maxDistancePct!) {
        out.push({
          guard: 'ltp-distance',
          field,
          message: `${field === 'limitPrice' ? 'Limit' : 'Trigger'} price ${p} is ${pct.toFixed(1)}% away from the last price ${ltp} (limit ${limits.maxDistancePct}%).`,
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
