/**
 * The nine order actions of the fault campaign: how each is set up on the sandbox, sent
 * through the composed app's order service, and judged afterwards against the broker's own
 * book and positions (the truth the app's belief must match).
 */
import type { Order, OrderIntent, Positions } from '../../../shared/broker/models';
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import type { AppCore } from '../../../electron/core/app/app-core';
import { sbinBuy } from '../../integration/safety/composed-app';
import type { BrokerDialectId } from '../../../shared/broker/dialect';
import type { FyersRoutes, WireRoute } from '../../../electron/core/broker/fyers-routes';
import { FYERS_V2_ROUTES } from '../../../electron/core/broker/dialects/fyers-v2/routes';
import { FYERS_V3_ROUTES } from '../../../electron/core/broker/dialects/fyers-v3/routes';

/** The actions the issue names. */
export type ActionName =
  | 'place'
  | 'multi place'
  | 'modify'
  | 'multi modify'
  | 'cancel'
  | 'multi cancel'
  | 'exit one'
  | 'exit all'
  | 'convert';

/** The call each action's request takes, by its name in a dialect's call table. */
/** The order calls of a dialect's table (its other entries are not single routes). */
type OrderCall = {
  [K in keyof FyersRoutes]-?: FyersRoutes[K] extends WireRoute | undefined ? K : never;
}[keyof FyersRoutes];

const ACTION_CALL: Record<ActionName, OrderCall> = {
  place: 'place',
  'multi place': 'placeMulti',
  modify: 'modify',
  'multi modify': 'modifyMulti',
  cancel: 'cancel',
  'multi cancel': 'cancelMulti',
  'exit one': 'exitPosition',
  'exit all': 'exitPosition',
  convert: 'convertPosition',
};

/** Each dialect's own call table: the proof arms its faults where the app sends. */
const CALL_TABLE: Record<BrokerDialectId, FyersRoutes> = {
  'fyers-v2': FYERS_V2_ROUTES,
  'fyers-v3': FYERS_V3_ROUTES,
};

/** The sandbox route (`METHOD /path`) an action's request takes on a dialect: where its fault is armed. */
export function faultRoute(action: ActionName, dialect: BrokerDialectId): string {
  const call = CALL_TABLE[dialect][ACTION_CALL[action]];
  if (!call || call.host)
    throw new Error(`${dialect} sends ${action} nowhere a fault can be armed`);
  return `${call.method} ${call.path}`;
}

/** The v2 routes by action (the proofs that run on v2 alone). */
export const ROUTE = Object.fromEntries(
  (Object.keys(ACTION_CALL) as ActionName[]).map((a) => [a, faultRoute(a, 'fyers-v2')]),
) as Record<ActionName, string>;

/** What the truth showed for one case. */
export interface Verdict {
  duplicates: number;
  wrongBelief: boolean;
  detail: string;
}

/** One prepared case: send it, then judge every intent it produced (resends included). */
export interface FaultCase {
  /** Symbols whose positions the case opens and acts on (position actions): what a miss shows. */
  symbols?: readonly string[];
  send(): Promise<OrderIntent[]>;
  judge(intents: OrderIntent[], book: Order[], positions: Positions): Verdict;
}

const DONE = new Set(['done', 'confirmed-done']);
const believedDone = (intents: OrderIntent[]) => intents.filter((i) => DONE.has(i.status)).length;

/** Unique SBIN limit prices below the market (LTP pinned at 1000), one per order. */
export class PriceTags {
  private next = 0;
  take(): number {
    const p = 850 + this.next * 0.05;
    this.next++;
    return Math.round(p * 100) / 100;
  }
}

function placeJudge(prices: number[]) {
  return (intents: OrderIntent[], book: Order[]): Verdict => {
    let duplicates = 0;
    let wrong = false;
    const parts: string[] = [];
    for (const price of prices) {
      const rows = book.filter((o) => o.symbol === 'NSE:SBIN-EQ' && o.limitPrice === price).length;
      const mine = intents.filter((i) => i.summary.includes(`@ ${price} `));
      const believed = believedDone(mine);
      duplicates += Math.max(0, rows - 1);
      if (rows !== believed) wrong = true;
      parts.push(`@${price}: book ${rows}, believed ${believed}`);
    }
    return { duplicates, wrongBelief: wrong, detail: parts.join('; ') };
  };
}

