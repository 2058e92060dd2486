/**
 * Start-up recovery: actions the journal shows as unsettled (the app stopped while an order
 * was in flight or being reconciled) come back as intents. Never sent: settled as not done.
 * Answered before the stop: settled from the journaled answer. Otherwise unconfirmed, and
 * reconciled against the broker exactly like a live ambiguous failure. Nothing is resent.
 */
import type { OrderAction, OrderIntent } from '../../../../shared/broker/models';
import type { OrderDraft } from '../../../../shared/broker/rules';
import type { ConvertPositionInput, ModifyOrderInput } from '../../broker/order-requests';
import type { CheckResult } from './ambiguity-resolver';
import { knownOrderIds, unsettledActions } from '../journal/journal-recovery';
import { cancelCheck, convertCheck, exitCheck, modifyCheck, placeCheck } from './reconcile-checks';
import type { OrderContext } from '../actions/order-context';
import type { OrderJournal } from '../journal/order-journal';

/** The service's actions, for offering a resend of a recovered action once it is known not done. */
export interface RecoveryActions {
  place(d: OrderDraft): Promise<OrderIntent>;
  modify(m: ModifyOrderInput): Promise<OrderIntent>;
  cancel(id: string): Promise<OrderIntent>;
  exit(positionId: string | null): Promise<OrderIntent>;
  convert(c: ConvertPositionInput): Promise<OrderIntent>;
}

/** Restores and settles every unsettled journaled action; returns their intents. */
export async function recoverFromJournal(
  ctx: OrderContext,
  journal: OrderJournal,
  actions: RecoveryActions,
  payloads: Map<string, () => Promise<OrderIntent>>,
): Promise<OrderIntent[]> {
  const { tracker } = ctx;
  function resendOf(
    action: OrderAction,
    p: Record<string, unknown>,
  ): (() => Promise<OrderIntent>) | undefined {
    // A multi-leg order is reconciled by its first leg, but never resent as that one leg.
    if (action === 'place' && p.legs) return undefined;
    if (action === 'place' && p.draft) return () => actions.place(p.draft as OrderDraft);
    if (action === 'modify' && p.modify) return () => actions.modify(p.modify as ModifyOrderInput);
    if (action === 'cancel' && typeof p.id === 'string')
      return () => actions.cancel(p.id as string);
    if (action === 'exit-position' || action === 'exit-all') {
      return () => actions.exit(typeof p.positionId === 'string' ? p.positionId : null);
    }
    if (action === 'convert' && p.convert)
      return () => actions.convert(p.convert as ConvertPositionInput);
    return undefined;
  }

  function recoveryCheck(
    action: OrderAction,
    p: Record<string, unknown>,
    sentAt: number,
    hintId?: string,
  ): () => Promise<CheckResult> {
    switch (action) {
      case 'place':
        return placeCheck(
          ctx,
          p.draft as OrderDraft,
          { sentAt, knownAtSend: new Set(), bookSeen: false },
          hintId || undefined,
        );
      case 'modify':
        return modifyCheck(ctx, p.modify as ModifyOrderInput);
      case 'cancel':
        return cancelCheck(ctx, String(p.id));
      case 'convert': {
        return convertCheck(ctx, p.convert as ConvertPositionInput, 0);
      }
      default:
        return exitCheck(ctx, typeof p.positionId === 'string' ? p.positionId : null, new Map(), {
          knownAtSend: ctx.knownSnapshot(),
        });
    }
  }

  const entries = await journal.readAll();
  for (const id of knownOrderIds(entries)) ctx.claim(id);
  const out: OrderIntent[] = [];
  for (const u of unsettledActions(entries)) {
    if (tracker.list().some((i) => i.intentId === u.intentId)) continue;
    tracker.restore({
      intentId: u.intentId,
      batchId: u.batchId,
      action: u.action,
      status: 'unconfirmed',
      summary: u.summary,
      orderId: u.ack?.id || null,
      createdAt: u.createdAt,
      updatedAt: u.createdAt,
      error: u.error,
      violations: [],
      note: 'Recovered after a restart.',
      resendAllowed: false,
    });
    const p = u.payload;
    const again = resendOf(u.action, p);
    if (again) payloads.set(u.intentId, again);
    const id = u.intentId;
    if (u.sentAt === null) {
      out.push(
        await tracker.update(id, {
          status: 'confirmed-not-done',
          note: 'The app stopped before sending this; nothing was sent.',
        }),
      );
    } else if (u.ack && !u.ack.unacknowledged && u.ack.code !== 201) {
      out.push(
        await tracker.update(id, {
          status: 'confirmed-done',
          orderId: u.ack.id || null,
          note: 'The broker had accepted it before the app stopped.',
        }),
      );
    } else if (u.error && !u.error.ambiguous) {
      out.push(await tracker.update(id, { status: 'failed', error: u.error }));
    } else {
      out.push(
        await ctx.unconfirmed(
          tracker.get(id),
          u.error,
          recoveryCheck(u.action, p, u.sentAt, u.ack?.id),
        ),
      );
    }
  }
  return out;
}
