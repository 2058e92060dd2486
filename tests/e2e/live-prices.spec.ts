import { control, expect, test } from './control-harness-fixture';
import {
  loginToDemo,
  openApp,
  pickSymbol,
  placeLimitBuy,
  sendMarketOrder,
} from './trading-helpers';

// Live prices and pushed order updates in the harness: the embedded sandbox streams its
// market over the socket, and nothing here presses refresh (Alt+R) once the views are open.

const NSE_CASH = { exchange: 10, segment: 10 };
const SBIN = 'NSE:SBIN-EQ';

/** Reads a rupee cell ("1,234.50") as a number. */
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

test('a subscribed symbol moves in the ticket and in positions without a refresh', async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', SBIN);

  // The ticket shows the live quote: LTP, bid and ask.
  const ltpCell = page.getByTestId('ticket-ltp');
  await expect(ltpCell).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('ticket-bid')).not.toHaveText('—', { timeout: 10_000 });
  await expect(page.getByTestId('ticket-ask')).not.toHaveText('—');
  const start = rupees(await ltpCell.textContent());
  expect(start).toBeGreaterThan(0);
  const up = Math.round(start * 1.04 * 20) / 20;
  await control(controlled, 'price', { symbol: SBIN, ltp: up });
  await expect
    .poll(async () => rupees(await ltpCell.textContent()), { timeout: 5_000 })
    .toBeGreaterThan(start * 1.03);

  // Buy two, see the position arrive (pushed after the fill) and follow the price.
  await sendMarketOrder(page, '2');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+3');
  const row = page.locator(`[data-testid="position-row"][data-position-id="${SBIN}-INTRADAY"]`);
  await expect(row).toBeVisible({ timeout: 10_000 });
  const ltp = row.getByTestId('position-ltp');
  const pl = row.getByTestId('position-pl');
  const before = rupees(await ltp.textContent());
  const plBefore = rupees(await pl.textContent());
  const down = Math.round(before * 0.95 * 20) / 20;
  await control(controlled, 'price', { symbol: SBIN, ltp: down });
  await expect
    .poll(async () => rupees(await ltp.textContent()), { timeout: 5_000 })
    .toBeLessThan(before * 0.97);
  // Two shares long, five percent down: the P&L fell with the price, no refresh pressed.
  await expect
    .poll(async () => rupees(await pl.textContent()), { timeout: 5_000 })
    .toBeLessThan(plBefore - before * 0.02 * 2 * 0.5);
});

test('a fill shows in the order book within a second of the sandbox filling it', async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', SBIN);
  const ltp = rupees(await page.getByTestId('ticket-ltp').textContent());
  const limit = (Math.round(ltp * 0.9 * 20) / 20).toFixed(2);
  await page.keyboard.press('Escape');
  const id = await placeLimitBuy(page, '1', limit);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+1');
  const status = page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
  await expect(status).toHaveAttribute('data-status', '6', { timeout: 10_000 });
  // Drop the market through the limit: the sandbox fills the order on its next tick (every
  // 250 ms), so the book must show it traded within 1 s of that: 1.25 s of this call.
  const sent = Date.now();
  await control(controlled, 'price', { symbol: SBIN, ltp: Number(limit) - 1 });
  await expect(status).toHaveAttribute('data-status', '2', { timeout: 1_250 });
  expect(Date.now() - sent).toBeLessThan(1_250);
});
