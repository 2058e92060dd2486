import type { Page } from '@playwright/test';
import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp, pickSymbol, sendMarketOrder } from './trading-helpers';

// Alerts in the harness, as a trader meets them: a market buy that fills shows an in-app
// toast (a polite live region, dismissable from the keyboard); with "Order filled" turned
// off in Settings the next fill shows none, though the order book shows the fill.

const NSE_CASH = { exchange: 10, segment: 10 };

/** Buys `qty` SBIN at market from a fresh ticket; answers the broker's order id. */
async function buySbin(page: Page, qty: string): Promise<string> {
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-buy').click();
  await sendMarketOrder(page, qty);
  const id = (await page.getByTestId('intent-order-id').textContent())?.trim() ?? '';
  expect(id).not.toBe('');
  await page.keyboard.press('Escape');
  return id;
}

test('a fill shows an in-app toast; with the kind turned off in Settings it does not', async ({
  page,
  controlled,
}) => {
  test.setTimeout(120_000);
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);

  const first = await buySbin(page, '1');
  const toast = page.locator('[data-testid="alert-toast"][data-kind="fill"]', {
    hasText: `order ${first}`,
  });
  await expect(async () => {
    await control(controlled, 'tick', { n: 1 });
    await expect(toast).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await expect(toast).toContainText('Bought 1 NSE:SBIN-EQ');
  // The toasts are a live region the screen reader announces without taking focus.
  await expect(page.getByRole('log')).toHaveAttribute('aria-live', 'polite');
  await page.screenshot({ path: test.info().outputPath('alert-toast.png') });
  // Reachable and dismissable from the keyboard.
  await toast.getByTestId('alert-dismiss').focus();
  await page.keyboard.press('Enter');
  await expect(toast).toBeHidden();

  // Settings: "Order filled" off (saved at once).
  await page.keyboard.press('Alt+7');
  const fillOn = page
    .locator('[data-testid="alert-setting"][data-kind="fill"]')
    .getByTestId('alert-enabled');
  await expect(fillOn).toBeChecked();
  await fillOn.uncheck();
  await expect(fillOn).not.toBeChecked();
  await expect(fillOn).toBeEnabled();
  try {
    const second = await buySbin(page, '1');
    await page.keyboard.press('Alt+1');
    const row = page.locator(`[data-testid="order-row"][data-order-id="${second}"]`);
    await expect(async () => {
      await control(controlled, 'tick', { n: 1 });
      await expect(row).toHaveAttribute('data-status', '2', { timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    // Filled, and no toast for it (nor for any fill) however long it is looked for.
    await page.waitForTimeout(1_500);
    await expect(
      page.locator('[data-testid="alert-toast"]', { hasText: `order ${second}` }),
    ).toHaveCount(0);
    await expect(page.locator('[data-testid="alert-toast"][data-kind="fill"]')).toHaveCount(0);
  } finally {
    // The worker's harness is shared: put the default back for the specs after this one.
    await page.keyboard.press('Alt+7');
    await fillOn.check();
    await expect(fillOn).toBeChecked();
  }
});
