import type { Page } from '@playwright/test';
import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp } from './trading-helpers';
import { callHarness } from './harness-socket';

// Market watch as a trader uses it, keyboard first: two lists, symbols added from the
// search, live prices moving without a refresh, reorder and remove by keyboard, B opens a
// buy ticket on the row, and the lists are still there after a reload.

const NSE_CASH = { exchange: 10, segment: 10 };
const SBIN = 'NSE:SBIN-EQ';
const HDFC = 'NSE:HDFCBANK-EQ';
const ICICI = 'NSE:ICICIBANK-EQ';
const TCS = 'NSE:TCS-EQ';

/** Reads a rupee cell ("1,234.50") as a number. */
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** The active list's symbols, top to bottom. */
const order = (page: Page) =>
  page
    .getByTestId('watch-row')
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.symbol));

/** Types into the screen's own search and picks the ticker with the arrows and Enter. */
async function addFromSearch(page: Page, query: string, ticker: string): Promise<void> {
  const search = page.getByTestId('watch-search');
  await search.focus();
  await search.pressSequentially(query);
  const option = page
    .getByTestId('watch-search-results')
    .locator(`[data-testid="symbol-option"][data-ticker="${ticker}"]`);
  await expect(option).toBeVisible({ timeout: 45_000 });
  for (let i = 0; i < 12 && (await option.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-testid="watch-row"][data-symbol="${ticker}"]`)).toBeVisible();
}

/** Creates a list from the keyboard: the New list button, a name, Enter. */
async function createList(page: Page, name: string): Promise<void> {
  await page.getByTestId('watch-new').click();
  const input = page.getByTestId('watch-name');
  await expect(input).toBeFocused();
  await input.fill(name);
  await input.press('Enter');
  await expect(page.locator(`[data-testid="watch-list"][data-name="${name}"]`)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

test('two lists, symbols from search, live prices, keyboard reorder and remove, B trades the row, kept after a reload', async ({
  page,
  controlled,
}) => {
  test.setTimeout(150_000);
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);

  // F4, the NEST/ODIN market-watch key, opens the screen.
  await page.keyboard.press('F4');
  await expect(page.getByTestId('market-watch')).toBeVisible();
  await expect(page.locator('main h1')).toHaveText('Market watch');

  await createList(page, 'Banks');
  await addFromSearch(page, 'sbin', SBIN);
  await addFromSearch(page, 'hdfcbank', HDFC);
  await addFromSearch(page, 'icicibank', ICICI);
  expect(await order(page)).toEqual([SBIN, HDFC, ICICI]);
  // The same symbol twice is refused with the reason, and the list stays as it was.
  await addFromSearch(page, 'sbin', SBIN);
  await expect(page.getByTestId('watch-add-error')).toContainText('already in Banks');
  expect(await order(page)).toEqual([SBIN, HDFC, ICICI]);

  await createList(page, 'IT');
  await addFromSearch(page, 'tcs', TCS);
  expect(await order(page)).toEqual([TCS]);

  // Back to Banks: every row gets a live price; SBIN follows the market without a refresh.
  await page.locator('[data-testid="watch-list"][data-name="Banks"]').click();
  expect(await order(page)).toEqual([SBIN, HDFC, ICICI]);
  const sbinRow = page.locator(`[data-testid="watch-row"][data-symbol="${SBIN}"]`);
  const ltp = sbinRow.getByTestId('watch-ltp');
  await expect(ltp).not.toHaveText('—', { timeout: 10_000 });
  for (const s of [HDFC, ICICI])
    await expect(
      page.locator(`[data-testid="watch-row"][data-symbol="${s}"]`).getByTestId('watch-ltp'),
    ).not.toHaveText('—', { timeout: 10_000 });
  await expect(sbinRow.getByTestId('watch-bid')).not.toHaveText('—');
  await expect(sbinRow.getByTestId('watch-ask')).not.toHaveText('—');
  await expect(sbinRow.getByTestId('watch-change-pct')).toHaveText(/%$/);
  const start = rupees(await ltp.textContent());
  await control(controlled, 'price', { symbol: SBIN, ltp: Math.round(start * 1.05 * 20) / 20 });
  await expect
    .poll(async () => rupees(await ltp.textContent()), { timeout: 5_000 })
    .toBeGreaterThan(start * 1.03);

  // Keyboard: ↓ moves the focus, Alt+↓ / Alt+↑ move the row, Delete removes it.
  await sbinRow.focus();
  await page.keyboard.press('Alt+ArrowDown');
  expect(await order(page)).toEqual([HDFC, SBIN, ICICI]);
  await expect(sbinRow).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  expect(await order(page)).toEqual([HDFC, ICICI, SBIN]);
  await page.keyboard.press('Alt+ArrowUp');
  expect(await order(page)).toEqual([HDFC, SBIN, ICICI]);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(`[data-testid="watch-row"][data-symbol="${ICICI}"]`)).toBeFocused();
  await page.keyboard.press('Delete');
  await expect.poll(() => order(page)).toEqual([HDFC, SBIN]);
  // Focus stays in the list (on the row that is now last), ready for the next key.
  await expect(sbinRow).toBeFocused();

  // B on the focused row: a buy ticket on that instrument.
  await page.keyboard.press('b');
  await expect(page.getByTestId('order-ticket')).toBeVisible();
  await expect(page.getByTestId('ticket-side-buy')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('ticket-symbol')).toHaveValue(SBIN);
  await page.screenshot({ path: test.info().outputPath('market-watch.png') });
  await page.keyboard.press('Escape');

  // A reload (a new page; the secret travels in the URL's hash, which the app clears once
  // read, so the page is opened from its URL again): the lists come back as they were.
  await page.goto('about:blank');
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Alt+8');
  await expect(page.getByTestId('market-watch')).toBeVisible();
  await expect(page.getByTestId('watch-list')).toHaveText([/^Watch 1/, /^Banks/, /^IT/]);
  await page.locator('[data-testid="watch-list"][data-name="Banks"]').click();
  await expect.poll(() => order(page)).toEqual([HDFC, SBIN]);
  await page.locator('[data-testid="watch-list"][data-name="IT"]').click();
  await expect.poll(() => order(page)).toEqual([TCS]);
  await expect(page.getByTestId('watch-row').getByTestId('watch-ltp')).not.toHaveText('—', {
    timeout: 10_000,
  });
  await page.screenshot({ path: test.info().outputPath('market-watch-after-reload.png') });
});

/** Starts recording animation-frame intervals in the page. */
async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      frames_: number[];
      stop_: boolean;
      busy_: number;
      since_: number;
      obs_?: PerformanceObserver;
    };
    w.frames_ = [];
    w.stop_ = false;
    w.busy_ = 0;
    w.since_ = performance.now();
    w.obs_?.disconnect();
    w.obs_ = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.busy_ += e.duration;
    });
    w.obs_.observe({ type: 'longtask' });
    let last = performance.now();
    const loop = (t: number) => {
      w.frames_.push(t - last);
      last = t;
      if (!w.stop_) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
}

/** Stops recording; "p95/max" of the intervals in ms, the frame count and long-task time. */
async function stopFrames(page: Page): Promise<string> {
  const { frames, busy, span } = await page.evaluate(() => {
    const w = window as unknown as {
      frames_: number[];
      stop_: boolean;
      busy_: number;
      since_: number;
      obs_?: PerformanceObserver;
    };
    w.stop_ = true;
    w.obs_?.disconnect();
    return {
      frames: w.frames_.slice(1).sort((a, b) => a - b),
      busy: w.busy_,
      span: performance.now() - w.since_,
    };
  });
  const p95 = frames[Math.floor(frames.length * 0.95)] ?? 0;
  // Long tasks (> 50 ms) show whether the page itself was busy or only starved of CPU.
  return `${p95.toFixed(1)}/${(frames.at(-1) ?? 0).toFixed(1)} (${frames.length} frames, long tasks ${busy.toFixed(0)} of ${span.toFixed(0)} ms)`;
}

test('a list of 250 symbols: only a screenful is drawn, End reaches the last row, prices flow', async ({
  page,
  controlled,
}) => {
  test.setTimeout(150_000);
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  // 250 cash-market tickers from the app's own symbol master (whatever today's master holds).
  const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
  const queries = [...letters, ...letters.flatMap((a) => letters.map((b) => a + b))];
  const tickers = new Set<string>();
  for (let i = 0; i < queries.length && tickers.size < 250; i += 10) {
    const found = await callHarness<{ ticker: string }[]>(
      controlled.url,
      queries.slice(i, i + 10).map((query) => ({
        channel: 'symbols.search',
        input: { query: `${query} eq`, limit: 50 },
      })),
    );
    for (const s of found.flat()) if (/^NSE:.*-EQ$/.test(s.ticker)) tickers.add(s.ticker);
  }
  const big = [...tickers].slice(0, 250);
  expect(big).toHaveLength(250);
  const [current] = await callHarness<{ id: string; name: string; symbols: string[] }[]>(
    controlled.url,
    [{ channel: 'watchlists.get', input: undefined }],
  );
  const lists = [
    ...current!.filter((l) => l.name !== 'Big 250' && l.name !== 'Small 28'),
    { id: 'big', name: 'Big 250', symbols: big },
    // As many symbols as the screen draws: what a live table costs without the other 222.
    { id: 'small', name: 'Small 28', symbols: big.slice(0, 28) },
  ];
  await callHarness(controlled.url, [{ channel: 'watchlists.save', input: { lists } }]);

  await page.goto('about:blank');
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('F4');
  await expect(page.getByTestId('market-watch')).toBeVisible();
  // Time from choosing the list to its rows on screen, measured in the page.
  const switchMs = await page.evaluate(async () => {
    const t0 = performance.now();
    document.querySelector<HTMLElement>('[data-testid="watch-list"][data-name="Big 250"]')!.click();
    while (!document.querySelector('[data-testid="watch-row"]'))
      await new Promise((r) => requestAnimationFrame(r));
    await new Promise((r) => requestAnimationFrame(r));
    return performance.now() - t0;
  });
  await expect(page.getByTestId('watch-count')).toHaveText('250 / 250');
  const drawn = await page.getByTestId('watch-row').count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(100);
  await expect(page.getByTestId('watch-row').first().getByTestId('watch-ltp')).not.toHaveText('—', {
    timeout: 15_000,
  });

  // Frames while the keyboard pages through all 250 with every symbol ticking, against the
  // same page sitting still (the machine's own pace) on a list with nothing in it.
  await page.getByTestId('watch-row').first().focus();
  await startFrames(page);
  for (let i = 0; i < 25; i++) await page.keyboard.press('PageDown');
  await page.keyboard.press('End');
  const lastRow = page.locator('[data-testid="watch-row"]:focus');
  await expect(lastRow).toHaveAttribute('data-index', '249');
  await expect(lastRow).toHaveAttribute('data-symbol', big[249]!);
  await expect(lastRow.getByTestId('watch-ltp')).not.toHaveText('—', { timeout: 15_000 });
  const paging = await stopFrames(page);
  await startFrames(page);
  await page.waitForTimeout(3_000);
  const ticking = await stopFrames(page);
  await page.locator('[data-testid="watch-list"][data-name="Small 28"]').click();
  await expect(page.getByTestId('watch-count')).toHaveText('28 / 250');
  await page.waitForTimeout(1_000);
  await startFrames(page);
  await page.waitForTimeout(3_000);
  const small = await stopFrames(page);
  await page.locator('[data-testid="watch-list"][data-name="Watch 1"]').click();
  await startFrames(page);
  await page.waitForTimeout(3_000);
  const idle = await stopFrames(page);
  // Measured, not asserted (the machine's load decides frame times): reported with the run.
  test.info().annotations.push({
    type: 'measured',
    description: `250-symbol list shown in ${switchMs.toFixed(0)} ms with ${drawn} rows drawn; frame p95/max ms: paging ${paging}, 250 ticking ${ticking}, 28 ticking ${small}, empty list ${idle}`,
  });
  console.log(test.info().annotations.at(-1)!.description);
  await page.locator('[data-testid="watch-list"][data-name="Big 250"]').click();
  await page.screenshot({ path: test.info().outputPath('market-watch-250.png') });
});
