import { control, expect, test } from './control-harness-fixture';
import { alertLevel, chartSymbol, lineY } from './chart-levels-helpers';
import { ensureWatched, loginToDemo, openApp } from './trading-helpers';

// Price alerts drawn on the chart (issue 21 #2), on API v2 where Tickdesk holds the alerts:
// an alert set from a watch row is a line at its price on the symbol's chart; paused on the
// Alerts screen its line is dimmed; resumed, moved by keyboard and dragged from the chart,
// the Alerts screen shows each new price; one that fires while the chart is open leaves it;
// deleted on the Alerts screen its line goes. What is drawn is read from the list of lines
// under the chart, which reads each price line back from the chart library. A harness of its
// own: the modify and the firing must not wait behind the shared harness's spent minute.

const NSE_CASH = { exchange: 10, segment: 10 };
const INFY = 'NSE:INFY-EQ';

test('an alert from a watch row is drawn on the chart; paused, moved, dragged, fired and deleted, the line follows', async ({
  page,
  ownControlled: controlled,
}) => {
  test.setTimeout(170_000);
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await control(controlled, 'price', { symbol: INFY, ltp: 1500 });
  await openApp(page, controlled.url);
  await loginToDemo(page, 90_000);
  await page.keyboard.press('Alt+8');
  await ensureWatched(page, 'infy', INFY);
  const watchRow = page.locator(`[data-testid="watch-row"][data-symbol="${INFY}"]`);
  await expect(watchRow.getByTestId('watch-ltp')).not.toHaveText('—', { timeout: 30_000 });
  await watchRow.focus();
  await page.keyboard.press('a');
  const dialog = page.getByTestId('price-alert-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('alert-value').fill('1530');
  await dialog.getByTestId('alert-note').fill('e2e line');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // On the chart: a line at the alert's price, titled on the axis.
  await chartSymbol(page, 'infy', INFY);
  const level = alertLevel(page, 'e2e line');
  await expect(level).toHaveAttribute('data-price', '1530', { timeout: 20_000 });
  await expect(level).toHaveAttribute('data-status', 'active');
  await expect(level).toHaveAttribute('data-title', 'Alert ↑');
  await expect(level.getByRole('slider')).toHaveAccessibleName(/crosses above ₹1,530/);

  // Paused on the Alerts screen: the line is the paused one.
  await page.keyboard.press('Alt+A');
  const alertRow = page.locator('[data-testid="alert-row"]', { hasText: 'e2e line' });
  await alertRow.focus();
  await page.keyboard.press('p');
  await expect(alertRow).toHaveAttribute('data-status', 'paused');
  await chartSymbol(page, 'infy', INFY);
  await expect(level).toHaveAttribute('data-status', 'paused');
  await expect(level).toHaveAttribute('data-title', 'Alert ↑ (paused)');
  // Resumed from the chart's own list.
  await level.getByTestId('chart-level-pause').click();
  await expect(level).toHaveAttribute('data-status', 'active');
  await expect(level).toHaveAttribute('data-title', 'Alert ↑');

  // By keyboard: ↑ moves the line a tick, Esc puts it back, Page Up ten ticks, Enter keeps.
  const handle = level.getByRole('slider');
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('chart-move')).toBeVisible();
  await expect(level).not.toHaveAttribute('data-price', '1530');
  const tick = Number(await level.getAttribute('data-price')) - 1530;
  expect(tick).toBeGreaterThan(0);
  expect(tick).toBeLessThanOrEqual(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('chart-move')).toHaveCount(0);
  await expect(level).toHaveAttribute('data-price', '1530');
  const moved = Number((1530 + 10 * tick).toFixed(2));
  const words = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 4 })}`;
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('chart-move-price')).toContainText(words(moved).slice(1));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chart-move')).toHaveCount(0);
  await expect(level).toHaveAttribute('data-price', String(moved));
  await page.keyboard.press('Alt+A');
  await expect(alertRow).toContainText(words(moved));

  // Dragged with the mouse: the line follows, Keep sends the change, the Alerts screen shows it.
  await chartSymbol(page, 'infy', INFY);
  await expect(level).toHaveAttribute('data-price', String(moved));
  const key = (await level.getAttribute('data-key'))!;
  const at = await lineY(page, key);
  await page.mouse.down();
  await page.mouse.move(at.x, at.y + 15, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('chart-move')).toBeVisible();
  await expect(page.getByTestId('price-alert-dialog')).toHaveCount(0);
  const dragged = Number(await level.getAttribute('data-price'));
  expect(dragged).toBeLessThan(moved);
  await page.getByTestId('chart-move-keep').click();
  await expect(page.getByTestId('chart-move')).toHaveCount(0);
  await expect(level).toHaveAttribute('data-price', String(dragged));
  // A click on the line (no drag) selects its row instead of setting a new alert there.
  await page.locator('body').focus();
  const again = await lineY(page, key);
  await page.mouse.click(again.x, again.y);
  await expect(level.getByRole('slider')).toBeFocused();
  await expect(page.getByTestId('price-alert-dialog')).toHaveCount(0);
  await page.keyboard.press('Alt+A');
  await expect(alertRow).toContainText(words(dragged));

  // Deleted on the Alerts screen: the line goes.
  await alertRow.focus();
  await page.keyboard.press('Delete');
  await page.getByTestId('alert-delete-yes').click();
  await expect(alertRow).toHaveCount(0);
  await chartSymbol(page, 'infy', INFY);
  await expect(page.getByTestId('chart')).toBeVisible();
  await expect(level).toHaveCount(0);

  // A second alert from the chart's own button fires while the chart is open: its line goes.
  // (The price put back under the level first: Demo's market walks on its own.)
  await control(controlled, 'price', { symbol: INFY, ltp: 1500 });
  await page.getByTestId('chart-alert').click();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('alert-value').fill('1540');
  await dialog.getByTestId('alert-note').fill('e2e fires');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const fires = alertLevel(page, 'e2e fires');
  await expect(fires).toHaveAttribute('data-price', '1540');
  await control(controlled, 'price', { symbol: INFY, ltp: 1560 });
  await expect(page.locator('[data-testid="alert-toast"][data-kind="price"]').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(fires).toHaveCount(0);
});
