/**
 * GTT (good-till-triggered) orders, single and OCO (issue 21 #1): the domain type and its
 * rules, in ONE home for the sandbox (which holds and triggers them), the v3 dialect (which
 * reads the broker's GTT book into this type), the core GTT service and the screens.
 *
 * A GTT rests with the broker for up to a year; when the last price crosses a leg's trigger,
 * the broker places that leg's limit order (an OCO then cancels its other leg). The broker's
 * wire fields and codes are in docs/broker-v3.md ("GTT"); nothing here names them.
 */
import { z } from 'zod';
import type { InstrumentRules, OrderDraft, RuleViolation } from './rules';
import { checkOrder, isTickMultiple, rupees } from './rules';
import { OrderType, Side } from './enums';
import { ErrorCode } from './errors';
import { IntentStatus, SideCode } from './models';

/** How long the broker keeps a GTT before it expires (docs: "up to one year"). */
export const GTT_VALIDITY_MS = 365 * 86_400_000;

/**
 * Most active GTTs one account may hold. The broker publishes no limit (docs/broker-v3.md);
 * the sandbox enforces this one and the app says so before sending a GTT beyond it.
 */
export const MAX_ACTIVE_GTTS = 50;

/** The products a GTT may carry (the broker's also allow MTF, which Tickdesk does not trade). */
export const GttProduct = z.enum(['CNC', 'MARGIN']);
/** A GTT's product. */
export type GttProduct = z.infer<typeof GttProduct>;

/** One leg: when the last price reaches `triggerPrice`, a limit order for `qty` at `limitPrice`. */
export const GttLeg = z.object({
  triggerPrice: z.number().positive(),
  limitPrice: z.number().positive(),
  qty: z.number().int().positive(),
});
/** A GTT leg. */
export type GttLeg = z.infer<typeof GttLeg>;

/**
 * A GTT as the trader asks for it. `single`: one leg, triggering when the price reaches it
 * from where it is now. `oco`: a target leg (trigger above the last price) and a stop leg
 * (trigger below it); whichever triggers first places its order and cancels the other.
 */
export const GttDraft = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('single'),
    symbol: z.string().min(1).max(64),
    side: SideCode,
    productType: GttProduct,
    leg: GttLeg,
  }),
  z.object({
    kind: z.literal('oco'),
    symbol: z.string().min(1).max(64),
    side: SideCode,
    productType: GttProduct,
    target: GttLeg,
    stop: GttLeg,
  }),
]);
/** A GTT to create (or the new state of one to modify). */
export type GttDraft = z.infer<typeof GttDraft>;

/** Where a GTT stands. `transit`: the broker has it but has not confirmed it yet. */
export const GttStatus = z.enum([
  'active',
  'triggered',
  'cancelled',
  'rejected',
  'expired',
  'transit',
]);
/** A GTT's status. */
export type GttStatus = z.infer<typeof GttStatus>;

/** A GTT as the broker's GTT book shows it. */
export const Gtt = z.object({
  id: z.string().min(1),
  symbol: z.string(),
  side: SideCode,
  productType: z.string(),
  kind: z.enum(['single', 'oco']),
  /** Single: the one leg. OCO: the target leg (trigger above the price when placed). */
  leg1: GttLeg,
  /** OCO only: the stop leg (trigger below the price when placed). */
  leg2: GttLeg.nullable(),
  status: GttStatus,
  /** The broker's words about its state ("GTT/OCO order cancelled successfully."). */
  message: z.string(),
  /** When it was created (UTC ms; 0 when the broker did not say). */
  createdAt: z.number(),
  /** When it expires (UTC ms): a year after creation. */
  expiresAt: z.number(),
});
/** A GTT read from the broker. */
export type Gtt = z.infer<typeof Gtt>;

/** The legs of a draft in the broker's order: leg 1 (single, or the OCO's target), leg 2 (stop). */
export function draftLegs(d: GttDraft): { leg1: GttLeg; leg2: GttLeg | null } {
  return d.kind === 'single' ? { leg1: d.leg, leg2: null } : { leg1: d.target, leg2: d.stop };
}

