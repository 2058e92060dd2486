import type { Page } from '@playwright/test';
import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp, pickSymbol, sendMarketOrder } from './trading-helpers';

// The charts screen (Alt+0) in the harness: SBIN's intraday candles from the broker's history
// API drawn by the chart library under the app's strict CSP, a live tick moving the last
// candle, and the day's MTM of the positions: the part of the day before the app could see
// them rebuilt from trades and 1-minute candles, then the live samples.

const SBIN = 'NSE:SBIN-EQ';

// Its own harness: in the worker's shared one, earlier specs' fills have already started the
// day's MTM samples, and this test's first fill would come after the first sample.
test('SBIN candles from history, a live tick moves the last candle, the MTM chart is drawn', async ({
  page,
  ownControlled: controlled,
}) => {
  test.setTimeout(200_000);
  const cspProblems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|unsafe-eval|unsafe-inline/i.test(m.text()))
      cspProblems.push(m.text());
  });
  await control(controlled, 'market', { exchange: 10, segment: 10, status: 'OPEN' });
  await openApp(page, controlled.url);
  await page.evaluate(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await loginToDemo(page);

  // A position first, so the day's MTM has something to show; the app cannot read positions
  // at the time (the broker answers 500), so its MTM samples begin only after the next fill,
  // more than a minute later, and the first fill's minutes are rebuilt.
  const POSITIONS = 'GET /api/v2/positions';
  await control(controlled, 'faults', { route: POSITIONS, mode: 'http500', times: 1000 });
  const beforeFill = Date.now();
  await pickSymbol(page, 'sbin', SBIN);
  await sendMarketOrder(page, '1');
  const afterFill = Date.now();
  await page.keyboard.press('Escape');
  const minute = (t: number) => t - (t % 60_000);
  await page.waitForTimeout(Math.max(0, minute(afterFill) + 62_000 - Date.now()));
  await control(controlled, 'faults', { route: POSITIONS, mode: 'delay', delayMs: 0 });
  await pickSymbol(page, 'sbin', SBIN);
  await sendMarketOrder(page, '1');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+3');
  await expect(page.locator('[data-testid="position-row"]').first()).toBeVisible({
    timeout: 20_000,
  });

  await page.keyboard.press('Alt+0');
  await expect(page.getByTestId('charts')).toBeVisible();
  await expect(page.locator('main h1')).toHaveText('Charts');
  await page.getByTestId('chart-search').click();
  await page.keyboard.type('sbin');
  await page.locator(`[data-testid="symbol-option"][data-ticker="${SBIN}"]`).click();
  await expect(page.getByTestId('chart-symbol')).toHaveText(SBIN);

  // Candles from history, drawn by the library (its canvases, not ours).
  const chart = page.getByTestId('chart');
  await expect
    .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 20_000 })
    .toBeGreaterThan(20);
  await expect(chart.locator('canvas').first()).toBeVisible();
  const lastClose = Number(await chart.getAttribute('data-last-close'));
  expect(lastClose).toBeGreaterThan(0);

  // A live tick moves the last candle's close (the walk goes on from the price set).
  const moved = Math.round(lastClose * 1.06 * 20) / 20;
  await control(controlled, 'price', { symbol: SBIN, ltp: moved });
  await expect
    .poll(async () => Number(await chart.getAttribute('data-last-close')), { timeout: 10_000 })
    .toBeGreaterThan(lastClose * 1.03);
  await expect
    .poll(async () =>
      Number((await page.getByTestId('chart-last').textContent())?.replace(/[^\d.]/g, '')),
    )
    .toBeGreaterThan(lastClose * 1.03);
  // Today's candle it is, not an old one redrawn.
  const lastTime = Number(await chart.getAttribute('data-last-time'));
  expect(Date.now() / 1000 - lastTime).toBeLessThan(15 * 60);

  // The day's MTM of the positions: from the first fill's minute, rebuilt (and said so) up to
  // the first sample, then sampled.
  const mtm = page.getByTestId('mtm-chart');
  await expect(mtm).toBeVisible();
  await expect
    .poll(async () => Number(await mtm.getAttribute('data-rebuilt')), { timeout: 40_000 })
    .toBeGreaterThan(0);
  expect(Number(await mtm.getAttribute('data-points'))).toBeGreaterThan(
    Number(await mtm.getAttribute('data-rebuilt')),
  );
  const firstAt = Number(await mtm.getAttribute('data-first-at'));
  expect(firstAt).toBeGreaterThanOrEqual(minute(beforeFill));
  expect(firstAt).toBeLessThanOrEqual(minute(afterFill));
  await expect(page.getByTestId('mtm-source')).toHaveText(
    /^Before \d\d:\d\d, rebuilt from trades and 1-minute candles \(in grey\); since then sampled each minute/,
  );
  await expect(page.getByTestId('mtm-note')).toHaveCount(0);
  await expect(mtm.locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('mtm-now')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('charts.png') });
  await mtm.screenshot({ path: test.info().outputPath('mtm.png') });

  // Another candle length reads history again: 15-minute candles are fewer than 5-minute ones.
  const fives = Number(await chart.getAttribute('data-candles'));
  await page.getByTestId('chart-resolution-15').click();
  await expect(page.getByTestId('chart-resolution-15')).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 20_000 })
    .toBeLessThan(fives);
  expect(cspProblems).toEqual([]);
});

