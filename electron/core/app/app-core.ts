/**
 * The composition root for plain-Node services, shared by Electron and the harness so
 * both run exactly the same core. Services are created here and nowhere else; each takes
 * its dependencies as arguments, so tests can build any one of them alone.
 */
import { join } from 'node:path';
import type { AppInfo } from '../../../shared/ipc/channels/app';
import type { OrderBookSnapshot } from '../../../shared/ipc/channels/portfolio';
import type { Events } from '../../../shared/ipc/contract';
import type { PayloadOf } from '../../../shared/ipc/define';
import type { Order, Positions } from '../../../shared/broker/models';
import { createLoginService } from '../auth/login-service';
import { systemRandom, type Opener } from '../auth/ports';
import { systemClock } from '../limiter/clock';
import { createBrokerClient, type BrokerClient } from '../broker/broker-client';
import { isBrokerError } from '../broker/broker-error';
import { createFileSink } from '../diagnostics/file-sink';
import { createEdisService, type EdisService } from '../edis/edis-service';
import { DATA_LAYOUT, readDiskSources } from '../diagnostics/bundle-sources';
import { createLogger, type Logger } from '../diagnostics/logger';
import { createRequestLog } from '../diagnostics/request-log';
import { exportSupportBundle } from '../diagnostics/support-bundle';
import {
  createBackgroundRefresher,
  type BackgroundRefresher,
} from '../limiter/background-refresher';
import { createRequestScheduler, type RequestScheduler } from '../limiter/request-scheduler';
import { createDailyOrderJournal } from '../orders/journal/daily-order-journal';
import { createOrderService, type OrderService } from '../orders/actions/order-service';
import { createSessionController, type SessionController } from '../session/session-controller';
import { createJsonFileSettingsBackend } from '../settings/backend';
import { RetentionSettings } from '../settings/schema';
import { createSettingsStore, type SettingsStore } from '../settings/settings-store';
import { loadNapiKeychain } from '../vault/keychain-port';
import { createVault, type Vault } from '../vault/vault';
import type { CoreDeps } from './core-deps';
import { applyRetention, supportBundlePath } from './data-retention';
import { createDayCountFile } from './day-count-file';
import { DEMO_ACCOUNT_ID, startDemoBroker, type DemoBroker } from './demo-broker';
import { forwardCoreEvents } from './event-forwarding';
import { settingsView } from '../settings/settings-view';
import { settingsAccounts } from './settings-accounts';
import { createSessionTransport } from './session-transport';
import { unavailableDepositoryWindow } from './unavailable-depository';
import { createSymbolsRuntime, type SymbolsRuntime } from './symbols-runtime';
import { createSkippedRows } from './skipped-rows';
import { createQuoteCache, type QuoteCache } from '../marketdata/quote-cache';
import { withAccountPriceFeed } from '../marketdata/account-price-feed';
import { createMarketDataRuntime, type MarketDataRuntime } from './market-data-runtime';
import type { MarketDataService } from '../marketdata/market-data-service';
import { BUILD_WORKER_URL, buildInWorker } from '../symbols/build-runner';

export type { CoreDeps } from './core-deps';

/** How core services push events to the renderer; the transport validates and forwards them. */
export type CoreEmit = <K extends keyof Events>(name: K, payload: PayloadOf<Events[K]>) => void;

/** The running core services behind the IPC handlers. */
export interface AppCore {
  readonly deps: CoreDeps;
  readonly logger: Logger;
  readonly settings: SettingsStore;
  readonly vault: Vault;
  readonly session: SessionController;
  readonly scheduler: RequestScheduler;
  readonly broker: BrokerClient;
  readonly orders: OrderService;
  readonly refresher: BackgroundRefresher;
  readonly symbols: SymbolsRuntime;
  readonly edis: EdisService;
  /** The one price store: the ticket, the order checks, positions and holdings read it. */
  readonly quotes: QuoteCache;
  /** Live prices and pushed order updates over the broker's socket. */
  readonly marketData: MarketDataService;
  /** The embedded sandbox's base URL in Demo mode (tests drive its controls), else null. */
  readonly demoBrokerUrl: string | null;
  info(): AppInfo;
  /** Writes a redacted support bundle into dataDir/support and says where. */
  exportSupportBundle(): Promise<{ path: string; bytes: number }>;
  /** Connects push events to the transport once it exists (events before that are dropped). */
  attachEmitter(emit: CoreEmit, busy?: () => boolean): void;
  /** The order book as the renderer last had it offered, with the version deltas build on. */
  orderBook(since?: number): OrderBookSnapshot;
  close(): Promise<void>;
}

