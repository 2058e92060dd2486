/**
 * The sandbox's GTT desk (issue 21 #4): GTTs held by the simulated broker, single and OCO,
 * created, modified and cancelled as the v3 API defines them (docs/broker-v3.md "GTT"), and
 * triggered on the sandbox's own simulated prices: when the last price crosses a leg's
 * trigger, the leg's limit order goes through the normal order desk (every broker check, the
 * exchange's latency, the book walk), and an OCO's other leg is cancelled with it. A GTT
 * expires a year after creation. GTTs outlive the trading day; only a test reset clears them.
 */
import { ErrorCode } from '../../shared/broker/errors';
import {
  GTT_VALIDITY_MS,
  MAX_ACTIVE_GTTS,
  checkGttDraft,
  draftLegs,
  legOrder,
  legsOnWrongSide,
  type GttDraft,
  type GttLeg,
} from '../../shared/broker/gtt';
import type { Instrument } from '../../shared/broker/instrument';
import { GTT_REPORT_EXPIRED, GttAckCode, GttWireStatus } from '../../shared/broker/v3/gtt-wire';
import { istDayKey } from '../../shared/format/ist';
import { BrokerFailure, fail } from '../failure';
import type { SandboxState } from '../state';
import type { OrderDesk } from '../orders/desk';
import type { MatchingEngine } from '../orders/engine';

/** A GTT's wire status code. */
type WireStatus = (typeof GttWireStatus)[keyof typeof GttWireStatus];

/** One GTT as the simulated broker holds it. */
export interface SimGtt {
  id: string;
  instrument: Instrument;
  draft: GttDraft;
  status: WireStatus;
  /** The book's report type: PLACED, MODIFIED, TRIGGERED, CANCELLED, EXPIRED, REJECTED. */
  reportType: string;
  message: string;
  createdAt: number;
  expiresAt: number;
  /** A single leg triggers when the price rises to it (`up`) or falls to it (`down`). */
  direction: 'up' | 'down';
  /** The order the triggered leg placed. */
  orderId?: string;
  /** Bumped on every change, so the socket layer (and tests) can see a change. */
  version: number;
}

/** A GTT action's answer. */
export interface GttAck {
  code: number;
  message: string;
  id: string;
}

/** Create, modify, cancel, list and trigger GTTs over a SandboxState and its order desk. */
export class GttDesk {
  private readonly gtts = new Map<string, SimGtt>();
  private seq = 0;

  constructor(
    private readonly s: SandboxState,
    private readonly desk: OrderDesk,
    private readonly engine: MatchingEngine,
  ) {}

  /** Every GTT, newest first (the GTT book). */
  list(): SimGtt[] {
    return [...this.gtts.values()].sort(
      (a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1),
    );
  }

  /** One GTT by id, if the book has it. */
  get(id: string): SimGtt | undefined {
    return this.gtts.get(id);
  }

  /** Creates a GTT (POST /api/v3/gtt/orders/sync). */
  place(d: GttDraft): GttAck {
    const i = this.desk.instrument(d.symbol);
    this.check(d, i);
    const active = [...this.gtts.values()].filter((g) => g.status === GttWireStatus.Pending);
    if (active.length >= MAX_ACTIVE_GTTS)
      fail(ErrorCode.OrderRejected, `At most ${MAX_ACTIVE_GTTS} active GTT orders per account`);
    const now = this.s.now();
    const id = this.nextId(now);
    const ltp = this.s.ltp(i);
    this.gtts.set(id, {
      id,
      instrument: i,
      draft: d,
      status: GttWireStatus.Pending,
      reportType: 'PLACED',
      message: 'GTT/OCO order placed successfully.',
      createdAt: now,
      expiresAt: now + GTT_VALIDITY_MS,
      direction: draftLegs(d).leg1.triggerPrice > ltp ? 'up' : 'down',
      version: 1,
    });
    return { code: GttAckCode.Placed, message: 'Successfully placed order', id };
  }

  /**
   * Modifies a pending GTT (PATCH): the legs given replace the GTT's; a leg left out keeps its
   * values (the reference: "the original value will be considered").
   */
  modify(id: string, leg1: Partial<GttLeg>, leg2: Partial<GttLeg> | null): GttAck {
    const g = this.pending(id, 'modify');
    const cur = draftLegs(g.draft);
    const merged = (base: GttLeg, patch: Partial<GttLeg>): GttLeg => ({ ...base, ...patch });
    const d: GttDraft =
      g.draft.kind === 'single'
        ? { ...g.draft, leg: merged(cur.leg1, leg1) }
        : {
            ...g.draft,
            target: merged(cur.leg1, leg1),
            stop: merged(cur.leg2 ?? cur.leg1, leg2 ?? {}),
          };
    this.check(d, g.instrument);
    g.draft = d;
    g.direction = draftLegs(d).leg1.triggerPrice > this.s.ltp(g.instrument) ? 'up' : 'down';
    g.reportType = 'MODIFIED';
    g.message = 'GTT/OCO order modified successfully.';
    g.version++;
    return { code: GttAckCode.Modified, message: 'Successfully modified order', id };
  }

