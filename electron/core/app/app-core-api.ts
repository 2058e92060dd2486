/**
 * What the composed core offers the IPC handlers, the shell and tests: the running services
 * and the few calls that span several of them. Its own module so the wiring in the stages
 * reads as wiring, and a handler can name the surface without the whole composition root.
 */
import type { GttService } from '../gtt/gtt-service';
import type { AppInfo } from '../../../shared/ipc/channels/app';
import type { OrderBookSnapshot } from '../../../shared/ipc/channels/portfolio';
import type { EmitEvent } from '../../../shared/ipc/contract';
import type { BrokerClient } from '../broker/broker-client';
import type { Logger } from '../diagnostics/logger';
import type { EdisService } from '../edis/edis-service';
import type { BackgroundRefresher } from '../limiter/background-refresher';
import type { RequestScheduler } from '../limiter/request-scheduler';
import type { OrderService } from '../orders/actions/order-service';
import type { SessionController } from '../session/session-controller';
import type { SettingsStore } from '../settings/settings-store';
import type { Vault } from '../vault/vault';
import type { CoreDeps } from './core-deps';
import type { DraftKeeper } from '../drafts/draft-keeper';
import type { DemoBroker } from '../demo/demo-broker';
import type { SymbolsRuntime } from './symbols-runtime';
import type { QuoteCache } from '../marketdata/quote-cache';
import type { MarketDataService } from '../marketdata/market-data-service';
import type { MtmService } from '../marketdata/mtm-series';
import type { AlertService } from '../alerts/alert-service';
import type { UpdatesHub } from '../updates/updates-hub';
import type { RiskRuntime } from '../risk/risk-runtime';
import type { PriceAlertHolder } from '../alerts/price/price-alert-holder';
import type { ReportService } from '../reports/report-service';

/** The running core services behind the IPC handlers. */
export type { GttService } from '../gtt/gtt-service';

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
  /** The day's MTM series of the positions (charts screen): sampled, the earlier part rebuilt. */
  readonly mtm: MtmService;
  /** The ticket as typed, kept here so a renderer crash loses nothing. */
  readonly drafts: DraftKeeper;
  /** Fills, rejections, stop-loss, square-off and session expiry, each raised once. */
  readonly alerts: AlertService;
  /** Self-update's state for Settings and the bundle; the shell attaches the updater. */
  readonly updates: UpdatesHub;
  /** The kill switch and the daily loss limit / profit target (electron/core/risk). */
  readonly risk: RiskRuntime;
  /** The trader's price alerts, whoever holds them (v2: the app, on live ticks while it runs). */
  readonly priceAlerts: PriceAlertHolder;
  /** History reports over the account's dialect (v3); refuses on a dialect without history. */
  readonly reports: ReportService;
  /** GTT orders held by the broker (v3 accounts): create, modify, cancel, the GTT book. */
  readonly gtt: GttService;
  /** The Demo broker's base URL while it runs (tests drive its controls), else null. */
  readonly demoBrokerUrl: string | null;
  /** Demo mode's broker process (started on first need), or null in live mode. */
  readonly demo: DemoBroker | null;
  info(): AppInfo;
  /** Writes a redacted support bundle into dataDir/support and says where. */
  exportSupportBundle(): Promise<{ path: string; bytes: number }>;
  /** Connects push events to the transport once it exists (events before that are dropped). */
  attachEmitter(emit: EmitEvent, busy?: () => boolean): void;
  /** The order book as the renderer last had it offered, with the version deltas build on. */
  orderBook(since?: number): OrderBookSnapshot;
  /**
   * Disposes every service in reverse order of creation, each awaited: the journal and the
   * day's request count are written when it resolves. Safe to call twice.
   */
  dispose(): Promise<void>;
  /** The same as `dispose` (the name tests and older callers use). */
  close(): Promise<void>;
}
