/**
 * Who may send in one window (a second or a minute), given what the window already holds.
 *
 * Strict priority alone starves the background refresh whenever the trader's reads fill the
 * window, and then fills and cancels go unseen. So each window keeps three zones: order
 * actions may use all of it; the trader's reads stop at their cap (leaving a reserve for
 * orders); background refresh stops at its lower cap, except for a small floor that it is
 * guaranteed while it has work queued: reads then yield until the floor is used.
 */
import type { SlidingWindow } from './sliding-window';

/** A window's total count, the background's own count, and the thresholds. */
export interface WindowZones {
  total: SlidingWindow;
  background: SlidingWindow;
  limit: number;
  userCap: number;
  backgroundCap: number;
  backgroundFloor: number;
}

/**
 * Milliseconds until a request of the given priority may go in this window (0 = now).
 * A positive answer is the earliest moment worth checking again, not a promise.
 */
export function windowWait(
  priority: 'order' | 'user' | 'background',
  z: WindowZones,
  now: number,
  backgroundWaiting: boolean,
): number {
  if (priority === 'order') return z.total.waitMs(now, z.limit);
  const used = z.total.used(now);
  const bgUsed = z.background.used(now);
  const owedToBackground = backgroundWaiting ? Math.max(0, z.backgroundFloor - bgUsed) : 0;
  const admitted =
    priority === 'user'
      ? used < z.userCap - owedToBackground
      : used < z.backgroundCap || (bgUsed < z.backgroundFloor && used < z.userCap);
  if (admitted) return 0;
  return Math.max(1, Math.min(z.total.nextExpiryMs(now), z.background.nextExpiryMs(now)));
}