  /** Cancels a pending GTT (DELETE). */
  cancel(id: string): GttAck {
    const g = this.pending(id, 'cancel');
    this.end(g, GttWireStatus.Cancelled, 'CANCELLED', 'GTT/OCO order cancelled successfully.');
    return { code: GttAckCode.Cancelled, message: 'Successfully cancelled order', id };
  }

  /**
   * Expires GTTs past their year and triggers those whose leg the last price has reached
   * (called on every market step and after a price control). A GTT waits while its market is
   * closed: the order it places must reach an open exchange.
   */
  evaluate(): void {
    const now = this.s.now();
    for (const g of this.gtts.values()) {
      if (g.status !== GttWireStatus.Pending) continue;
      if (now >= g.expiresAt) {
        this.end(g, GttWireStatus.Cancelled, GTT_REPORT_EXPIRED, 'GTT/OCO order expired.');
        continue;
      }
      if (!this.engine.marketOpen(g.instrument)) continue;
      const ltp = this.s.ltp(g.instrument);
      const { leg1, leg2 } = draftLegs(g.draft);
      if (g.draft.kind === 'single') {
        const hit = g.direction === 'up' ? ltp >= leg1.triggerPrice : ltp <= leg1.triggerPrice;
        if (hit) this.trigger(g, leg1, 1);
      } else if (ltp >= leg1.triggerPrice) this.trigger(g, leg1, 1);
      else if (leg2 && ltp <= leg2.triggerPrice) this.trigger(g, leg2, 2);
    }
  }

  /** Forgets every GTT (test reset). */
  reset(): void {
    this.gtts.clear();
    this.seq = 0;
  }

  /** The GTT's rules: each leg as an order, the trigger's tick, and (OCO) the triggers' sides. */
  private check(d: GttDraft, i: Instrument): void {
    const first = checkGttDraft(d, i)[0];
    if (first) fail(first.code, first.message);
    // The reference: "To avoid rejections: leg 1's trigger above the LTP, leg 2's below".
    if (d.kind === 'oco') {
      const wrong = legsOnWrongSide(d, this.s.ltp(i))[0];
      if (wrong) fail(wrong.code, wrong.message);
    }
  }

  /** A GTT that may still change, or the right failure. */
  private pending(id: string, action: string): SimGtt {
    const g = this.gtts.get(id) ?? fail(ErrorCode.InvalidOrderId, `Invalid GTT order id ${id}`);
    if (g.status !== GttWireStatus.Pending)
      fail(
        ErrorCode.OrderRejected,
        `GTT order ${id} is no longer pending (${g.reportType.toLowerCase()}); cannot ${action}`,
      );
    return g;
  }

  /**
   * Places the leg's order through the order desk, with every check an order gets: a CNC sell
   * of demat shares is rejected unless the account has DDPI or that day's eDIS authorization
   * covers it (as FYERS, Zerodha and Dhan say of sell GTTs; docs/broker-v3.md "GTT"). The GTT
   * is then triggered, or rejected naming the order's reason.
   */
  private trigger(g: SimGtt, leg: GttLeg, legNo: 1 | 2): void {
    const which = g.draft.kind === 'oco' ? (legNo === 1 ? 'target leg' : 'stop leg') : 'leg';
    try {
      const ack = this.desk.place(legOrder(g.draft, leg), {
        // Inferred from the reference's orderTag note ("1:GTT…", "2:GTTUntagged"): docs/broker-v3.md.
        orderTag: `${legNo}:GTTUntagged`,
      });
      g.orderId = ack.id;
      this.end(
        g,
        GttWireStatus.Triggered,
        'TRIGGERED',
        `GTT/OCO ${which} triggered: order ${ack.id} placed.`,
      );
    } catch (e) {
      if (!(e instanceof BrokerFailure)) throw e;
      if (typeof e.extra.id === 'string') g.orderId = e.extra.id;
      this.end(
        g,
        GttWireStatus.Rejected,
        'REJECTED',
        `GTT/OCO ${which} triggered, its order${g.orderId ? ` ${g.orderId}` : ''} was rejected: ${e.message}`,
      );
    }
  }

  private end(g: SimGtt, status: WireStatus, reportType: string, message: string): void {
    g.status = status;
    g.reportType = reportType;
    g.message = message;
    g.version++;
  }

  /** A GTT id in the reference's form (yyMMdd + 8 digits, like order ids). */
  private nextId(now: number): string {
    this.seq++;
    const ymd = istDayKey(now).replaceAll('-', '').slice(2);
    return `${ymd}${String(90_000_000 + this.seq).padStart(8, '0')}`;
  }
}
