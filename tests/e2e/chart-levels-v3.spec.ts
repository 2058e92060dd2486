import { control, expect, specHarness, test } from './control-harness-fixture';
import { axeProblems } from './axe';
import { alertLevel, chartSymbol } from './chart-levels-helpers';
import { loginOnV3, pressOnRow, typeInto } from './trading-helpers';

// The chart's lines on API v3, where the broker holds the alerts and the GTTs (issue 21 #2):
// an OCO GTT protecting a holding is drawn as its target and stop (read-only, titled with the
// side and leg); a broker-held alert set from the chart is drawn, moved from the chart by
// keyboard (a refusal by the broker said in words, the line kept where it was put; then the
// Alerts screen shows the broker's new price), paused on the Alerts screen,
// resumed and finally fired by the broker, whose push on the order socket takes its line off
// the chart while the chart is open; another is deleted from the chart's own list.

const NSE_CASH = { exchange: 10, segment: 10 };
const ALERT_MODIFY = 'PUT /api/v3/price-alert';
const h = specHarness();
// axe is injected past the app's CSP (the app keeps its own; charts.spec checks it).
test.use({ bypassCSP: true });

test('GTT legs and broker-held alerts drawn on the chart, moved, paused, fired by the push and deleted', async ({
  page,
}) => {
  test.setTimeout(175_000);
  await loginOnV3(page, h.url);
  await control(h, 'market', { ...NSE_CASH, status: 'OPEN' });

  // An OCO GTT on the first holding, 10% either side of a price the test sets.
  await page.keyboard.press('Alt+4');
  const holding = page.locator('[data-testid="holding-row"][data-symbol^="NSE:"]').first();
  await expect(holding).toBeVisible({ timeout: 60_000 });
  const symbol = (await holding.getAttribute('data-symbol'))!;
  await control(h, 'price', { symbol, ltp: 1000 });
  await pressOnRow(page, holding, 'g');
  const gttDialog = page.getByTestId('gtt-dialog');
  await expect(gttDialog).toBeVisible();
  await typeInto(page, 'gtt-a-trigger', '1100');
  await typeInto(page, 'gtt-a-limit', '1100');
  await typeInto(page, 'gtt-b-trigger', '900');
  await typeInto(page, 'gtt-b-limit', '900');
  await page.getByTestId('gtt-save').click();
  await page.getByTestId('gtt-send-anyway').click();
  await expect(gttDialog).toHaveCount(0, { timeout: 30_000 });

  const query = symbol.split(':')[1]!.split('-')[0]!.toLowerCase();
  await chartSymbol(page, query, symbol);
  const gttLine = (title: string) =>
    page.locator(`[data-testid="chart-level"][data-kind="gtt"][data-title="${title}"]`);
  await expect(gttLine('GTT SELL target')).toHaveAttribute('data-price', '1100', {
    timeout: 30_000,
  });
  await expect(gttLine('GTT SELL stop')).toHaveAttribute('data-price', '900');
  // Read-only: no handle to move it, no actions.
  await expect(gttLine('GTT SELL target').getByRole('slider')).toHaveCount(0);

  // A broker-held alert from the chart's own button: drawn at its price.
  const dialog = page.getByTestId('price-alert-dialog');
  await page.getByTestId('chart-alert').click();
  await expect(dialog.getByTestId('alert-broker-held')).toBeVisible();
  await dialog.getByTestId('alert-value').fill('1050');
  await dialog.getByTestId('alert-note').fill('e2e v3 line');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  const level = alertLevel(page, 'e2e v3 line');
  await expect(level).toHaveAttribute('data-price', '1050', { timeout: 15_000 });
  await expect(level).toHaveAttribute('data-status', 'active');
  await page.screenshot({ path: test.info().outputPath('chart-levels-v3.png') });
  // The list of lines is usable with a screen reader: no serious or critical axe finding.
  expect(await axeProblems(page)).toEqual([]);

  // Moved by keyboard, ten ticks up, kept: the broker's list has the new price.
  await level.getByRole('slider').focus();
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('chart-move')).toBeVisible();
  const moved = Number(await level.getAttribute('data-price'));
  expect(moved).toBeGreaterThan(1050);
  // The broker refuses the change: said in words, the line stays where the trader put it.
  await control(h, 'faults', { route: ALERT_MODIFY, mode: 'http500', times: 1000 });
  try {
    await page.keyboard.press('Enter');
    const refusal = page.getByTestId('chart-move-refusal');
    await expect(refusal).toBeVisible({ timeout: 30_000 });
    await expect(refusal).not.toContainText('/api');
    await expect(level).toHaveAttribute('data-price', String(moved));
  } finally {
    await control(h, 'faults', { route: ALERT_MODIFY, mode: 'delay', delayMs: 0 });
  }
  await page.getByTestId('chart-move-keep').click();
  await expect(page.getByTestId('chart-move')).toHaveCount(0, { timeout: 15_000 });
  await expect(level).toHaveAttribute('data-price', String(moved));
  await page.keyboard.press('Alt+A');
  const row = page.locator('[data-testid="alert-row"]', { hasText: 'e2e v3 line' });
  await expect(row).toContainText(
    `₹${moved.toLocaleString('en-IN', { maximumFractionDigits: 4 })}`,
  );

  // Paused at the broker from the Alerts screen: the chart's line is the paused one.
  await row.focus();
  await page.keyboard.press('p');
  await expect(row).toHaveAttribute('data-status', 'paused', { timeout: 15_000 });
  await chartSymbol(page, query, symbol);
  await expect(level).toHaveAttribute('data-status', 'paused');
  await expect(level).toHaveAttribute('data-title', 'Alert ↑ (paused)');
  await level.getByTestId('chart-level-pause').click();
  await expect(level).toHaveAttribute('data-status', 'active', { timeout: 15_000 });

  // A second alert, deleted from the chart's list after the question: its line goes.
  await page.getByTestId('chart-alert').click();
  await dialog.getByTestId('alert-value').fill('950');
  await dialog.getByTestId('alert-condition').selectOption('price-below');
  await dialog.getByTestId('alert-note').fill('e2e v3 delete');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  const gone = alertLevel(page, 'e2e v3 delete');
  await expect(gone).toHaveAttribute('data-price', '950', { timeout: 15_000 });
  await gone.getByTestId('chart-level-delete').click();
  await page.getByTestId('chart-alert-delete-yes').click();
  await expect(gone).toHaveCount(0, { timeout: 15_000 });

  // The broker fires the first alert: its push takes the line off the open chart; the GTT
  // legs (not reached) stay.
  await control(h, 'price', { symbol, ltp: moved + 10 });
  await expect(
    page.locator('[data-testid="alert-toast"][data-kind="price"]', { hasText: 'e2e v3 line' }),
  ).toBeVisible({ timeout: 45_000 });
  await expect(level).toHaveCount(0);
  await expect(gttLine('GTT SELL target')).toHaveCount(1);
  await expect(gttLine('GTT SELL stop')).toHaveCount(1);
});
