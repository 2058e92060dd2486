import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp, pickSymbol, sendMarketOrder } from './trading-helpers';

// The charts screen (Alt+0) in the harness: SBIN's intraday candles from the broker's history
// API drawn by the chart library under the app's strict CSP, a live tick moving the last
// candle, and the day's MTM of the positions.

const SBIN = 'NSE:SBIN-EQ';

test('SBIN candles from history, a live tick moves the last candle, the MTM chart is drawn', async ({
  page,
  controlled,
}) => {
  test.setTimeout(120_000);
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

  // A position first, so the day's MTM has something to show.
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

  // The day's MTM of the positions: at least the sample taken when the position was seen.
  const mtm = page.getByTestId('mtm-chart');
  await expect(mtm).toBeVisible();
  await expect
    .poll(async () => Number(await mtm.getAttribute('data-points')), { timeout: 40_000 })
    .toBeGreaterThan(0);
  await expect(mtm.locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('mtm-now')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('charts.png') });

  // Another candle length reads history again: 15-minute candles are fewer than 5-minute ones.
  const fives = Number(await chart.getAttribute('data-candles'));
  await page.getByTestId('chart-resolution-15').click();
  await expect(page.getByTestId('chart-resolution-15')).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 20_000 })
    .toBeLessThan(fives);
  expect(cspProblems).toEqual([]);
});
