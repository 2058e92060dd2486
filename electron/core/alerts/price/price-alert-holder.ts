/**
 * The seam between the Alerts screen and whoever holds the trader's price alerts. Two
 * holders implement it: the app itself (`app-price-alerts.ts`: stored with the settings,
 * evaluated on live ticks while Tickdesk runs) for a dialect without broker-held alerts (v2),
 * and the broker (`broker-price-alerts.ts`: created over REST, firings pushed on the order
 * socket) for one with them (v3); `dialect-price-alerts.ts` picks the account's. The IPC
 * handlers, the screen and the alert
 * service do not change: the view's `heldBy` and `note` tell the trader which one is at work.
 */
import type {
  PriceAlert,
  PriceAlertInput,
  PriceAlertsView,
} from '../../../../shared/alerts/price-alert';

/** A price alert that fired: what the alert service turns into the app's alert (toast, OS notification, sound). */
export interface PriceAlertFired {
  alert: PriceAlert;
  /** The last price that crossed the level. */
  ltp: number;
  /** Its % change from the previous close, when known. */
  changePct: number | null;
}

/** Whoever holds the price alerts: list, create, modify, pause/resume, delete; reports firings. */
export interface PriceAlertHolder {
  /** The Alerts screen's picture: every alert, who holds them, and whether they can fire now. */
  view(): PriceAlertsView;
  /** Creates an active alert; refused (with words) beyond the limit or when it cannot be kept. */
  create(input: PriceAlertInput): Promise<PriceAlert>;
  /** Replaces an alert's condition, level and repeat; it starts over (only prices after the change count). */
  modify(id: string, input: PriceAlertInput): Promise<PriceAlert>;
  /** Pauses an alert, or resumes (re-arms) a paused or triggered one. */
  setPaused(id: string, paused: boolean): Promise<PriceAlert>;
  /** Deletes an alert. */
  remove(id: string): Promise<void>;
  /** Reads the holder's truth again where it lives elsewhere (the broker's list); absent for the app. */
  refresh?(): Promise<void>;
  /** Called with the new picture after every change (a firing, an edit, the feed going down). */
  onChange(listener: (view: PriceAlertsView) => void): () => void;
  dispose(): Promise<void>;
}
