/**
 * Composition stage 3, the broker: the one quote cache, the logged-in account's broker client
 * in its dialect (every account read also prices the quote cache), the rows it set aside, and
 * the symbol master. Later stages trade and read through this client only.
 */
import { join } from 'node:path';
import { createAccountBrokerClient } from '../../broker/account-dialect';
import type { BrokerClient } from '../../broker/broker-client';
import { withAccountPriceFeed } from '../../marketdata/account-price-feed';
import { createQuoteCache, type QuoteCache } from '../../marketdata/quote-cache';
import { BUILD_WORKER_URL, buildInWorker } from '../../symbols/build-runner';
import type { CoreDeps } from '../core-deps';
import type { EventOutlet } from '../event-outlet';
import { dataBaseOf } from '../market-data-runtime';
import { createSessionTransport } from '../session-transport';
import { sessionDialect } from '../settings-accounts';
import { createSkippedRows } from '../skipped-rows';
import { createSymbolsRuntime, type SymbolsRuntime } from '../symbols-runtime';
import type { Session } from './session';
import type { Storage } from './storage';

/** What the broker stage opened. */
export interface Broker {
  /** The one price store: the ticket, the order checks, positions and holdings read it. */
  readonly quotes: QuoteCache;
  readonly broker: BrokerClient;
  readonly symbols: SymbolsRuntime;
}

/** Opens the broker stage; see the module comment. */
export function openBroker(
  deps: CoreDeps,
  storage: Storage,
  { demo, session, brokerFetch }: Session,
  events: EventOutlet,
): Broker {
  const { clock, logger, requestLog, disposer, settings, scheduler } = storage;
  const quotes = createQuoteCache({ clock });
  const skippedRows = createSkippedRows(logger, (row) => events.emit('portfolio.rowSkipped', row));
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
    build: buildInWorker(deps.symbolsBuildWorker ?? BUILD_WORKER_URL),
    logger,
  });
  // Its files are written atomically and an unfinished download is redone at the next start,
  // so quitting does not wait long for one.
  disposer.own('symbols', symbols, { timeoutMs: 2_000 });
  return { quotes, broker, symbols };
}
