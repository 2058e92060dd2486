/**
 * The trader's risk limits in the running core: the trading-stop record, the kill switch and
 * the daily-limit monitor, wired to the order service, the live prices, the socket state and
 * the settings. The order service asks `stopped()` (created first, before the order service
 * exists) on every new order; the rest is attached once market data runs.
 */
import { join } from 'node:path';
import type { Positions } from '../../../shared/broker/models';
import type { RiskState, TradingBlock } from '../../../shared/risk/risk-limits';
import type { Clock } from '../limiter/clock';
import type { QuoteCache } from '../marketdata/quote-cache';
import type { MarketDataService } from '../marketdata/market-data-service';
import type { SettingsStore } from '../settings/settings-store';
import type { OrderService } from '../orders/actions/order-service';
import type { BrokerClient } from '../broker/broker-client';
import { BLOCK_FILE, createBlockStore, type BlockStore } from './block-store';
import { createKillSwitch, type KillSwitch } from './kill-switch';
import { createLimitMonitor, type LimitMonitor } from './limit-monitor';
import { createBrokerSmartExit, type BrokerSmartExit } from './broker-smart-exit';

/** The logger the risk services write to (the core's). */
interface RiskLog {
  info(m: string, f?: Record<string, unknown>): void;
  warn(m: string, f?: Record<string, unknown>): void;
}

/** The stop record and the question the order path asks. */
export interface TradingStop {
  store: BlockStore;
  /** The stop in force for the logged-in account now, or null. */
  stopped(): TradingBlock | null;
}

/** Opens the stop record in the data folder; `accountId` names the logged-in account. */
export function openTradingStop(o: {
  dataDir: string;
  clock: Pick<Clock, 'now'>;
  accountId: () => string | null;
  log: RiskLog;
}): TradingStop {
  const store = createBlockStore(join(o.dataDir, BLOCK_FILE), (m) => o.log.warn(`risk: ${m}`));
  return {
    store,
    stopped() {
      const id = o.accountId();
      return id ? store.current(id, o.clock.now()) : null;
    },
  };
}

/** The risk services of the core. */
export interface RiskRuntime {
  killSwitch: KillSwitch;
  monitor: LimitMonitor;
  /** The broker-held limits (v3's smart exit), synced at login and on settings changes. */
  smartExit: BrokerSmartExit;
  /** The risk picture of the logged-in account. */
  state(): RiskState;
  /** A positions read (the core's onPositions). */
  observePositions(p: Positions): void;
  dispose(): Promise<void>;
}

/** Wires the kill switch and the limit monitor into the running core. */
export function startRiskRuntime(o: {
  stop: TradingStop;
  orders: OrderService;
  broker: Pick<
    BrokerClient,
    'getOrders' | 'getPositions' | 'listSmartExits' | 'putSmartExit' | 'toggleSmartExit'
  >;
  /** Whether the logged-in account's dialect has a smart exit trigger (v3). */
  smartExitOffered: () => boolean;
  settings: Pick<SettingsStore, 'get' | 'onChange'>;
  quotes: Pick<QuoteCache, 'lastPrice' | 'onChange'>;
  marketData: Pick<MarketDataService, 'status' | 'onStatus'>;
  clock: Clock;
  accountId: () => string | null;
  notify: (level: 'info' | 'warning' | 'error', message: string) => void;
  onState: (s: RiskState) => void;
  log: RiskLog;
}): RiskRuntime {
  let endTimer: unknown = undefined;
  const show = (s: RiskState) => {
    o.onState(s);
    // The status bar drops the stop at the next trading day's start without any other event.
    if (endTimer !== undefined) o.clock.clearTimeout(endTimer);
    endTimer = s.block
      ? o.clock.setTimeout(
          () => {
            endTimer = undefined;
            monitor.check();
            o.onState(monitor.state());
          },
          Math.max(0, s.block.until - o.clock.now()) + 1_000,
        )
      : undefined;
  };
  const killSwitch = createKillSwitch({
    orders: o.orders,
    reads: o.broker,
    store: o.stop.store,
    now: () => o.clock.now(),
    accountId: o.accountId,
    onChange: () => show(monitor.state()),
    log: o.log,
  });
  const limits = () => {
    const id = o.accountId();
    return id ? (o.settings.get().preferences.riskLimits[id] ?? null) : null;
  };
  const smartExit = createBrokerSmartExit({
    broker: o.broker,
    offered: () => o.accountId() !== null && o.smartExitOffered(),
    limits,
    notify: o.notify,
    log: o.log,
    clock: o.clock,
    onRetried: () => monitor.check(),
  });
  const monitor = createLimitMonitor({
    limits,
    brokerHolds: () => smartExit.holds(),
    lastPrice: (s) => o.quotes.lastPrice(s),
    socketOpen: () => o.marketData.status().socket === 'open',
    killSwitch,
    now: () => o.clock.now(),
    notify: o.notify,
    onState: show,
    log: o.log,
  });
  const offQuotes = o.quotes.onChange(() => monitor.check());
  const offStatus = o.marketData.onStatus(() => monitor.check());
  const resync = () => void smartExit.sync().then(() => monitor.check());
  const offSettings = o.settings.onChange(() => {
    monitor.check();
    resync();
  });
  return {
    killSwitch,
    monitor,
    smartExit,
    state: () => monitor.state(),
    observePositions: (p) => monitor.observe(p),
    async dispose() {
      offQuotes();
      offStatus();
      offSettings();
      if (endTimer !== undefined) o.clock.clearTimeout(endTimer);
      smartExit.dispose();
      await monitor.idle();
    },
  };
}
