import type { SymbolInfo, SymbolsStatus } from '../../../shared/ipc/channels/symbols';
import { istDayKey } from '../../../shared/format/ist';
import type {
  OptionChain,
  OptionExpiry,
  OptionUnderlying,
} from '../../../shared/marketdata/option-chain';
import type { Logger } from '../diagnostics/logger';
import type { InstrumentLookup } from '../orders/checks/order-prechecks';
import type { BuildRunner } from '../symbols/build-runner';
import { expiriesOf, optionChain, optionUnderlyings, spotOf } from '../symbols/contract-chains';
import type { SymbolDb } from '../symbols/symbol-db';
import type { SearchHit } from '../symbols/search';
import { SymbolService, type SymbolEvent } from '../symbols/symbol-service';
import { ContractSizes } from '../symbols/contract-sizes';
import { contractMultiplierOf } from '../../../shared/broker/order-value';
import { Segment } from '../../../shared/broker/enums';

/** The symbol master as the rest of the app uses it: lookup for order rules, search and status for the UI. */
export interface SymbolsRuntime {
  /**
   * Tick, lot, freeze quantity and contract multiplier (null: a commodity whose multiplier
   * is not known) for the order rules and guards (the order service's InstrumentLookup).
   */
  readonly lookup: InstrumentLookup;
  /** Resolves once the first load from cache (or first download) has finished, either way. */
  ready(): Promise<void>;
  search(query: string, limit: number): SymbolInfo[];
  get(ticker: string): SymbolInfo | null;
  /**
   * The instrument token of a ticker (as `get(ticker)?.token`), or null, without building the
   * whole record: the v3 data socket looks up a token for every symbol it subscribes.
   */
  tokenOf(ticker: string): string | null;
  status(): SymbolsStatus;
  refresh(force: boolean): Promise<SymbolsStatus>;
  onStatus(listener: (s: SymbolsStatus) => void): () => void;
  /** Underlyings with options (option-chain screen), most traded indices first. */
  optionUnderlyings(): OptionUnderlying[];
  /** An underlying's option expiries not yet past, nearest first. */
  expiries(underlying: string): OptionExpiry[];
  /** One expiry's strikes with call and put tickers, ascending; null for an unknown underlying. */
  optionChain(underlying: string, expiry: number): OptionChain | null;
  /** Waits for the start-up load and download to end (quitting); the core's disposal convention. */
  dispose(): Promise<void>;
}

/**
 * Turns a search hit (or a looked-up row) into what the renderer shows and the ticket needs;
 * `published` is the contract's multiplier from the JSON master, when read.
 */
function toInfo(i: SearchHit, published: number | undefined): SymbolInfo {
  return {
    ticker: i.ticker,
    name: i.name,
    token: i.token,
    exchange: i.exchange,
    segment: i.segment,
    instrumentType: i.instrumentType,
    lotSize: i.lotSize,
    tickSize: i.tickSize,
    expiry: i.expiry === null ? null : new Date(i.expiry * 1000).toISOString().slice(0, 10),
    strike: i.strike > 0 ? i.strike : null,
    optionType: i.optionType === 'XX' ? null : i.optionType,
    underlying: i.underlying,
    isin: i.isin,
    freezeQty: i.freezeQty,
    contractMultiplier: contractMultiplierOf({
      segment: i.segment,
      contractMultiplier: published ?? null,
      underlying: i.underlying,
    }),
  };
}

/**
 * Starts the symbol service for the app: warm start from the disk cache at once, then a
 * download check in the background (at most daily unless forced). Keeps a UI status with
 * download progress, and the last failure while the previous good copy stays in use.
 */
