import type { Page } from '@playwright/test';
import { formatInr } from '../../shared/format';
import { control, expect, test } from './control-harness-fixture';
import {
  allowPricesFarFromMarket,
  awaitSent,
  loginToDemo,
  openApp,
  pickSymbol,
  sendMarketOrder,
  typeInto,
} from './trading-helpers';

// Issue 17, "Numbers that are not true": every figure on screen agrees with the others drawn
// beside it. Totals are the sum of their rows at the same prices, a price shows the decimals
// its tick needs, and an index (never traded) shows no bid, ask or volume.

const NSE_CASH = { exchange: 10, segment: 10 };
const NSE_CURRENCY = { exchange: 10, segment: 12 };
const SBIN = 'NSE:SBIN-EQ';
const NIFTY = 'NSE:NIFTY50-INDEX';
/** A monthly USDINR future's ticker (the master's dates follow the sandbox's calendar). */
const USDINR_FUT = /^NSE:USDINR\d{2}[A-Z]{3}FUT$/;

/** Reads a shown amount ("+₹1,234.50", "-₹12.00", "−1.5") as a number. */
const amount = (text: string | null) =>
  Number(
    (text ?? '')
      .split('(')[0]!
      .replace(/\u2212/g, '-')
      .replace(/[^\d.-]/g, ''),
  );

/** The first search option whose ticker matches, once the search lists it. */
async function tickerLike(page: Page, like: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const all = await page
          .locator('[data-testid="symbol-option"]')
          .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.ticker ?? ''));
        found = all.find((t) => like.test(t)) ?? '';
        return found;
      },
      { timeout: 45_000 },
    )
    .not.toBe('');
  return found;
}

