/**
 * Multi place / modify / cancel: one intent per order, sent in requests of at most 10.
 *
 * Each order in a multi answer succeeds or fails on its own (spec, Errors rule 3), so each
 * gets its own intent and, when its item is ambiguous (5xx, -201..-205, code 201), its own
 * reconciliation. When a whole request fails ambiguously, every order of it is reconciled.
 *
 * A basket larger than the broker's multi limit is split into requests sent one after the
 * other. Before the next request leaves, every unconfirmed order of the previous one is
 * reconciled: otherwise a reconciliation looking for "an order like this one" could claim
 * an identical order the next request just placed. If one stays unknown (the book cannot be
 * read), the rest of the basket is not sent: nothing is ever sent on a guess.
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
import { toFailure } from './to-failure';
import type { OrderContext } from './order-context';
import { MAX_BASKET_ORDERS } from '../../../../shared/orders/basket-limits';
import { splitIntoRequests } from './batch-split';

/** One multi request of a batch: its send and the checks that know its moment of sending. */
export interface BatchRequest<T> {
  /** Sends the request; `onSent` is told when it leaves the budget queue. */
  send(onSent: (at: number) => void): Promise<MultiItemResult[]>;
  check(item: T, hintId?: string): () => Promise<CheckResult>;
}

/** How one kind of batch is checked, sent and reconciled. */
export interface BatchSpec<T> {
  action: OrderAction;
  items: T[];
  describe(item: T): string;
  payload(item: T): unknown;
  /**
   * What the item acts upon ('order:<id>'): earlier actions on it stop being watched for a
   * late arrival once this one has left the budget queue. None for placements (see `holds`).
   */
  targets?(item: T): string[];
  /**
   * What a new order of the item acts upon ('position:<id>'): late-arrival watches there
   * pause until its intent has settled (`OrderContext.holdLateWatchesFor`), never end.
   */
  holds?(item: T): string[];
  /** How one item is sent again on its own (Resend on one order of a basket). */
  resend(item: T): () => Promise<OrderIntent>;
  precheck(item: T, index: number): PrecheckViolation[];
  body(item: T): unknown;
  /** Prepares the request carrying `items` (at most the broker's multi limit). */
  request(items: T[]): BatchRequest<T>;
}

/**
 * Runs a batch of up to MAX_BASKET_ORDERS items, split into requests of at most
 * MAX_MULTI_ORDERS; a failed pre-check of any item blocks the whole basket (nothing
 * half-sent).
 */
export async function runBatch<T>(
  ctx: OrderContext,
  spec: BatchSpec<T>,
  payloads: Map<string, () => Promise<OrderIntent>>,
): Promise<OrderIntent[]> {
  const { tracker } = ctx;
  if (spec.items.length === 0 || spec.items.length > MAX_BASKET_ORDERS) {
    throw BrokerError.invalidInput(
      'order',
      `A basket holds 1 to ${MAX_BASKET_ORDERS} orders (got ${spec.items.length}).`,
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

  const violations = spec.items.map((item, i) => spec.precheck(item, i));
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

  const out: OrderIntent[] = [];
  const parts = splitIntoRequests(spec.items.length, MAX_MULTI_ORDERS);
  for (const [p, [from, to]] of parts.entries()) {
    const part = intents.slice(from, to);
    if (p > 0 && out.some((i) => i.status === 'unconfirmed')) {
      // Still unknown after its reconciliation: the rest waits for the trader.
      out.push(...(await holdBack(ctx, part)));
      continue;
    }
    const results = await sendPart(ctx, spec, part, spec.items.slice(from, to));
    if (p < parts.length - 1) {
      await Promise.all(results.map((i) => ctx.reconciled(i.intentId)));
      out.push(...results.map((i) => tracker.get(i.intentId)));
    } else out.push(...results);
  }
  return out;
}

/** Orders not sent because an earlier request of their basket could not be confirmed. */
function holdBack(ctx: OrderContext, intents: OrderIntent[]): Promise<OrderIntent[]> {
  return Promise.all(
    intents.map((intent) =>
      ctx.tracker.update(intent.intentId, {
        status: 'blocked',
        note: 'Not sent: an earlier part of this basket is still unconfirmed. Check it, then send the rest again.',
      }),
    ),
  );
}

/** Sends one request of the batch and settles each of its orders from the answer. */
async function sendPart<T>(
  ctx: OrderContext,
  spec: BatchSpec<T>,
  intents: OrderIntent[],
  items: T[],
): Promise<OrderIntent[]> {
  const { tracker } = ctx;
  if (spec.holds)
    intents.forEach((intent, i) =>
      ctx.holdLateWatchesFor(intent.intentId, spec.holds!(items[i] as T)),
    );
  const targets = spec.targets ? items.flatMap((item) => spec.targets!(item)) : [];
  const req = spec.request(items);
  await Promise.all(
    intents.map((intent, i) =>
      tracker.journal(intent, 'request', { body: spec.body(items[i] as T) }),
    ),
  );
  let results: MultiItemResult[];
  try {
    results = await withOrderIntents(
      intents.map((i) => i.intentId),
      // Earlier actions on the same orders stop being watched once this one has left (not
      // before: until then only they can have changed the orders).
      () => req.send(() => ctx.actingOn(targets)),
    );
  } catch (err) {
    return Promise.all(
      intents.map((intent, i) => ctx.onFailure(intent, err, req.check(items[i] as T))),
    );
  }
  return Promise.all(
    intents.map(async (intent, i) => {
      const r = results[i] as MultiItemResult;
      const item = items[i] as T;
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
        return ctx.unconfirmed(withId, null, req.check(item, r.ack.id || undefined));
      }
      const failure = r.error ?? toFailure(new Error('multi item failed without an error'));
      if (failure.ambiguous) return ctx.unconfirmed(intent, failure, req.check(item));
      return tracker.update(intent.intentId, { status: 'failed', error: failure });
    }),
  );
}
