/**
 * One shared second-by-second clock for countdowns (session expiry, rate-limit waits), so
 * every countdown on screen ticks together and there is a single timer to stop.
 */
class Clock {
  now = $state(Date.now());
  #timer: ReturnType<typeof setInterval> | null = null;

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => (this.now = Date.now()), 1000);
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}

/** The app's one ticking clock. */
export const clock = new Clock();

/** '5h 02m', '4m 09s', '12s': how long until an instant, for status-bar countdowns. */
export function formatCountdown(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '0s';
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(sec).padStart(2, '0')}s`;
  return `${sec}s`;
}
