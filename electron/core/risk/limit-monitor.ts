/**
 * The daily loss limit and profit target, watched from the live MTM: the positions last read
 * priced at the quote cache's live prices (`positionPlAt`, the formula the Positions screen
 * shows). Each price change, positions read and socket change re-checks it.
 *
 * At a limit Tickdesk warns (once a day per limit); when the trader chose "exit" it then
 * acts through the kill switch: pending orders cancelled, intraday positions exited, new
 * orders refused for the rest of the trading day.
 *
 * Stale prices: the automatic exit acts only on live figures, i.e. the market-data socket
 * open and every open position's price younger than the stale limit (a day with no open
 * position is all realised P&L, the broker's own figure, and counts as live). A limit reached on
 * figures that are not live (socket down, REST stand-in prices, an old price) gives a warning
 * and no exit; the check resumes with the next live price, and exits then if the limit still
 * holds. A disconnect cannot square off a book on a price that is gone, and a limit reached
 * during one is still enforced the moment prices are live again.
 */
import { istDayKey } from '../../../shared/format/ist';
import type { Positions } from '../../../shared/broker/models';
import { formatInr } from '../../../shared/format/money';
import { positionPlAt } from '../../../shared/marketdata/live-pnl';
import type { LastPrice } from '../../../shared/marketdata/quote';
import {
  limitRupees,
  type RiskLimits,
  type RiskState,
  type StopReason,
} from '../../../shared/risk/risk-limits';
import type { KillSwitch } from './kill-switch';

/** What the monitor reads and whom it tells. */
export interface LimitMonitorDeps {
  /** The limits of the logged-in account, or null (none set, nobody logged in). */
  limits: () => RiskLimits | null;
  lastPrice: (symbol: string) => LastPrice | undefined;
  /** True while the market-data socket is open. */
  socketOpen: () => boolean;
  killSwitch: Pick<KillSwitch, 'engage' | 'block' | 'current'>;
  now: () => number;
  /** A warning or outcome for the trader (the app's notice). */
  notify: (level: 'info' | 'warning' | 'error', message: string) => void;
  /** The risk picture changed in a way the screens show (fresh/stale, waiting, block). */
  onState: (s: RiskState) => void;
  log: { warn(m: string, f?: Record<string, unknown>): void };
  /**
   * True while the broker's smart exit trigger holds the limits (v3): then the broker exits
   * at the limit and Tickdesk only warns; absent or false, Tickdesk exits itself.
   */
  brokerHolds?: () => boolean;
}

/** The monitor the core feeds. */
export interface LimitMonitor {
  /** A positions read (refresher, order feed, reconciliation). */
  observe(positions: Positions): void;
  /** Re-checks now (a price changed, the socket changed, the settings changed). */
  check(): void;
  /** The risk picture of the logged-in account now. */
  state(): RiskState;
  /** Resolves when an exit the monitor started has finished (tests, shutdown). */
  idle(): Promise<void>;
}

const NAMES: Record<Exclude<StopReason, 'kill-switch'>, string> = {
  'loss-limit': 'Daily loss limit',
  'profit-target': 'Daily profit target',
};

