/**
 * Market watch with a 250-symbol list while every symbol ticks (issue 11), in Chromium on
 * the harness (the real core, the embedded sandbox over HTTP, the real renderer): frame
 * p95, long tasks and the page's script/style/layout time, paired round by round against
 * the renderer as it was before issue 11 (pushed prices applied per message, not per
 * paint; commit BASELINE, built from git into test-results/). The sandbox is stepped every
 * TICK_EVERY_MS on top of its own 250 ms pace, so all 250 prices move ~14 times a second.
 * An empty list in the same page, measured in the same round, gives the machine's own
 * pace: on a shared machine a slow frame can be a starved CPU rather than the page's
 * work, and the work figures tell the two apart.
 */
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium-path';
import { recordFrames, type FrameWindow } from './browser/frames';
import {
  buildRendererAt,
  cashTickers,
  control,
  harnessCall,
  openLoggedIn,
  ROOT,
  startHarness,
  vite,
  type Harness,
} from './browser/harness';
import { percentile, withinOneFrame, type BenchContext, type BenchSection } from './types';

/** The last commit before issue 11: the views applied every pushed price message at once. */
const BASELINE = '3e886f6';
const SYMBOLS = 250;
const TICK_EVERY_MS = 100;
const NSE_CASH = { exchange: 10, segment: 10 };

/**
 * Clicks a list by name; ms until the frame that draws it has been painted: its rows (or
 * its empty notice) are in the page, and that frame's layout and paint are done (a task
 * queued from the frame's rAF runs after them). Waiting only for the next rAF, as this did
 * before, stopped the clock before the new rows were laid out: a renderer that drew in a
 * later frame looked faster.
 */
async function showList(page: Page, name: string, empty: boolean): Promise<number> {
  return page.evaluate(
    async ({ n, empty }) => {
      const t0 = performance.now();
      document.querySelector<HTMLElement>(`[data-testid="watch-list"][data-name="${n}"]`)!.click();
      const shown = () =>
        empty
          ? !!document.querySelector('[data-testid="watch-empty"]') &&
            !document.querySelector('[data-testid="watch-row"]')
          : !!document.querySelector('[data-testid="watch-row"]');
      const painted = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      await Promise.resolve();
      while (!shown()) await painted();
      await painted();
      return performance.now() - t0;
    },
    { n: name, empty },
  );
}

/** A logged-in page on the market watch, with "Big" (SYMBOLS symbols) and "Empty" lists. */
async function openWatch(
  browser: Parameters<typeof openLoggedIn>[0],
  h: Harness,
  tickers: string[] | null,
): Promise<{ page: Page; tickers: string[] }> {
  let page = await openLoggedIn(browser, h);
  await control(h, 'market', { ...NSE_CASH, status: 'OPEN' });
  const big = tickers ?? (await cashTickers(h, SYMBOLS));
  const [current] = await harnessCall<{ id: string; name: string; symbols: string[] }[]>(h, [
    { channel: 'watchlists.get', input: undefined },
  ]);
  const lists = [
    ...current!.filter((l) => l.id !== 'big' && l.id !== 'empty'),
    { id: 'big', name: 'Big', symbols: big },
    { id: 'empty', name: 'Empty', symbols: [] },
  ];
  await harnessCall(h, [{ channel: 'watchlists.save', input: { lists } }]);
  // A fresh page reads the saved lists (the secret is in the URL, cleared once read).
  await page.close();
  page = await openLoggedIn(browser, h);
  await page.keyboard.press('F4');
  await page.getByTestId('market-watch').waitFor();
  await page.locator('[data-testid="watch-list"][data-name="Big"]').waitFor();
  return { page, tickers: big };
}

/** Steps the sandbox's market every TICK_EVERY_MS until stopped. */
function drive(h: Harness): () => Promise<void> {
  let on = true;
  const loop = (async () => {
    while (on) {
      const t = Date.now();
      await control(h, 'tick', { n: 1 });
      await new Promise((r) => setTimeout(r, Math.max(0, TICK_EVERY_MS - (Date.now() - t))));
    }
  })();
  return async () => {
    on = false;
    await loop;
  };
}

/** Waits until the first drawn row shows a price. */
async function pricesShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const cell = document.querySelector('[data-testid="watch-row"] [data-testid="watch-ltp"]');
      return !!cell && cell.textContent !== '—';
    },
    undefined,
    { timeout: 30_000, polling: 200 },
  );
}

interface Result {
  name: string;
  ticking: FrameWindow[];
  empty: FrameWindow[];
  showMs: number[];
}

const perSecond = (ws: FrameWindow[], k: 'scriptMs' | 'styleMs' | 'layoutMs' | 'longTaskMs') =>
  (ws.reduce((a, w) => a + w[k], 0) * 1000) /
  Math.max(
    1,
    ws.reduce((a, w) => a + w.spanMs, 0),
  );
const frames = (ws: FrameWindow[]) => ws.flatMap((w) => w.frames);

