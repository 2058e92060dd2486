/**
 * Composition stage 7, what the IPC handlers and the host see: the services the earlier stages
 * opened, plus the ones only the handlers use (eDIS, history reports, self-update's state), the
 * renderer events of the session, budget, symbols and settings, what runs at each login, and
 * the calls that span several services (support bundle, disposal).
 */
import { readDiskSources } from '../../diagnostics/bundle-sources';
import { exportSupportBundle } from '../../diagnostics/support-bundle';
import { createEdisService } from '../../edis/edis-service';
import { createReportService } from '../../reports/report-service';
import { settingsView } from '../../settings/settings-view';
import { createUpdatesHub } from '../../updates/updates-hub';
import { dialectOf } from '../../broker/dialects';
import type { AppCore } from '../app-core-api';
import { describeApp } from '../app-info';
import type { CoreDeps } from '../core-deps';
import { supportBundlePath } from '../data-retention';
import { forwardCoreEvents } from '../event-forwarding';
import type { EventOutlet } from '../event-outlet';
import type { MarketDataRuntime } from '../market-data-runtime';
import { sessionDialect } from '../settings-accounts';
import { unavailableDepositoryWindow } from '../unavailable-depository';
import type { Broker } from './broker';
import type { Orders } from './orders';
import type { Watchers } from './risk-alerts';
import type { Session } from './session';
import type { Storage } from './storage';

/** Everything the earlier stages opened. */
export interface Stages {
  storage: Storage;
  session: Session;
  broker: Broker;
  md: MarketDataRuntime;
  orders: Orders;
  watchers: Watchers;
}

/** Builds the core's surface; see the module comment. */
export function exposeCore(deps: CoreDeps, stages: Stages, events: EventOutlet): AppCore {
  const { clock, logger, disposer, drafts, settings, scheduler, pruneOld } = stages.storage;
  const { demo, vault, session } = stages.session;
  const { broker, quotes, symbols } = stages.broker;
  const { md } = stages;
  const { alerts, orders, refresher, orderBook } = stages.orders;
  const { risk, priceAlerts, gtt } = stages.watchers;

  // Self-update runs in the shell (main.ts attaches it); Settings and the bundle read it here.
  const updates = createUpdatesHub({
    initialWhy:
      deps.host === 'harness'
        ? 'the browser harness does not update itself'
        : 'update checks have not started yet',
    emit: (s) => events.emit('updates.changed', s),
  });
  const edis = disposer.own(
    'edis',
    createEdisService({
      broker,
      depositoryWindow: deps.depositoryWindow ?? unavailableDepositoryWindow,
      baseUrl: () => session.credentials()?.baseUrl ?? '',
      logger,
    }),
  );
  const reports = createReportService({
    broker,
    capabilities: () =>
      (session.credentials()
        ? sessionDialect(session, settings)
        : dialectOf(settings.activeAccount())
      ).capabilities,
  });

  const onSessionActive = () => {
    // The daily limits go to the broker's smart exit where the dialect has one (v3).
    risk.smartExit.reset();
    void risk.smartExit.sync().then(() => risk.monitor.check());
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
  };
  disposer.own(
    'event forwarding',
    forwardCoreEvents({
      session,
      scheduler,
      refresher,
      onSessionActive,
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
      emit: events.emit,
    }),
  );

  const dispose = async () => {
    await disposer.disposeAll();
    logger.info('core: stopped');
  };
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
    marketData: md.service,
    mtm: md.mtm,
    drafts,
    alerts,
    updates,
    risk,
    priceAlerts,
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
          marketData: () => md.service.status(),
          updates: () => updates.state(),
        },
      });
      pruneOld();
      return written;
    },
    attachEmitter: (emit, busy) => events.attach(emit, busy),
    orderBook,
    dispose,
    close: dispose,
  };
}
