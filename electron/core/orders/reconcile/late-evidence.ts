/**
 * What proves, after "not done", that the broker carried an action out late: one watcher per
 * kind, built from the final read that said "not done" (its baseline). Each looks only for
 * what that action alone leaves behind, and gives up where something else could leave the
 * same (see docs/architecture.md, "Late arrivals"):
 *
 * - place: a row with the order's own fields under an id no intent holds and not known when
 *   it was sent (the placement check's own matching, without its time window).
 * - modify: the order's row shows every value the modify sent; the order ending first ends
 *   the watch.
 * - cancel: the order's row is cancelled; ending otherwise (filled, rejected) ends the watch.
 * - exit (one or all): for every position it meant to close, a new opposite order for the
 *   position's full open quantity in its product, unknown when the exit was sent and held by
 *   no intent (an exit is carried out as such an order).
 *
 * Exit and convert start from the positions the check's own final read showed: the action
 * may land between that read and the watch's start, and a later read would already show it.
 * - convert: the source product's bought (or sold) quantity went down by the converted
 *   quantity and the target's went up by it. Trades only ever add to those day quantities,
 *   so only a conversion moves both that way.
 */
import type { Order, Positions } from '../../../../shared/broker/models';
import { isTerminalStatus, OrderStatus, Side } from '../../../../shared/broker/enums';
import type { ConvertPositionInput, ModifyOrderInput } from '../../broker/order-requests';
import type { CheckResult } from './ambiguity-resolver';
import type { CheckContext } from './check-context';
import { LATE_WATCH_MS } from './late-watch';
import type { LateSighting, LateWatcher } from './late-watch';
import { modifyApplied } from './reconcile-matcher';

const done = (orderId: string | null, note: string): LateSighting => ({
  kind: 'done',
  orderId,
  note,
});

/** A placement: its own matching, without the time window, on every book read. */
export function placeWatcher(match: (book: readonly Order[], final: boolean) => CheckResult) {
  return (): LateWatcher => ({
    reads: 'orders',
    targets: [],
    until: Infinity,
    see(read) {
      if (read.kind !== 'orders') return null;
      const r = match(read.book, true);
      return r.kind === 'done' ? done(r.orderId ?? null, `order ${r.orderId}`) : null;
    },
  });
}

/** One order's row, watched for the change `sees` (a modify's values, a cancel). */
function orderWatcher(
  ctx: CheckContext,
  id: string,
  sees: (o: Order) => boolean,
  what: string,
): LateWatcher {
  return {
    reads: 'orders',
    targets: [`order:${id}`],
    until: ctx.clock.now() + LATE_WATCH_MS,
    see(read) {
      if (read.kind !== 'orders') return null;
      const o = read.book.find((x) => x.id === id);
      if (!o) return null;
      if (sees(o)) return done(o.id, `order ${o.id} ${what}`);
      return isTerminalStatus(o.status) ? { kind: 'ended' } : null;
    },
  };
}

/** A modify: the row shows every value it sent. */
export function modifyWatcher(ctx: CheckContext, m: ModifyOrderInput): LateWatcher {
  return orderWatcher(ctx, m.id, (o) => modifyApplied(o, m), 'shows the new values');
}

/** A cancel: the row is cancelled. */
export function cancelWatcher(ctx: CheckContext, id: string): LateWatcher {
  return orderWatcher(ctx, id, (o) => o.status === OrderStatus.Canceled, 'is cancelled');
}

/** What an exit's watcher starts from. */
export interface ExitWatch {
  /** The position exited; null for exit all. */
  positionId: string | null;
  /** Position ids it meant to close (all open ones for exit all). */
  targets: readonly string[];
  /** What was known when the exit left, and when it left (absent after a restart). */
  sent: { readonly knownAtSend: ReadonlySet<string>; readonly sentAt?: number };
  /**
   * The positions the final read showed (the check's own read). Never the context's latest
   * read: the exit may have landed and filled between the final read and the watch's start,
   * and a read made meanwhile would show the position flat, so the watch would look for
   * nothing and never see the exit order.
   */
  baseline: Positions | undefined;
}

