/**
 * What a Faults miss prints beside its verdict: the broker's orders on the case's symbols
 * and whether the app ever saw each one, the intents' times, and the app's reading state
 * (pushed order updates live, the request budget, what it still watches). A miss at full
 * size costs a 25-minute run to see again; its line must say why it happened.
 */
import type { Order, OrderIntent } from '../../../shared/broker/models';
import type { AppCore } from '../../../electron/core/app/app-core';

const time = (iso: string | null) => (iso ? iso.slice(11, 23) : '-');

function row(o: Order, seen: Map<string, Order>): string {
  const app = seen.get(o.id);
  const side = o.side > 0 ? 'buy' : 'sell';
  const appSaw = app ? `app saw st${app.status} filled ${app.filledQty}` : 'app never saw it';
  return `${o.id} ${side} ${o.qty} ${o.productType} st${o.status} filled ${o.filledQty} at ${time(o.placedAt)} (${appSaw})`;
}

/** One line of evidence for a missed case over `symbols` (nothing when it names none). */
export function missEvidence(
  core: AppCore,
  symbols: readonly string[] | undefined,
  intents: readonly OrderIntent[],
  book: readonly Order[],
  now: number,
): string {
  const seen = new Map((core.orderBook().orders ?? []).map((o) => [o.id, o]));
  const orders = (symbols ?? []).map(
    (s) =>
      `${s}: ${
        book
          .filter((o) => o.symbol === s)
          .map((o) => row(o, seen))
          .join(', ') || 'no orders'
      }`,
  );
  const b = core.scheduler.getState();
  const times = intents.map((i) => `${i.summary} ${time(i.createdAt)}→${time(i.updatedAt)}`);
  return [
    ...orders,
    `intents ${times.join(', ')}`,
    `now ${time(new Date(now).toISOString())}, pushed order updates ${core.marketData.orderUpdatesLive() ? 'live' : 'down'}, refresher every ${core.refresher.currentIntervalMs()} ms`,
    `budget day ${b.day.used}/${b.day.limit}, queued ${JSON.stringify(b.queued)}, breaches ${b.breaches.count} (${b.breaches.level}), paused until ${b.pausedUntil ?? '-'}`,
    `held ${JSON.stringify(core.orders.heldIntentState())}`,
  ].join('; ');
}