async function pendingOrders(core: AppCore, tags: PriceTags, n: number): Promise<Order[]> {
  const intents = await Promise.all(
    Array.from({ length: n }, () =>
      core.orders.place(sbinBuy(tags.take()), { confirmGuards: true }),
    ),
  );
  const ids = intents.map((i) => {
    if (i.status !== 'done' || !i.orderId) throw new Error(`setup order failed: ${i.note}`);
    return i.orderId;
  });
  const book = await core.broker.getOrders({ fresh: true });
  core.orders.observeOrders(book);
  return ids.map((id) => book.find((o) => o.id === id)!);
}

function modifyJudge(orders: { id: string; from: number; to: number }[]) {
  return (intents: OrderIntent[], book: Order[]): Verdict => {
    let wrong = false;
    const parts: string[] = [];
    for (const o of orders) {
      const row = book.find((r) => r.id === o.id);
      const done = believedDone(intents.filter((i) => i.summary === `MODIFY ${o.id}`)) > 0;
      const want = done ? o.to : o.from;
      if (!row || row.limitPrice !== want) wrong = true;
      parts.push(`${o.id}: book ${row?.limitPrice}, believed ${want}`);
    }
    return { duplicates: 0, wrongBelief: wrong, detail: parts.join('; ') };
  };
}

function cancelJudge(ids: string[]) {
  return (intents: OrderIntent[], book: Order[]): Verdict => {
    let wrong = false;
    const parts: string[] = [];
    for (const id of ids) {
      const row = book.find((r) => r.id === id);
      const done = believedDone(intents.filter((i) => i.summary === `CANCEL ${id}`)) > 0;
      const cancelled = row?.status === OrderStatus.Canceled;
      if (cancelled !== done) wrong = true;
      parts.push(`${id}: book ${row?.status}, believed ${done ? 'cancelled' : 'pending'}`);
    }
    return { duplicates: 0, wrongBelief: wrong, detail: parts.join('; ') };
  };
}

/** Looks at most the setup makes for its buys to fill (each after one tick, three market steps). */
const SETUP_LOOKS = 15;

/**
 * Opens one intraday long of 1 share in each of `symbols` (market buy, filled by ticks), and
 * returns once the broker shows every one open. An accepted buy is not yet a position: the
 * exchange acknowledges one order in twenty-five only after 0.5-3 s (exchange-timing.ts), and
 * a case sent while its buy is still in transit acts on a position that does not exist yet:
 * an exit all then rightly exits the other one, and the buy filling afterwards left a
 * position open that the case counted as a wrong belief ("believed flat").
 */
export async function openLongs(
  core: AppCore,
  symbols: string[],
  tick: () => Promise<void>,
): Promise<void> {
  const intents = await Promise.all(
    symbols.map((symbol) =>
      core.orders.place(
        { ...sbinBuy(0), symbol, type: OrderType.Market, limitPrice: 0 },
        { confirmGuards: true },
      ),
    ),
  );
  for (const i of intents)
    if (i.status !== 'done') throw new Error(`setup position failed: ${i.note}`);
  for (let n = 1; ; n++) {
    await tick();
    const p = await core.broker.getPositions({ fresh: true });
    const closed = symbols.filter((s) => net(p, s, 'INTRADAY') === 0);
    if (closed.length === 0) return;
    if (n >= SETUP_LOOKS) throw new Error(`setup positions never opened: ${closed.join(', ')}`);
  }
}

const net = (p: Positions, symbol: string, product: string) =>
  p.positions.find((x) => x.symbol === symbol && x.productType === product)?.netQty ?? 0;

