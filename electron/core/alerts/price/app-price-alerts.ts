/**
 * Price alerts held by the app, for a dialect whose broker holds none (v2): kept in the
 * settings document, and evaluated by the core on every live tick of the one quote cache
 * while Tickdesk runs (the symbols of active alerts are kept subscribed). The trader is told
 * plainly that they work only while Tickdesk is open.
 *
 * What counts as a price here is what the market-data path already trusts, and no less:
 * only live prices (socket, data-API quote, depth; never a fallback from an account read),
 * not older than the stale limit, inside the day's circuit band when it is known, and not
 * from a packet stamped in the future (`distrust`, told by the market-data service, which
 * reads every stamp with broker-time.ts). While the price feed is down, or there is no
 * session, nothing is evaluated and the screen says alerts are paused; the baseline is kept,
 * so a level crossed meanwhile fires once with the first fresh price.
 */
import { randomUUID } from 'node:crypto';
import {
  MAX_PRICE_ALERTS,
  type PriceAlert,
  type PriceAlertFeed,
  type PriceAlertInput,
  type PriceAlerts,
  type PriceAlertsView,
} from '../../../../shared/alerts/price-alert';
import { AppError } from '../../../../shared/ipc/errors';
import { DEFAULT_STALE_AFTER_MS, type Quote } from '../../../../shared/marketdata/quote';
import type { Logger } from '../../diagnostics/logger';
import { STAMP_RESOLUTION_MS } from '../../marketdata/quote-cache';
import type { PriceAlertFired, PriceAlertHolder } from './price-alert-holder';
import { step, watchedFigure, type CrossingState } from './price-crossing';

/** Where the alerts are kept (the settings document, in the app). */
export interface PriceAlertStorage {
  read(): PriceAlerts;
  /** Persists the whole list; rejects when it cannot (settings open read-only). */
  write(list: PriceAlerts): Promise<void>;
  /** Why a write was refused, in words for the trader. */
  refusal(err: unknown): string;
}

/** Constructor dependencies. */
export interface AppPriceAlertsDeps {
  now: () => number;
  storage: PriceAlertStorage;
  quotes: {
    get(symbol: string): Quote | undefined;
    onChange(listener: (symbols: readonly string[]) => void): () => void;
  };
  /** Keeps exactly these symbols subscribed (an empty list lets go). */
  hold(symbols: readonly string[]): void;
  /** Whether fresh prices can flow now, and a way to hear when that changes. */
  feed: { state(): PriceAlertFeed; onChange(listener: () => void): () => void };
  /** An alert fired: the alert service raises the app's alert. */
  fired(f: PriceAlertFired): void;
  logger: Pick<Logger, 'info' | 'warn'>;
  staleAfterMs?: () => number;
}

/** The app-held alerts, plus the market-data path's word that a symbol's tick is not to be trusted. */
export interface AppPriceAlerts extends PriceAlertHolder {
  /** A tick for `symbol` was stamped in the future (or otherwise refused as a time): its price does not count. */
  distrust(symbol: string): void;
}

const LIVE_SOURCES = new Set<Quote['source']>(['socket', 'quote', 'depth']);

