/**
 * A multi-leg order (issue 21 #3): two or three legs sent as ONE request where the account's
 * dialect has multi-leg orders, with the same promises as every order. Each leg is
 * pre-checked (broker rules and fat-finger guards) before anything goes; the action is one
 * intent, journalled before and after sending; an ambiguous answer leaves it unconfirmed
 * and reconciled against the book by its first leg (the broker answers with the first leg's
 * id, and the order is all or nothing), and it is never sent again on its own: only the
 * trader's "Send again" after it is known not placed sends it, whole.
 */
import type { OrderIntent, PrecheckViolation } from '../../../../shared/broker/models';
import type { OrderDraft } from '../../../../shared/broker/rules';
import type { BrokerClient } from '../../broker/broker-client';
import { MULTILEG_MAX_LEGS, MULTILEG_MIN_LEGS, multiLegBody } from '../../broker/multileg-request';
import type { FatFingerLimits } from '../checks/fat-finger-guards';
import { precheckPlace, type InstrumentLookup } from '../checks/order-prechecks';
import { placeCheck } from '../reconcile/reconcile-checks';
import type { ActionKit } from './action-kit';
import { refuseWhileStopped, type TradingStopSource } from './trading-stop';

/** What the action needs from the order service. */
export interface MultiLegDeps {
  kit: ActionKit;
  /** The account's multi-leg call (the broker client routes it to the account's dialect). */
  broker: Pick<BrokerClient, 'placeMultiLeg'>;
  /** Whether the logged-in account's dialect has multi-leg orders. */
  supported(): boolean;
  instruments: InstrumentLookup;
  limits: () => FatFingerLimits;
  stopped?: TradingStopSource;
  describe(d: OrderDraft): string;
  /** What each leg acts on, for the late-arrival watches. */
  targets(d: OrderDraft): string[];
}

/** The violations of the order as a whole: leg count and one product. */
function shapeViolations(legs: readonly OrderDraft[]): PrecheckViolation[] {
  const out: PrecheckViolation[] = [];
  if (legs.length < MULTILEG_MIN_LEGS || legs.length > MULTILEG_MAX_LEGS)
    out.push({
      field: 'legs',
      message: `A multi-leg order has ${MULTILEG_MIN_LEGS} or ${MULTILEG_MAX_LEGS} legs.`,
      code: null,
      guard: null,
    });
  if (new Set(legs.map((l) => l.productType)).size > 1)
    out.push({
      field: 'productType',
      message: 'Every leg of a multi-leg order has the same product.',
      code: null,
      guard: null,
    });
  return out;
}

/** Builds the action: `placeMultiLeg(legs, {confirmGuards})`. */
export function createMultiLegAction(d: MultiLegDeps) {
  const { kit } = d;
  const { ctx } = kit;
  return async function placeMultiLeg(
    legs: OrderDraft[],
    o: { confirmGuards?: boolean } = {},
  ): Promise<OrderIntent> {
    refuseWhileStopped(d.stopped);
    const first = legs[0];
    const intent = await ctx.tracker.create(
      'place',
      `MULTI-LEG ${legs.map(d.describe).join(' + ')}`,
      // `draft` is the first leg: what reconciliation (here and after a restart) looks for.
      { draft: first, legs },
    );
    kit.payloads.set(intent.intentId, () =>
      placeMultiLeg(legs, { confirmGuards: o.confirmGuards }),
    );
    if (!d.supported())
      return kit.blocked(intent, [
        {
          field: 'legs',
          message:
            "This account's broker API cannot send multi-leg orders: send the legs as a basket.",
          code: null,
          guard: null,
        },
      ]);
    const v = [
      ...shapeViolations(legs),
      ...legs.flatMap((leg, k) =>
        precheckPlace(leg, d.instruments, d.limits(), o.confirmGuards).map((x) => ({
          ...x,
          message: `Leg ${k + 1} (${leg.symbol}): ${x.message}`,
        })),
      ),
    ];
    if (v.length || !first) return kit.blocked(intent, v);
    ctx.holdLateWatchesFor(intent.intentId, legs.flatMap(d.targets));
    const snap = ctx.sendSnapshot();
    const result = await kit.send(
      intent,
      multiLegBody(legs),
      () => d.broker.placeMultiLeg(legs, { onSent: (at) => ctx.markSent(snap, at) }),
      (hint) => placeCheck(ctx, first, snap, hint),
    );
    if (result.status === 'done' && result.orderId) ctx.noteSent(result.orderId, snap.sentAt);
    return result;
  };
}
