/**
 * Send once, at the core: whatever the screens do (a double click, a held Enter, the same
 * control in two windows, a replayed call), one action on one target is on its way at a
 * time, and one send act (its SendId) is carried out once.
 *
 * Each public order action names what it acts on: an order id (modify, cancel), a position
 * (exit, convert; exit all holds every position), or the client's send id (place, basket).
 * A second action on a target that is held is refused with a typed error in plain words,
 * synchronously, before anything is journaled or sent. A target stays held until its
 * action's outcome is known (an unconfirmed action holds it while it is reconciled), so a
 * second window cannot exit a position again while the first exit might still be filling;
 * and for SEND_REPEAT_WINDOW_MS after it is known to have happened, the very same action on
 * it (same inputs) is taken as a repeat (a double click, a held key) and refused: an exit sent again before
 * its fill shows would square off twice. A different action on the target goes out.
 * The renderers guard their controls too (lib/send-guard); this guard is what holds when
 * two renderers, or anything else, call at once.
 */
import type { OrderIntent } from '../../../../shared/broker/models';
import { AppError } from '../../../../shared/ipc/errors';
import { SEND_REPEAT_WINDOW_MS, SendRefusal } from '../../../../shared/orders/send-once';
import type { ConvertPositionInput, ModifyOrderInput } from '../../broker/order-requests';
import { isSettled } from '../reconcile/intent-tracker';

/** Send ids remembered as spent (a session's worth of sends; the oldest are forgotten first). */
const MAX_SPENT = 5000;

/** What one guarded call holds while it is on its way. */
export interface SendClaim {
  /** The targets it acts on: `order:<id>`, `position:<id>`, `position:*` (all), `send:<id>`. */
  keys: string[];
  /** The action in words, for the refusal of a second one ("the exit of NSE:SBIN-EQ-INTRADAY"). */
  what: string;
  /** The client's id of this send act, spent once taken. */
  sendId?: string;
  /** The action's inputs: the same again on the same target soon after is a repeat. */
  same?: string;
}

/** A wildcard key (`position:*`) holds every key of its kind. */
function overlaps(a: string, b: string): boolean {
  if (a === b) return true;
  const wild = (w: string, k: string) => w.endsWith(':*') && k.startsWith(w.slice(0, -1));
  return wild(a, b) || wild(b, a);
}

/** Held targets and spent send ids of one order service. */
export class SendOnceGuard {
  readonly #held = new Map<string, string>();
  readonly #spent = new Set<string>();
  /** Targets whose last action just settled: its inputs, its words, and until when it counts. */
  readonly #recent = new Map<string, { same: string; what: string; until: number }>();

  constructor(
    private readonly settled: (intentId: string) => Promise<OrderIntent>,
    private readonly now: () => number,
  ) {}

  /**
   * Runs `action` holding the claim's targets until every intent it answers is settled;
   * throws (without running it) when a target is held or the send id was used.
   */
  async run<T extends OrderIntent | OrderIntent[]>(
    claim: SendClaim,
    action: () => Promise<T>,
  ): Promise<T> {
    this.#take(claim);
    let result: T;
    try {
      result = await action();
    } catch (err) {
      this.#release(claim, false);
      throw err;
    }
    const all: OrderIntent[] = Array.isArray(result) ? result : [result as OrderIntent];
    const open = all.filter((i) => !isSettled(i.status));
    // Only what happened counts for the repeat window: after "not done" the same again is a new try.
    const happened = (list: OrderIntent[]) =>
      list.some((i) => i.status === 'done' || i.status === 'confirmed-done');
    if (open.length === 0) this.#release(claim, happened(all));
    else
      void Promise.all(open.map((i) => this.settled(i.intentId))).then(
        (later) => this.#release(claim, happened([...all, ...later])),
        () => this.#release(claim, false),
      );
    return result;
  }

  /** How many targets are held now (tests: the guard lets go of what it took). */
  heldCount(): number {
    return this.#held.size;
  }