/** Builds every service, in dependency order, and starts what runs in the background. */
export async function createAppCore(deps: CoreDeps): Promise<AppCore> {
  const clock = deps.clock ?? systemClock;
  const closers: Array<() => Promise<void> | void> = [];
  // Read lazily: the log sinks exist before the settings are loaded.
  let retention = (): RetentionSettings => RetentionSettings.parse({});
  const logDir = join(deps.dataDir, DATA_LAYOUT.logs);
  const logDays = () => retention().logDays;
  const logger = createLogger({
    sinks: [
      createFileSink({ dir: logDir, stem: DATA_LAYOUT.appLogStem, clock, keepDays: logDays }),
      ...(deps.logSinks ?? []),
    ],
    clock,
  });
  logger.info('core: starting', {
    version: deps.version,
    host: deps.host,
    environment: deps.environment,
  });

  const settings = createSettingsStore({
    backend:
      deps.settingsBackend ?? createJsonFileSettingsBackend(join(deps.dataDir, 'settings.json')),
    logger,
  });
  const loaded = await settings.load();
  if (loaded.issue)
    logger.warn('core: settings fell back to defaults', { issue: loaded.issue.message });
  retention = () => settings.get().preferences.retention;
  const pruneOld = () => {
    try {
      const removed = applyRetention(deps.dataDir, retention(), clock.now());
      if (removed.length) logger.info('core: retention removed old files', { removed });
    } catch (err) {
      logger.warn('core: retention failed', { err: String(err) });
    }
  };
  pruneOld();
  closers.push(settings.onChange(pruneOld));

  let demo: DemoBroker | null = null;
  if (deps.environment === 'live' && settings.activeAccount()?.environment !== 'live') {
    // The Demo account points at an embedded broker that only runs in Demo mode.
    const live = settings.get().accounts.find((a) => a.environment === 'live');
    await settings.setActiveAccount(live ? live.id : null);
  }
  if (deps.environment === 'demo') {
    demo = await startDemoBroker(settings, deps.demo, logger.child('demo-broker'));
    closers.push(() => demo?.close());
    logger.info('core: demo broker ready', { url: demo.url });
  }

  const keychain = await (deps.keychain ?? loadNapiKeychain)();
  const vault = createVault({
    keychain: keychain.keychain,
    keychainUnavailableReason: keychain.reason,
    ...(deps.keychainService ? { service: deps.keychainService } : {}),
    logger,
  });
  const vaultStatus = await vault.init();
  // The embedded sandbox is new at every launch, so a Demo token kept from an earlier run
  // names a session that no longer exists: forget it rather than start "expired".
  if (demo) await vault.deleteToken(DEMO_ACCOUNT_ID);
  if (vaultStatus.backend === 'memory')
    logger.warn('core: no keychain; secrets stay in memory', { reason: vaultStatus.reason });

  const demoOrigin = demo ? new URL(demo.url).origin : null;
  // Electronegativity: these are our Opener port, not shell.openExternal; the shell's one
  // (openIfHttps in electron/shell/hardening.ts) opens https links only.
  const opener: Opener = {
    openExternal: (url) =>
      demo && demoOrigin && new URL(url).origin === demoOrigin
        ? demo.opener.openExternal(url) // eng-disable OPEN_EXTERNAL_JS_CHECK
        : deps.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK
  };
  const login = createLoginService({
    fetch: (url, init) => fetch(url, init),
    random: systemRandom,
    clock,
    opener,
    appSecret: (id) => vault.getAppSecret(id),
    ...(deps.loginWindow ? { loginWindow: deps.loginWindow } : {}),
    ...(deps.protocolEvents ? { protocolEvents: deps.protocolEvents } : {}),
    // Every broker, the Demo sandbox included, gets the exact registered redirect (port too).
    loopbackPort: 'registered',
    logger,
  });
  const session = createSessionController({
    clock,
    login,
    vault,
    accounts: settingsAccounts(settings),
    warningLeadMs: () => settings.get().preferences.expiryWarningLeadMinutes * 60_000,
    logger,
  });
  closers.push(() => session.dispose());
  await session.restore();

  const scheduler = createRequestScheduler({
    clock,
    store: createDayCountFile(join(deps.dataDir, DATA_LAYOUT.budgetDay)),
    retryAfterOf: (err) => (isBrokerError(err) ? err.retryAfterMs : null),
  });
  closers.push(() => scheduler.dispose());
  const requestLog = createRequestLog({
    sinks: [
      createFileSink({ dir: logDir, stem: DATA_LAYOUT.requestLogStem, clock, keepDays: logDays }),
    ],
    clock,
    budget: () => {
      const s = scheduler.getState();
      return { second: s.second.used, minute: s.minute.used, day: s.day.used };
    },
  });
  let emit: CoreEmit = () => {};
  const quotes = createQuoteCache({ clock });
  const skippedRows = createSkippedRows(logger, (row) => emit('portfolio.rowSkipped', row));
  const broker = withAccountPriceFeed(
    createBrokerClient({
      transport: createSessionTransport(session, { timers: clock, onExchange: requestLog.record }),
      scheduler,
      onSkippedRow: skippedRows.sink,
    }),
    quotes,
    clock,
  );

  const symbols = createSymbolsRuntime({
    baseUrl: demo?.symbolMasterBase ?? settings.activeAccount()?.symbolMasterBase ?? null,
    dir: join(deps.dataDir, 'symbols'),
    build: deps.symbolsBuildWorker
      ? buildInWorker(deps.symbolsBuildWorker)
      : buildInWorker(BUILD_WORKER_URL),
    logger,
  });
  closers.push(() => symbols.close());

  let busy: () => boolean = () => false;
  const journal = createDailyOrderJournal(join(deps.dataDir, DATA_LAYOUT.journal), clock);
  closers.push(() => journal.close());
  const orders = createOrderService({
    clock,
    broker,
    instruments: { rulesFor: symbols.lookup.rulesFor, lastPrice: quotes.lastPrice },
    journal,
    limits: () => settings.get().preferences.fatFinger,
    emit: (e) => forward.orderEvent(e),
    onJournalError: (err) => logger.error('orders: journal write failed', { err: String(err) }),
  });
  let md: MarketDataRuntime | null = null;
  // The order service passes each read on to the renderer once, as a delta (event-forwarding).
  const onOrders = (book: Order[]) => orders.observeOrders(book);
  const onPositions = (positions: Positions) => {
    orders.observePositions(positions);
    emit('portfolio.changed', { positions });
    // Open positions stay priced live so their P&L moves with every tick.
    const open = positions.positions.filter((p) => p.netQty !== 0).map((p) => p.symbol);
    md?.service.setHeld('core', 'positions', open).catch(() => undefined);
  };
  const refresher = createBackgroundRefresher({
    clock,
    source: broker,
    budget: () => scheduler.getState(),
    hasActiveIntents: () => orders.hasUnsettled(),
    pushLive: () => md?.service.orderUpdatesLive() ?? false,
    onOrders: (book) => {
      md?.feed.observeBook(book);
      onOrders(book);
    },
    onPositions,
    onError: (err) =>
      logger.warn('refresh: failed', { err: isBrokerError(err) ? err.kind : String(err) }),
  });
  closers.push(() => refresher.stop());
  closers.push(() => orders.idle());
  md = createMarketDataRuntime({
    settings,
    session,
    scheduler,
    broker,
    symbols,
    clock: { ...systemClock, now: () => clock.now() },
    quotes,
    logger,
    emit: (n, p) => emit(n, p),
    onOrders,
    onPositions,
    onOrderSocketOpen: () => refresher.catchUp(),
    onOrderSocketDown: () => refresher.poke(),
    ...(deps.marketDataTuning ? { tuning: deps.marketDataTuning } : {}),
  });
  const marketData = md;
  closers.push(() => marketData.close());

  const edis = createEdisService({
    broker,
    depositoryWindow: deps.depositoryWindow ?? unavailableDepositoryWindow,
    baseUrl: () => session.credentials()?.baseUrl ?? '',
    logger,
  });
  closers.push(() => edis.cancel());

  const forward = forwardCoreEvents({
    session,
    scheduler,
    refresher,
    onSessionActive: () => {
      orders.recover().then(
        (recovered) => {
          if (recovered.length)
            logger.warn('orders: unsettled actions from the last run are being reconciled', {
              count: recovered.length,
            });
        },
        (err: unknown) => logger.error('orders: journal recovery failed', { err: String(err) }),
      );
    },
    symbols,
    settingsChanges: (listener) => {
      const offSettings = settings.onChange(listener);
      const offVault = vault.onStatus(listener);
      return () => {
        offSettings();
        offVault();
      };
    },
    settingsView: () => settingsView({ settings, vault }),
    emit: (n, p) => emit(n, p),
    busy: () => busy(),
  });
  closers.push(() => forward.close());

  return {
    deps,
    logger,
    settings,
    vault,
    session,
    scheduler,
    broker,
    orders,
    refresher,
    symbols,
    edis,
    quotes,
    marketData: marketData.service,
    demoBrokerUrl: demo?.url ?? null,
    info: () => {
      const account = settings.activeAccount();
      return {
        name: deps.appName,
        version: deps.version,
        environment: deps.environment,
        platform: deps.platform,
        host: deps.host,
        account: account
          ? { id: account.id, label: account.label, brokerUrl: account.baseUrl ?? '' }
          : null,
      };
    },
    async exportSupportBundle() {
      const now = clock.now();
      const written = await exportSupportBundle(supportBundlePath(deps.dataDir, now), {
        appName: deps.appName,
        appVersion: deps.version,
        clock,
        madeBy: 'app',
        disk: readDiskSources(deps.dataDir, now),
        settings: () => settings.get(),
        snapshots: {
          session: () => session.snapshot(),
          budget: () => scheduler.getState(),
          symbols: () => symbols.status(),
          intents: () => orders.list(),
          vault: () => vault.status(),
          marketData: () => marketData.service.status(),
        },
      });
      pruneOld();
      return written;
    },
    attachEmitter(fn, isBusy) {
      emit = fn;
      busy = isBusy ?? (() => false);
    },
    orderBook: (since) => forward.orderBook(since),
    async close() {
      for (const close of closers.reverse()) {
        try {
          await close();
        } catch (err) {
          logger.warn('core: close step failed', { err: String(err) });
        }
      }
      logger.info('core: stopped');
    },
  };
}
