import type { Locator, Page } from '@playwright/test';
import { ACTION_ROUTES } from '../support/sandbox-action-log';
import { control, expect, test, type ControlledHarness } from './control-harness-fixture';
import {
  allowPricesFarFromMarket,
  loginToDemo,
  openApp,
  pickSymbol,
  pressOnRow,
  sendMarketOrder,
  typeInto,
} from './trading-helpers';

// Issue 17, finding 1: one act of the trader sends once. A sent basket is done (Send again
// is a new act that names its orders and asks), and every send control sends once under a
// double click, a held Enter (or Delete) and two windows. Counted at the sandbox broker
// (GET /__sandbox/requests), not in the app. Runs on the controlled harness, NSE cash open.

const NSE_CASH = { exchange: 10, segment: 10 };
/** A price on the 0.05 grid, as text with two decimals. */
const onTick = (n: number) => (Math.floor(n * 20) / 20).toFixed(2);
/** Long enough for a second send to show up at the sandbox if one were made. */
const QUIET_MS = 1_500;

/** Order and position requests the sandbox has received, by route. */
async function actionRequests(h: ControlledHarness): Promise<Record<string, number>> {
  const res = await fetch(`${h.sandbox}/__sandbox/requests`);
  const all = ((await res.json()) as { requests: Record<string, number> }).requests;
  return Object.fromEntries(ACTION_ROUTES.map((r) => [r, all[r] ?? 0]));
}

/** What reached the sandbox since `before`: only the routes that moved. */
async function since(h: ControlledHarness, before: Record<string, number>) {
  const now = await actionRequests(h);
  return Object.fromEntries(
    Object.entries(now)
      .map(([r, n]) => [r, n - (before[r] ?? 0)] as const)
      .filter(([, n]) => n !== 0),
  );
}

/** Waits until exactly `want` reached the sandbox, then a quiet spell in which nothing more does. */
async function expectSent(h: ControlledHarness, before: Record<string, number>, want: object) {
  await expect.poll(() => since(h, before), { timeout: 20_000 }).toEqual(want);
  await new Promise((r) => setTimeout(r, QUIET_MS));
  expect(await since(h, before)).toEqual(want);
}

/** Holds a key down: the first keydown and then `repeats` auto-repeats, as a held key sends. */
async function hold(page: Page, key: string, repeats = 4): Promise<void> {
  for (let i = 0; i <= repeats; i++) await page.keyboard.down(key);
  await page.keyboard.up(key);
}

async function ltpOf(page: Page): Promise<number> {
  const text = (await page.getByTestId('ticket-ltp').textContent({ timeout: 30_000 })) ?? '';
  const ltp = Number(text.replace(/,/g, ''));
  expect(ltp).toBeGreaterThan(0);
  return ltp;
}

async function ready(page: Page, h: ControlledHarness): Promise<void> {
  await control(h, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, h.url);
  await loginToDemo(page);
}

test('a sent basket is done: Send again places nothing more, Send again… names its orders and asks', async ({
  page,
  controlled,
}) => {
  test.setTimeout(180_000);
  await ready(page, controlled);
  await allowPricesFarFromMarket(page);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-buy').click();
  await page.getByTestId('ticket-type-limit').click();
  const ltp = await ltpOf(page);
  const prices = [0.9, 0.89, 0.88].map((f) => onTick(ltp * f));
  for (const [n, price] of prices.entries()) {
    await typeInto(page, 'ticket-qty', '1');
    await typeInto(page, 'ticket-limitPrice', price);
    await page.getByTestId('ticket-limitPrice').press('Shift+Enter');
    await expect(page.getByText(`Added to the basket (${n + 1} order`)).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+b');
  const view = page.getByTestId('baskets');
  const rows = view.getByTestId('basket-row');
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 3; i++)
    await expect(rows.nth(i).getByTestId('basket-ok')).toBeVisible({ timeout: 15_000 });
  const send = view.getByTestId('basket-send');
  await expect(send).toHaveText('Send 3 orders');

  // A double click on Send: one basket request.
  const before = await actionRequests(controlled);
  await send.dblclick();
  for (let i = 0; i < 3; i++)
    await expect(rows.nth(i).getByTestId('basket-result')).toHaveAttribute(
      'data-status',
      /^(done|confirmed-done)$/,
      { timeout: 30_000 },
    );
  await expectSent(controlled, before, { 'POST /api/v2/orders-multi': 1 });

  // One more click (the second click, which placed orders 7–9 again) reaches
  // nothing: the basket shows it was sent, and Send has nothing left to send.
  await send.click({ force: true });
  await expectSent(controlled, before, { 'POST /api/v2/orders-multi': 1 });
  await expect(send).toHaveText('Sent (3 orders)');
  await expect(send).toBeDisabled();
  await expect(view.getByTestId('basket-sent-note')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('basket-sent-once.png') });

  // Send again… says what it will place and asks; Cancel sends nothing.
  await view.getByTestId('basket-send-again').click();
  const again = page.getByTestId('basket-again');
  await expect(again).toBeVisible();
  await expect(again).toContainText('places 3 more orders');
  const listed = again.getByTestId('basket-again-list').locator('li');
  await expect(listed).toHaveCount(3);
  for (const [i, price] of prices.entries()) {
    await expect(listed.nth(i)).toContainText('Buy 1 NSE:SBIN-EQ');
    await expect(listed.nth(i)).toContainText(
      Number(price).toLocaleString('en-IN', { minimumFractionDigits: 2 }),
    );
  }
  await expect(again.getByRole('button', { name: /Cancel/ })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('basket-send-again.png') });
  await again.getByRole('button', { name: /Cancel/ }).click();
  await expect(again).toBeHidden();
  await expectSent(controlled, before, { 'POST /api/v2/orders-multi': 1 });

  // Confirmed (with a double click on the answer): the three are placed once more, once.
  await view.getByTestId('basket-send-again').click();
  await page.getByTestId('basket-again-yes').dblclick();
  await expectSent(controlled, before, { 'POST /api/v2/orders-multi': 2 });
  await expect(send).toHaveText('Sent (3 orders)');
});