/** The section `npm run bench` prints. */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: set TICKDESK_CHROMIUM');
  const rounds = ctx.quick ? 2 : 5;
  const windowMs = ctx.quick ? 3000 : 6000;
  ctx.log('watch: building the harness renderer and the baseline');
  vite(join(ROOT, 'renderer/vite.config.ts'), 'harness');
  const baselineDir = buildRendererAt(BASELINE, ctx.log);
  const variants = [{ name: 'now', dir: join(ROOT, 'dist/renderer-harness') }];
  if (baselineDir) variants.push({ name: `before (${BASELINE})`, dir: baselineDir });
  const results: Result[] = variants.map((v) => ({
    name: v.name,
    ticking: [],
    empty: [],
    showMs: [],
  }));
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const opened: { h: Harness; page: Page }[] = [];
  try {
    let tickers: string[] | null = null;
    for (const v of variants) {
      ctx.log(`watch: ${v.name}: login, ${SYMBOLS}-symbol list`);
      const h = await startHarness(v.dir);
      const w = await openWatch(browser, h, tickers);
      tickers = w.tickers;
      opened.push({ h, page: w.page });
    }
    for (let r = 0; r < rounds; r++) {
      // Alternate who goes first, so a machine getting busier mid-round favours neither.
      const order = r % 2 === 0 ? [...opened.keys()] : [...opened.keys()].reverse();
      for (const i of order) {
        const { h, page } = opened[i]!;
        const res = results[i]!;
        const stop = drive(h);
        try {
          res.showMs.push(await showList(page, 'Big', false));
          await pricesShown(page);
          await page.waitForTimeout(500);
          res.ticking.push(await recordFrames(page, windowMs));
          await showList(page, 'Empty', true);
          await page.waitForTimeout(500);
          res.empty.push(await recordFrames(page, Math.min(windowMs, 3000)));
        } finally {
          await stop();
        }
        ctx.log(
          `watch: round ${r + 1} ${res.name}: frame p95 ${percentile(res.ticking.at(-1)!.frames, 95).toFixed(1)} ms, script ${res.ticking.at(-1)!.scriptMs.toFixed(0)} ms`,
        );
      }
    }
  } finally {
    for (const o of opened) {
      await o.page.close();
      o.h.child.kill('SIGTERM');
    }
    await browser.close();
  }
  const now = results[0]!;
  const p95 = percentile(frames(now.ticking), 95);
  return {
    title: `Market watch, ${SYMBOLS} symbols all ticking (Chromium, harness)`,
    tables: [
      {
        title: `${rounds} paired rounds of ${windowMs / 1000} s, market stepped every ${TICK_EVERY_MS} ms; "empty list" is the same page with nothing to draw`,
        columns: [
          'renderer',
          'list',
          'frames',
          'frame p50 ms',
          'frame p95 ms',
          'long tasks ms/s',
          'script ms/s',
          'style+layout ms/s',
          'list shown p50 ms',
        ],
        rows: results.flatMap((x) => [
          [
            x.name,
            `${SYMBOLS} ticking`,
            frames(x.ticking).length,
            percentile(frames(x.ticking), 50),
            percentile(frames(x.ticking), 95),
            perSecond(x.ticking, 'longTaskMs'),
            perSecond(x.ticking, 'scriptMs'),
            perSecond(x.ticking, 'styleMs') + perSecond(x.ticking, 'layoutMs'),
            percentile(x.showMs, 50),
          ],
          [
            x.name,
            'empty list',
            frames(x.empty).length,
            percentile(frames(x.empty), 50),
            percentile(frames(x.empty), 95),
            perSecond(x.empty, 'longTaskMs'),
            perSecond(x.empty, 'scriptMs'),
            perSecond(x.empty, 'styleMs') + perSecond(x.empty, 'layoutMs'),
            '',
          ],
        ]),
      },
    ],
    json: {
      symbols: SYMBOLS,
      tickEveryMs: TICK_EVERY_MS,
      variants: results.map((x) => ({
        name: x.name,
        frameMsP50: percentile(frames(x.ticking), 50),
        frameMsP95: percentile(frames(x.ticking), 95),
        frames: frames(x.ticking).length,
        longTaskMsPerSecond: perSecond(x.ticking, 'longTaskMs'),
        scriptMsPerSecond: perSecond(x.ticking, 'scriptMs'),
        styleLayoutMsPerSecond: perSecond(x.ticking, 'styleMs') + perSecond(x.ticking, 'layoutMs'),
        listShownMsP50: percentile(x.showMs, 50),
        emptyListFrameMsP95: percentile(frames(x.empty), 95),
        emptyListScriptMsPerSecond: perSecond(x.empty, 'scriptMs'),
      })),
    },
    notes: [
      `frame p95 ${p95.toFixed(1)} ms with ${SYMBOLS} symbols ticking (target ≤ 16, i.e. on time: one 60 Hz frame is 16.7, a missed one 33.3): ${withinOneFrame(p95) ? 'met' : 'MISSED'}; the empty list's p95 ${percentile(frames(now.empty), 95).toFixed(1)} ms is the machine's own pace`,
    ],
  };
}
