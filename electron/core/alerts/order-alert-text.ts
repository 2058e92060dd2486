/**
 * The words of order alerts: a title short enough for an OS notification and a body in
 * plain words (who, how many, at what price, what it means), in lakh/crore money and the
 * broker's own reason for a rejection. Prices are at the decimals of the instrument's tick
 * (`tick`, as every price cell shows them): a USDINR fill at 89.5375 is not "₹89.54". Kept apart from the detection so wording can change
 * without touching the no-duplicate logic.
 */
import { OrderType, Side } from '../../../shared/broker/enums';
import type { Order } from '../../../shared/broker/models';
import { formatIndianNumber } from '../../../shared/format/money';
import { formatPrice } from '../../../shared/format/price';

/** The text of one alert. */
export interface AlertText {
  title: string;
  body: string;
}

const qty = (n: number) => formatIndianNumber(n);
const verb = (o: Order) => (o.side === Side.Buy ? 'Bought' : 'Sold');
const sideWord = (o: Order) => (o.side === Side.Buy ? 'buy' : 'sell');
/** The instrument's tick size, when known: it sets a price's decimals (2 when unknown). */
type Tick = number | undefined;
const price = (n: number, tick: Tick) =>
  Number.isFinite(n) && n > 0 ? formatPrice(n, tick, { symbol: true }) : null;
const at = (o: Order, tick: Tick) => {
  const p = price(o.tradedPrice, tick);
  return p ? ` at ${p}` : '';
};
const reason = (message: string) => {
  const m = message.trim();
  return m ? ` The broker says: ${m.endsWith('.') ? m : `${m}.`}` : '';
};

/** The order filled completely. */
export function fillText(o: Order, tick?: number): AlertText {
  return {
    title: `${verb(o)} ${qty(o.filledQty)} ${o.symbol}`,
    body: `Your ${sideWord(o)} order for ${qty(o.qty)} ${o.symbol} is filled${at(o, tick)} (order ${o.id}).`,
  };
}

/** Part of the order filled; the rest is still open (or was cancelled). */
export function partialFillText(o: Order, tick?: number): AlertText {
  const rest = Math.max(0, o.qty - o.filledQty);
  return {
    title: `Partly filled: ${verb(o).toLowerCase()} ${qty(o.filledQty)} of ${qty(o.qty)} ${o.symbol}`,
    body: `${qty(o.filledQty)} of ${qty(o.qty)} ${o.symbol} filled${at(o, tick)}${o.tradedPrice > 0 ? ' on average' : ''}; ${qty(rest)} still to fill (order ${o.id}).`,
  };
}

/** The broker or the exchange refused the order. */
export function rejectionText(o: Order): AlertText {
  return {
    title: `Order rejected: ${o.symbol}`,
    body: `Your ${sideWord(o)} order for ${qty(o.qty)} ${o.symbol} was rejected (order ${o.id}).${reason(o.message)}`,
  };
}

/** A stop order's trigger was hit and it started to fill. */
export function stopLossText(o: Order, tick?: number): AlertText {
  const trigger = price(o.stopPrice, tick);
  const kind = o.type === OrderType.StopLimit ? 'stop-loss limit' : 'stop-loss';
  return {
    title: `Stop-loss triggered: ${o.symbol}`,
    body: `Your ${kind} ${sideWord(o)} order for ${qty(o.qty)} ${o.symbol}${trigger ? ` (trigger ${trigger})` : ''} was triggered: ${qty(o.filledQty)} filled${at(o, tick)} (order ${o.id}).`,
  };
}

/**
 * A stop order's trigger was reached (stop-triggers.ts) before anything filled: it is now a
 * live limit (stop-limit) or market (stop) order at the exchange.
 */
export function stopTriggerText(o: Order, ltp: number, tick?: number): AlertText {
  const trigger = price(o.stopPrice, tick);
  const limit = o.type === OrderType.StopLimit ? price(o.limitPrice, tick) : null;
  const kind = o.type === OrderType.StopLimit ? 'stop-loss limit' : 'stop-loss';
  const now = limit ? `a limit order at ${limit}` : 'a market order';
  return {
    title: `Stop-loss triggered: ${o.symbol}`,
    body: `Your ${kind} ${sideWord(o)} order for ${qty(o.qty)} ${o.symbol}${trigger ? ` (trigger ${trigger})` : ''} was triggered: the last price ${price(ltp, tick) ?? ltp} reached it, so it is now ${now} at the exchange, not filled yet (order ${o.id}).`,
  };
}

/** The broker squared off an intraday position, or an exit order filled. */
export function squareOffText(
  o: Order,
  how: 'auto' | 'exit' | 'cancelled',
  tick?: number,
): AlertText {
  if (how === 'cancelled')
    return {
      title: `Cancelled by square-off: ${o.symbol}`,
      body: `Your open ${sideWord(o)} order for ${qty(o.qty)} ${o.symbol} was cancelled by the broker's intraday square-off (order ${o.id}).${reason(o.message)}`,
    };
  return how === 'auto'
    ? {
        title: `Squared off: ${o.symbol}`,
        body: `The broker squared off your intraday position: ${verb(o).toLowerCase()} ${qty(o.filledQty)} ${o.symbol}${at(o, tick)} (order ${o.id}).`,
      }
    : {
        title: `Position exited: ${o.symbol}`,
        body: `Your exit ${verb(o).toLowerCase()} ${qty(o.filledQty)} ${o.symbol}${at(o, tick)} (order ${o.id}).`,
      };
}