test('the ticket places once under a double click and under a held Enter', async ({
  page,
  controlled,
}) => {
  test.setTimeout(120_000);
  await ready(page, controlled);
  await allowPricesFarFromMarket(page);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-buy').click();
  await page.getByTestId('ticket-type-limit').click();
  const ltp = await ltpOf(page);
  await typeInto(page, 'ticket-qty', '1');
  await typeInto(page, 'ticket-limitPrice', onTick(ltp * 0.87));
  const intent = page.getByTestId('intent-status');

  let before = await actionRequests(controlled);
  await page.getByTestId('ticket-submit').dblclick();
  await expect(intent).toHaveAttribute('data-status', /^(done|confirmed-done)$/, {
    timeout: 20_000,
  });
  await expectSent(controlled, before, { 'POST /api/v2/orders': 1 });

  await typeInto(page, 'ticket-limitPrice', onTick(ltp * 0.86));
  before = await actionRequests(controlled);
  await page.getByTestId('ticket-limitPrice').focus();
  await hold(page, 'Enter');
  await expect(intent).toHaveAttribute('data-status', /^(done|confirmed-done)$/, {
    timeout: 20_000,
  });
  await expectSent(controlled, before, { 'POST /api/v2/orders': 1 });
});

/** Places a pending limit buy from the ticket and answers with its broker order id. */
async function pendingOrder(page: Page, price: string): Promise<string> {
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-buy').click();
  await page.getByTestId('ticket-type-limit').click();
  await typeInto(page, 'ticket-qty', '1');
  await typeInto(page, 'ticket-limitPrice', price);
  await page.getByTestId('ticket-limitPrice').press('Enter');
  const intent = page.getByTestId('intent-status');
  await expect(intent).toHaveAttribute('data-status', /^(done|confirmed-done)$/, {
    timeout: 20_000,
  });
  const id = (await page.getByTestId('intent-order-id').textContent())?.trim() ?? '';
  expect(id).not.toBe('');
  await page.keyboard.press('Escape');
  return id;
}

