/**
 * What the app-held price alerts need from the rest of the core, kept out of the watching
 * stage (stages/risk-alerts.ts) so the stage only names it: the settings document as their
 * store, and the session plus the price socket as the answer to "can alerts fire now".
 */
import type { PriceAlertFeed } from '../../../shared/alerts/price-alert';
import type { PriceAlertStorage } from '../alerts/price/app-price-alerts';
import type { BrokerAlertClient } from '../broker/broker-alerts';
import type { BrokerDialect } from '../broker/dialect';
import type { MarketDataService } from '../marketdata/market-data-service';
import type { SessionController } from '../session/session-controller';
import { SettingsValidationError, type SettingsStore } from '../settings/settings-store';

/** The price alerts kept in the settings document (validated, salvaged, read-only aware). */
export function settingsPriceAlertStorage(settings: SettingsStore): PriceAlertStorage {
  return {
    read: () => settings.get().priceAlerts,
    write: async (list) => {
      await settings.setPriceAlerts(list);
    },
    refusal: (err) =>
      // A refusal without issues is the read-only store's own sentence, written for the trader.
      err instanceof SettingsValidationError && err.issues.length === 0
        ? err.message
        : 'Your settings could not be written; the log has the details.',
  };
}

/** Live while a session can read and the price socket is open; paused otherwise. */
export function priceAlertFeed(
  session: Pick<SessionController, 'snapshot' | 'onChange'>,
  market: Pick<MarketDataService, 'status' | 'onStatus'>,
): { state(): PriceAlertFeed; onChange(listener: () => void): () => void } {
  return {
    state() {
      const s = session.snapshot().status;
      if (s !== 'active' && s !== 'expiring') return 'no-session';
      return market.status().socket === 'open' ? 'live' : 'paused-feed';
    },
    onChange(listener) {
      const offStatus = market.onStatus(() => listener());
      const offSession = session.onChange(() => listener());
      return () => {
        offStatus();
        offSession();
      };
    },
  };
}

/**
 * The logged-in account's broker alert calls, or null (logged out, or a dialect without
 * broker alerts): one client per dialect, made on first use and kept, as the trading clients.
 */
export function accountAlertClient(opts: {
  /** The logged-in account's dialect, or null when logged out. */
  dialect(): BrokerDialect | null;
  make(d: BrokerDialect): BrokerAlertClient | null;
}): () => BrokerAlertClient | null {
  const made = new Map<BrokerDialect['id'], BrokerAlertClient | null>();
  return () => {
    const d = opts.dialect();
    if (!d || !d.capabilities.brokerAlerts) return null;
    if (!made.has(d.id)) made.set(d.id, opts.make(d));
    return made.get(d.id) ?? null;
  };
}

/** The app-held alerts' feed, silent (nothing evaluated) while the broker holds the alerts. */
export function appAlertFeed(
  base: { state(): PriceAlertFeed; onChange(listener: () => void): () => void },
  brokerHeld: () => boolean,
): { state(): PriceAlertFeed; onChange(listener: () => void): () => void } {
  return {
    state: () => (brokerHeld() ? 'no-session' : base.state()),
    onChange: (listener) => base.onChange(listener),
  };
}