/** Starts holding and evaluating the stored alerts. */
export function createAppPriceAlerts(deps: AppPriceAlertsDeps): AppPriceAlerts {
  let alerts: PriceAlert[] = [...deps.storage.read()];
  const states = new Map<string, CrossingState>();
  const distrusted = new Set<string>();
  const listeners = new Set<(v: PriceAlertsView) => void>();
  const staleAfter = deps.staleAfterMs ?? (() => DEFAULT_STALE_AFTER_MS);
  let held = '';
  let writes: Promise<unknown> = Promise.resolve();

  /** True when `q` is a price an alert may fire on, now. */
  function trusted(q: Quote | undefined, now: number): q is Quote {
    if (!q || !LIVE_SOURCES.has(q.source) || !(q.ltp > 0)) return false;
    if (now - q.at > staleAfter()) return false;
    if (q.upperCircuit !== null && q.upperCircuit > 0 && q.ltp > q.upperCircuit) return false;
    if (q.lowerCircuit !== null && q.lowerCircuit > 0 && q.ltp < q.lowerCircuit) return false;
    return true;
  }

  /** A fresh start for an alert: only prices from now on count, from the current one as baseline. */
  function arm(a: PriceAlert): void {
    const now = deps.now();
    const q = deps.quotes.get(a.symbol);
    const last = trusted(q, now) ? watchedFigure(a, q) : null;
    // Socket stamps are whole seconds cut down: a tick arriving now may carry the second before.
    states.set(a.id, { last, since: now - STAMP_RESOLUTION_MS });
  }

  function view(): PriceAlertsView {
    const feed = deps.feed.state();
    const paused =
      feed === 'paused-feed'
        ? ' Paused now: the price feed is disconnected or its prices are stale. Alerts resume with the first fresh price; a level crossed meanwhile fires then, once.'
        : feed === 'no-session'
          ? ' Paused now: log in to get live prices.'
          : '';
    return {
      alerts: alerts.map((a) => ({ ...a })),
      heldBy: 'app',
      feed,
      note: `Tickdesk checks these alerts on live prices, so they work only while Tickdesk is open: nothing fires while it is closed.${paused}`,
      max: MAX_PRICE_ALERTS,
    };
  }

  function changed(): void {
    const active = [...new Set(alerts.filter((a) => a.status === 'active').map((a) => a.symbol))];
    const key = active.sort().join(',');
    if (key !== held) {
      held = key;
      deps.hold(active);
    }
    const v = view();
    for (const l of listeners) {
      try {
        l(v);
      } catch (err) {
        deps.logger.warn('price alerts: a listener failed', { err: String(err) });
      }
    }
  }

  /** Writes the list in order; a trader's change that cannot be kept is undone and explained. */
  function persist(next: PriceAlert[], undo: PriceAlert[] | null): Promise<void> {
    alerts = next;
    const p = writes.then(() => deps.storage.write(next));
    writes = p.catch(() => undefined);
    changed();
    return p.catch((err: unknown) => {
      if (undo === null) {
        // A firing: it stands in memory for this run; the store said why it could not keep it.
        deps.logger.warn('price alerts: a firing could not be saved', { err: String(err) });
        return;
      }
      alerts = undo;
      changed();
      throw new AppError(
        'cannot-save',
        `The alert could not be saved, so nothing changed. ${deps.storage.refusal(err)}`,
        {
          action: 'check-state',
        },
      );
    });
  }

  function find(id: string): PriceAlert {
    const a = alerts.find((x) => x.id === id);
    if (!a)
      throw new AppError(
        'not-found',
        'That alert no longer exists: it may have been deleted already.',
        {
          action: 'check-state',
        },
      );
    return a;
  }

  function fire(a: PriceAlert, q: Quote, now: number): void {
    const after: PriceAlert = {
      ...a,
      status: a.repeat ? 'active' : 'triggered',
      lastFiredAt: now,
      lastFiredPrice: q.ltp,
      fired: a.fired + 1,
    };
    void persist(
      alerts.map((x) => (x.id === a.id ? after : x)),
      null,
    );
    deps.logger.info('price alerts: fired', { id: a.id, condition: a.condition });
    deps.fired({
      alert: after,
      ltp: q.ltp,
      changePct: watchedFigure({ condition: 'change-above' }, q),
    });
  }

  function evaluate(symbols: readonly string[]): void {
    try {
      if (deps.feed.state() === 'live') evaluateLive(symbols);
    } finally {
      // A distrusted tick counts for nothing; the next tick is judged against the last trusted one.
      for (const s of symbols) distrusted.delete(s);
    }
  }

  function evaluateLive(symbols: readonly string[]): void {
    const now = deps.now();
    const changedSymbols = new Set(symbols);
    for (const a of alerts) {
      if (a.status !== 'active' || !changedSymbols.has(a.symbol)) continue;
      const q = deps.quotes.get(a.symbol);
      if (distrusted.has(a.symbol) || !trusted(q, now)) continue;
      let state = states.get(a.id);
      if (!state) {
        state = { last: null, since: now - STAMP_RESOLUTION_MS };
        states.set(a.id, state);
      }
      if (step(a, state, q, now)) fire(a, q, now);
    }
  }

  for (const a of alerts) if (a.status === 'active') arm(a);
  const offQuotes = deps.quotes.onChange(evaluate);
  let feedWas = deps.feed.state();
  const offFeed = deps.feed.onChange(() => {
    const now = deps.feed.state();
    if (now !== feedWas) {
      feedWas = now;
      changed();
    }
  });
  changed();

  const fromInput = (input: PriceAlertInput) => ({
    symbol: input.symbol,
    condition: input.condition,
    value: input.value,
    repeat: input.repeat,
    cooldownMinutes: input.cooldownMinutes,
    note: input.note,
  });

  return {
    view,
    async create(input) {
      if (alerts.length >= MAX_PRICE_ALERTS)
        throw new AppError(
          'invalid-input',
          `Tickdesk keeps at most ${MAX_PRICE_ALERTS} price alerts: delete some before adding another.`,
          { action: 'check-state' },
        );
      const a: PriceAlert = {
        id: `pa-${randomUUID()}`,
        ...fromInput(input),
        status: 'active',
        createdAt: deps.now(),
        lastFiredAt: null,
        lastFiredPrice: null,
        fired: 0,
      };
      const before = alerts;
      arm(a);
      await persist([...alerts, a], before);
      return { ...a };
    },
    async modify(id, input) {
      const a = find(id);
      const next: PriceAlert = {
        ...a,
        ...fromInput(input),
        status: a.status === 'paused' ? 'paused' : 'active',
      };
      const before = alerts;
      arm(next);
      await persist(
        alerts.map((x) => (x.id === id ? next : x)),
        before,
      );
      return { ...next };
    },
    async setPaused(id, paused) {
      const a = find(id);
      const next: PriceAlert = { ...a, status: paused ? 'paused' : 'active' };
      if (!paused) arm(next);
      const before = alerts;
      await persist(
        alerts.map((x) => (x.id === id ? next : x)),
        before,
      );
      return { ...next };
    },
    async remove(id) {
      find(id);
      const before = alerts;
      states.delete(id);
      await persist(
        alerts.filter((x) => x.id !== id),
        before,
      );
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    distrust(symbol) {
      distrusted.add(symbol);
    },
    async dispose() {
      offQuotes();
      offFeed();
      listeners.clear();
      if (held !== '') deps.hold([]);
      held = '';
      await writes;
    },
  };
}
