import { control, expect, test } from './control-harness-fixture';
import {
  LOGGED_IN,
  loginToDemo,
  openApp,
  pickSymbol,
  sendMarketOrder,
  typeInto,
} from './trading-helpers';

// These tests steer the embedded sandbox broker (market open, fills, lost answers, the
// clock) to reach the states a trader meets on a trading day. The clock test moves the
// broker a day ahead, so it runs last.

const NSE_CASH = { exchange: 10, segment: 10 };

test('with the market open a market buy fills into a position; convert and exit both work', async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);

  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await expect(page.getByTestId('ticket-amo')).not.toBeChecked();
  await sendMarketOrder(page, '2');
  await page.keyboard.press('Escape');

  // Let the simulated market trade, then look at positions.
  await control(controlled, 'tick', { n: 3 });
  await page.keyboard.press('Alt+3');
  const row = page.locator('[data-testid="position-row"][data-position-id="NSE:SBIN-EQ-INTRADAY"]');
  await expect(async () => {
    await page.keyboard.press('Alt+r');
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('2');

  // Convert to CNC with the keyboard (C), then exit it (X) after the confirmation.
  await row.focus();
  await page.keyboard.press('c');
  await expect(page.getByTestId('convert-dialog')).toBeVisible();
  await page.getByTestId('convert-to').selectOption('CNC');
  await page.getByTestId('convert-submit').click();
  await expect(page.getByTestId('convert-dialog')).toBeHidden({ timeout: 15_000 });
  const cnc = page.locator('[data-testid="position-row"][data-position-id="NSE:SBIN-EQ-CNC"]');
  await expect(cnc).toBeVisible({ timeout: 20_000 });

  await cnc.focus();
  await page.keyboard.press('x');
  await expect(page.getByTestId('confirm-exit')).toBeVisible();
  await expect(page.getByTestId('confirm-exit')).toContainText('NSE:SBIN-EQ');
  await page.getByTestId('confirm-exit-yes').click();
  await control(controlled, 'tick', { n: 3 });
  await expect(async () => {
    await page.keyboard.press('Alt+r');
    await expect(cnc).toHaveClass(/row-closed/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

test('exit all lists every open position, asks, and squares them all off', async ({
  page,
  ownControlled,
}) => {
  // An account of its own: exit all is about every open position, and the worker's shared
  // harness keeps earlier specs' positions (CI: three NIFTY option legs from the chain specs
  // beside these two), which it would list and exit too. Passed only on the retry, in a new
  // worker with a new harness.
  const h = ownControlled;
  await control(h, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, h.url);
  await loginToDemo(page);
  for (const [query, ticker, side] of [
    ['reliance', 'NSE:RELIANCE-EQ', 'F1'],
    ['tcs', 'NSE:TCS-EQ', 'F2'],
  ] as const) {
    await pickSymbol(page, query, ticker);
    await page.keyboard.press(side);
    await sendMarketOrder(page, '3');
  }
  await page.keyboard.press('Escape');
  await control(h, 'tick', { n: 3 });
  await page.keyboard.press('Alt+3');
  const ids = ['NSE:RELIANCE-EQ-INTRADAY', 'NSE:TCS-EQ-INTRADAY'];
  const open = page.locator('[data-testid="position-row"]:not(.row-closed)');
  await expect(async () => {
    await page.keyboard.press('Alt+r');
    for (const id of ids)
      await expect(
        page.locator(`[data-testid="position-row"][data-position-id="${id}"]:not(.row-closed)`),
      ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(open).toHaveCount(ids.length);

  await page.getByTestId('exit-all').click();
  const confirm = page.getByTestId('confirm-exit-all');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`Exit all ${ids.length} open positions`);
  // Each position is listed once, as the dialog names it (a contract by its trader's name,
  // a stock by its ticker): found by the position it stands for, not by its words.
  await expect(confirm.locator('li')).toHaveCount(ids.length);
  for (const id of ids)
    await expect(confirm.locator(`li[data-position-id="${id}"]`)).toHaveCount(1);
  await expect(confirm.locator('li[data-position-id="NSE:RELIANCE-EQ-INTRADAY"]')).toContainText(
    '3 × NSE:RELIANCE-EQ',
  );
  await expect(confirm.locator('li[data-position-id="NSE:TCS-EQ-INTRADAY"]')).toContainText(
    '-3 × NSE:TCS-EQ',
  );
  // The safe answer has the focus: Enter here would only cancel.
  await expect(confirm.getByRole('button', { name: /Cancel/ })).toBeFocused();
  await page.getByTestId('confirm-exit-all-yes').click();
  await control(h, 'tick', { n: 3 });
  await expect(async () => {
    await page.keyboard.press('Alt+r');
    await expect(open).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

test('a lost answer shows Unconfirmed, is never resent, and settles from the order book', async ({
  page,
  controlled,
}) => {
  // Open whatever the hour (after an earlier failure the worker's harness is new and follows
  // the real clock, which closes NSE cash at 15:30 IST and squares off intraday from 15:20).
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  // 799 stays pending and within the 5% distance guard of a last price of 812.50.
  await control(controlled, 'price', { symbol: 'NSE:SBIN-EQ', ltp: 812.5 });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Alt+4'); // the holdings read brings the new last price in
  await expect(page.getByTestId('holdings')).toContainText('NSE:SBIN-EQ');
  await page.keyboard.press('Alt+1');
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-type-limit').click();
  await typeInto(page, 'ticket-qty', '1');
  await typeInto(page, 'ticket-limitPrice', '799.00');

  // Record every status the ticket shows, however briefly.
  // (A string, so this Node-side file needs no DOM types.)
  await page.evaluate(`(() => {
    const seen = (window.seenStatuses = []);
    new MutationObserver(() => {
      const s = document.querySelector('[data-testid="intent-status"]')?.getAttribute('data-status');
      if (s && seen[seen.length - 1] !== s) seen.push(s);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  })()`);
  await control(controlled, 'faults', {
    route: 'POST /api/v2/orders',
    mode: 'drop-after-commit',
    times: 1,
  });
  await page.getByTestId('ticket-limitPrice').press('Enter');

  const intent = page.getByTestId('intent-status');
  await expect(intent).toHaveAttribute('data-status', 'confirmed-done', { timeout: 30_000 });
  const seen = (await page.evaluate('window.seenStatuses')) as string[];
  expect(seen).toContain('unconfirmed');
  await expect(page.getByTestId('intent-resend')).toHaveCount(0);
  // Exactly one order reached the book: the app looked instead of sending again.
  const orderId = (await page.getByTestId('intent-order-id').textContent())?.trim() ?? '';
  expect(orderId).not.toBe('');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-testid="order-row"]').filter({ hasText: '799.00' })).toHaveCount(
    1,
    { timeout: 20_000 },
  );
});

test('while a second order is on its way, the ticket never shows the first order as its result', async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await sendMarketOrder(page, '1');
  const first = (await page.getByTestId('intent-order-id').textContent())?.trim() ?? '';
  expect(first).not.toBe('');
  await page.keyboard.press('Escape');

  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-type-market').click();
  await typeInto(page, 'ticket-qty', '2');
  // The broker takes 3 s to answer the second placement: long enough to see what the
  // ticket says meanwhile. A trader reading "Order <first> done" here would think the
  // second order was placed and filled.
  await control(controlled, 'faults', {
    route: 'POST /api/v2/orders',
    mode: 'delay',
    delayMs: 3000,
  });
  await page.getByTestId('ticket-qty').press('Enter');
  await expect(page.getByTestId('ticket-submit')).toBeDisabled();
  await expect(page.getByTestId('intent-order-id')).toHaveCount(0);
  await expect(page.getByTestId('intent-status')).toHaveAttribute(
    'data-status',
    /^(done|confirmed-done)$/,
    { timeout: 20_000 },
  );
  const second = (await page.getByTestId('intent-order-id').textContent())?.trim() ?? '';
  expect(second).not.toBe('');
  expect(second).not.toBe(first);
});

test('when the broker stops accepting the token, one click logs in again to the same screen with the ticket kept', async ({
  page,
  controlled,
}) => {
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Alt+4');
  await expect(page.getByTestId('holdings')).toBeVisible();
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await typeInto(page, 'ticket-qty', '4');
  await typeInto(page, 'ticket-limitPrice', '802.00');

  // A day later at the broker: the token died at 06:00 IST.
  await control(controlled, 'clock', { advanceMs: 24 * 3600 * 1000 });
  await expect(async () => {
    await page.keyboard.press('Alt+r');
    await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'expired', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('session-banner')).toHaveAttribute('data-status', 'expired');
  await expect(page.getByTestId('banner-relogin')).toContainText('Holdings');
  // Everything typed is still there while expired.
  await expect(page.getByTestId('ticket-qty')).toHaveValue('4');

  await page.getByTestId('banner-relogin').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', LOGGED_IN, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('holdings')).toBeVisible();
  await expect(page.getByTestId('ticket-qty')).toHaveValue('4');
  await expect(page.getByTestId('ticket-limitPrice')).toHaveValue('802.00');
});

test('opened at 09:00, the 09:16 order goes out as a normal order: the after-market switch follows the session', async ({
  page,
  controlled,
}) => {
  test.setTimeout(150_000); // a login plus, at worst, a minute's wait for the request budget
  // 09:00 IST on the sandbox's next weekday (the previous test already moved it a day on).
  const clock = (await (await fetch(`${controlled.sandbox}/__sandbox/clock`)).json()) as {
    now: string;
  };
  const day = new Date(Date.parse(clock.now) + 5.5 * 3600_000);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  await control(controlled, 'clock', {
    set: `${day.toISOString().slice(0, 10)}T09:00:00+05:30`,
  });
  await control(controlled, 'market', { ...NSE_CASH, status: 'AUTO' });

  await openApp(page, controlled.url);
  // The jump to Monday crossed a 06:00 IST at the broker, so the token it issued before is
  // dead there; the app learns it at its next read. Refresh until it has: a login loop that
  // starts while the app still shows the old session 'active' ends at once, and the reads
  // after it then expire the session under the ticket (seen once in CI).
  await expect(async () => {
    await page.keyboard.press('Alt+r');
    await expect(page.getByTestId('session-status')).toHaveAttribute(
      'data-status',
      /^(expired|logged-out)$/,
      { timeout: 3_000 },
    );
  }).toPass({ timeout: 45_000 });
  await expect(async () => {
    await page.keyboard.press('Alt+r');
    const status = await page.getByTestId('session-status').getAttribute('data-status');
    if (status === 'expired') await page.getByTestId('banner-relogin').click();
    if (status === 'logged-out') await page.getByTestId('login').click();
    await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', LOGGED_IN, {
      timeout: 3_000,
    });
  }).toPass({ timeout: 45_000 });

  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  // The earlier tests of this file leave the minute's budget nearly spent (180/200 seen):
  // the market-status read then waits for the window to roll over, up to a minute.
  await expect(page.getByTestId('ticket-amo')).toBeChecked({ timeout: 65_000 });

  // The market opens while the ticket stays on screen.
  await control(controlled, 'clock', { advanceMs: 16 * 60_000 });
  await sendMarketOrder(page, '1');
  await expect(page.getByTestId('ticket-amo')).not.toBeChecked();
});
