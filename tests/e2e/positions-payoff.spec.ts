import { control, expect, test } from './control-harness-fixture';
import { clickTab, loginToDemo, openApp, pickSymbol, sendMarketOrder } from './trading-helpers';

// Issue 22 #4 "a selection of open positions" in the harness: three option positions are
// opened from the chain; on Positions the trader picks two rows (a click on one's box, the
// pick key on the other) and chooses Payoff; the strategy screen shows exactly those two as
// held legs, each on its side, lots and average price, with the payoff figures. A cash row
// picked too is left out, and the notice says which.

const SBIN = 'NSE:SBIN-EQ';
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

test('picked position rows open as a strategy payoff: only those legs, as held', async ({
  page,
  controlled,
}) => {
  test.setTimeout(150_000);
  await control(controlled, 'market', { exchange: 10, segment: 10, status: 'OPEN' });
  await control(controlled, 'market', { exchange: 10, segment: 11, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);

  // A cash position, to be picked and left out.
  await pickSymbol(page, 'sbin', SBIN);
  await sendMarketOrder(page, '1');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('order-ticket')).toBeHidden();
  await page.keyboard.press('Alt+9');
  await expect(page.getByTestId('chain-underlying')).toHaveValue('NIFTY', { timeout: 30_000 });
  const rows = page.getByTestId('chain-row');
  await expect(rows).toHaveCount(21, { timeout: 30_000 });
  const atm = Number(
    await page.locator('[data-testid="chain-row"][data-atm="true"]').getAttribute('data-strike'),
  );
  const strikes = await rows.evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute('data-strike'))),
  );
  const at = (offset: number) => strikes[strikes.indexOf(atm) + offset]!;
  // Bought call above the money, sold put below it, and a far call that is not picked.
  const opened: { strike: number; side: 'ce' | 'pe'; key: 'b' | 's' }[] = [
    { strike: at(1), side: 'ce', key: 'b' },
    { strike: at(-1), side: 'pe', key: 's' },
    { strike: at(4), side: 'ce', key: 'b' },
  ];
  const tickers: string[] = [];
  for (const o of opened) {
    const cell = page.locator(
      `[data-testid="chain-row"][data-strike="${o.strike}"] [data-testid="chain-cell"][data-side="${o.side}"]`,
    );
    await expect
      .poll(async () => rupees(await cell.textContent()), { timeout: 15_000 })
      .toBeGreaterThan(0);
    tickers.push((await cell.getAttribute('data-ticker'))!);
    await cell.focus();
    await page.keyboard.press(o.key);
    await expect(page.getByTestId('ticket-symbol')).toHaveValue(tickers.at(-1)!);
    await sendMarketOrder(page, '1');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('order-ticket')).toBeHidden();
  }

  await clickTab(page, 'positions');
  const row = (t: string) => page.locator(`[data-testid="position-row"][data-symbol="${t}"]`);
  for (const t of [...tickers, SBIN]) await expect(row(t)).toHaveCount(1, { timeout: 30_000 });
  const payoff = page.getByTestId('positions-payoff');
  await expect(payoff).toBeDisabled();
  await expect(payoff).toHaveText('Payoff (0)');

  // One row picked by its box, the other by the pick key on the focused row.
  await row(tickers[0]!).getByTestId('position-pick').check();
  await row(tickers[1]!).focus();
  await page.keyboard.press('Space');
  await expect(row(tickers[1]!).getByTestId('position-pick')).toBeChecked();
  await expect(row(tickers[2]!).getByTestId('position-pick')).not.toBeChecked();
  await expect(payoff).toHaveText('Payoff (2)');
  // Picked twice is dropped again.
  await page.keyboard.press('Space');
  await expect(payoff).toHaveText('Payoff (1)');
  await page.keyboard.press('Space');
  await expect(payoff).toHaveText('Payoff (2)');
  const avgOf = async (t: string) =>
    rupees(
      await row(t)
        .locator('td.num')
        .nth(t === tickers[1] ? 2 : 1)
        .textContent(),
    );
  const avg = [await avgOf(tickers[0]!), await avgOf(tickers[1]!)];

  await row(SBIN).getByTestId('position-pick').check();
  await expect(payoff).toHaveText('Payoff (3)');

  await payoff.click();
  await expect(page.getByTestId('notices')).toContainText(
    `Left out of the payoff (not a future or option): ${SBIN}.`,
  );
  await expect(page.getByTestId('strategy-view')).toBeVisible();
  const legs = page.getByTestId('strategy-leg');
  await expect(legs).toHaveCount(2);
  for (const [i, t] of tickers.slice(0, 2).entries()) {
    const leg = page.locator(`[data-testid="strategy-leg"][data-ticker="${t}"]`);
    await expect(leg).toHaveAttribute('data-origin', 'position');
    await expect(leg.getByTestId('leg-side')).toHaveValue(i === 0 ? '1' : '-1');
    await expect(leg.getByTestId('leg-lots')).toHaveValue('1');
    expect(Number(await leg.getByTestId('leg-premium').inputValue())).toBeCloseTo(avg[i]!, 2);
  }
  await expect(
    page.locator(`[data-testid="strategy-leg"][data-ticker="${tickers[2]}"]`),
  ).toHaveCount(0);
  // A bought call and a sold put: the loss below the put has no floor short of zero, the
  // profit above the call none at all.
  await expect(page.getByTestId('max-profit')).toContainText('Unlimited');
  await expect(page.getByTestId('breakevens')).not.toBeEmpty();
});