  #take(claim: SendClaim): void {
    if (claim.sendId !== undefined && this.#spent.has(claim.sendId)) {
      throw new AppError(
        SendRefusal.alreadySent,
        'These orders were already sent. Nothing was sent again; to place them again, choose "Send again".',
        { action: 'check-state' },
      );
    }
    const now = this.now();
    for (const [key, r] of this.#recent) if (r.until <= now) this.#recent.delete(key);
    for (const key of claim.keys) {
      const r = this.#recent.get(key);
      if (claim.same !== undefined && r?.same === claim.same) {
        throw new AppError(
          SendRefusal.justSent,
          `${r.what[0]!.toUpperCase()}${r.what.slice(1)} was sent a moment ago; the same again was taken as a double click or a held key and not sent. Its result shows in the activity panel.`,
          { action: 'check-state' },
        );
      }
      for (const [held, what] of this.#held) {
        if (!overlaps(key, held)) continue;
        const first = `${what[0]!.toUpperCase()}${what.slice(1)} is still being sent or confirmed`;
        throw new AppError(
          SendRefusal.inFlight,
          `${first}, so ${what === claim.what ? 'it was not sent a second time' : `${claim.what} was not sent`}. Its result shows in the activity panel.`,
          { action: 'check-state' },
        );
      }
    }
    for (const key of claim.keys) this.#held.set(key, claim.what);
    if (claim.sendId !== undefined) {
      this.#spent.add(claim.sendId);
      if (this.#spent.size > MAX_SPENT) this.#spent.delete(this.#spent.values().next().value!);
    }
  }

  /** Lets go of the claim's targets; after an outcome, remembers it for the repeat window. */
  #release(claim: SendClaim, remember: boolean): void {
    const until = this.now() + SEND_REPEAT_WINDOW_MS;
    for (const key of claim.keys) {
      this.#held.delete(key);
      if (remember && claim.same !== undefined)
        this.#recent.set(key, { same: claim.same, what: claim.what, until });
    }
  }
}

/** The order actions the guard wraps (the order service's public ones). */
interface GuardedActions {
  place(draft: { symbol: string }, o?: { sendId?: string }): Promise<OrderIntent>;
  placeMany(drafts: unknown[], o?: { sendId?: string }): Promise<OrderIntent[]>;
  placeMultiLeg(legs: unknown[], o?: { sendId?: string }): Promise<OrderIntent>;
  modify(m: ModifyOrderInput, o?: object): Promise<OrderIntent>;
  modifyMany(ms: ModifyOrderInput[], o?: object): Promise<OrderIntent[]>;
  cancel(id: string): Promise<OrderIntent>;
  cancelMany(ids: string[]): Promise<OrderIntent[]>;
  exit(positionId: string | null): Promise<OrderIntent>;
  convert(c: ConvertPositionInput): Promise<OrderIntent>;
}

/** The inputs of an action, to tell the very same action again from a different one. */
const same = (kind: string, input: unknown) => `${kind} ${JSON.stringify(input)}`;
const sendKeys = (sendId?: string) => (sendId ? [`send:${sendId}`] : []);
const orderKeys = (ids: string[]) => [...new Set(ids)].map((id) => `order:${id}`);
const orders = (ids: string[]) =>
  ids.length === 1 ? `order ${ids[0]}` : `${new Set(ids).size} orders`;

/**
 * The service with every public action behind the guard. Resend and recovery call the
 * unguarded actions: Resend has its own once-only guard (resend-action) and is offered only
 * once an outcome is known.
 */
export function guardActions<S extends GuardedActions>(service: S, guard: SendOnceGuard): S {
  return {
    ...service,
    place: (draft, o = {}) =>
      guard.run(
        { keys: sendKeys(o.sendId), what: `this ${draft.symbol} order`, sendId: o.sendId },
        () => service.place(draft, o),
      ),
    placeMany: (drafts, o = {}) =>
      guard.run({ keys: sendKeys(o.sendId), what: 'this basket', sendId: o.sendId }, () =>
        service.placeMany(drafts, o),
      ),
    placeMultiLeg: (legs, o = {}) =>
      guard.run({ keys: sendKeys(o.sendId), what: 'this multi-leg order', sendId: o.sendId }, () =>
        service.placeMultiLeg(legs, o),
      ),
    modify: (m, o) =>
      guard.run(
        {
          keys: orderKeys([m.id]),
          what: `the change to ${orders([m.id])}`,
          same: same('modify', m),
        },
        () => service.modify(m, o),
      ),
    modifyMany: (ms, o) => {
      const ids = ms.map((m) => m.id);
      return guard.run(
        { keys: orderKeys(ids), what: `the change to ${orders(ids)}`, same: same('modify', ms) },
        () => service.modifyMany(ms, o),
      );
    },
    cancel: (id) =>
      guard.run(
        {
          keys: orderKeys([id]),
          what: `the cancel of ${orders([id])}`,
          same: same('cancel', [id]),
        },
        () => service.cancel(id),
      ),
    cancelMany: (ids) =>
      guard.run(
        { keys: orderKeys(ids), what: `the cancel of ${orders(ids)}`, same: same('cancel', ids) },
        () => service.cancelMany(ids),
      ),
    exit: (positionId) =>
      guard.run(
        positionId === null
          ? { keys: ['position:*'], what: 'the exit of all positions', same: 'exit-all' }
          : {
              keys: [`position:${positionId}`],
              what: `the exit of ${positionId}`,
              same: same('exit', positionId),
            },
        () => service.exit(positionId),
      ),
    convert: (c) => {
      const id = `${c.symbol}-${c.convertFrom}`;
      return guard.run(
        {
          keys: [`position:${id}`],
          what: `the conversion of ${id} to ${c.convertTo}`,
          same: same('convert', c),
        },
        () => service.convert(c),
      );
    },
  };
}
