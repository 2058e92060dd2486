import { control, expect, test } from './control-harness-fixture';
import { axeProblems } from './axe';
import { loginToDemo, openApp } from './trading-helpers';

// Issue 22 #3 and #4 in the harness: the option chain shows each contract's implied
// volatility and delta (or why there is none), and an iron condor picked in the chain with
// L / Shift+L opens as a strategy payoff: four legs, net premium, bounded max profit and
// loss, two breakevens, the plot; a leg changed moves the figures; the legs go to the basket.

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

test('chain IV and Greeks; an iron condor from the chain opens as a payoff and goes to the basket', async ({
  page,
  controlled,
}) => {
  test.setTimeout(150_000);
  await control(controlled, 'market', { exchange: 10, segment: 10, status: 'OPEN' });
  await control(controlled, 'market', { exchange: 10, segment: 11, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Alt+9');
  await expect(page.getByTestId('chain-underlying')).toHaveValue('NIFTY', { timeout: 30_000 });
  await expect
    .poll(async () => rupees(await page.getByTestId('chain-spot-ltp').textContent()), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  const rows = page.getByTestId('chain-row');
  await expect(rows).toHaveCount(21);
  // The assumptions behind the figures are named under the chain.
  await expect(page.getByTestId('chain-assumptions')).toContainText('rate 6.5 %');

  // An out-of-the-money call priced well above its time value's floor shows an IV in %.
  const atm = page.locator('[data-testid="chain-row"][data-atm="true"]');
  const otmCall = rows.nth(13).locator('[data-testid="chain-cell"][data-side="ce"]');
  const otmTicker = (await otmCall.getAttribute('data-ticker'))!;
  await control(controlled, 'price', { symbol: otmTicker, ltp: 150 });
  const otmIv = page
    .locator('[data-testid="chain-row"]', {
      has: page.locator(`[data-ticker="${otmTicker}"]`),
    })
    .locator('[data-testid="chain-iv"][data-side="ce"]');
  await expect
    .poll(async () => Number(await otmIv.textContent()), { timeout: 15_000 })
    .toBeGreaterThan(1);
  expect(Number(await otmIv.textContent())).toBeLessThan(500);

  // A deep in-the-money call priced below its intrinsic value: no IV, and the reason in words.
  const itmCall = rows.nth(2).locator('[data-testid="chain-cell"][data-side="ce"]');
  const itmTicker = (await itmCall.getAttribute('data-ticker'))!;
  await control(controlled, 'price', { symbol: itmTicker, ltp: 0.05 });
  const itmIv = page
    .locator('[data-testid="chain-row"]', { has: page.locator(`[data-ticker="${itmTicker}"]`) })
    .locator('[data-testid="chain-iv"][data-side="ce"]');
  await expect(itmIv).toHaveAttribute('data-reason', 'below-intrinsic', { timeout: 15_000 });
  await expect(itmIv).toHaveText('—');
  await expect(itmIv).toHaveAttribute('title', /below the intrinsic value/);
  // The ticket on that call shows its IV and Greeks, and the IV its typed limit price implies.
  await page.locator(`[data-testid="chain-cell"][data-ticker="${otmTicker}"]`).focus();
  await page.keyboard.press('b');
  await expect(page.getByTestId('ticket-symbol')).toHaveValue(otmTicker);
  await expect
    .poll(async () => Number(await page.getByTestId('ticket-iv').textContent()), {
      timeout: 15_000,
    })
    .toBeGreaterThan(1);
  await page.getByTestId('ticket-limitPrice').fill('0.01');
  await expect(page.getByTestId('ticket-iv-limit')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('order-ticket')).toBeHidden();

  // Γ, Θ and vega on request.
  await page.getByTestId('chain-all-greeks').check();
  await expect(page.locator('[data-testid="chain-vega"][data-side="pe"]').first()).toBeVisible();

  // The iron condor around the money: buy put −3, sell put −1, sell call +1, buy call +3.
  const atmStrike = Number(await atm.getAttribute('data-strike'));
  const strikes = await rows.evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute('data-strike'))),
  );
  const at = (offset: number) => strikes[strikes.indexOf(atmStrike) + offset]!;
  const legs: { strike: number; side: 'ce' | 'pe'; key: string }[] = [
    { strike: at(-3), side: 'pe', key: 'l' },
    { strike: at(-1), side: 'pe', key: 'Shift+L' },
    { strike: at(1), side: 'ce', key: 'Shift+L' },
    { strike: at(3), side: 'ce', key: 'l' },
  ];
  const tickers: string[] = [];
  for (const leg of legs) {
    const cell = page.locator(
      `[data-testid="chain-row"][data-strike="${leg.strike}"] [data-testid="chain-cell"][data-side="${leg.side}"]`,
    );
    await expect
      .poll(async () => rupees(await cell.textContent()), { timeout: 15_000 })
      .toBeGreaterThan(0);
    tickers.push((await cell.getAttribute('data-ticker'))!);
    await cell.focus();
    await page.keyboard.press(leg.key);
    await expect(page.getByTestId('chain-open-strategy')).toContainText(`${tickers.length} leg`);
  }
  await page.getByTestId('chain-open-strategy').click();
  await expect(page.getByTestId('strategy-view')).toBeVisible();
  const legRows = page.getByTestId('strategy-leg');
  await expect(legRows).toHaveCount(4);

  // Entry prices typed by hand (the Demo market's own option prices need not make a credit
  // condor): wings 20, shorts 60, so 80 a unit is taken in.
  const entry = [20, 60, 60, 20];
  for (const [i, t] of tickers.entries())
    await page
      .locator(`[data-testid="strategy-leg"][data-ticker="${t}"]`)
      .getByTestId('leg-premium')
      .fill(String(entry[i]));
  const credit = -entry[0]! + entry[1]! + entry[2]! - entry[3]!;
  const net = page.getByTestId('net-premium');
  await expect(net).toContainText('received');
  const netRupees = rupees(await net.textContent());
  // Whole lots: the rupee figure is the per-unit credit times the lot size (a whole number).
  const lot = netRupees / credit;
  expect(lot).toBeGreaterThan(0);
  expect(Math.abs(lot - Math.round(lot))).toBeLessThan(1e-6);

  // By hand: max profit the credit; max loss the wider wing less the credit; breakevens the
  // short put less the credit and the short call plus it.
  const wing = Math.max(at(-1) - at(-3), at(3) - at(1));
  expect(rupees(await page.getByTestId('max-profit').textContent())).toBeCloseTo(credit * lot, 2);
  expect(rupees(await page.getByTestId('max-loss').textContent())).toBeCloseTo(
    (credit - wing) * lot,
    2,
  );
  const breakevens = (await page.getByTestId('breakevens').textContent())!
    .split('·')
    .map((s) => rupees(s));
  expect(breakevens).toEqual([at(-1) - credit, at(1) + credit]);
  await expect(page.getByTestId('payoff-chart')).toHaveAttribute('data-points', /\d+/);
  expect(
    Number(await page.getByTestId('payoff-chart').getAttribute('data-points')),
  ).toBeGreaterThan(100);
  await expect(page.getByTestId('total-delta')).not.toHaveText('—');
  await page.screenshot({ path: test.info().outputPath('strategy-payoff.png') });

  // Change a leg: two lots of the sold call leave one call unhedged; the loss is unbounded.
  const soldCall = page.locator(`[data-testid="strategy-leg"][data-ticker="${tickers[2]}"]`);
  await soldCall.getByTestId('leg-lots').fill('2');
  await expect(page.getByTestId('max-loss')).toContainText('Unlimited');
  await soldCall.getByTestId('leg-lots').fill('1');
  await expect(page.getByTestId('max-loss')).not.toContainText('Unlimited');

  // The legs go to the existing basket, each a limit order at its entry price.
  await page.getByTestId('strategy-to-basket').click();
  await expect(page.getByTestId('baskets')).toBeVisible();
  await expect(page.getByTestId('basket-count')).toContainText('4');
  for (const t of tickers)
    await expect(page.locator(`[data-testid="basket-symbol"][title="${t}"]`)).toHaveCount(1);

  // The rate is the trader's: a bad one is refused at its field, a new one is named under the chain.
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('prefs-form')).toBeVisible();
  await page.getByTestId('pref-ratePct').fill('forty');
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('pref-ratePct-error')).toBeVisible();
  await page.getByTestId('pref-ratePct').fill('7.25');
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('pref-ratePct-error')).toHaveCount(0);
  await page.keyboard.press('Alt+9');
  await expect(page.getByTestId('chain-assumptions')).toContainText('rate 7.25 %');
});

test('the strategy payoff screen passes axe (no serious or critical violation)', async ({
  browser,
  controlled,
}) => {
  test.setTimeout(150_000);
  // A context that lets the test inject axe past the app's CSP (the app itself keeps it).
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 1440, height: 900 },
  });
  try {
    const page = await context.newPage();
    await openApp(page, controlled.url);
    await loginToDemo(page);
    await page.keyboard.press('Alt+9');
    const rows = page.getByTestId('chain-row');
    await expect(rows).toHaveCount(21, { timeout: 30_000 });
    const cell = rows.nth(12).locator('[data-testid="chain-cell"][data-side="ce"]');
    await cell.focus();
    await page.keyboard.press('Shift+L');
    await expect(page.getByTestId('chain-open-strategy')).toBeVisible();
    await page.keyboard.press('Alt+P');
    await expect(page.getByTestId('strategy-leg')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveCount(1);
    expect(await axeProblems(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
