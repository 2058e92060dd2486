import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp } from './trading-helpers';

// The option chain (Alt+9) in the harness: NIFTY's expiries from the symbol master, the
// strikes around the money from the index's live price, each contract priced live over the
// socket, and B on a cell opening the ticket on exactly that contract.

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

test('NIFTY chain: expiries, strikes around ATM, live prices, B opens the ticket on the contract', async ({
  page,
  controlled,
}) => {
  test.setTimeout(120_000);
  // Index (cash segment) and F&O open, so prices move as they would in the day.
  await control(controlled, 'market', { exchange: 10, segment: 10, status: 'OPEN' });
  await control(controlled, 'market', { exchange: 10, segment: 11, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Alt+9');
  await expect(page.getByTestId('option-chain')).toBeVisible();
  await expect(page.locator('main h1')).toHaveText('Option chain');

  // Expiries from the symbol master, nearest first; NIFTY is the default underlying.
  await expect(page.getByTestId('chain-underlying')).toHaveValue('NIFTY', { timeout: 30_000 });
  const expiries = page.getByTestId('chain-expiry').locator('option');
  await expect.poll(() => expiries.count(), { timeout: 30_000 }).toBeGreaterThan(1);

  // The index's live price, and 10 strikes either side of the one nearest it.
  const spot = page.getByTestId('chain-spot-ltp');
  await expect
    .poll(async () => rupees(await spot.textContent()), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const rows = page.getByTestId('chain-row');
  await expect(rows).toHaveCount(21);
  // The pointer left where the login click put it may rest over the grid, which holds the
  // strikes still (by design) while the ATM line follows the index: move it away first.
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('chain-grid')).not.toHaveAttribute('data-held', 'true');
  const atm = page.locator('[data-testid="chain-row"][data-atm="true"]');
  await expect(atm).toHaveCount(1);
  // One snapshot of the price and the strikes (the index keeps moving while we look).
  const seen = await page.evaluate(() => {
    const spotText = document.querySelector('[data-testid="chain-spot-ltp"]')?.textContent ?? '';
    const list = [...document.querySelectorAll('[data-testid="chain-row"]')];
    return {
      price: Number(spotText.replace(/[^\d.-]/g, '')),
      strikes: list.map((e) => Number(e.getAttribute('data-strike'))),
      atm: list.findIndex((e) => e.getAttribute('data-atm') === 'true'),
    };
  });
  expect(seen.atm).toBe(10);
  const atmStrike = seen.strikes[seen.atm]!;
  for (const s of seen.strikes)
    expect(Math.abs(s - seen.price)).toBeGreaterThanOrEqual(
      Math.abs(atmStrike - seen.price) - 0.001,
    );

  // The ATM call is priced, and follows the market when its price moves. (Found by its ticker
  // from here on: the window re-centres whenever the index crosses into another strike.)
  const ticker = (await atm
    .locator('[data-testid="chain-cell"][data-side="ce"]')
    .getAttribute('data-ticker'))!;
  expect(ticker).toMatch(/^NSE:NIFTY.*CE$/);
  const call = page.locator(`[data-testid="chain-cell"][data-ticker="${ticker}"]`);
  const callRow = page.locator('[data-testid="chain-row"]', { has: call });
  await expect
    .poll(async () => rupees(await call.textContent()), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const before = rupees(await call.textContent());
  const moved = Math.round((before * 1.4 + 20) * 20) / 20;
  await control(controlled, 'price', { symbol: ticker, ltp: moved });
  await expect
    .poll(async () => rupees(await call.textContent()), { timeout: 10_000 })
    .toBeGreaterThan(before * 1.2 + 10);
  // Open interest is shown with its change against the previous day's.
  await expect(callRow.locator('td').nth(1)).not.toHaveText('—', { timeout: 10_000 });
  await page.screenshot({ path: test.info().outputPath('option-chain.png') });

  // Arrows move between cells: right to the put, down one strike; B opens the ticket on it.
  await call.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const focused = page.locator('[data-testid="chain-cell"]:focus');
  await expect(focused).toHaveAttribute('data-side', 'pe');
  const put = (await focused.getAttribute('data-ticker'))!;
  expect(put).toMatch(/^NSE:NIFTY.*PE$/);
  // One strike below the call's row: the next strike up.
  const callStrike = Number(await callRow.getAttribute('data-strike'));
  const putStrike = Number(
    await page.locator('[data-testid="chain-row"]', { has: focused }).getAttribute('data-strike'),
  );
  expect(putStrike).toBeGreaterThan(callStrike);
  expect(seen.strikes).toContain(callStrike);
  await page.keyboard.press('b');
  await expect(page.getByTestId('order-ticket')).toBeVisible();
  await expect(page.getByTestId('ticket-side-buy')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('ticket-symbol')).toHaveValue(put);
  await page.screenshot({ path: test.info().outputPath('option-chain-ticket.png') });
  await page.keyboard.press('Escape');

  // A click on a cell opens the ticket on that contract too. The cell is found again by its
  // ticker before the click: the window re-centres whenever the moving index crosses into
  // another strike, so a row position read earlier may hold another contract by then.
  const otherTicker = (await rows
    .nth(8)
    .locator('[data-testid="chain-cell"][data-side="ce"]')
    .getAttribute('data-ticker'))!;
  const other = page.locator(`[data-testid="chain-cell"][data-ticker="${otherTicker}"]`);
  await other.click();
  await expect(page.getByTestId('ticket-symbol')).toHaveValue(otherTicker);
  await page.keyboard.press('Escape');

  // A narrower window: 3 strikes each side.
  await page.getByTestId('chain-each').fill('3');
  await page.getByTestId('chain-each').press('Enter');
  await expect(rows).toHaveCount(7);
});