/** Types into the watch's own search and picks the ticker with the arrows and Enter. */
async function addToWatch(page: Page, query: string, want: string | RegExp): Promise<string> {
  const search = page.getByTestId('watch-search');
  await search.focus();
  await search.pressSequentially(query);
  const ticker = typeof want === 'string' ? want : await tickerLike(page, want);
  const option = page
    .getByTestId('watch-search-results')
    .locator(`[data-testid="symbol-option"][data-ticker="${ticker}"]`);
  await expect(option).toBeVisible({ timeout: 45_000 });
  for (let i = 0; i < 12 && (await option.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-testid="watch-row"][data-symbol="${ticker}"]`)).toBeVisible();
  return ticker;
}

/** A new watch list named `name`, made active. */
async function newList(page: Page, name: string): Promise<void> {
  await page.getByTestId('watch-new').click();
  const input = page.getByTestId('watch-name');
  await expect(input).toBeFocused();
  await input.fill(name);
  await input.press('Enter');
}

test("the Positions header is the sum of its rows' P&L while the price moves", async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', SBIN);
  await sendMarketOrder(page, '3');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+3');
  const row = page.locator(`[data-testid="position-row"][data-position-id="${SBIN}-INTRADAY"]`);
  await expect(row).toBeVisible({ timeout: 10_000 });
  const pl = row.getByTestId('position-pl');
  const before = amount(await pl.textContent());
  const ltp = amount(await row.getByTestId('position-ltp').textContent());
  await control(controlled, 'price', { symbol: SBIN, ltp: Math.round(ltp * 1.03 * 20) / 20 });
  await expect
    .poll(async () => amount(await pl.textContent()), { timeout: 5_000 })
    .toBeGreaterThan(before + ltp * 0.02 * 3);
  // Read in one go: the header and the rows as one frame drew them.
  const seen = () =>
    page.evaluate(() => ({
      total: document.querySelector('[data-testid="positions-pl-total"]')?.textContent ?? '',
      rows: [...document.querySelectorAll('[data-testid="position-pl"]')].map(
        (e) => e.textContent ?? '',
      ),
    }));
  await expect
    .poll(
      async () => {
        const s = await seen();
        return Math.round((amount(s.total) - s.rows.map(amount).reduce((a, b) => a + b, 0)) * 100);
      },
      { timeout: 5_000, message: 'header P&L minus the sum of the rows, in paise' },
    )
    .toBe(0);
  // And it keeps agreeing as the market walks on.
  await control(controlled, 'price', { symbol: SBIN, ltp: Math.round(ltp * 0.98 * 20) / 20 });
  await expect
    .poll(async () => amount(await pl.textContent()), { timeout: 5_000 })
    .toBeLessThan(before);
  const after = await seen();
  expect(amount(after.total)).toBeCloseTo(
    after.rows.map(amount).reduce((a, b) => a + b, 0),
    2,
  );
  await page.screenshot({ path: test.info().outputPath('positions-totals.png') });
});

test('the Holdings totals are the sum of their rows while prices move', async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Alt+4');
  const row = page.locator(`[data-testid="holding-row"][data-symbol="${SBIN}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  const ltp = amount(await row.getByTestId('holding-ltp').textContent());
  await control(controlled, 'price', { symbol: SBIN, ltp: Math.round(ltp * 1.06 * 20) / 20 });
  await expect
    .poll(async () => amount(await row.getByTestId('holding-ltp').textContent()), {
      timeout: 5_000,
    })
    .toBeGreaterThan(ltp * 1.04);
  const seen = await page.evaluate(() => {
    const all = (id: string) =>
      [...document.querySelectorAll(`[data-testid="${id}"]`)].map((e) => e.textContent ?? '');
    return {
      value: all('holdings-value')[0] ?? '',
      pl: all('holdings-pl')[0] ?? '',
      rowValues: all('holding-value'),
      rowPls: all('holding-pl'),
    };
  });
  const sum = (xs: string[]) => xs.map(amount).reduce((a, b) => a + b, 0);
  expect(seen.rowValues.length).toBeGreaterThan(0);
  expect(amount(seen.value)).toBeCloseTo(sum(seen.rowValues), 1);
  expect(amount(seen.pl)).toBeCloseTo(sum(seen.rowPls), 1);
  await page.screenshot({ path: test.info().outputPath('holdings-totals.png') });
});

test('an index row on the watch shows no bid, ask or volume; USDINR shows its four decimals', async ({
  page,
  controlled,
}) => {
  test.setTimeout(120_000);
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await control(controlled, 'market', { ...NSE_CURRENCY, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('F4');
  await expect(page.getByTestId('market-watch')).toBeVisible();
  await newList(page, 'Numbers');
  await addToWatch(page, 'nifty 50', NIFTY);
  const usdinr = await addToWatch(page, 'usdinr fut', USDINR_FUT);

  const nifty = page.locator(`[data-testid="watch-row"][data-symbol="${NIFTY}"]`);
  const first = amount(await nifty.getByTestId('watch-ltp').textContent());
  await expect
    .poll(async () => amount(await nifty.getByTestId('watch-ltp').textContent()), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  // The index moves on; whatever a first read said, it has no book and trades no volume.
  await control(controlled, 'price', { symbol: NIFTY, ltp: Math.round((first || 26000) * 1.01) });
  await expect
    .poll(async () => amount(await nifty.getByTestId('watch-ltp').textContent()), {
      timeout: 5_000,
    })
    .toBeGreaterThan((first || 26000) * 1.005);
  await expect(nifty.getByTestId('watch-bid')).toHaveText('—');
  await expect(nifty.getByTestId('watch-ask')).toHaveText('—');
  await expect(nifty.getByTestId('watch-volume')).toHaveText('—');

  // USDINR ticks in 0.0025: a price between paise reads in full, not cut to 89.46.
  await control(controlled, 'price', { symbol: usdinr, ltp: 89.4625 });
  const usd = page.locator(`[data-testid="watch-row"][data-symbol="${usdinr}"]`);
  await expect(usd.getByTestId('watch-ltp')).toHaveText(/^\d+\.\d{4}$/, { timeout: 10_000 });
  await expect(usd.getByTestId('watch-bid')).toHaveText(/^\d+\.\d{4}$/);
  await page.screenshot({ path: test.info().outputPath('watch-index-usdinr.png') });
});

test("USDINR's depth shows each level at its tick; the level clicked is the price shown", async ({
  page,
  ownControlled,
}) => {
  // A harness of its own: the order book is read after the send, and on the worker's shared
  // harness the earlier specs may have spent the minute's reads; the book then stays
  // "Loading…" for up to a minute (CI: the row of 89.5375 not found, 122/200 this minute;
  // the ticket and the Activity list had the price right).
  const controlled = ownControlled;
  await control(controlled, 'market', { ...NSE_CURRENCY, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('symbol-search')).toBeFocused();
  await page.keyboard.type('usdinr fut');
  const usdinr = await tickerLike(page, USDINR_FUT);
  const option = page.locator(`[data-testid="symbol-option"][data-ticker="${usdinr}"]`);
  for (let i = 0; i < 12 && (await option.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('order-ticket')).toBeVisible();
  const book = page.getByTestId('ticket-depth');
  const bids = book.getByTestId('depth-bid');
  await expect(bids).toHaveCount(5, { timeout: 15_000 });
  const levels = await book
    .locator('[data-testid="depth-bid"], [data-testid="depth-ask"]')
    .evaluateAll((els) =>
      els.map((e) => ({ text: e.textContent ?? '', price: (e as HTMLElement).dataset.price })),
    );
  expect(levels.length).toBe(10);
  // Each level reads as its own price: no two alike, none rounded away from what it is.
  for (const l of levels) expect(amount(l.text)).toBe(Number(l.price));
  expect(new Set(levels.map((l) => l.text)).size).toBe(10);
  const third = bids.nth(2);
  await third.hover();
  const shown = (await third.textContent())!.trim();
  await third.click();
  await expect(page.getByTestId('ticket-limitPrice')).toHaveValue(shown.replace(/,/g, ''));
  // Sent, the order book shows the same price to the same decimals.
  await page.getByTestId('ticket-side-buy').click();
  await typeInto(page, 'ticket-qty', '1');
  await page.getByTestId('ticket-limitPrice').press('Enter');
  const id = await awaitSent(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+1');
  const order = page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
  await expect(order.getByTestId('order-price')).toHaveText(shown, { timeout: 10_000 });
});

test("the ticket's depth streams with its quote, and says when it holds still under the pointer", async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', SBIN);
  const book = page.getByTestId('ticket-depth');
  const bids = book.getByTestId('depth-bid');
  await expect(bids).toHaveCount(5, { timeout: 15_000 });
  await page.mouse.move(0, 0);
  const bestBid = async () => Number(await bids.first().getAttribute('data-price'));

  // Three moves, each seen in the book within 2.5 s (a 5 s poll cannot do that three times
  // running; the margin over a frame is for a loaded CI machine).
  for (const factor of [1.02, 0.98, 1.02]) {
    const before = await bestBid();
    const target = Math.round(before * factor * 20) / 20;
    await control(controlled, 'price', { symbol: SBIN, ltp: target });
    await expect
      .poll(async () => Math.abs((await bestBid()) - target) < before * 0.005, {
        timeout: 2_500,
        message: `best bid near ${target} soon after the move (was ${before})`,
      })
      .toBe(true);
    // The streamed quote beside the book agrees with it (both read from one frame).
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const q = document.querySelector('[data-testid="ticket-bid"]')?.textContent ?? '';
            const b = document.querySelector<HTMLElement>('[data-testid="depth-bid"]');
            return Number(q.replace(/[^\d.]/g, '')) === Number(b?.dataset.price);
          }),
        { timeout: 2_500, message: 'the quote bid beside the book is its best bid' },
      )
      .toBe(true);
  }

  // Pointing at the book holds it, and it says so; a move meanwhile is announced, not hidden.
  const third = bids.nth(2);
  await third.hover();
  await expect(book.getByTestId('depth-held')).toHaveText('Held while you point');
  const held = Number(await third.getAttribute('data-price'));
  const before = await bestBid();
  await control(controlled, 'price', { symbol: SBIN, ltp: Math.round(before * 1.03 * 20) / 20 });
  await expect(book.getByTestId('depth-held')).toContainText('market has moved', {
    timeout: 3_000,
  });
  expect(Number(await third.getAttribute('data-price'))).toBe(held);
  // Let go: the live book shows at once.
  await page.mouse.move(0, 0);
  await expect(book.getByTestId('depth-held')).toHaveCount(0);
  await expect.poll(bestBid, { timeout: 2_000 }).toBeGreaterThan(before * 1.02);
  await page.keyboard.press('Escape');
});

test('Funds names every ledger line in words: no broker ids, no heading twice', async ({
  page,
  controlled,
}) => {
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Alt+5');
  await expect(page.getByTestId('fund-row').first()).toBeVisible({ timeout: 15_000 });
  const titles = await page
    .getByTestId('fund-row')
    .evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent?.trim() ?? ''));
  expect(titles).toContain('Available Balance');
  for (const t of titles) expect(t).not.toMatch(/#\s*\d/);
  expect(new Set(titles).size).toBe(titles.length);
});

test('the basket shows its buy total, sell total and the net, not buys plus sells', async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await allowPricesFarFromMarket(page);
  await pickSymbol(page, 'sbin', SBIN);
  const ltp = amount(await page.getByTestId('ticket-ltp').textContent({ timeout: 30_000 }));
  const buyAt = (Math.floor(ltp * 0.9 * 20) / 20).toFixed(2);
  const sellAt = (Math.floor(ltp * 1.1 * 20) / 20).toFixed(2);
  const add = async (side: 'buy' | 'sell', qty: string, price: string, n: number) => {
    await page.getByTestId(`ticket-side-${side}`).click();
    await page.getByTestId('ticket-type-limit').click();
    await typeInto(page, 'ticket-qty', qty);
    await typeInto(page, 'ticket-limitPrice', price);
    await page.getByTestId('ticket-limitPrice').press('Shift+Enter');
    await expect(
      page.getByText(`Added to the basket (${n} order${n === 1 ? '' : 's'}).`),
    ).toBeVisible();
  };
  await add('buy', '3', buyAt, 1);
  await add('sell', '1', sellAt, 2);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+b');
  const view = page.getByTestId('baskets');
  const buy = Number(buyAt) * 3;
  const sell = Number(sellAt) * 1;
  await expect(view.getByTestId('basket-total')).toHaveText(formatInr(Math.abs(buy - sell)));
  await expect(view.getByTestId('basket-total-buy')).toHaveText(formatInr(buy));
  await expect(view.getByTestId('basket-total-sell')).toHaveText(formatInr(sell));
  await expect(view.getByTestId('basket-total-direction')).toHaveText(
    buy > sell ? 'to pay' : 'to receive',
  );
  await page.screenshot({ path: test.info().outputPath('basket-net.png') });
});

test('the option chain shows each contract’s volume, bid and ask, and the put-call ratio', async ({
  page,
  controlled,
}) => {
  test.setTimeout(120_000);
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await control(controlled, 'market', { exchange: 10, segment: 11, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Alt+9');
  await expect(page.getByTestId('chain-underlying')).toHaveValue('NIFTY', { timeout: 30_000 });
  const atm = page.locator('[data-testid="chain-row"][data-atm="true"]');
  await expect(atm).toHaveCount(1, { timeout: 30_000 });
  for (const side of ['ce', 'pe']) {
    await expect(atm.locator(`[data-testid="chain-bid"][data-side="${side}"]`)).toHaveText(
      /^[\d,]+\.\d{2}$/,
      { timeout: 15_000 },
    );
    await expect(atm.locator(`[data-testid="chain-ask"][data-side="${side}"]`)).toHaveText(
      /^[\d,]+\.\d{2}$/,
    );
    await expect(atm.locator(`[data-testid="chain-volume"][data-side="${side}"]`)).toHaveText(
      /^[\d,]+$/,
    );
  }
  // PCR is the puts' open interest over the calls', over the strikes on screen.
  const seen = await page.evaluate(() => {
    const oi = (side: string) =>
      [...document.querySelectorAll('[data-testid="chain-row"]')]
        .map((r) => r.querySelectorAll('td'))
        .map((cells) => {
          const list = [...cells];
          const i = side === 'ce' ? 1 : list.length - 2;
          return Number((list[i]?.textContent ?? '').replace(/[^\d]/g, '')) || 0;
        })
        .reduce((a, b) => a + b, 0);
    return {
      calls: oi('ce'),
      puts: oi('pe'),
      pcr: document.querySelector('[data-testid="chain-pcr"]')?.textContent ?? '',
    };
  });
  expect(seen.calls).toBeGreaterThan(0);
  expect(Number(seen.pcr)).toBeCloseTo(seen.puts / seen.calls, 1);
});

test('Holdings show each row’s day change; Positions an MTM % and the day’s P&L', async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Alt+4');
  const row = page.locator(`[data-testid="holding-row"][data-symbol="${SBIN}"]`);
  await expect(row.getByTestId('holding-day-change')).toHaveText(/^[+-]?₹[\d,]+\.\d{2}/, {
    timeout: 15_000,
  });
  await expect(page.getByTestId('holdings-day-change')).toHaveText(/₹[\d,]+\.\d{2}/);
  await pickSymbol(page, 'sbin', SBIN);
  await sendMarketOrder(page, '1');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+3');
  const pos = page.locator(`[data-testid="position-row"][data-position-id="${SBIN}-INTRADAY"]`);
  await expect(pos.getByTestId('position-mtm-pct')).toHaveText(/^[+-]?\d+\.\d{2}%$/, {
    timeout: 10_000,
  });
  // Everything in an intraday position was traded today: its day P&L is its whole P&L.
  await expect
    .poll(
      () =>
        pos.evaluate((row) => ({
          day: row.querySelector('[data-testid="position-day"]')?.textContent ?? '',
          pl: row.querySelector('[data-testid="position-pl"]')?.textContent ?? '',
        })),
      { timeout: 10_000 },
    )
    .toEqual(expect.objectContaining({ day: expect.stringMatching(/^[+-]?₹/) }));
  await expect
    .poll(
      async () => {
        const r = await pos.evaluate((row) => ({
          day: row.querySelector('[data-testid="position-day"]')?.textContent ?? '',
          pl: row.querySelector('[data-testid="position-pl"]')?.textContent ?? '',
        }));
        return Math.round((amount(r.day) - amount(r.pl)) * 100);
      },
      { timeout: 10_000, message: 'day P&L minus net P&L of an all-today position, in paise' },
    )
    .toBe(0);
  await expect(page.getByTestId('positions-day-total')).toHaveText(/^[+-]?₹[\d,]+\.\d{2}$/);
});
