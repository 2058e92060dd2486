import { formatInr } from '../../shared/format/money';
import { DEMO_APP_ID } from '../../sandbox/demo-app';
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

// Its own harness: on the worker's shared one, the price drop below also fills earlier specs'
// pending buys (guards, baskets) on the same tick, work that lands inside the timed second.
test('a fill shows in the order book within a second of the sandbox filling it', async ({
  page,
  ownControlled: controlled,
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

/** Reads a signed amount as shown ("+12.35", "−1,234.50 (−1.52%)" with a Unicode minus). */
const signed = (text: string | null) =>
  Number(
    (text ?? '')
      .split('(')[0]!
      .replace(/\u2212/g, '-')
      .replace(/[^\d.-]/g, ''),
  );

test("the ticket shows the sandbox's change and circuit limits for the symbol", async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', SBIN);
  const circuits = page.getByTestId('ticket-circuits');
  await expect(circuits).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('ticket-change')).toBeVisible();

  // The sandbox's own answer for the symbol, read with the token it issued the app.
  const issued = (await (await fetch(`${controlled.sandbox}/__sandbox/issued`)).json()) as {
    issued: { tokens: string[] };
  };
  const token = issued.issued.tokens.at(-1)!;
  // (its v3 data path: on the broker's origin, the same answer as v2's data host gives)
  const res = await fetch(
    `${controlled.sandbox}/data/depth/?symbol=${encodeURIComponent(SBIN)}&ohlcv_flag=1`,
    { headers: { authorization: `${DEMO_APP_ID}:${token}` } },
  );
  const depth = ((await res.json()) as { d: Record<string, Record<string, number>> }).d[SBIN]!;
  expect(depth.lower_ckt).toBeGreaterThan(0);

  await expect(circuits).toHaveText(
    `Circuit ${formatInr(depth.lower_ckt!, { symbol: false })}–${formatInr(depth.upper_ckt!, { symbol: false })}`,
  );
  // The price walks on; the change shown must be the shown price against the sandbox's
  // previous close, read together from one render.
  const shown = await page.evaluate(() => ({
    ltp: document.querySelector('[data-testid="ticket-ltp"]')?.textContent ?? '',
    change: document.querySelector('[data-testid="ticket-change"]')?.textContent ?? '',
  }));
  const ltp = rupees(shown.ltp);
  const change = signed(shown.change);
  expect(change).toBeCloseTo(ltp - depth.c!, 2);
  const pct = Number(/\(([−\-+]?[\d.]+)%\)/.exec(shown.change)![1]!.replace('−', '-'));
  expect(pct).toBeCloseTo(((ltp - depth.c!) / depth.c!) * 100, 1);
  await page.screenshot({ path: test.info().outputPath('ticket-change-circuits.png') });
  await page.getByTestId('ticket-reset').click();
});

test("holdings' LTP and P&L move with ticks without a refresh", async ({ page, controlled }) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Alt+4');
  const row = page.locator(`[data-testid="holding-row"][data-symbol="${SBIN}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  const ltp = row.getByTestId('holding-ltp');
  const pl = row.getByTestId('holding-pl');
  // Socket ticks first: the row follows the walking market with nothing pressed.
  const first = await ltp.textContent();
  await expect.poll(async () => ltp.textContent(), { timeout: 10_000 }).not.toBe(first);

  const before = rupees(await ltp.textContent());
  const plBefore = signed(await pl.textContent());
  const up = Math.round(before * 1.05 * 20) / 20;
  await control(controlled, 'price', { symbol: SBIN, ltp: up });
  await expect
    .poll(async () => rupees(await ltp.textContent()), { timeout: 5_000 })
    .toBeGreaterThan(before * 1.03);
  // At least one share held, five percent up: the P&L rose with the price, no refresh pressed.
  await expect
    .poll(async () => signed(await pl.textContent()), { timeout: 5_000 })
    .toBeGreaterThan(plBefore + before * 0.03);
  await page.screenshot({ path: test.info().outputPath('holdings-live.png') });
});
