import { OrderType, Segment, Side } from '../../../shared/broker/enums';
import { orderValueAt } from '../../../shared/broker/order-value';
import { DEFAULT_BROKERAGE, type BrokerageSettings } from '../../../shared/charges/brokerage';
import { CHARGE_RATES } from '../../../shared/charges/charge-rates';
import { estimateCharges, type ChargeEstimate } from '../../../shared/charges/estimate-charges';
import type { OrderDraftInput } from '../../../shared/ipc/channels/orders';
import type { SymbolInfo } from '../../../shared/ipc/channels/symbols';
import type { SettingsView } from '../../../shared/ipc/channels/settings';

/**
 * What an order costs, as the ticket and the basket show it: its value (a market order at
 * the last known price, marked as an estimate), its charges, and whether comparing it with
 * the cash balance means anything. Pure, so the ticket and the basket agree.
 */

/**
 * The order's value (qty × price × the contract's multiplier: shared/broker/order-value.ts)
 * and whether it is an estimate (a market order at the last price); null when it cannot be
 * told, including a commodity whose multiplier is unknown (never valued as if it were 1).
 */
export function orderValue(
  o: Pick<OrderDraftInput, 'qty' | 'type' | 'limitPrice' | 'stopPrice'>,
  ltp: number | null,
  symbol: Pick<SymbolInfo, 'segment' | 'contractMultiplier'> | null | undefined,
): { value: number; estimated: boolean } | null {
  if (!symbol) return null;
  const price = o.limitPrice || o.stopPrice || 0;
  if (price > 0 && o.type !== OrderType.Market) {
    const value = orderValueAt(o.qty, price, symbol);
    return value === null ? null : { value, estimated: false };
  }
  const value = ltp ? orderValueAt(o.qty, ltp, symbol) : null;
  return value === null ? null : { value, estimated: true };
}

/**
 * Whether the order's full value can be compared with the cash balance: only a CNC buy of
 * cash equity pays its full value. Intraday, margin, cover, bracket and every derivative
 * are leveraged: the broker blocks a margin the API does not tell, so it is the broker's
 * to check (the ticket says so instead of warning about the full value).
 */
export function paysFullValue(
  o: Pick<OrderDraftInput, 'productType' | 'side'>,
  symbol: Pick<SymbolInfo, 'segment'>,
): boolean {
  return o.productType === 'CNC' && o.side === Side.Buy && symbol.segment === Segment.CapitalMarket;
}

/** The active account's brokerage plan (the default one until settings arrive). */
export function activeBrokerage(view: SettingsView | null): BrokerageSettings {
  const active = view?.accounts.find((a) => a.id === view.activeAccountId);
  return active?.brokerage ?? DEFAULT_BROKERAGE;
}

/** The charges of an order at a unit price (the premium for options). */
export function orderCharges(
  o: Pick<OrderDraftInput, 'qty' | 'side' | 'productType'>,
  symbol: Pick<SymbolInfo, 'exchange' | 'segment' | 'expiry' | 'optionType'>,
  unitPrice: number | null,
  brokerage: BrokerageSettings,
): ChargeEstimate {
  const kind = symbol.optionType ? 'option' : symbol.expiry ? 'future' : 'cash';
  return estimateCharges(
    {
      exchange: symbol.exchange,
      segment: symbol.segment,
      kind,
      productType: o.productType,
      side: o.side,
      qty: o.qty,
      price: unitPrice ?? Number.NaN,
    },
    CHARGE_RATES,
    brokerage,
  );
}
