/**
 * The order actions only API v3 has (issue 21 #5): GTT create, modify and cancel, and a
 * multi-leg placement. How each is set up on the sandbox (before any fault is armed), sent
 * through the composed app, followed until the app knows its outcome, and judged against
 * the broker's own GTT book or order book (the truth the app's belief must match).
 */
import type { Gtt, GttAction, GttDraft } from '../../../shared/broker/gtt';
import type { Order, OrderIntent } from '../../../shared/broker/models';
import type { OrderDraft } from '../../../shared/broker/rules';
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import { V3_GTT_SYNC_PATH } from '../../../shared/broker/v3/gtt-wire';
import { FYERS_V3_ROUTES } from '../../../electron/core/broker/dialects/fyers-v3/routes';
import type { AppCore } from '../../../electron/core/app/app-core';
import type { VirtualClock } from '../../integration/safety/virtual-clock';

/** The actions of this section. */
export type V3ActionName = 'GTT create' | 'GTT modify' | 'GTT cancel' | 'multi-leg place';

/** Every action, in the order the campaign takes them. */
export const V3_ACTIONS: readonly V3ActionName[] = [
  'GTT create',
  'GTT modify',
  'GTT cancel',
  'multi-leg place',
];

const SYNC = `/api/v3${V3_GTT_SYNC_PATH}`;
const ML = FYERS_V3_ROUTES.placeMultiLeg!;

/** The sandbox route (`METHOD /path`) each action's one request takes: where its fault is armed. */
export const V3_FAULT_ROUTE: Record<V3ActionName, string> = {
  'GTT create': `POST ${SYNC}`,
  'GTT modify': `PATCH ${SYNC}`,
  'GTT cancel': `DELETE ${SYNC}`,
  'multi-leg place': `${ML.method} ${ML.path}`,
};

/** The GTTs' symbol, its price pinned for the whole run (the sandbox's market does not walk). */
export const GTT_SYMBOL = 'NSE:SBIN-EQ';
export const GTT_LTP = 1000;
/** The option legs' price, pinned; each multi-leg order's legs bid below it (IOC: cancelled unfilled). */
export const LEG_LTP = 100;

/** What one case's truth showed. */
export interface V3Verdict {
  duplicates: number;
  wrongBelief: boolean;
  unresolved: boolean;
  detail: string;
}

/** One prepared case: send it, follow it to its outcome, then judge it. */
export interface V3FaultCase {
  send(): Promise<void>;
  /** Resolves when the app knows the outcome, or when `limitMs` of virtual time has passed. */
  settle(limitMs: number): Promise<void>;
  judge(gtts: readonly Gtt[], book: readonly Order[]): V3Verdict;
}

/** What the cases drive. */
export interface V3CaseContext {
  core: AppCore;
  clock: VirtualClock;
  /** Unique trigger prices, so each case's GTT is found in the book by them alone. */
  triggers: TriggerTags;
  /** Unique option limit prices, so each case's legs are found in the book by them alone. */
  legPrices: LegPriceTags;
  /** A call and a put of one NIFTY expiry (the multi-leg legs). */
  options: { ce: { ticker: string; lot: number }; pe: { ticker: string; lot: number } };
}

/** A target above and a stop below the pinned price, distinct for every GTT of the run. */
export class TriggerTags {
  private next = 0;
  take(): { up: number; down: number } {
    const k = this.next++;
    const r = (p: number) => Math.round(p * 100) / 100;
    return { up: r(GTT_LTP * 1.08 + k * 0.05), down: r(GTT_LTP * 0.92 - k * 0.05) };
  }
}

/** Option limit prices below the pinned price, distinct for every multi-leg order. */
export class LegPriceTags {
  private next = 0;
  take(): number {
    return Math.round((LEG_LTP * 0.9 + this.next++ * 0.05) * 100) / 100;
  }
}

/** A one-share CNC buy OCO with the given triggers (limit at the trigger). */
export const ocoBuy = (t: { up: number; down: number }): GttDraft => ({
  kind: 'oco',
  symbol: GTT_SYMBOL,
  side: Side.Buy,
  productType: 'CNC',
  target: { triggerPrice: t.up, limitPrice: t.up, qty: 1 },
  stop: { triggerPrice: t.down, limitPrice: t.down, qty: 1 },
});

const SETTLED = new Set(['done', 'failed', 'blocked', 'confirmed-done', 'confirmed-not-done']);
const DONE = new Set(['done', 'confirmed-done']);

/** Follows a GTT action in the service's view until it is settled or `limitMs` (virtual) passes. */
async function followGtt(
  ctx: V3CaseContext,
  first: GttAction,
  limitMs: number,
): Promise<GttAction> {
  const deadline = ctx.clock.now() + limitMs;
  let last = first;
  for (;;) {
    last = ctx.core.gtt.view().actions.find((a) => a.actionId === first.actionId) ?? last;
    if (SETTLED.has(last.status) || ctx.clock.now() >= deadline) return last;
    await ctx.clock.sleep(500);
  }
}

/** Creates a GTT with no fault armed (the setup of a modify or cancel); returns its id. */
async function made(ctx: V3CaseContext, t: { up: number; down: number }): Promise<string> {
  const a = await ctx.core.gtt.create(ocoBuy(t), { confirmed: true });
  if (a.status !== 'done' || !a.gttId) throw new Error(`setup GTT failed: ${a.status} ${a.note}`);
  return a.gttId;
}

