import { control, expect, test } from './control-harness-fixture';
import { ensureWatched, loginToDemo, openApp, pickSymbol } from './trading-helpers';

// Price alerts as a trader sets them, keyboard first (issue 21 #2): A on a watch row opens
// the alert dialog at the row's price, which says the alert works only while Tickdesk is open;
// the Alerts screen (Alt+A) lists it; when the sandbox's price crosses the level the alert
// fires once as a toast, and the screen shows it triggered. Delete removes it after asking.

const NSE_CASH = { exchange: 10, segment: 10 };
const INFY = 'NSE:INFY-EQ';

test('an alert set with A on a watch row fires once when the price crosses it', async ({
  page,
  controlled,
}) => {
  test.setTimeout(150_000);
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await control(controlled, 'price', { symbol: INFY, ltp: 1500 });
  await openApp(page, controlled.url);
  // A cold harness on a loaded machine may take a while to start the Demo broker.
  await loginToDemo(page, 90_000);
  await page.keyboard.press('Alt+8');
  await ensureWatched(page, 'infy', INFY);
  const row = page.locator(`[data-testid="watch-row"][data-symbol="${INFY}"]`);
  await expect(row.getByTestId('watch-ltp')).not.toHaveText('—', { timeout: 30_000 });

  await row.focus();
  await page.keyboard.press('a');
  const dialog = page.getByTestId('price-alert-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(INFY);
  await expect(dialog.getByTestId('alert-open-only')).toContainText('only while Tickdesk is open');
  await expect(dialog.getByTestId('alert-value')).toBeFocused();
  // A level the field refuses is explained under it, and what was typed stays.
  await dialog.getByTestId('alert-value').fill('-3');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('above zero');
  await expect(dialog.getByTestId('alert-value')).toHaveValue('-3');
  await dialog.getByTestId('alert-value').fill('1530');
  await dialog.getByTestId('alert-note').fill('e2e breakout');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  await page.keyboard.press('Alt+A');
  const alertRow = page.locator('[data-testid="alert-row"]', { hasText: 'e2e breakout' });
  await expect(alertRow).toHaveAttribute('data-status', 'active');
  await expect(alertRow).toContainText('Price crosses above ₹1,530');
  await expect(page.getByTestId('alerts-note')).toContainText('only while Tickdesk is open');

  await control(controlled, 'price', { symbol: INFY, ltp: 1560 });
  const toast = page.locator('[data-testid="alert-toast"][data-kind="price"]', {
    hasText: INFY,
  });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText('e2e breakout');
  await expect(alertRow).toHaveAttribute('data-status', 'triggered', { timeout: 10_000 });
  await page.screenshot({ path: test.info().outputPath('price-alert-fired.png') });
  // More ticks above and a second crossing: a one-shot alert does not fire again.
  await control(controlled, 'price', { symbol: INFY, ltp: 1510 });
  await control(controlled, 'price', { symbol: INFY, ltp: 1565 });
  await page.waitForTimeout(1_500);
  await expect(page.locator('[data-testid="alert-toast"][data-kind="price"]')).toHaveCount(1);

  // Delete from the keyboard, after the question.
  await alertRow.focus();
  await page.keyboard.press('Delete');
  await page.getByTestId('alert-delete-yes').click();
  await expect(alertRow).toHaveCount(0);
});

test('alerts from the ticket and from a chart click; modify, pause and resume by keyboard', async ({
  page,
  controlled,
}) => {
  test.setTimeout(150_000);
  const TCS = 'NSE:TCS-EQ';
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await control(controlled, 'price', { symbol: TCS, ltp: 3000 });
  await openApp(page, controlled.url);
  // A cold harness on a loaded machine may take a while to start the Demo broker.
  await loginToDemo(page, 90_000);
  const dialog = page.getByTestId('price-alert-dialog');

  // From the ticket: its symbol, at its price.
  await pickSymbol(page, 'tcs', TCS);
  await page.getByTestId('ticket-alert').click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(TCS);
  await expect(dialog.getByTestId('alert-value')).not.toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('Escape');

  // From the chart: a click on the price pane opens the dialog at that level.
  await page.keyboard.press('Alt+0');
  await page.getByTestId('chart-search').click();
  await page.keyboard.type('tcs');
  await page.locator(`[data-testid="symbol-option"][data-ticker="${TCS}"]`).click();
  const chart = page.getByTestId('chart');
  await expect
    .poll(async () => Number(await chart.getAttribute('data-candles')), { timeout: 20_000 })
    .toBeGreaterThan(5);
  const box = (await chart.locator('canvas').first().boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
  await expect(dialog).toBeVisible();
  const level = Number(await dialog.getByTestId('alert-value').inputValue());
  expect(level).toBeGreaterThan(0);
  await dialog.getByTestId('alert-condition').selectOption('price-below');
  await dialog.getByTestId('alert-note').fill('e2e chart level');
  await dialog.getByTestId('alert-save').click();
  await expect(dialog).toBeHidden();

  // On the Alerts screen: P pauses and resumes, M modifies, Delete deletes after asking.
  await page.keyboard.press('Alt+A');
  const row = page.locator('[data-testid="alert-row"]', { hasText: 'e2e chart level' });
  await expect(row).toContainText('Price crosses below');
  await row.focus();
  await page.keyboard.press('p');
  await expect(row).toHaveAttribute('data-status', 'paused');
  await page.keyboard.press('p');
  await expect(row).toHaveAttribute('data-status', 'active');
  await row.focus();
  await page.keyboard.press('m');
  await expect(dialog).toContainText('Change price alert');
  await dialog.getByTestId('alert-value').fill('2000');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('₹2,000');
  await row.focus();
  await page.keyboard.press('Delete');
  await page.getByTestId('alert-delete-yes').click();
  await expect(row).toHaveCount(0);
});