/** Builds the monitor. */
export function createLimitMonitor(d: LimitMonitorDeps): LimitMonitor {
  let latest: Positions | null = null;
  let waiting: StopReason | null = null;
  const warned = new Set<string>();
  let acting: Promise<void> = Promise.resolve();
  let lastShown = '';

  /**
   * The day MTM and whether every figure in it is live: each open position priced live from
   * an open socket. A closed position's P&L is realised (the broker's own figure, no price in
   * it), so a day with nothing open is live whatever the socket does.
   */
  function mtmNow(): { mtm: number | null; fresh: boolean } {
    if (!latest) return { mtm: null, fresh: false };
    let sum = 0;
    let fresh = true;
    for (const p of latest.positions) {
      if (p.netQty === 0) {
        sum += p.pl;
        continue;
      }
      const lp = d.lastPrice(p.symbol);
      if (!lp || lp.stale || !d.socketOpen()) fresh = false;
      sum += lp ? positionPlAt(p, lp.ltp).pl : p.pl;
    }
    return { mtm: Math.round(sum * 100) / 100, fresh };
  }

  function state(): RiskState {
    const limits = d.limits();
    const { mtm, fresh } = mtmNow();
    return {
      block: d.killSwitch.current(),
      mtm,
      fresh,
      lossLimit: limits ? limitRupees(limits.loss, limits.capital) : null,
      profitTarget: limits ? limitRupees(limits.profit, limits.capital) : null,
      action: limits?.action ?? 'warn',
      waiting,
      heldBy: d.brokerHolds?.() ? 'broker' : 'app',
    };
  }

  function show(s: RiskState): void {
    const key = JSON.stringify([
      s.heldBy,
      s.block,
      s.fresh,
      s.waiting,
      s.lossLimit,
      s.profitTarget,
      s.action,
    ]);
    if (key === lastShown) return;
    lastShown = key;
    d.onState(s);
  }

  function check(): void {
    const s = state();
    const limits = d.limits();
    if (s.block || !limits || s.mtm === null) {
      waiting = null;
      show({ ...s, waiting: null });
      return;
    }
    const reached: Exclude<StopReason, 'kill-switch'> | null =
      s.lossLimit !== null && s.mtm <= -s.lossLimit
        ? 'loss-limit'
        : s.profitTarget !== null && s.mtm >= s.profitTarget
          ? 'profit-target'
          : null;
    if (!reached) {
      waiting = null;
      show({ ...s, waiting: null });
      return;
    }
    const limit = reached === 'loss-limit' ? s.lossLimit! : s.profitTarget!;
    const day = istDayKey(d.now());
    const warnKey = `${day}:${reached}`;
    const exits = limits.action === 'exit';
    const broker = s.heldBy === 'broker';
    if (!warned.has(warnKey)) {
      warned.add(warnKey);
      d.notify(
        'warning',
        `${NAMES[reached]} of ${formatInr(limit)} reached: MTM ${formatInr(s.mtm)}.` +
          (exits && broker
            ? " The broker's smart exit exits your positions at its own figure; Tickdesk places no new orders until the next trading day."
            : exits
              ? s.fresh
                ? ' Cancelling pending orders and exiting intraday positions.'
                : ''
              : ' Tickdesk only warns (Settings › Daily limits).'),
      );
    }
    if (exits && broker && s.fresh && !d.killSwitch.current()) {
      // The broker exits; Tickdesk stops its own trading for the day, as where it exits itself.
      d.killSwitch.block(reached);
      show(state());
      return;
    }
    if (!exits || broker) {
      show({ ...s, waiting: null });
      return;
    }
    if (!s.fresh) {
      if (waiting !== reached) {
        waiting = reached;
        d.log.warn('risk: limit reached on prices that are not live; no exit until they are', {
          reason: reached,
        });
        d.notify(
          'warning',
          `${NAMES[reached]} reached on prices that are not live (feed disconnected or prices old): ` +
            'Tickdesk does not exit on old prices. It exits as soon as live prices confirm the limit; exit yourself now if you must.',
        );
      }
      show({ ...s, waiting });
      return;
    }
    waiting = null;
    acting = acting.then(async () => {
      if (d.killSwitch.current()) return;
      try {
        const out = await d.killSwitch.engage(reached);
        d.notify(out.unsettled ? 'error' : 'info', `${NAMES[reached]}: ${out.summary}`);
      } catch (err) {
        d.log.warn('risk: the limit exit failed', { err: String(err) });
        d.notify(
          'error',
          `${NAMES[reached]}: the automatic exit failed. Exit your positions yourself.`,
        );
      }
      show(state());
    });
    show({ ...s, waiting: null });
  }

  return {
    observe(positions) {
      latest = positions;
      check();
    },
    check,
    state,
    idle: () => acting,
  };
}