/** The order book's row of an order, once it shows it as pending. */
async function bookRow(page: Page, id: string): Promise<Locator> {
  await page.keyboard.press('Alt+1');
  const row = page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
  await expect(async () => {
    await page.keyboard.press('Alt+r');
    await expect(row.getByTestId('order-cancel')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return row;
}

test('modify and cancel send once under a double click, a held Enter and a held Delete', async ({
  page,
  controlled,
}) => {
  test.setTimeout(180_000);
  await ready(page, controlled);
  await allowPricesFarFromMarket(page);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  const ltp = await ltpOf(page);
  await page.keyboard.press('Escape');
  const a = await pendingOrder(page, onTick(ltp * 0.85));
  const b = await pendingOrder(page, onTick(ltp * 0.84));

  // Modify with a held Enter in the price field.
  const rowA = await bookRow(page, a);
  await rowA.getByTestId('order-modify').click();
  const dialog = page.getByTestId('modify-dialog');
  await expect(dialog).toBeVisible();
  let before = await actionRequests(controlled);
  await typeInto(page, 'modify-limitPrice', onTick(ltp * 0.83));
  await page.locator('#modify-limitPrice').focus();
  await hold(page, 'Enter');
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expectSent(controlled, before, { 'PUT /api/v2/orders': 1 });

  // Modify with a double click on its button.
  await rowA.getByTestId('order-modify').click();
  await expect(dialog).toBeVisible();
  await typeInto(page, 'modify-limitPrice', onTick(ltp * 0.82));
  before = await actionRequests(controlled);
  await dialog.getByTestId('modify-submit').dblclick();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expectSent(controlled, before, { 'PUT /api/v2/orders': 1 });

  // Cancel with a double click, then a held Delete on the other order's row.
  before = await actionRequests(controlled);
  await rowA.getByTestId('order-cancel').dblclick();
  await expectSent(controlled, before, { 'DELETE /api/v2/orders': 1 });
  const rowB = await bookRow(page, b);
  before = await actionRequests(controlled);
  await pressOnRow(page, rowB, 'Shift'); // focus it (a key that does nothing)
  await hold(page, 'Delete');
  await expectSent(controlled, before, { 'DELETE /api/v2/orders': 1 });
});

test('exit, convert and exit all send once under a double click on their answer', async ({
  page,
  controlled,
}) => {
  test.setTimeout(180_000);
  await ready(page, controlled);
  for (const [query, ticker] of [
    ['infy', 'NSE:INFY-EQ'],
    ['itc', 'NSE:ITC-EQ'],
  ] as const) {
    await pickSymbol(page, query, ticker);
    await page.keyboard.press('F1');
    await sendMarketOrder(page, '2');
  }
  await page.keyboard.press('Escape');
  await control(controlled, 'tick', { n: 3 });
  await page.keyboard.press('Alt+3');
  const row = (id: string) =>
    page.locator(`[data-testid="position-row"][data-position-id="${id}"]:not(.row-closed)`);
  const infy = row('NSE:INFY-EQ-INTRADAY');
  const itc = row('NSE:ITC-EQ-INTRADAY');
  await expect(async () => {
    await page.keyboard.press('Alt+r');
    await expect(infy).toBeVisible({ timeout: 2_000 });
    await expect(itc).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // Convert 1 of INFY to CNC with a double click on Convert.
  await infy.getByTestId('position-convert').click();
  await typeInto(page, 'convert-qty', '1');
  let before = await actionRequests(controlled);
  await page.getByTestId('convert-submit').dblclick();
  await expect(page.getByTestId('convert-dialog')).toBeHidden({ timeout: 20_000 });
  await expectSent(controlled, before, { 'PUT /api/v2/positions': 1 });

  // Exit ITC, answering yes with a double click.
  await itc.getByTestId('position-exit').click();
  before = await actionRequests(controlled);
  await page.getByTestId('confirm-exit-yes').dblclick();
  await expectSent(controlled, before, { 'DELETE /api/v2/positions': 1 });

  // Exit all, answering yes with a double click.
  await expect(page.getByTestId('exit-all')).toBeEnabled();
  await page.getByTestId('exit-all').click();
  before = await actionRequests(controlled);
  await page.getByTestId('confirm-exit-all-yes').dblclick();
  await expectSent(controlled, before, { 'DELETE /api/v2/positions': 1 });
});

test('two windows cancelling one order at the same moment send once', async ({
  page,
  controlled,
  context,
}) => {
  test.setTimeout(180_000);
  await ready(page, controlled);
  await allowPricesFarFromMarket(page);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  const ltp = await ltpOf(page);
  await page.keyboard.press('Escape');
  const id = await pendingOrder(page, onTick(ltp * 0.81));
  const second = await context.newPage();
  await openApp(second, controlled.url);
  await loginToDemo(second);
  const rows = [await bookRow(page, id), await bookRow(second, id)];
  // The broker takes a moment to answer the first, as it may: the second window's click
  // arrives while the first cancel is on its way.
  await control(controlled, 'faults', {
    route: 'DELETE /api/v2/orders',
    mode: 'delay',
    delayMs: 1500,
  });
  const before = await actionRequests(controlled);
  await Promise.all(rows.map((r) => r.getByTestId('order-cancel').click()));
  // Whichever window came second is told, in words, that its cancel was not sent.
  const told = /still being sent or confirmed/;
  await expect
    .poll(async () => (await page.getByText(told).count()) + (await second.getByText(told).count()))
    .toBe(1);
  await expectSent(controlled, before, { 'DELETE /api/v2/orders': 1 });
  await second.close();
});
