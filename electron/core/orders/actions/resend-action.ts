/**
 * Resend: the one way an order action is sent twice, so the one place that guards it. It is
 * allowed once per action, only for an action known not to have happened, and only after
 * the account is read once more, so a late arrival is never doubled.
 */
import type { OrderIntent } from '../../../../shared/broker/models';
import { AppError } from '../../../../shared/ipc/errors';
import type { ActionKit } from './action-kit';

/** Resend refused: a typed error the ticket shows as is (never an 'internal' one). */
function resendRefused(message: string): AppError {
  return new AppError('resend-refused', message, { action: 'check-state' });
}

/** Sends the action `intentId` again as a new intent, or throws why it may not be. */
export async function resendAction(kit: ActionKit, intentId: string): Promise<OrderIntent> {
  const { ctx, payloads } = kit;
  const { tracker } = ctx;
  // A pushed order update may have just revealed a late arrival: let its correction and
  // the trader's warning finish before deciding (the refusal then names the late order).
  await ctx.lateSettled(intentId);
  const prev = tracker.list().find((i) => i.intentId === intentId);
  if (!prev) throw resendRefused('That order action is not known in this session.');
  const again = payloads.get(intentId);
  if (!prev.resendAllowed || !again || !tracker.consumeResend(intentId)) {
    throw resendRefused(
      tracker.list().some((i) => i.intentId === intentId) && !payloads.has(intentId)
        ? `"${prev.summary}" was already sent again, or cannot be sent again from here.`
        : `"${prev.summary}" cannot be sent again: its outcome is ${prev.status}.`,
    );
  }
  payloads.delete(intentId);
  // The original stays watched for a late arrival, but not while its resend is on its way:
  // neither the last look's read nor the resend's own order may be taken for it.
  const resume = ctx.pauseLateWatch(intentId);
  let last: { done: boolean; orderId: string | null };
  try {
    last = await ctx.recheckBeforeResend(intentId);
  } catch {
    resume();
    tracker.restoreResend(intentId);
    payloads.set(intentId, again);
    throw new AppError(
      'resend-check-failed',
      'The order book could not be read just before sending again, so nothing was sent. Try again in a moment.',
      { action: 'retry-later' },
    );
  }
  if (last.done) {
    resume();
    await ctx.settleLate(intentId, last.orderId);
    throw resendRefused(
      `"${prev.summary}" was carried out after all${last.orderId ? ` (order ${last.orderId})` : ''}; it was not sent again.`,
    );
  }
  await tracker.update(intentId, { note: `${prev.note} Sent again as a new action.` });
  try {
    const next = await again();
    // Resumed once the resend has settled, or, when it settled "not done" and is watched
    // itself, once that watch has ended: both watches would match the one order that lands,
    // and the original, watched first, would take the resend's order and call it "both exist".
    void Promise.resolve()
      .then(() => tracker.settled(next.intentId))
      .then(() => ctx.lateWatchEnded(next.intentId))
      .then(resume, resume);
    return next;
  } catch (err) {
    resume();
    throw err;
  }
}
