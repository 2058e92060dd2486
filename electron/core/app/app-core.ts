/**
 * The composition root for plain-Node services, shared by Electron and the harness so
 * both run exactly the same core. Services are created here and nowhere else; each takes
 * its dependencies as arguments, so tests can build any one of them alone.
 */
import { join } from 'node:path';
import type { Order, Positions } from '../../../shared/broker/models';
import { createLoginService } from '../auth/login-service';
import { systemRandom, type Opener } from '../auth/ports';
import { revokeToken } from '../auth/token-revoke';
import { systemClock } from '../limiter/clock';
import { createAccountBrokerClient } from '../broker/account-dialect';
import { isBrokerError } from '../broker/broker-error';
import { createEdisService } from '../edis/edis-service';
import { createReportService } from '../reports/report-service';
import { DATA_LAYOUT, readDiskSources } from '../diagnostics/bundle-sources';
import { createCoreLogs } from './core-logs';
import { loggedFetch } from '../diagnostics/logged-fetch';
import { exportSupportBundle } from '../diagnostics/support-bundle';
import { createBackgroundRefresher } from '../limiter/background-refresher';
import { createRequestScheduler } from '../limiter/request-scheduler';
import { createDailyOrderJournal } from '../orders/journal/daily-order-journal';
import { createOrderService } from '../orders/actions/order-service';
import { createSessionController } from '../session/session-controller';
import { createJsonFileSettingsBackend } from '../settings/backend';
import { RetentionSettings } from '../settings/schema';
import { createSettingsStore } from '../settings/settings-store';
import { loadNapiKeychain } from '../vault/keychain-port';
import { createVault } from '../vault/vault';
import type { CoreDeps } from './core-deps';
import { applyRetention, supportBundlePath, whenRetentionChanges } from './data-retention';
import { createDayCountFile } from './day-count-file';
import { createDisposer } from './disposal';
import { createDraftKeeper } from '../drafts/draft-keeper';
import { createDemoBroker, DEMO_ACCOUNT_ID, type DemoBroker } from '../demo/demo-broker';
import { startDemoBeforeLogin } from '../demo/demo-session';
import { forkDemoProcess } from '../demo/fork-demo-process';
import { forwardCoreEvents } from './event-forwarding';
import { describeApp } from './app-info';
import type { AppCore } from './app-core-api';
import type { EmitEvent } from '../../../shared/ipc/contract';
import { settingsView } from '../settings/settings-view';
import { sessionDialect, settingsAccounts } from './settings-accounts';
import { dialectOf } from '../broker/dialects';
import { createSessionTransport } from './session-transport';
import { unavailableDepositoryWindow } from './unavailable-depository';
import { createSymbolsRuntime } from './symbols-runtime';
import { createSkippedRows } from './skipped-rows';
import { createQuoteCache } from '../marketdata/quote-cache';
import { withAccountPriceFeed } from '../marketdata/account-price-feed';
import { createMarketDataRuntime, dataBaseOf, type MarketDataRuntime } from './market-data-runtime';
import { BUILD_WORKER_URL, buildInWorker } from '../symbols/build-runner';
import { createAlertService } from '../alerts/alert-service';
import { createUpdatesHub } from '../updates/updates-hub';
import { openTradingStop, startRiskRuntime, type RiskRuntime } from '../risk/risk-runtime';
import { createAppPriceAlerts, type AppPriceAlerts } from '../alerts/price/app-price-alerts';
import {
  accountAlertClient,
  appAlertFeed,
  priceAlertFeed,
  settingsPriceAlertStorage,
} from './price-alerts-wiring';
import {
  createBrokerPriceAlerts,
  type BrokerPriceAlerts,
} from '../alerts/price/broker-price-alerts';
import { createDialectPriceAlerts } from '../alerts/price/dialect-price-alerts';
import { createGttRuntime } from './gtt-wiring';

export type { CoreDeps } from './core-deps';

export type { AppCore } from './app-core-api';

