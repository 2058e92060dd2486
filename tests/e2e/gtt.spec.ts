import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp, pressOnRow, typeInto } from './trading-helpers';

// GTT and OCO (issue 21 #1, "Done when"): in Demo on API v3 a trader protects a holding with an
// OCO GTT from its row (G: set stop and target, prefilled from the holding), sees it active
// on the GTT screen (Alt+G), the simulated price crosses the target (the sandbox's price
// control), the broker triggers it, and the trader gets an alert naming the GTT.

test('a holding protected by an OCO GTT: it triggers when the price crosses and the alert names it', async ({
  page,
  ownControlled,
}) => {
  test.setTimeout(240_000);
  await openApp(page, ownControlled.url);
  // Demo on API v3 (Settings → Preferences), chosen before logging in.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('pref-demoBroker').selectOption('fyers-v3');
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('prefs-reset')).toHaveCount(0);
  await page.getByTestId('settings-back').click();
  await loginToDemo(page, 60_000);
  await control(ownControlled, 'market', { exchange: 10, segment: 10, status: 'OPEN' });

  await page.keyboard.press('Alt+4');
  const row = page.locator('[data-testid="holding-row"][data-symbol^="NSE:"]').first();
  await expect(row).toBeVisible({ timeout: 60_000 });
  const symbol = (await row.getAttribute('data-symbol'))!;
  const sellable = (await row.locator('td').nth(3).innerText()).replace(/,/g, '').trim();
  await control(ownControlled, 'price', { symbol, ltp: 1000 });

  await pressOnRow(page, row, 'g');
  const dialog = page.getByTestId('gtt-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(symbol);
  // Prefilled: a sell of the holding's quantity, an OCO with both legs.
  await expect(page.getByTestId('gtt-kind-oco')).toBeChecked();
  await expect(page.getByTestId('gtt-sell')).toBeChecked();
  await expect(page.getByTestId('gtt-a-qty')).toHaveValue(sellable);
  await expect(page.getByTestId('gtt-b-qty')).toHaveValue(sellable);
  // 10% either side: Demo's market keeps moving and must not reach them on its own. The
  // distance guard (5% by default) asks first, as it would for an order.
  await typeInto(page, 'gtt-a-trigger', '1100');
  await typeInto(page, 'gtt-a-limit', '1100');
  await typeInto(page, 'gtt-b-trigger', '900');
  await typeInto(page, 'gtt-b-limit', '900');
  await page.getByTestId('gtt-save').click();
  await expect(page.getByTestId('gtt-checks')).toContainText('away from the last price');
  await page.getByTestId('gtt-send-anyway').click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });

  await page.keyboard.press('Alt+g');
  const gtt = page.locator('[data-testid="gtt-row"][data-status="active"]').filter({
    hasText: symbol,
  });
  await expect(gtt).toHaveCount(1, { timeout: 30_000 });
  const id = (await gtt.getAttribute('data-id'))!;
  expect(id).toMatch(/^\d{14}$/);

  // The simulated price crosses the target: the broker triggers the GTT.
  await control(ownControlled, 'price', { symbol, ltp: 1105 });
  const toast = page.locator('[data-testid="alert-toast"][data-kind="gtt"]');
  await expect(toast).toContainText(`GTT ${id} triggered`, { timeout: 90_000 });
  await expect(toast).toContainText(symbol);
  await page.getByTestId('gtt-filter-triggered').click();
  await expect(
    page.locator(`[data-testid="gtt-row"][data-id="${id}"][data-status="triggered"]`),
  ).toBeVisible({ timeout: 30_000 });
});

test('on API v2 the GTT screen says GTT needs an API v3 account', async ({
  page,
  ownControlled,
}) => {
  await openApp(page, ownControlled.url);
  // Demo speaks API v2 unless Settings says otherwise.
  await loginToDemo(page, 60_000);
  await page.keyboard.press('Alt+g');
  await expect(page.getByTestId('gtt-unavailable')).toContainText('API v3');
});