/** Builds `n` cases of an action (its setup runs here, before any fault is armed). */
export async function prepareCases(
  action: ActionName,
  n: number,
  ctx: { core: AppCore; tags: PriceTags; symbols: () => string; tick: () => Promise<void> },
): Promise<FaultCase[]> {
  const { core, tags } = ctx;
  const o = { confirmGuards: true };
  switch (action) {
    case 'place':
      return Array.from({ length: n }, () => {
        const price = tags.take();
        return {
          send: async () => [await core.orders.place(sbinBuy(price), o)],
          judge: placeJudge([price]),
        };
      });
    case 'multi place':
      return Array.from({ length: n }, () => {
        const prices = [tags.take(), tags.take()];
        return {
          send: () =>
            core.orders.placeMany(
              prices.map((p) => sbinBuy(p)),
              o,
            ),
          judge: placeJudge(prices),
        };
      });
    case 'modify':
    case 'multi modify': {
      const per = action === 'modify' ? 1 : 2;
      const orders = await pendingOrders(core, tags, n * per);
      return Array.from({ length: n }, (_, k) => {
        const mine = orders.slice(k * per, k * per + per).map((r) => ({
          id: r.id,
          from: r.limitPrice,
          to: Math.round((r.limitPrice + 60) * 100) / 100,
        }));
        const changes = mine.map((m) => ({ id: m.id, limitPrice: m.to }));
        return {
          send: async () =>
            per === 1
              ? [await core.orders.modify(changes[0]!, o)]
              : core.orders.modifyMany(changes, o),
          judge: modifyJudge(mine),
        };
      });
    }
    case 'cancel':
    case 'multi cancel': {
      const per = action === 'cancel' ? 1 : 2;
      const orders = await pendingOrders(core, tags, n * per);
      return Array.from({ length: n }, (_, k) => {
        const ids = orders.slice(k * per, k * per + per).map((r) => r.id);
        return {
          send: async () =>
            per === 1 ? [await core.orders.cancel(ids[0]!)] : core.orders.cancelMany(ids),
          judge: cancelJudge(ids),
        };
      });
    }
    case 'exit one':
    case 'convert': {
      const symbols = Array.from({ length: n }, () => ctx.symbols());
      await openLongs(core, symbols, ctx.tick);
      core.orders.observePositions(await core.broker.getPositions({ fresh: true }));
      return symbols.map((symbol) => ({
        symbols: [symbol],
        send: async () =>
          action === 'exit one'
            ? [await core.orders.exit(`${symbol}-INTRADAY`)]
            : [
                await core.orders.convert({
                  symbol,
                  positionSide: Side.Buy,
                  convertQty: 1,
                  convertFrom: 'INTRADAY',
                  convertTo: 'CNC',
                }),
              ],
        judge: (intents, _book, p) => {
          const done = believedDone(intents) > 0;
          const intraday = net(p, symbol, 'INTRADAY');
          const cnc = net(p, symbol, 'CNC');
          if (action === 'exit one') {
            return {
              duplicates: intraday < 0 ? 1 : 0,
              wrongBelief: intraday !== (done ? 0 : 1),
              detail: `${symbol}: net ${intraday}, believed ${done ? 'exited' : 'open'}`,
            };
          }
          return {
            duplicates: cnc > 1 ? 1 : 0,
            wrongBelief: done ? !(cnc === 1 && intraday === 0) : !(cnc === 0 && intraday === 1),
            detail: `${symbol}: INTRADAY ${intraday}, CNC ${cnc}, believed ${done ? 'converted' : 'not'}`,
          };
        },
      }));
    }
    case 'exit all': {
      const symbols = Array.from({ length: 2 }, () => ctx.symbols());
      await openLongs(core, symbols, ctx.tick);
      return Array.from({ length: n }, () => ({
        symbols,
        send: async () => [await core.orders.exit(null)],
        judge: (intents, _book, p) => {
          const done = believedDone(intents) > 0;
          const open = p.positions.filter((x) => x.netQty !== 0);
          const mineOpen = symbols.filter((s) => net(p, s, 'INTRADAY') !== 0).length;
          return {
            duplicates: open.filter((x) => x.netQty < 0).length,
            wrongBelief: done ? open.length > 0 : mineOpen !== symbols.length,
            detail: `open after: ${open.map((x) => `${x.id} ${x.netQty}`).join(', ') || 'none'}, believed ${done ? 'flat' : 'open'}`,
          };
        },
      }));
    }
  }
}