/** Builds every service, in dependency order, and starts what runs in the background. */
export async function createAppCore(deps: CoreDeps): Promise<AppCore> {
  const clock = deps.clock ?? systemClock;
  // Read lazily: the log sinks exist before the settings are loaded.
  let retention = (): RetentionSettings => RetentionSettings.parse({});
  const { logger, requestLog, setBudget } = createCoreLogs({
    dataDir: deps.dataDir,
    clock,
    keepDays: () => retention().logDays,
    ...(deps.logSinks ? { extraSinks: deps.logSinks } : {}),
  });
  // Every service is registered right after it is created and disposed in reverse order.
  const disposer = createDisposer({ logger });
  const drafts = disposer.own('drafts', createDraftKeeper());
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
  disposer.own('settings', settings);
  const loaded = await settings.load();
  if (loaded.issue)
    // Its kind and where the copy is, not the trader's notice: that names accounts and lists.
    logger.warn('core: settings fell back to defaults', {
      issue: loaded.issue.kind,
      keptAt: loaded.issue.keptAt ?? null,
    });
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
  const offRetention = settings.onChange(whenRetentionChanges(retention(), pruneOld));
  disposer.own('retention', { dispose: async () => offRetention() });

  let demo: DemoBroker | null = null;
  if (deps.environment === 'live' && settings.activeAccount()?.environment !== 'live') {
    // The Demo account points at an embedded broker that only runs in Demo mode.
    const live = settings.get().accounts.find((a) => a.environment === 'live');
    await settings.setActiveAccount(live ? live.id : null, { byApp: true });
  }
  let emit: EmitEvent = () => {};
  if (deps.environment === 'demo') {
    // Its own process, started on first need (a Demo login, a symbol download): the main
    // process never blocks on building the simulated market, nor runs its ticks.
    demo = createDemoBroker({
      settings,
      launch: deps.demoProcess ?? forkDemoProcess,
      options: deps.demo ?? {},
      logger: logger.child('demo-broker'),
      onCrash: (message) => {
        emit('app.notice', { level: 'error', message });
        if (session.snapshot().accountId === DEMO_ACCOUNT_ID)
          void session.logout().catch(() => undefined);
      },
    });
    disposer.own('demo broker', demo);
    await demo.selectDemoAccount();
    // Tests drive the sandbox's controls from `demoBrokerUrl` right after the core starts.
    if (deps.demo?.testControls) {
      const at = await demo.ensure();
      logger.info('core: demo broker ready', { url: at.url });
    }
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

  const demoOrigin = () => {
    const at = demo?.current();
    return at ? new URL(at.url).origin : null;
  };
  // A Demo broker that shows its login page (demo.loginPage) is opened by the host like a
  // real broker's.
  // Electronegativity: these are our Opener port, not shell.openExternal; the shell's one
  // (openIfHttps in electron/shell/hardening.ts) opens https links only.
  const opener: Opener = {
    openExternal: (url) =>
      demo && deps.demo?.loginPage !== true && new URL(url).origin === demoOrigin()
        ? demo.opener.openExternal(url) // eng-disable OPEN_EXTERNAL_JS_CHECK
        : deps.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK
  };
  // Every broker request goes to the request log, the login and logout ones too.
  const brokerFetch = loggedFetch((url, init) => fetch(url, init), requestLog.record);
  const login = createLoginService({
    fetch: (url, init) => brokerFetch(url, init),
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
  const sessionController = createSessionController({
    clock,
    login,
    vault,
    accounts: settingsAccounts(settings),
    warningLeadMs: () => settings.get().preferences.expiryWarningLeadMinutes * 60_000,
    revoke: (account, token) => revokeToken((url, init) => brokerFetch(url, init), account, token),
    logger,
  });
  disposer.own('session', sessionController);
  const session = demo
    ? startDemoBeforeLogin(sessionController, demo, () => settings.get().activeAccountId)
    : sessionController;
  await session.restore();

  const scheduler = createRequestScheduler({
    clock,
    store: createDayCountFile(join(deps.dataDir, DATA_LAYOUT.budgetDay)),
    retryAfterOf: (err) => (isBrokerError(err) ? err.retryAfterMs : null),
  });
  disposer.own('request scheduler', scheduler, { first: true });
  setBudget(() => {
    const st = scheduler.getState();
    return { second: st.second.used, minute: st.minute.used, day: st.day.used };
  });
  const quotes = createQuoteCache({ clock });
  const skippedRows = createSkippedRows(logger, (row) => emit('portfolio.rowSkipped', row));
  const broker = withAccountPriceFeed(
    createAccountBrokerClient({
      dialect: () => sessionDialect(session, settings).id,
      make: (d) =>
        d.createClient({
          transport: createSessionTransport(session, {
            timers: clock,
            onExchange: requestLog.record,
          }),
          dataTransport: createSessionTransport(
            session,
            { timers: clock, onExchange: requestLog.record },
            (c) => dataBaseOf(settings.account(c.accountId) ?? undefined),
          ),
          scheduler,
          onSkippedRow: skippedRows.sink,
        }),
    }),
    quotes,
    clock,
  );

  const symbols = createSymbolsRuntime({
    baseUrl: demo
      ? () => demo.ensure().then((d) => d.symbolMasterBase)
      : (settings.activeAccount()?.symbolMasterBase ?? null),
    dir: join(deps.dataDir, 'symbols'),
    fetch: brokerFetch,
    build: deps.symbolsBuildWorker
      ? buildInWorker(deps.symbolsBuildWorker)
      : buildInWorker(BUILD_WORKER_URL),
    logger,
  });
  // Its files are written atomically and an unfinished download is redone at the next start,
  // so quitting does not wait long for one.
  disposer.own('symbols', symbols, { timeoutMs: 2_000 });

  // Self-update runs in the shell (main.ts attaches it); Settings and the bundle read it here.
  const updates = createUpdatesHub({
    initialWhy:
      deps.host === 'harness'
        ? 'the browser harness does not update itself'
        : 'update checks have not started yet',
    emit: (s) => emit('updates.changed', s),
  });
  let md: MarketDataRuntime | null = null;
  let priceAlerts: AppPriceAlerts | null = null;
  // The broker's alerts are built once the market data runs; its pushes find them here.
  let brokerAlerts: BrokerPriceAlerts | null = null;
  let busy: () => boolean = () => false;
  let fromFeed = false;
  const alerts = disposer.own(
    'alerts',
    createAlertService({
      now: () => clock.now(),
      settings: () => settings.get().preferences.alerts,
      session,
      emit: {
        raised: (a) => emit('alerts.raised', a),
        open: (t) => emit('alerts.open', t),
      },
      logger: logger.child('alerts'),
      prices: {
        quotes,
        hold: (symbols) => {
          md?.service.setHeld('core', 'stop-loss', symbols).catch(() => undefined);
        },
      },
    }),
  );
  // The day's trading stop (kill switch, daily limit), read from disk before any order can go.
  const accountId = () => session.snapshot().accountId;
  const tradingStop = openTradingStop({ dataDir: deps.dataDir, clock, accountId, log: logger });
  let risk: RiskRuntime | null = null;
  const journal = createDailyOrderJournal(join(deps.dataDir, DATA_LAYOUT.journal), clock);
  const orders = createOrderService({
    clock,
    broker,
    multiLeg: {
      broker,
      supported: () => sessionDialect(session, settings).capabilities.multiLeg,
    },
    instruments: { rulesFor: symbols.lookup.rulesFor, lastPrice: quotes.lastPrice },
    // CNC sells are checked against holdings and eDIS authorizations before they are sent.
    demat: { reads: broker, isinOf: (ticker) => symbols.get(ticker)?.isin || undefined },
    journal,
    limits: () => settings.get().preferences.fatFinger,
    stopped: tradingStop.stopped,
    emit: (e) => {
      forward.orderEvent(e);
      // Every book read or merged passes here once: alerts are detected from all of them.
      if (e.type === 'orders') alerts.observeOrders(e.orders, fromFeed);
    },
    onJournalError: (err) => logger.error('orders: journal write failed', { err: String(err) }),
    logger,
  });
  // Its dispose waits for the action in flight, then closes the journal.
  disposer.own('orders', orders);
  // The order service passes each read on to the renderer once, as a delta (event-forwarding).
  const onOrders = (book: Order[]) => orders.observeOrders(book);
  const onPositions = (positions: Positions) => {
    orders.observePositions(positions);
    emit('portfolio.changed', { positions });
    md?.mtm.observe(positions);
    risk?.observePositions(positions);
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
    positionsWanted: () => orders.watchesPositions(),
    onOrders: (book) => {
      md?.feed.observeBook(book);
      onOrders(book);
    },
    onPositions,
    onError: (err) =>
      logger.warn('refresh: failed', { err: isBrokerError(err) ? err.kind : String(err) }),
  });
  disposer.own('background refresher', refresher);
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
    busy: () => busy(),
    // Books the pushed feed merged; alerts do not take one as the login baseline.
    onOrders: (book) => {
      fromFeed = true;
      try {
        onOrders(book);
      } finally {
        fromFeed = false;
      }
    },
    onPositions,
    onOrderSocketOpen: () => refresher.catchUp(),
    onOrderSocketDown: () => refresher.poke(),
    onExchange: requestLog.record,
    onFutureStamp: (symbol) => priceAlerts?.distrust(symbol),
    onAlertFired: (fired) => brokerAlerts?.pushed(fired),
    ...(deps.marketDataTuning ? { tuning: deps.marketDataTuning } : {}),
  });
  const marketData = md;
  disposer.own('market data', { dispose: async () => marketData.close() });
  const riskRuntime = startRiskRuntime({
    stop: tradingStop,
    orders,
    broker,
    smartExitOffered: () => sessionDialect(session, settings).capabilities.smartExit,
    settings,
    quotes,
    marketData: marketData.service,
    clock,
    accountId,
    notify: (level, message) => emit('app.notice', { level, message }),
    onState: (s) => emit('risk.changed', s),
    log: logger.child('risk'),
  });
  risk = riskRuntime;
  // Before the order service: an exit it started finishes before the journal closes.
  disposer.own('risk', riskRuntime);
  // Whoever holds the price alerts: the broker when the account's dialect has broker alerts
  // (v3: they fire with the app closed), else the app on live ticks (v2), silent meanwhile.
  const loggedIn = () => {
    const st = session.snapshot().status;
    return st === 'active' || st === 'expiring';
  };
  const alertClient = accountAlertClient({
    dialect: () => (loggedIn() ? sessionDialect(session, settings) : null),
    make: (d) =>
      d.createAlertClient?.({
        transport: createSessionTransport(session, {
          timers: clock,
          onExchange: requestLog.record,
        }),
        scheduler,
      }) ?? null,
  });
  const brokerHeld = () => alertClient() !== null;
  priceAlerts = disposer.own(
    'price alerts',
    createAppPriceAlerts({
      now: () => clock.now(),
      storage: settingsPriceAlertStorage(settings),
      quotes,
      hold: (symbols) => {
        marketData.service.setHeld('core', 'price-alerts', symbols).catch(() => undefined);
      },
      feed: appAlertFeed(priceAlertFeed(session, marketData.service), brokerHeld),
      fired: (f) => alerts.priceAlertFired(f),
      logger: logger.child('price-alerts'),
    }),
  );
  const heldByBroker = disposer.own(
    'broker price alerts',
    createBrokerPriceAlerts({
      client: alertClient,
      account: () => (loggedIn() ? session.snapshot().accountId : null),
      fired: (f) => alerts.priceAlertFired(f),
      logger: logger.child('price-alerts'),
      ...(deps.brokerAlertPollMs ? { pollMs: deps.brokerAlertPollMs } : {}),
    }),
  );
  brokerAlerts = heldByBroker;
  // At each login the broker's list is read: alerts fired while Tickdesk was closed show.
  const offAlertSession = session.onChange(() => {
    if (brokerHeld()) void heldByBroker.refresh();
  });
  disposer.own('broker price alert session', { dispose: async () => offAlertSession() });
  const heldAlerts = createDialectPriceAlerts({
    brokerHeld,
    app: priceAlerts,
    broker: heldByBroker,
  });
  const offPriceAlerts = heldAlerts.onChange((v) => emit('alerts.priceChanged', v));
  disposer.own('price alert events', { dispose: async () => offPriceAlerts() });

  // GTT orders held by the broker (v3): journalled, reconciled, their triggers alerted.
  const gtt = disposer.own(
    'gtt',
    createGttRuntime({
      dataDir: deps.dataDir,
      clock,
      session,
      settings,
      scheduler,
      onExchange: requestLog.record,
      instruments: { rulesFor: symbols.lookup.rulesFor, lastPrice: quotes.lastPrice },
      stopped: tradingStop.stopped,
      freshPrice: (symbol) => marketData.service.loadDepth(symbol).then(() => undefined),
      emit: (v) => emit('gtt.changed', v),
      triggered: (g) => alerts.gttTriggered(g),
      logger: logger.child('gtt'),
    }),
  );

  const edis = createEdisService({
    broker,
    depositoryWindow: deps.depositoryWindow ?? unavailableDepositoryWindow,
    baseUrl: () => session.credentials()?.baseUrl ?? '',
    logger,
  });
  disposer.own('edis', edis);
  const reports = createReportService({
    broker,
    capabilities: () =>
      (session.credentials()
        ? sessionDialect(session, settings)
        : dialectOf(settings.activeAccount())
      ).capabilities,
  });

  const forward = forwardCoreEvents({
    session,
    scheduler,
    refresher,
    onSessionActive: () => {
      // The daily limits go to the broker's smart exit where the dialect has one (v3).
      riskRuntime.smartExit.reset();
      void riskRuntime.smartExit.sync().then(() => riskRuntime.monitor.check());
      gtt.sessionActive();
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
  disposer.own('event forwarding', forward);

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
    mtm: marketData.mtm,
    drafts,
    alerts,
    updates,
    risk: riskRuntime,
    priceAlerts: heldAlerts,
    reports,
    gtt: gtt.service,
    get demoBrokerUrl() {
      return demo?.current()?.url ?? null;
    },
    demo,
    info: () => describeApp(deps, settings, demo),
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
          updates: () => updates.state(),
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
    async dispose() {
      await disposer.disposeAll();
      logger.info('core: stopped');
    },
    async close() {
      await disposer.disposeAll();
      logger.info('core: stopped');
    },
  };
}
