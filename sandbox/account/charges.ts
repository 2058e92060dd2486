/**
 * The sandbox's Indian charges model (docs/sandbox.md "History over simulated days"), in one
 * place for everything that uses it: the charges history, the ledger, the funds view and the
 * day's rollover. The app's own rate table (shared/charges/charge-rates.ts: STT/CTT, exchange
 * transaction charges, SEBI fee, stamp duty on buys, 18 % GST on brokerage + exchange + SEBI)
 * and the default discount-broker plan (shared/charges/brokerage.ts: the lower of ₹20 and
 * 0.03 % per intraday or F&O order, ₹0 delivery), charged per filled order on its filled
 * quantity at its average. These are the SANDBOX's rates, not a contract note.
 */
import type { SimOrder } from '../orders/model';
import { avgPrice } from '../orders/model';
import { DEFAULT_BROKERAGE } from '../../shared/charges/brokerage';
import { CHARGE_RATES } from '../../shared/charges/charge-rates';
import { estimateCharges, type ChargeEstimate } from '../../shared/charges/estimate-charges';
import { ledgerOf } from './margin';

/** One filled order's charges, or null when it has no fill (or the model has no rate). */
export type OrderChargeFigures = Extract<ChargeEstimate, { ok: true }>;

/** The charges of one order under the sandbox's model, or null when nothing of it filled. */
export function filledOrderCharges(o: SimOrder): OrderChargeFigures | null {
  if (o.filledQty <= 0) return null;
  const i = o.instrument;
  const est = estimateCharges(
    {
      exchange: i.exchange,
      segment: i.segment,
      kind: i.optionType !== 'XX' ? 'option' : i.expiry !== null ? 'future' : 'cash',
      productType: o.productType,
      side: o.side,
      qty: o.filledQty,
      price: avgPrice(o),
    },
    CHARGE_RATES,
    DEFAULT_BROKERAGE,
  );
  return est.ok ? est : null;
}

/** The day's charges per funds ledger (what the broker debits from each segment's cash). */
export function chargesByLedger(orders: Iterable<SimOrder>): {
  equity: number;
  commodity: number;
} {
  const out = { equity: 0, commodity: 0 };
  for (const o of orders) {
    const c = filledOrderCharges(o);
    if (c) out[ledgerOf(o.instrument)] += c.total;
  }
  return { equity: paise(out.equity), commodity: paise(out.commodity) };
}

const paise = (n: number) => Math.round(n * 100) / 100;
