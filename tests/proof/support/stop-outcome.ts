/**
 * What the stop proofs (the kill switch, the daily loss limit) judge after a stop fired
 * under faults: first every cancel and exit it sent settles (an unconfirmed one reconciled
 * against the book), then the broker's own book and intraday positions say what is left
 * pending, long or short. One home so both proofs judge the same way.
 */
import { OrderStatus } from '../../../shared/broker/enums';
import type { Order, OrderIntent } from '../../../shared/broker/models';
import type { AppCore } from '../../../electron/core/app/app-core';

/** The stop's cancels and exits: the actions that must settle before the book is judged. */
const STOP_ACTIONS = new Set(['cancel', 'exit-all', 'exit-position']);

/** Waits until every cancel and exit in the order service has settled, or `ms` real ms. */
export async function settleStopActions(core: AppCore, ms = 90_000): Promise<void> {
  const open = core.orders.list().filter((i) => STOP_ACTIONS.has(i.action));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(open.map((i: OrderIntent) => core.orders.settled(i.intentId))),
    new Promise((r) => (timer = setTimeout(r, ms))),
  ]);
  clearTimeout(timer);
}

/** The broker's book now, and its pending orders, long and short intraday positions. */
export interface StopState {
  book: Order[];
  pending: number;
  long: number;
  short: number;
}

/** Reads the book and positions afresh from the broker (through the app's client). */
export async function stopState(core: AppCore): Promise<StopState> {
  const book = await core.broker.getOrders({ fresh: true });
  const positions = (await core.broker.getPositions({ fresh: true })).positions;
  return {
    book,
    pending: book.filter((o) => o.status === OrderStatus.Pending).length,
    long: positions.filter((p) => p.productType === 'INTRADAY' && p.netQty > 0).length,
    short: positions.filter((p) => p.productType === 'INTRADAY' && p.netQty < 0).length,
  };
}
