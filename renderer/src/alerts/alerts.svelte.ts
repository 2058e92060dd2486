import type { Alert } from '../../../shared/alerts/alert';
import { backend } from '../lib/backend';
import { nav } from '../lib/nav.svelte';

/** How many toasts stay on screen; older ones give way (the order book keeps the detail). */
const MAX_TOASTS = 4;
/** Fills are routine news the order book also shows: their toasts leave on their own. */
const FADING_KINDS: readonly Alert['kind'][] = ['fill', 'partial-fill'];
const FADE_AFTER_MS = 15_000;

/** Browser notifications exist only in the harness: in Electron main shows OS notifications. */
export const browserNotificationsApply = (): boolean =>
  import.meta.env.MODE === 'harness' && typeof Notification !== 'undefined';

/**
 * The alerts the core raised (`alerts.raised`), as in-app toasts: rejections, stop-loss,
 * square-off and session expiry stay until dismissed; fills leave after 15 s, but never
 * while the pointer or the keyboard focus is on the toasts (`hold`), so nobody is hurried
 * while reading or reaching one. With the trader's sound choice and,
 * in the harness only, a browser notification when its permission was granted from
 * Settings. The core decides what is an alert and applies the per-kind settings; this
 * store only shows what arrives, so two pages never disagree about what happened.
 */
class AlertStore {
  toasts = $state<Alert[]>([]);
  /** The browser's notification permission (harness); 'unsupported' elsewhere. */
  permission = $state<NotificationPermission | 'unsupported'>('unsupported');
  #off: (() => void)[] = [];
  #audio: AudioContext | null = null;
  #held = false;

  init(): void {
    const api = backend();
    for (const off of this.#off) off();
    this.#off = [
      api.on.alerts.raised((a) => this.#show(a)),
      api.on.alerts.open((t) => this.openFor(t)),
    ];
    if (browserNotificationsApply()) this.permission = Notification.permission;
  }

  /** Where a clicked alert leads: the Alerts screen for a price alert, else the order book (at its order). */
  openFor(a: { orderId: string | null; kind?: Alert['kind'] }): void {
    if (a.kind === 'price') nav.go('alerts');
    else nav.openOrder(a.orderId);
  }

  /** The pointer or focus is on the toasts: fading ones wait until it leaves. */
  hold(held: boolean): void {
    this.#held = held;
  }

  dismiss(id: string): void {
    this.toasts = this.toasts.filter((t) => t.id !== id);
    // A focused toast that is removed may never report losing focus.
    if (this.toasts.length === 0) this.#held = false;
  }

  dismissAll(): void {
    this.toasts = [];
    this.#held = false;
  }

  /** Asks the browser for notification permission; only ever from a click in Settings. */
  async requestPermission(): Promise<void> {
    if (!browserNotificationsApply()) return;
    this.permission = await Notification.requestPermission();
  }

  #show(a: Alert): void {
    this.toasts = [...this.toasts.slice(-(MAX_TOASTS - 1)), a];
    if (FADING_KINDS.includes(a.kind)) this.#fadeLater(a.id, FADE_AFTER_MS);
    if (a.sound) this.#beep();
    if (a.notify && browserNotificationsApply() && Notification.permission === 'granted') {
      const n = new Notification(a.title, { body: a.body, tag: a.id });
      n.onclick = () => {
        window.focus();
        this.openFor(a);
        n.close();
      };
    }
  }

  #fadeLater(id: string, ms: number): void {
    setTimeout(() => {
      if (this.#held) this.#fadeLater(id, 3_000);
      else this.dismiss(id);
    }, ms);
  }

  /** A short, soft tone: enough to look up, not a siren. */
  #beep(): void {
    try {
      this.#audio ??= new AudioContext();
      const ctx = this.#audio;
      void ctx.resume();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.08, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.25);
    } catch {
      // No audio device: the toast is still there.
    }
  }
}

/** The app's one alert list. */
export const alerts = new AlertStore();