/** The order one leg places when it triggers: a limit order of the GTT's side and product. */
export function legOrder(
  d: Pick<GttDraft, 'symbol' | 'side' | 'productType'>,
  leg: GttLeg,
): OrderDraft {
  return {
    symbol: d.symbol,
    qty: leg.qty,
    type: OrderType.Limit,
    side: d.side,
    productType: d.productType,
    limitPrice: leg.limitPrice,
    stopPrice: 0,
    disclosedQty: 0,
    validity: 'DAY',
    offlineOrder: false,
    stopLoss: 0,
    takeProfit: 0,
  };
}

/** One broken rule of a GTT: which leg (null: the GTT as a whole) and the rule. */
export interface GttViolation extends RuleViolation {
  leg: 'leg1' | 'leg2' | null;
}

const LEG_WORDS = { leg1: 'Target', leg2: 'Stop' } as const;

/** How a leg is named in a message: "Target", "Stop", or nothing for a single GTT. */
function legName(kind: GttDraft['kind'], leg: 'leg1' | 'leg2'): string {
  return kind === 'single' ? '' : `${LEG_WORDS[leg]}: `;
}

/**
 * Every placement rule each leg's order must meet (the shared order rules, as for any order,
 * without the comparisons to the last price a limit order does not have) plus the trigger's
 * tick. The broker checks the same; the app runs it before sending.
 */
export function checkGttDraft(d: GttDraft, i: InstrumentRules): GttViolation[] {
  const out: GttViolation[] = [];
  const { leg1, leg2 } = draftLegs(d);
  for (const [name, leg] of [
    ['leg1', leg1],
    ['leg2', leg2],
  ] as const) {
    if (!leg) continue;
    const prefix = legName(d.kind, name);
    for (const v of checkOrder(legOrder(d, leg), i, 0))
      out.push({ ...v, leg: name, message: `${prefix}${v.message}` });
    if (!isTickMultiple(leg.triggerPrice, i.tickSize))
      out.push({
        code: ErrorCode.TickSize,
        field: 'stopPrice',
        leg: name,
        message: `${prefix}Trigger price must be a multiple of ${rupees(i.tickSize)}`,
      });
  }
  return out;
}

/**
 * The legs that would trigger at once at `ltp`: an OCO's target at or below the price, its
 * stop at or above it, a single leg exactly at it. The broker rejects an OCO like that; the
 * app asks the trader first.
 */
export function legsOnWrongSide(d: GttDraft, ltp: number): GttViolation[] {
  if (!(ltp > 0)) return [];
  if (d.kind === 'single') {
    return d.leg.triggerPrice === ltp
      ? [
          {
            code: ErrorCode.OrderRejected,
            field: 'stopPrice',
            leg: 'leg1',
            message: `Trigger price ${rupees(d.leg.triggerPrice)} is the last price: it would trigger at once`,
          },
        ]
      : [];
  }
  const out: GttViolation[] = [];
  if (d.target.triggerPrice <= ltp)
    out.push({
      code: ErrorCode.OrderRejected,
      field: 'stopPrice',
      leg: 'leg1',
      message: `Target trigger ${rupees(d.target.triggerPrice)} is not above the last price ${rupees(ltp)}: it would trigger at once`,
    });
  if (d.stop.triggerPrice >= ltp)
    out.push({
      code: ErrorCode.OrderRejected,
      field: 'stopPrice',
      leg: 'leg2',
      message: `Stop trigger ${rupees(d.stop.triggerPrice)} is not below the last price ${rupees(ltp)}: it would trigger at once`,
    });
  return out;
}

/** A GTT as the broker holds it, back as the draft that would create it (for modify forms). */
export function draftOf(g: Gtt): GttDraft | null {
  const product = GttProduct.safeParse(g.productType);
  if (!product.success) return null;
  const base = { symbol: g.symbol, side: g.side, productType: product.data };
  if (g.kind === 'single') return { kind: 'single', ...base, leg: g.leg1 };
  return g.leg2 ? { kind: 'oco', ...base, target: g.leg1, stop: g.leg2 } : null;
}

/** Whether two drafts ask for the same GTT (reconciliation: is this broker row mine?). */
export function sameGtt(a: GttDraft, g: Gtt): boolean {
  const legEq = (x: GttLeg, y: GttLeg | null) =>
    !!y && x.qty === y.qty && x.triggerPrice === y.triggerPrice && x.limitPrice === y.limitPrice;
  const { leg1, leg2 } = draftLegs(a);
  return (
    a.symbol === g.symbol &&
    a.side === g.side &&
    a.productType === g.productType &&
    a.kind === g.kind &&
    legEq(leg1, g.leg1) &&
    (leg2 === null ? g.leg2 === null : legEq(leg2, g.leg2))
  );
}

