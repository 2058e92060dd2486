/**
 * The GTT service as the composed app runs it (issue 21 #1): the logged-in account's GTT
 * calls (v3's; none on v2), a daily journal of its own beside the order journal
 * (`journal/gtt-YYYY-MM-DD.jsonl`), the book forgotten when the account changes, and the
 * journal's open actions reconciled at each login.
 */
import { join } from 'node:path';
import { GTT_NEEDS_V3, type Gtt, type GttView } from '../../../shared/broker/gtt';
import type { SettingsStore } from '../settings/settings-store';
import type { SessionController } from '../session/session-controller';
import type { RequestScheduler } from '../limiter/request-scheduler';
import type { Clock } from '../limiter/clock';
import type { Logger } from '../diagnostics/logger';
import type { InstrumentLookup } from '../orders/checks/order-prechecks';
import type { TradingStopSource } from '../orders/actions/trading-stop';
import { DATA_LAYOUT } from '../diagnostics/bundle-sources';
import { createDailyOrderJournal } from '../orders/journal/daily-order-journal';
import { createAccountGttClient } from '../gtt/account-gtt';
import { createGttService, type GttService } from '../gtt/gtt-service';
import { createGttDemat, type GttDematDeps } from '../gtt/gtt-demat';
import { createGttTriggerWatch } from '../gtt/gtt-trigger-watch';
import type { Order } from '../../../shared/broker/models';
import { createSessionTransport } from './session-transport';
import { sessionDialect } from './settings-accounts';
import type { HttpTransportOptions } from '../broker/http-transport';

/** What the wiring needs from the composition root. */
export interface GttRuntimeDeps {
  dataDir: string;
  clock: Clock;
  session: SessionController;
  settings: SettingsStore;
  scheduler: RequestScheduler;
  onExchange?: HttpTransportOptions['onExchange'];
  instruments: InstrumentLookup;
  stopped: TradingStopSource;
  freshPrice: (symbol: string) => Promise<void>;
  /** The account's DDPI and the order path's CNC-sell check, for the eDIS warning of sell GTTs. */
  demat?: GttDematDeps;
  emit: (view: GttView) => void;
  triggered: (g: Gtt) => void;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How often the book is read while a GTT is active (default GTT_POLL_MS). */
  pollMs?: number;
}

/** The running GTT service and its session hooks. */
export interface GttRuntime {
  service: GttService;
  /** A session became usable: reconcile what the journal left open, read the book. */
  sessionActive(): void;
  /** A book the pushed order feed merged: a GTT's order in it reads the GTT book at once. */
  observeOrders(book: readonly Order[]): void;
  dispose(): Promise<void>;
}

/** Builds the GTT runtime; see the module comment. */
export function createGttRuntime(deps: GttRuntimeDeps): GttRuntime {
  const { session, settings, clock } = deps;
  const client = createAccountGttClient({
    dialect: () => (session.credentials() ? sessionDialect(session, settings) : null),
    make: (d) =>
      d.createGttClient?.({
        transport: createSessionTransport(session, {
          timers: clock,
          ...(deps.onExchange ? { onExchange: deps.onExchange } : {}),
        }),
        dataTransport: createSessionTransport(session, { timers: clock }),
        scheduler: deps.scheduler,
      }) ?? null,
  });
  const journal = createDailyOrderJournal(
    join(deps.dataDir, DATA_LAYOUT.journal),
    clock,
    DATA_LAYOUT.gttJournalStem,
  );
  const service = createGttService({
    clock,
    client,
    unavailableReason: () =>
      session.credentials() ? GTT_NEEDS_V3 : 'Log in to see your GTT orders.',
    freshPrice: deps.freshPrice,
    instruments: deps.instruments,
    limits: () => settings.get().preferences.fatFinger,
    ...(deps.demat ? { demat: createGttDemat(deps.demat) } : {}),
    stopped: deps.stopped,
    journal,
    onChange: deps.emit,
    onTriggered: deps.triggered,
    logger: deps.logger,
    ...(deps.pollMs ? { pollMs: deps.pollMs } : {}),
  });
  const watch = createGttTriggerWatch({
    clock,
    armed: () => service.armed(),
    // The background lane, not `order`: a trigger check is no order action. It takes the
    // background share of each window and pauses in the limiter's cool-down after a breach
    // (breach-guard.ts), where the 15 s poll still reports triggers.
    read: () =>
      void service.refresh('background').catch((err: unknown) =>
        deps.logger.warn('gtt: reading the GTT book after an order update failed', {
          err: String(err),
        }),
      ),
  });
  let account = session.snapshot().accountId;
  const off = session.onChange((s) => {
    if (s.accountId !== account || s.status === 'logged-out') {
      service.reset();
      watch.reset();
    }
    account = s.accountId;
  });
  return {
    service,
    sessionActive() {
      if (!client()) return;
      service.recover().then(
        (n) => {
          if (n)
            deps.logger.warn('gtt: unsettled GTT actions from the last run are being reconciled', {
              count: n,
            });
        },
        (err: unknown) => deps.logger.error('gtt: journal recovery failed', { err: String(err) }),
      );
      service
        .refresh()
        .catch((err: unknown) =>
          deps.logger.warn('gtt: reading the GTT book failed', { err: String(err) }),
        );
    },
    observeOrders: (book) => watch.observe(book),
    async dispose() {
      off();
      watch.dispose();
      await service.dispose();
      await journal.close();
    },
  };
}