/** A GTT case: one action sent, followed, judged by `truth` against the GTT book. */
function gttCase(
  ctx: V3CaseContext,
  act: () => Promise<GttAction>,
  truth: (gtts: readonly Gtt[], believedDone: boolean) => Omit<V3Verdict, 'unresolved'>,
): V3FaultCase {
  let action: GttAction | null = null;
  return {
    async send() {
      action = await act();
    },
    async settle(limitMs) {
      if (action) action = await followGtt(ctx, action, limitMs);
    },
    judge(gtts) {
      const a = action;
      if (!a) return { duplicates: 0, wrongBelief: true, unresolved: true, detail: 'never sent' };
      const v = truth(gtts, DONE.has(a.status));
      return {
        ...v,
        unresolved: !SETTLED.has(a.status),
        detail: `${v.detail}; app ${a.status} "${a.note}"`,
      };
    },
  };
}

/** The legs of one multi-leg order: buy a call and a put, both bid at `price`. */
function legsAt(ctx: V3CaseContext, price: number): OrderDraft[] {
  const leg = (o: { ticker: string; lot: number }): OrderDraft => ({
    symbol: o.ticker,
    qty: o.lot,
    type: OrderType.Limit,
    side: Side.Buy,
    productType: 'MARGIN',
    limitPrice: price,
    stopPrice: 0,
    disclosedQty: 0,
    validity: 'IOC',
    offlineOrder: false,
    stopLoss: 0,
    takeProfit: 0,
  });
  return [leg(ctx.options.ce), leg(ctx.options.pe)];
}

/** A multi-leg case: one order of two legs, judged by its legs' rows in the order book. */
function multiLegCase(ctx: V3CaseContext): V3FaultCase {
  const price = ctx.legPrices.take();
  let intent: OrderIntent | null = null;
  return {
    async send() {
      intent = await ctx.core.orders.placeMultiLeg(legsAt(ctx, price), { confirmGuards: true });
    },
    async settle(limitMs) {
      if (!intent) return;
      const limit = ctx.clock.sleep(limitMs).then(() => null);
      const s = await Promise.race([ctx.core.orders.settled(intent.intentId), limit]);
      intent = s ?? ctx.core.orders.get(intent.intentId);
    },
    judge(_gtts, book) {
      const i = intent ? (ctx.core.orders.get(intent.intentId) ?? intent) : null;
      if (!i) return { duplicates: 0, wrongBelief: true, unresolved: true, detail: 'never sent' };
      const rows = (symbol: string) =>
        book.filter(
          (o) => o.symbol === symbol && o.limitPrice === price && o.status !== OrderStatus.Rejected,
        ).length;
      const ce = rows(ctx.options.ce.ticker);
      const pe = rows(ctx.options.pe.ticker);
      const believed = DONE.has(i.status);
      return {
        duplicates: Math.max(0, ce - 1) + Math.max(0, pe - 1),
        // Placed means both legs are in the book (all or nothing), and the app says so.
        wrongBelief: ce !== pe || believed !== ce > 0,
        unresolved: !SETTLED.has(i.status),
        detail: `@${price}: book ${ce}+${pe} legs; app ${i.status} "${i.note}"`,
      };
    },
  };
}

/** Builds `n` cases of an action; the setup (GTTs to modify or cancel) runs here, unfaulted. */
export async function prepareV3Cases(
  action: V3ActionName,
  n: number,
  ctx: V3CaseContext,
): Promise<V3FaultCase[]> {
  const out: V3FaultCase[] = [];
  for (let k = 0; k < n; k++) {
    if (action === 'GTT create') {
      const t = ctx.triggers.take();
      out.push(
        gttCase(
          ctx,
          () => ctx.core.gtt.create(ocoBuy(t), { confirmed: true }),
          (gtts, believed) => {
            const rows = gtts.filter(
              (g) => g.symbol === GTT_SYMBOL && g.leg1.triggerPrice === t.up,
            ).length;
            return {
              duplicates: Math.max(0, rows - 1),
              wrongBelief: believed !== rows > 0,
              detail: `create ${t.up}/${t.down}: book ${rows}`,
            };
          },
        ),
      );
    } else if (action === 'GTT modify') {
      const from = ctx.triggers.take();
      const to = ctx.triggers.take();
      const id = await made(ctx, from);
      out.push(
        gttCase(
          ctx,
          () => ctx.core.gtt.modify(id, ocoBuy(to), { confirmed: true }),
          (gtts, believed) => {
            const row = gtts.find((g) => g.id === id);
            const want = believed ? to.up : from.up;
            return {
              duplicates: 0,
              wrongBelief:
                row?.leg1.triggerPrice !== want ||
                row.leg2?.triggerPrice !== (believed ? to.down : from.down),
              detail: `modify ${id} ${from.up} → ${to.up}: book ${row?.leg1.triggerPrice}, believed ${want}`,
            };
          },
        ),
      );
    } else if (action === 'GTT cancel') {
      const id = await made(ctx, ctx.triggers.take());
      out.push(
        gttCase(
          ctx,
          () => ctx.core.gtt.cancel(id),
          (gtts, believed) => {
            const row = gtts.find((g) => g.id === id);
            const cancelled = row?.status === 'cancelled';
            return {
              duplicates: 0,
              wrongBelief: !row || cancelled !== believed,
              detail: `cancel ${id}: book ${row?.status}, believed ${believed ? 'cancelled' : 'active'}`,
            };
          },
        ),
      );
    } else out.push(multiLegCase(ctx));
  }
  return out;
}

/** Cancels every active GTT (no fault armed): the next wave starts far from the 50-GTT limit. */
export async function cancelActiveGtts(ctx: V3CaseContext): Promise<number> {
  const view = await ctx.core.gtt.refresh();
  const active = view.gtts.filter((g) => g.status === 'active');
  let left = 0;
  for (const g of active) {
    const a = await followGtt(ctx, await ctx.core.gtt.cancel(g.id), 600_000);
    if (!DONE.has(a.status)) left++;
  }
  return left;
}
