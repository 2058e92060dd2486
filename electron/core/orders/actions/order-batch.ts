/**
 * Multi place / modify / cancel: one request, one intent per order.
 *
 * Each order in a multi answer succeeds or fails on its own (spec, Errors rule 3), so each
 * gets its own intent and, when its item is ambiguous (5xx, -201..-205, code 201), its own
 * reconciliation. When the whole request fails ambiguously, every order is reconciled.
 */
import type {
  MultiItemResult,
  OrderAction,
  OrderIntent,
  PrecheckViolation,
} from '../../../../shared/broker/models';
import { BrokerError } from '../../broker/broker-error';
import { MAX_MULTI_ORDERS } from '../../broker/broker-client';
import type { CheckResult } from '../reconcile/ambiguity-resolver';
import { withOrderIntents } from '../../diagnostics/request-context';
import { toFailure } from './order-context';
import type { OrderContext } from './order-context';

/** How one kind of batch is checked, sent and reconciled. */
export interface BatchSpec<T> {
  action: OrderAction;
  items: T[];
  describe(item: T): string;
  payload(item: T): unknown;
  /** How one item is sent again on its own (Resend on one order of a basket). */
  resend(item: T): () => Promise<OrderIntent>;
  precheck(item: T): PrecheckViolation[];
  body(item: T): unknown;
  send(): Promise<MultiItemResult[]>;
  check(item: T, hintId?: string): () => Promise<CheckResult>;
}

/** Runs a batch; a failed pre-check of any item blocks the whole basket (nothing half-sent). */
export async function runBatch<T>(
  ctx: OrderContext,
  spec: BatchSpec<T>,
  payloads: Map<string, () => Promise<OrderIntent>>,
): Promise<OrderIntent[]> {
  const { tracker } = ctx;
  if (spec.items.length === 0 || spec.items.length > MAX_MULTI_ORDERS) {
    throw BrokerError.invalidInput(
      'order',
      `A basket holds 1 to ${MAX_MULTI_ORDERS} orders (got ${spec.items.length}).`,
    );
  }
  const batchId = `batch-${spec.items.length}-${ctx.clock.now()}`;
  const intents: OrderIntent[] = [];
  for (const item of spec.items) {
    const intent = await tracker.create(
      spec.action,
      spec.describe(item),
      spec.payload(item),
      batchId,
    );
    payloads.set(intent.intentId, spec.resend(item));
    intents.push(intent);
  }

  const violations = spec.items.map((item) => spec.precheck(item));
  if (violations.some((v) => v.length > 0)) {
    return Promise.all(
      intents.map((intent, i) =>
        tracker.update(intent.intentId, {
          status: 'blocked',
          violations: violations[i] ?? [],
          note: violations[i]?.length
            ? violations[i]!.map((v) => v.message).join(' ')
            : 'Not sent: another order in the basket failed its checks.',
        }),
      ),
    );
  }
  await Promise.all(
    intents.map((intent, i) =>
      tracker.journal(intent, 'request', { body: spec.body(spec.items[i] as T) }),
    ),
  );

  let results: MultiItemResult[];
  try {
    results = await withOrderIntents(
      intents.map((i) => i.intentId),
      () => spec.send(),
    );
  } catch (err) {
    return Promise.all(
      intents.map((intent, i) => ctx.onFailure(intent, err, spec.check(spec.items[i] as T))),
    );
  }
  return Promise.all(
    intents.map(async (intent, i) => {
      const r = results[i] as MultiItemResult;
      const item = spec.items[i] as T;
      await tracker.journal(intent, 'response', { item: r });
      if (r.ok && r.ack && !r.ack.unacknowledged) {
        if (r.ack.id) ctx.claim(r.ack.id);
        return tracker.update(intent.intentId, {
          status: 'done',
          orderId: r.ack.id || null,
          note: 'Accepted by the broker.',
        });
      }
      if (r.ok && r.ack) {
        const withId = await tracker.update(intent.intentId, { orderId: r.ack.id || null });
        return ctx.unconfirmed(withId, null, spec.check(item, r.ack.id || undefined));
      }
      const failure = r.error ?? toFailure(new Error('multi item failed without an error'));
      if (failure.ambiguous) return ctx.unconfirmed(intent, failure, spec.check(item));
      return tracker.update(intent.intentId, { status: 'failed', error: failure });
    }),
  );
}
