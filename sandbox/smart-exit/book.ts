/**
 * The sandbox's smart exit triggers (issue 22 #6; docs/broker-v3.md "Smart exit trigger"):
 * a P&L band over the account's whole day (realised + unrealised, all positions) that the
 * BROKER watches. Type 1 only alerts; type 2 exits at once; type 3 exits once the P&L has
 * stayed beyond the band for `waitTime` minutes (a recovery inside the band cancels the
 * wait). An exit cancels every pending order and exits every open position whose market is
 * open, as the exit-all call does (inferred). A tripped trigger stays tripped for the rest of
 * the day (or until it is updated) and is armed again at the 06:00 IST rollover: it guards
 * every day's P&L, whether or not the client that set it logs in that day (inferred).
 */
import { isOpen } from '../orders/model';
import type { MatchingEngine } from '../orders/engine';
import type { SandboxState } from '../state';
import { OrderStatus } from '../../shared/broker/enums';

/** What a trigger does at its band (the SDK's `type`). */
export const SmartExitType = { AlertOnly: 1, Exit: 2, ExitAfterWait: 3 } as const;
/** One of the trigger types. */
export type SmartExitTypeCode = (typeof SmartExitType)[keyof typeof SmartExitType];

/** One trigger as the sandbox keeps it. */
export interface SmartExitTrigger {
  flowId: string;
  name: string;
  type: SmartExitTypeCode;
  /** Day P&L (₹) at or above which it trips. */
  profitRate: number;
  /** Day P&L (₹, negative) at or below which it trips. */
  lossRate: number;
  /** Minutes beyond the band before a type-3 exit. */
  waitTime: number;
  active: boolean;
  /** When it tripped (UTC ms), and which side; null while armed. */
  triggeredAt: number | null;
  triggeredBy: 'profit' | 'loss' | null;
  /** Whether it exited (types 2 and 3 once the wait ran out). */
  exited: boolean;
  /** A type-3 wait in progress: when the P&L first left the band. */
  waitingSince: number | null;
}

/** Day P&L of the account (realised + unrealised over every position), in rupees. */
export function dayPnl(s: SandboxState): number {
  return s.positionFigures().reduce((n, p) => n + p.pl, 0);
}

/** The account's triggers and their evaluation on every market step. */
export class SmartExitBook {
  private readonly triggers = new Map<string, SmartExitTrigger>();
  private seq = 0;

  constructor(
    private readonly s: SandboxState,
    private readonly engine: MatchingEngine,
  ) {}

  /** A new, active trigger. */
  create(
    t: Omit<
      SmartExitTrigger,
      'flowId' | 'active' | 'triggeredAt' | 'triggeredBy' | 'exited' | 'waitingSince'
    >,
  ): SmartExitTrigger {
    this.seq += 1;
    const flowId = `SE${String(this.s.now()).slice(-6)}${String(this.seq).padStart(3, '0')}`;
    const trigger: SmartExitTrigger = {
      ...t,
      flowId,
      active: true,
      triggeredAt: null,
      triggeredBy: null,
      exited: false,
      waitingSince: null,
    };
    this.triggers.set(flowId, trigger);
    this.evaluate();
    return trigger;
  }

  get(flowId: string): SmartExitTrigger | undefined {
    return this.triggers.get(flowId);
  }

  list(): SmartExitTrigger[] {
    return [...this.triggers.values()];
  }

  /** Changes the band or type, and re-arms the trigger (a new band is a new decision). */
  update(
    t: SmartExitTrigger,
    patch: Partial<
      Pick<SmartExitTrigger, 'name' | 'type' | 'profitRate' | 'lossRate' | 'waitTime'>
    >,
  ): void {
    Object.assign(t, patch);
    t.triggeredAt = null;
    t.triggeredBy = null;
    t.waitingSince = null;
    t.exited = false;
    this.evaluate();
  }

  /** Activates an inactive trigger or deactivates an active one (the SDK's one toggle call). */
  toggle(t: SmartExitTrigger): void {
    t.active = !t.active;
    t.waitingSince = null;
    this.evaluate();
  }

  /** Checks every active trigger against the day's P&L now. */
  evaluate(): void {
    const active = this.list().filter((t) => t.active && !t.exited);
    if (active.length === 0) return;
    const pnl = dayPnl(this.s);
    const now = this.s.now();
    for (const t of active) {
      const side = pnl >= t.profitRate ? 'profit' : pnl <= t.lossRate ? 'loss' : null;
      if (side === null) {
        t.waitingSince = null;
        continue;
      }
      if (t.triggeredAt === null) {
        t.triggeredAt = now;
        t.triggeredBy = side;
      }
      if (t.type === SmartExitType.AlertOnly) continue;
      if (t.type === SmartExitType.ExitAfterWait) {
        t.waitingSince ??= now;
        if (now - t.waitingSince < t.waitTime * 60_000) continue;
      }
      this.exitAll(`Smart exit ${t.name}: day P&L reached its ${side} level`);
      t.exited = true;
    }
  }

  /** Cancels pending orders and exits open positions whose market is open. */
  private exitAll(reason: string): void {
    for (const o of this.s.book.orders.values())
      if (isOpen(o) && !o.waitingForOpen) this.engine.end(o, OrderStatus.Canceled, reason);
    for (const acc of this.s.positions.list())
      if (acc.buyQty !== acc.sellQty && this.engine.marketOpen(acc.instrument))
        this.engine.flatten(acc, 'EXIT', reason);
  }

  /** Arms every trigger again for a new trading day (its band, type and active flag stay). */
  newDay(): void {
    for (const t of this.triggers.values()) {
      t.triggeredAt = null;
      t.triggeredBy = null;
      t.waitingSince = null;
      t.exited = false;
    }
  }

  /** Forgets every trigger (sandbox reset). */
  clear(): void {
    this.triggers.clear();
  }
}
