/**
 * Detects order alerts (fills, partial fills, rejections, stop-loss triggers, square-off)
 * from successive reads of the order book. Every book the app sees passes here: the
 * refresher's polls, reconciliation reads, a trader's refresh, and the books the pushed
 * order feed merges. So the same fill can arrive twice (pushed, then polled) or a stale
 * poll can show an order as it was before a push: each alert has a key (order id, kind,
 * filled quantity) raised at most once, and a quantity never moves backwards.
 *
 * The first full read of the book after a login is the baseline: the orders in it are
 * remembered as they are and raise nothing (nor do pushed updates before it), so a login or
 * a restart never floods the trader with the day's fills. What happens to them afterwards
 * (an order open at login that fills) does alert.
 */
import { OrderStatus, OrderType } from '../../../shared/broker/enums';
import type { Order } from '../../../shared/broker/models';
import type { AlertKind } from '../../../shared/alerts/alert';
import {
  fillText,
  partialFillText,
  rejectionText,
  squareOffText,
  stopLossText,
  stopTriggerText,
  type AlertText,
} from './order-alert-text';

/** One detected order event, before settings decide how it is shown. */
export interface OrderAlertEvent extends AlertText {
  /** Unique per event: the no-duplicate key. */
  key: string;
  kind: AlertKind;
  symbol: string;
  orderId: string;
}

/** The detector's state across reads. */
export interface OrderAlertDetector {
  /**
   * One order book; answers the events it shows for the first time. `merged` marks a book
   * the pushed feed put together: before the first full read it may hold only the orders
   * pushed so far, so it cannot be the baseline (the full read after it would look new).
   */
  observe(book: readonly Order[], merged?: boolean): OrderAlertEvent[];
  /**
   * A stop order's trigger was reached at `ltp` before any fill (stop-triggers.ts). It
   * shares the stop-loss key with the first fill, so one trigger alerts once either way.
   */
  triggered(order: Order, ltp: number): OrderAlertEvent[];
  /** Forgets everything: the next book is a new baseline (a logout, another account). */
  reset(): void;
}

interface Seen {
  filledQty: number;
  status: number;
}

/** How many raised keys are remembered before the oldest are forgotten (a 10,000-order day). */
const MAX_KEYS = 50_000;

/** The broker's auto square-off ("RMS") and exit orders; the spec leaves values open. */
function squareOffSource(o: Order): 'auto' | 'exit' | null {
  const s = o.source.trim().toUpperCase();
  if (s === 'RMS' || s === 'SQUAREOFF' || s === 'SQUARE-OFF' || s === 'AUTO') return 'auto';
  if (s === 'EXIT') return 'exit';
  return null;
}

const isStop = (o: Order) => o.type === OrderType.Stop || o.type === OrderType.StopLimit;

/**
 * Creates an empty detector; the first book it sees is the baseline. `tickOf` gives a
 * symbol's tick size, so the alert's prices read at its decimals (a currency future's four).
 */
export function createOrderAlertDetector(
  tickOf: (symbol: string) => number | undefined = () => undefined,
): OrderAlertDetector {
  const seen = new Map<string, Seen>();
  const raised = new Set<string>();
  let baselined = false;

  function once(out: OrderAlertEvent[], key: string, kind: AlertKind, o: Order, text: AlertText) {
    if (raised.has(key)) return;
    raised.add(key);
    if (raised.size > MAX_KEYS) raised.delete(raised.values().next().value as string);
    out.push({ key, kind, symbol: o.symbol, orderId: o.id, ...text });
  }

  function changes(o: Order, before: Seen | undefined, out: OrderAlertEvent[]): void {
    const filledBefore = before?.filledQty ?? 0;
    const tick = tickOf(o.symbol);
    if (o.filledQty > filledBefore) {
      const complete = o.status === OrderStatus.Traded || o.filledQty >= o.qty;
      const source = squareOffSource(o);
      if (source) once(out, `square-off:${o.id}`, 'square-off', o, squareOffText(o, source, tick));
      else if (isStop(o) && filledBefore === 0)
        once(out, `stop-loss:${o.id}`, 'stop-loss', o, stopLossText(o, tick));
      else if (complete) once(out, `fill:${o.id}`, 'fill', o, fillText(o, tick));
      else once(out, `partial:${o.id}:${o.filledQty}`, 'partial-fill', o, partialFillText(o, tick));
    }
    if (o.status === OrderStatus.Rejected && before?.status !== OrderStatus.Rejected)
      once(out, `rejection:${o.id}`, 'rejection', o, rejectionText(o));
    if (
      o.status === OrderStatus.Canceled &&
      before !== undefined &&
      before.status !== OrderStatus.Canceled &&
      /square.?off/i.test(o.message)
    )
      once(out, `square-off-cancel:${o.id}`, 'square-off', o, squareOffText(o, 'cancelled', tick));
  }

  return {
    observe(book, merged = false) {
      const out: OrderAlertEvent[] = [];
      const baseline = !baselined;
      for (const o of book) {
        const before = seen.get(o.id);
        if (baselined) changes(o, before, out);
        // A stale read never moves a quantity back: the next read would raise it again.
        seen.set(o.id, {
          filledQty: Math.max(before?.filledQty ?? 0, o.filledQty),
          status: o.status,
        });
      }
      if (baseline && !merged) baselined = true;
      return out;
    },
    triggered(order, ltp) {
      const out: OrderAlertEvent[] = [];
      once(
        out,
        `stop-loss:${order.id}`,
        'stop-loss',
        order,
        stopTriggerText(order, ltp, tickOf(order.symbol)),
      );
      return out;
    },
    reset() {
      seen.clear();
      raised.clear();
      baselined = false;
    },
  };
}