/** What a GTT action does. */
export const GttActionKind = z.enum(['create', 'modify', 'cancel']);
/** A GTT action's kind. */
export type GttActionKind = z.infer<typeof GttActionKind>;

/**
 * Where one GTT action stands. `confirm`: not sent, a guard or a trigger on the wrong side
 * asks first. `unconfirmed`: the answer was lost or late; the GTT book is being read to find
 * out, and nothing is sent again meanwhile.
 */
// The order action's statuses (one home), plus `confirm`.
export const GttActionStatus = z.enum(['confirm', ...IntentStatus.options]);
/** A GTT action's status. */
export type GttActionStatus = z.infer<typeof GttActionStatus>;

/** One problem found before sending a GTT: a rule (blocks) or a guard / wrong side (asks). */
export const GttCheck = z.object({
  leg: z.enum(['leg1', 'leg2']).nullable(),
  field: z.string(),
  message: z.string(),
  /** True: the trader may confirm and send anyway (a fat-finger guard, a trigger that would fire at once). */
  confirmable: z.boolean(),
  /** The broker rule's code when a rule found it (shared/broker/errors.ts), as for an order's pre-check. */
  code: z.number().nullable(),
  /** The fat-finger guard that asks (e.g. `ltp-distance`), as for an order's pre-check. */
  guard: z.string().nullable(),
  /**
   * A CNC sell's eDIS warning (field `edis`): demat shares today's authorization does not
   * cover yet, which "Authorize now" offers to authorize (as for an order's pre-check).
   */
  authorizeQty: z.number().int().positive().optional(),
});
/** One GTT pre-check finding. */
export type GttCheck = z.infer<typeof GttCheck>;

/** The screens' view of one GTT action (create, modify, cancel). */
export const GttAction = z.object({
  actionId: z.string(),
  kind: GttActionKind,
  /** The GTT acted on (create: once known). */
  gttId: z.string().nullable(),
  status: GttActionStatus,
  summary: z.string(),
  note: z.string(),
  checks: z.array(GttCheck),
  at: z.number(),
});
/** A GTT action. */
export type GttAction = z.infer<typeof GttAction>;

/** Everything the GTT screen shows. */
export const GttView = z.object({
  /** False on a dialect without GTT (v2): `unavailable` says why. */
  available: z.boolean(),
  unavailable: z.string().nullable(),
  gtts: z.array(Gtt),
  actions: z.array(GttAction),
  /** When the GTT book was last read (UTC ms), null before the first read. */
  readAt: z.number().nullable(),
  /** Rows of the last read that could not be read (left out). */
  skipped: z.number().int().nonnegative(),
});
/** The GTT screen's view. */
export type GttView = z.infer<typeof GttView>;

/** What the screens say on an account whose API has no GTT. */
export const GTT_NEEDS_V3 =
  "GTT orders need an account on the broker's API v3: this account uses API v2. Choose API v3 for it in Settings (Demo: Settings → Preferences, Demo broker API).";

/** A short description of a GTT or draft, for summaries and alerts: "SELL 10 NSE:SBIN-EQ OCO 850/760". */
export function gttSummary(d: GttDraft): string {
  const side = d.side === Side.Buy ? 'BUY' : 'SELL';
  const { leg1, leg2 } = draftLegs(d);
  return leg2
    ? `${side} ${leg1.qty} ${d.symbol} OCO target ${rupees(leg1.triggerPrice)} / stop ${rupees(leg2.triggerPrice)}`
    : `${side} ${leg1.qty} ${d.symbol} at trigger ${rupees(leg1.triggerPrice)}`;
}

/**
 * Whether an order was placed by a triggered GTT: v3 tags it `<leg number>:GTT<tag>`
 * (`1:GTTUntagged`; docs/broker-v3.md "GTT", inferred from the reference's two examples).
 * Seeing one pushed is the sign to read the GTT book at once.
 */
export function placedByGtt(order: { tag?: string | undefined }): boolean {
  return /^\d+:GTT/i.test(order.tag ?? '');
}
