import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp, pickSymbol, sendMarketOrder, typeInto } from './trading-helpers';

// Issue 19 #5, the 2026 rules, as the trader sees them on the ticket. Runs on the controlled
// harness (its sandbox shared with other specs of the worker, so every rule set here is
// taken off again).

const NSE_CASH = { exchange: 10, segment: 10 };

test('an order from an IP not registered for the app says what to do and offers no Send again', async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  // 799 stays pending and within the 5% distance guard of a last price of 812.50.
  await control(controlled, 'price', { symbol: 'NSE:SBIN-EQ', ltp: 812.5 });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-buy').click();
  await page.getByTestId('ticket-type-limit').click();
  await typeInto(page, 'ticket-qty', '1');
  await typeInto(page, 'ticket-limitPrice', '799.00');
  // The app's registered static IP is another machine's (a documentation address).
  await control(controlled, 'registered-ips', { ips: ['203.0.113.7'] });
  try {
    await page.getByTestId('ticket-limitPrice').press('Enter');
    const intent = page.getByTestId('intent-status');
    await expect(async () => {
      if (await page.getByTestId('confirm-guards').isVisible())
        await page.getByTestId('confirm-large-yes').click();
      await expect(intent).toHaveAttribute('data-status', 'failed', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const words = page.getByTestId('intent-error');
    await expect(words).toContainText("register this computer's static IP", { ignoreCase: true });
    await expect(words).toContainText("broker's API dashboard");
    await expect(words).toContainText("broker's own terminal");
    await expect(words).not.toContainText('/api/');
    await expect(page.getByTestId('intent-resend')).toHaveCount(0);
    await expect(intent).not.toHaveAttribute('data-status', 'unconfirmed');
  } finally {
    await control(controlled, 'registered-ips', { ips: null });
  }
});

test('the ticket and the order book say a market order goes out with price protection and may stay unfilled beyond it', async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-type-limit').click();
  await expect(page.getByTestId('ticket-mpp-note')).toHaveCount(0);
  await page.getByTestId('ticket-type-market').click();
  const note = page.getByTestId('ticket-mpp-note');
  await expect(note).toContainText('market price protection');
  await expect(note).toContainText('may stay unfilled beyond it');
  await sendMarketOrder(page, '1');
  const orderId = (await page.getByTestId('intent-order-id').textContent())?.trim() ?? '';
  expect(orderId).not.toBe('');
  await page.keyboard.press('Escape');
  const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByTestId('order-type')).toHaveText('MPP');
  await expect(page.getByTestId('orders-mpp-note')).toContainText('may stay unfilled beyond it');
});

test('the account screen says the broker requires a fresh login each trading day and why no refresh token is kept', async ({
  page,
  controlled,
}) => {
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Alt+7');
  const words = page.getByTestId('accounts-daily-login');
  await expect(words).toContainText('fresh login each trading day');
  await expect(words).toContainText('never keeps a refresh token');
});
