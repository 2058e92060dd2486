/**
 * Exit and convert: the position actions. Each reads the positions first, because what it
 * finds there (the open quantities, the quantity already in the target product) is what
 * reconciliation later compares against when the broker's answer is lost.
 */
import type { OrderIntent, Positions } from '../../../../shared/broker/models';
import { ErrorCode } from '../../../../shared/broker/errors';
import type { ConvertPositionInput } from '../../broker/order-requests';
import { precheckConvert } from '../checks/order-prechecks';
import { convertCheck, exitCheck } from '../reconcile/reconcile-checks';
import type { ActionKit } from './action-kit';
import { refuseWhileStopped, type TradingStopSource } from './trading-stop';

/** The position actions of the order service. */
export interface PositionActions {
  /** Exits one position (id '<symbol>-<productType>'), or all when `positionId` is null. */
  exit(positionId: string | null): Promise<OrderIntent>;
  /** Converts a position to another product type. */
  convert(c: ConvertPositionInput): Promise<OrderIntent>;
}

/**
 * Builds the position actions over the service's kit. `stopped` is asked by every convert,
 * the first send and a resend alike (a resend runs the payload kept here), so a conversion
 * started before a trading stop cannot go out after it; exits are never refused.
 */
export function createPositionActions(
  kit: ActionKit,
  stopped?: TradingStopSource,
): PositionActions {
  const { ctx, payloads } = kit;
  const { tracker, broker } = ctx;
  const actions: PositionActions = {
    async exit(positionId) {
      const action = positionId === null ? 'exit-all' : 'exit-position';
      const intent = await tracker.create(
        action,
        positionId === null ? 'EXIT ALL POSITIONS' : `EXIT ${positionId}`,
        { positionId },
      );
      payloads.set(intent.intentId, () => actions.exit(positionId));
      let before: Positions;
      try {
        if (!ctx.hasOrders()) await ctx.readBook();
        before = await ctx.readPositions();
      } catch (err) {
        return ctx.failBeforeSend(intent, err);
      }
      const open = new Map(
        before.positions.filter((p) => p.netQty !== 0).map((p) => [p.id, p.netQty]),
      );
      if (positionId !== null && !open.has(positionId)) {
        return kit.blocked(intent, [
          {
            field: 'id',
            message: `No open position ${positionId}.`,
            code: ErrorCode.InvalidPositionId,
            guard: null,
          },
        ]);
      }
      const snap = ctx.sendSnapshot();
      // Earlier exits and converts there stop being watched once this one has left the
      // budget queue (not before: until then only they can have changed the position).
      const onSent = (at: number) => {
        ctx.markSent(snap, at);
        ctx.actingOn(positionId === null ? ['position:*'] : [`position:${positionId}`]);
      };
      const call = () =>
        positionId === null
          ? broker.exitAllPositions({ onSent })
          : broker.exitPosition(positionId, { onSent });
      return kit.send(intent, positionId === null ? {} : { id: positionId }, call, () =>
        exitCheck(ctx, positionId, open, snap),
      );
    },

    async convert(c) {
      refuseWhileStopped(stopped);
      const intent = await tracker.create(
        'convert',
        `CONVERT ${c.convertQty} ${c.symbol} ${c.convertFrom}→${c.convertTo}`,
        { convert: c },
      );
      payloads.set(intent.intentId, () => actions.convert(c));
      const v = precheckConvert(c, ctx.instruments);
      if (v.length) return kit.blocked(intent, v);
      let beforeTo = 0;
      try {
        const p = await ctx.readPositions();
        beforeTo = Math.abs(
          p.positions.find((x) => x.symbol === c.symbol && x.productType === c.convertTo)?.netQty ??
            0,
        );
      } catch (err) {
        return ctx.failBeforeSend(intent, err);
      }
      const onSent = () =>
        ctx.actingOn([
          `position:${c.symbol}-${c.convertFrom}`,
          `position:${c.symbol}-${c.convertTo}`,
        ]);
      return kit.send(
        intent,
        c,
        () => broker.convertPosition(c, { onSent }),
        () => convertCheck(ctx, c, beforeTo),
      );
    },
  };
  return actions;
}
