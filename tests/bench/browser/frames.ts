/// <reference lib="dom" />
/**
 * Frame pacing and page work over a window of time, measured in the page: every
 * animation-frame interval, the long tasks (> 50 ms) the page ran, and Chromium's own
 * script, style and layout time (DevTools Performance metrics). Frame times alone mix the
 * page's work with a machine starved of CPU by others; the work figures tell them apart.
 */
import type { CDPSession, Page } from '@playwright/test';

/** What one window recorded. */
export interface FrameWindow {
  /** Animation-frame intervals, ms. */
  frames: number[];
  /** Total duration of long tasks, ms. */
  longTaskMs: number;
  /** The window's length, ms. */
  spanMs: number;
  /** Main-thread JavaScript, style recalculation and layout during the window, ms. */
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
}

type Metrics = Record<string, number>;

/** One DevTools session per page: its Performance counters run from that session's enable. */
const sessions = new WeakMap<Page, Promise<CDPSession>>();

async function metrics(page: Page): Promise<Metrics> {
  let session = sessions.get(page);
  if (!session) {
    session = page
      .context()
      .newCDPSession(page)
      .then(async (s) => {
        await s.send('Performance.enable');
        return s;
      });
    sessions.set(page, session);
  }
  const { metrics: list } = await (await session).send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Records frames for `ms` while `during` (if given) runs; returns what the page did. */
export async function recordFrames(
  page: Page,
  ms: number,
  during?: () => Promise<void>,
): Promise<FrameWindow> {
  const before = await metrics(page);
  const recorded = page.evaluate(
    (duration) =>
      new Promise<{ frames: number[]; longTaskMs: number; spanMs: number }>((resolve) => {
        let longTaskMs = 0;
        const obs = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) longTaskMs += e.duration;
        });
        obs.observe({ type: 'longtask' });
        const frames: number[] = [];
        const start = performance.now();
        let last = start;
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          if (now - start < duration) requestAnimationFrame(step);
          else {
            obs.disconnect();
            resolve({ frames: frames.slice(1), longTaskMs, spanMs: now - start });
          }
        };
        requestAnimationFrame(step);
      }),
    ms,
  );
  await during?.();
  const out = await recorded;
  const after = await metrics(page);
  const delta = (k: string) => ((after[k] ?? 0) - (before[k] ?? 0)) * 1000;
  return {
    ...out,
    scriptMs: delta('ScriptDuration'),
    styleMs: delta('RecalcStyleDuration'),
    layoutMs: delta('LayoutDuration'),
  };
}