export function createSymbolsRuntime(opts: {
  /**
   * {symbol_master_base}, or null when the account has none (search then says why), or a
   * function that finds it when a download is due (Demo: starts the Demo broker first).
   */
  baseUrl: string | null | (() => Promise<string>);
  dir: string;
  build: BuildRunner;
  logger: Logger;
  now?: () => Date;
  /** How downloads are fetched (the core passes the request-logged fetch). */
  fetch?: typeof fetch;
}): SymbolsRuntime {
  const log = opts.logger.child('symbols');
  const listeners = new Set<(s: SymbolsStatus) => void>();
  let progress: SymbolsStatus['progress'] = null;
  let error: string | null = opts.baseUrl
    ? null
    : 'No symbol master source is set for this account.';
  let loading = opts.baseUrl !== null;
  let badRows = 0;
  let closed = false;

  const service = new SymbolService({
    baseUrl: opts.baseUrl ?? 'https://invalid.invalid',
    dir: opts.dir,
    fetch: opts.fetch ?? ((input, init) => fetch(input, init)),
    now: opts.now ?? (() => new Date()),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms).unref()),
    logger: log,
    build: opts.build,
    onEvent: (e: SymbolEvent) => {
      if (e.type === 'progress')
        progress = { file: e.file, bytes: e.bytes, totalBytes: e.totalBytes ?? null, rows: e.rows };
      else if (e.type === 'bad-rows') badRows += e.count;
      else if (e.type === 'ready') progress = null;
      else if (e.type === 'stale')
        error = `Could not update ${e.failed.map((f) => f.file).join(', ')}; using the last good copy.`;
      publish();
    },
  });

  // The commodity contracts' multipliers (the JSON masters), refreshed with the CSVs.
  const sizes = new ContractSizes({
    dir: opts.dir,
    fetch: opts.fetch ?? ((input, init) => fetch(input, init)),
    now: opts.now ?? (() => new Date()),
    logger: log,
  });
  // Never rejects: it runs beside the CSV refresh, which may fail first (Demo stopping). One
  // at a time (a manual refresh waits for the start-up one: both write the same file), and
  // disposal waits for the one in flight.
  let sizing: Promise<void> = Promise.resolve();
  const refreshSizes = (force: boolean): Promise<void> => {
    sizing = sizing.then(async () => {
      if (!opts.baseUrl || closed) return;
      try {
        const base = typeof opts.baseUrl === 'function' ? await opts.baseUrl() : opts.baseUrl;
        await sizes.refresh(base, force);
      } catch (err) {
        log.warn('symbols: contract sizes could not be refreshed', { err: String(err) });
      }
    });
    return sizing;
  };
  /** What the status says when a JSON master could not be read (and the CSVs could). */
  const sizesNote = (): string | null => {
    const failed = sizes.failed();
    return failed.length > 0
      ? `Could not read ${failed.join(', ')}; commodity contracts it lists are not valued until it is read.`
      : null;
  };

  const status = (): SymbolsStatus => {
    const s = service.status();
    return {
      state: s.ready ? 'ready' : loading ? 'loading' : error ? 'error' : 'empty',
      instruments: s.instruments,
      updatedAt: s.builtAt ? new Date(s.builtAt).toISOString() : null,
      progress,
      error: error ?? sizesNote(),
      badRows,
    };
  };
  function publish() {
    const s = status();
    for (const l of listeners) l(s);
  }

  const started: Promise<void> = (async () => {
    try {
      await Promise.all([service.load(), sizes.load()]);
      publish();
      if (opts.baseUrl && !closed) {
        // The contract sizes come alongside (a smaller file): ready when search is.
        const sized = refreshSizes(false);
        const r = await service.refresh({ force: false });
        if (r.failed.length === 0) error = null;
        await sized;
      }
    } catch (err) {
      error = `The symbol master could not be loaded: ${(err as Error).message}`;
      log.error('symbols: start failed', { err: String(err) });
    } finally {
      loading = false;
      progress = null;
      publish();
    }
  })();

  // The underlyings list costs one pass over every root: once per symbol master.
  let underlyingsOf: { db: SymbolDb; list: OptionUnderlying[] } | null = null;
  const today = () => istDayKey((opts.now ?? (() => new Date()))().getTime());

  const lookup: InstrumentLookup = {
    rulesFor: (symbol) => {
      const rules = service.db?.rules(symbol);
      if (!rules) return rules;
      // Only a currency pair's name changes its rupee multiplier (cross-currency).
      const underlying =
        rules.segment === Segment.Currency ? service.db?.byTicker(symbol)?.underlying : undefined;
      return {
        ...rules,
        ...(underlying === undefined ? {} : { underlying }),
        contractMultiplier: contractMultiplierOf({
          segment: rules.segment,
          contractMultiplier: sizes.of(symbol) ?? null,
          ...(underlying === undefined ? {} : { underlying }),
        }),
      };
    },
  };

  return {
    lookup,
    ready: () => started,
    search(query, limit) {
      return service.search(query, limit).map((h) => toInfo(h, sizes.of(h.ticker)));
    },
    get(ticker) {
      const db = service.db;
      const i = db?.byTicker(ticker.trim().toUpperCase());
      return db && i
        ? toInfo({ ...i, freezeQty: db.rules(i.ticker)?.freezeQty ?? null }, sizes.of(i.ticker))
        : null;
    },
    tokenOf(ticker) {
      return service.db?.tokenOfTicker(ticker.trim().toUpperCase()) || null;
    },
    status,
    optionUnderlyings() {
      const db = service.db;
      if (!db) return [];
      if (underlyingsOf?.db !== db) underlyingsOf = { db, list: optionUnderlyings(db) };
      return underlyingsOf.list;
    },
    expiries(underlying) {
      const db = service.db;
      if (!db) return [];
      const day = today();
      return expiriesOf(db, underlying)
        .map((e) => ({ ...e, date: istDayKey(e.expiry * 1000) }))
        .filter((e) => e.date >= day);
    },
    optionChain(underlying, expiry) {
      const db = service.db;
      if (!db || db.rootOf(underlying) < 0) return null;
      const rows = optionChain(db, underlying, expiry);
      const first = rows[0]?.ce ?? rows[0]?.pe;
      return {
        underlying,
        expiry,
        spot: spotOf(db, underlying),
        lotSize: first ? (db.byTicker(first)?.lotSize ?? 0) : 0,
        rows: rows.map((r) => ({ strike: r.strike, ce: r.ce ?? null, pe: r.pe ?? null })),
      };
    },
    async refresh(force) {
      if (!opts.baseUrl) return status();
      loading = true;
      publish();
      try {
        const r = await service.refresh({ force });
        error = r.failed.length
          ? `Could not update ${r.failed.map((f) => f.file).join(', ')}; using the last good copy.`
          : null;
        await refreshSizes(force);
      } finally {
        loading = false;
        progress = null;
        publish();
      }
      return status();
    },
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      closed = true;
      await Promise.all([started.catch(() => {}), sizing]);
    },
  };
}
