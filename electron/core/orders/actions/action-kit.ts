/**
 * The steps every order action ends with, shared by the single, position and batch actions
 * so that each is journaled, routed on failure and tracked for shutdown the same way.
 */
import { OrderSuccessCode } from '../../../../shared/broker/enums';
import type { OrderIntent, PrecheckViolation } from '../../../../shared/broker/models';
import type { CheckResult } from '../reconcile/ambiguity-resolver';
import { withOrderIntents } from '../../diagnostics/request-context';
import type { OrderContext } from './order-context';

/** Stored "send it again" closures, by intent id: Resend is offered only where one exists. */
export type ResendPayloads = Map<string, () => Promise<OrderIntent>>;

/** A broker answer to a single action: its order id, and whether the exchange acknowledged. */
type Ack = { id?: string; unacknowledged?: boolean; code?: number };

/** What an action needs besides the context: the Resend store and the final steps. */
export interface ActionKit {
  ctx: OrderContext;
  payloads: ResendPayloads;
  /**
   * Sends one action, journaling request and response; an ambiguous failure leaves it
   * unconfirmed and reconciled with `check`. Quitting waits for it (`dispose`).
   */
  send<T extends Ack>(
    intent: OrderIntent,
    body: unknown,
    call: () => Promise<T>,
    check: (hintId?: string) => () => Promise<CheckResult>,
  ): Promise<OrderIntent>;
  /** Marks an action stopped by its pre-checks, with their messages as the note. */
  blocked(intent: OrderIntent, violations: PrecheckViolation[]): Promise<OrderIntent>;
}

/** Builds the kit over one order context (one per order service). */
export function createActionKit(ctx: OrderContext, payloads: ResendPayloads): ActionKit {
  const { tracker } = ctx;

  async function sendNow<T extends Ack>(
    intent: OrderIntent,
    body: unknown,
    call: () => Promise<T>,
    check: (hintId?: string) => () => Promise<CheckResult>,
  ): Promise<OrderIntent> {
    await tracker.journal(intent, 'request', { body });
    let ack: T;
    try {
      // The request log names the intent of the request and of any reconciliation read.
      ack = await withOrderIntents([intent.intentId], call);
    } catch (err) {
      return withOrderIntents([intent.intentId], () => ctx.onFailure(intent, err, check()));
    }
    await tracker.journal(intent, 'response', { ack });
    if (ack.unacknowledged || ack.code === OrderSuccessCode.SentNoAck) {
      const withId = await tracker.update(intent.intentId, { orderId: ack.id || null });
      return ctx.unconfirmed(withId, null, check(ack.id || undefined));
    }
    if (ack.id) ctx.claim(ack.id);
    return tracker.update(intent.intentId, {
      status: 'done',
      orderId: ack.id || intent.orderId,
      note: 'Accepted by the broker.',
    });
  }

  return {
    ctx,
    payloads,
    send(intent, body, call, check) {
      const sent = sendNow(intent, body, call, check);
      ctx.track(sent.then(() => undefined));
      return sent;
    },
    blocked(intent, violations) {
      return tracker.update(intent.intentId, {
        status: 'blocked',
        violations,
        note: violations.map((v) => v.message).join(' '),
      });
    },
  };
}