/**
 * An exit of `targets`: every one of them met by a new opposite order of its full quantity,
 * as the baseline showed it.
 */
export function exitWatcher(ctx: CheckContext, e: ExitWatch): LateWatcher {
  const { sent } = e;
  const open = (e.baseline?.positions ?? []).filter(
    (p) => p.netQty !== 0 && e.targets.includes(p.id),
  );
  const wanted = open.map((p) => ({
    symbol: p.symbol,
    productType: p.productType,
    side: p.netQty > 0 ? Side.Sell : Side.Buy,
    qty: Math.abs(p.netQty),
  }));
  const until = ctx.clock.now() + LATE_WATCH_MS;
  // Broker times, when its clock is known: an order placed before the exit left is not it.
  // A learnt offset only ever widens the window (as for placements).
  const from =
    sent.sentAt !== undefined && ctx.serverOffsetMs !== null
      ? sent.sentAt + Math.min(ctx.serverOffsetMs, 0) - ctx.skewMs
      : -Infinity;
  return {
    reads: 'orders',
    targets: e.positionId === null ? ['position:*'] : [`position:${e.positionId}`],
    until,
    see(read) {
      if (read.kind !== 'orders' || wanted.length === 0) return null;
      const taken = new Set<string>();
      for (const w of wanted) {
        const o = read.book.find(
          (x) =>
            !taken.has(x.id) &&
            !sent.knownAtSend.has(x.id) &&
            !ctx.claimedIds.has(x.id) &&
            x.parentId === null &&
            x.symbol === w.symbol &&
            x.productType === w.productType &&
            x.side === w.side &&
            x.qty === w.qty &&
            (x.placedAt === null || Date.parse(x.placedAt) >= from),
        );
        if (!o) return null;
        taken.add(o.id);
      }
      for (const id of taken) ctx.claim(id);
      const ids = [...taken];
      return done(ids.length === 1 ? ids[0]! : null, `exit order ${ids.join(', ')}`);
    },
  };
}

/** Day quantity on the position's side, the figure only a conversion moves down. */
function sideQty(p: Positions | undefined, symbol: string, product: string, side: number) {
  const row = p?.positions.find((x) => x.symbol === symbol && x.productType === product);
  if (!row) return null;
  return side === Side.Buy ? row.buyQty : row.sellQty;
}

/**
 * A convert: the quantity left its source product and reached the target, from `baseline`:
 * the positions its final read showed (never a later read, which may already show it done).
 */
export function convertWatcher(
  ctx: CheckContext,
  c: ConvertPositionInput,
  baseline: Positions | undefined,
): LateWatcher {
  const side = c.positionSide;
  const fromBase = sideQty(baseline, c.symbol, c.convertFrom, side);
  const toBase = sideQty(baseline, c.symbol, c.convertTo, side) ?? 0;
  return {
    reads: 'positions',
    targets: [`position:${c.symbol}-${c.convertFrom}`, `position:${c.symbol}-${c.convertTo}`],
    until: ctx.clock.now() + LATE_WATCH_MS,
    see(read) {
      if (read.kind !== 'positions' || fromBase === null) return null;
      // A source row gone from the list held nothing any more (trades never remove a row).
      const from = sideQty(read.positions, c.symbol, c.convertFrom, side) ?? 0;
      const to = sideQty(read.positions, c.symbol, c.convertTo, side);
      if (to === null) return null;
      if (from <= fromBase - c.convertQty && to >= toBase + c.convertQty)
        return done(
          null,
          `${c.symbol} moved ${c.convertQty} from ${c.convertFrom} to ${c.convertTo}`,
        );
      return null;
    },
  };
}