/**
 * Pixels of the volume pane (the lowest of the chart's full-width pane canvases: volume has
 * a pane of its own under the candles) drawn exactly in each of the given colours.
 */
async function volumePixels(page: Page, colours: string[]): Promise<number[]> {
  return page.getByTestId('chart').evaluate((box, hexes) => {
    const canvases = [...box.querySelectorAll('canvas')];
    const widest = Math.max(...canvases.map((c) => c.width));
    const pane = canvases
      .filter((c) => c.width === widest && c.getBoundingClientRect().height > 40)
      .sort((a, b) => b.getBoundingClientRect().top - a.getBoundingClientRect().top)[0];
    if (!pane) return hexes.map(() => 0);
    const ctx = pane.getContext('2d');
    if (!ctx) return hexes.map(() => 0);
    const { data } = ctx.getImageData(0, 0, pane.width, pane.height);
    const want = hexes.map((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)));
    const counts = hexes.map(() => 0);
    for (let p = 0; p < data.length; p += 4)
      want.forEach(([r, g, b], i) => {
        if (data[p] === r && data[p + 1] === g && data[p + 2] === b) counts[i]!++;
      });
    return counts;
  }, colours);
}

test('volume bars take the theme’s colours when the theme changes, without a reload', async ({
  page,
  controlled,
}) => {
  test.setTimeout(120_000);
  // The dark and light themes' gain and loss colours (styles/base.css).
  const DARK = ['#4ade80', '#f87171'];
  const LIGHT = ['#116329', '#a40e26'];
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.keyboard.press('Alt+7');
  await page.getByTestId('pref-theme').selectOption('system');
  await page.getByTestId('prefs-save').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  try {
    await page.keyboard.press('Alt+0');
    await page.getByTestId('chart-search').click();
    await page.keyboard.type('sbin');
    await page.locator(`[data-testid="symbol-option"][data-ticker="${SBIN}"]`).click();
    const chart = page.getByTestId('chart');
    await expect
      .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 20_000 })
      .toBeGreaterThan(20);
    await expect
      .poll(async () => (await volumePixels(page, DARK)).reduce((a, b) => a + b, 0))
      .toBeGreaterThan(0);

    // The OS turns light while the chart is on screen: the volume bars follow, at once.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect
      .poll(async () => (await volumePixels(page, LIGHT)).reduce((a, b) => a + b, 0))
      .toBeGreaterThan(0);
    expect(await volumePixels(page, DARK)).toEqual([0, 0]);
    await page.screenshot({ path: test.info().outputPath('chart-light-volume.png') });
  } finally {
    await page.keyboard.press('Alt+7');
    await page.getByTestId('pref-theme').selectOption('dark');
    await page.getByTestId('prefs-save').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  }
});
