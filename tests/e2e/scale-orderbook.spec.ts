import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp, pickSymbol, typeInto } from './trading-helpers';

// The order book as a busy trader has it: 10,000 orders from the sandbox's seed control,
// drawn a screenful at a time, filtered, exported, and bracket legs under their parent.
// Named to run after sandbox-controlled.spec.ts on the shared controlled harness: its
// sandbox resets start order ids again, which an earlier spec's reconciliation would meet.

const NSE_CASH = { exchange: 10, segment: 10 };

test.afterAll(async ({ controlled }) => {
  // The harness is shared with the other controlled specs: leave the broker as found.
  await control(controlled, 'reset', {});
});

test('10,000 orders: a screenful drawn, keyboard to the last, filters and CSV export', async ({
  page,
  controlled,
}) => {
  // Seeding and reading 10,000 orders takes a while on a loaded two-core machine.
  test.setTimeout(240_000);
  // Earlier specs on this shared harness leave orders of their own (sells among them): start
  // from an empty book so the filters below meet only the seeded buys.
  await control(controlled, 'reset', {});
  await openApp(page, controlled.url);
  await loginToDemo(page);
  const seeded = (await fetch(`${controlled.sandbox}/__sandbox/orders/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: 10_000 }),
  }).then((r) => r.json())) as { first: string; last: string };
  await page.keyboard.press('Alt+1');
  await page.keyboard.press('Alt+r');
  await expect(page.getByTestId('orders-count')).toHaveText(/^10,\d{3} orders$/, {
    timeout: 60_000,
  });
  const drawn = await page.getByTestId('order-row').count();
  expect(drawn).toBeGreaterThan(10);
  expect(drawn).toBeLessThan(100);
  // The rows are laid out as contained grid rows, not by table layout (VirtualGrid): a
  // screen reader must still meet a grid of rows, cells and column headers, and each row
  // must be drawn at its full width and fixed height.
  const grid = page.getByRole('grid', { name: 'Order book' });
  await expect(grid.getByRole('columnheader', { name: 'Symbol' })).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(drawn + 1);
  // A pending order's row: its twelve cells (LTP among them; a finished order's status
  // takes the actions' cell too, so it has eleven).
  await expect(grid.getByRole('row').nth(1)).toHaveAttribute('data-status', '6');
  await expect(grid.getByRole('row').nth(1).getByRole('gridcell')).toHaveCount(12);
  const firstRow = await page.getByTestId('order-row').first().boundingBox();
  const gridBox = await page.getByTestId('order-grid').boundingBox();
  expect(firstRow!.height).toBe(30);
  expect(firstRow!.width).toBeGreaterThan(gridBox!.width - 20);

  // End from the first row reaches the oldest order, which is then drawn and focused.
  await page.getByTestId('order-row').first().focus();
  await page.keyboard.press('End');
  const last = page.locator('[data-testid="order-row"]:focus');
  await expect(last).toBeVisible();
  expect(Number(await last.getAttribute('data-index'))).toBeGreaterThanOrEqual(9_999);

  // Filters: one id, then a side nobody used, then back.
  await typeInto(page, 'filter-text', seeded.first);
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(page.getByTestId('orders-count')).toHaveText(/^1 of 10,\d{3}$/);
  await page.getByTestId('filter-text').fill('');
  await page.getByTestId('filter-side').selectOption('sell');
  await expect(page.getByTestId('orders-empty')).toHaveText('No orders match these filters.');
  await page.getByTestId('filter-side').selectOption('all');
  await page.getByTestId('filter-status').selectOption('open');
  await expect(page.getByTestId('order-row').first()).toHaveAttribute('data-status', '6');

  const download = page.waitForEvent('download');
  await page.getByTestId('orders-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  const lines = csv.replace(/^\ufeff/, '').split('\r\n');
  expect(lines[0]).toMatch(/^Time \(IST\),Order id,/);
  expect(lines.length).toBeGreaterThanOrEqual(10_002);
  expect(csv).toContain(seeded.last);
  await page.screenshot({ path: 'test-results/screenshots/order-book-10000.png' });
});

test('a bracket order shows its stop-loss and target legs under it', async ({
  page,
  controlled,
}) => {
  await control(controlled, 'reset', {});
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-product').selectOption('BO');
  await page.getByTestId('ticket-type-limit').click();
  const ltp = Number((await page.getByTestId('ticket-ltp').textContent())?.replace(/[^\d.]/g, ''));
  await typeInto(page, 'ticket-limitPrice', (Math.ceil(ltp * 1.01 * 20) / 20).toFixed(2));
  await typeInto(page, 'ticket-stopLoss', '20');
  await typeInto(page, 'ticket-takeProfit', '20');
  await sendMarketOrderOrLimit(page);
  await page.keyboard.press('Escape');
  await control(controlled, 'tick', { n: 3 });
  await page.keyboard.press('Alt+1');
  const legs = page.locator('[data-testid="order-row"].leg');
  await expect(async () => {
    await page.keyboard.press('Alt+r');
    await expect(legs).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // Each leg sits right under its parent row.
  const rows = page.getByTestId('order-row');
  const ids = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({ leg: tr.classList.contains('leg'), id: tr.getAttribute('data-order-id') })),
  );
  const firstLeg = ids.findIndex((r) => r.leg);
  expect(firstLeg).toBeGreaterThan(0);
  expect(ids[firstLeg - 1]!.leg).toBe(false);
  expect(ids[firstLeg + 1]!.leg).toBe(true);
  await page.getByTestId('filter-product').selectOption('BO');
  await expect(rows).toHaveCount(3);
  await page.screenshot({ path: 'test-results/screenshots/order-book-bracket-legs.png' });
});

/** Sends the ticket as it stands (Enter in the quantity) and waits for the broker's answer. */
async function sendMarketOrderOrLimit(page: Page): Promise<void> {
  await typeInto(page, 'ticket-qty', '1');
  await page.getByTestId('ticket-qty').press('Enter');
  await expect(page.getByTestId('intent-status')).toHaveAttribute(
    'data-status',
    /^(done|confirmed-done)$/,
    { timeout: 20_000 },
  );
}

test('a filter matching nothing says so while the book is being read again, not "Loading…"', async ({
  page,
  controlled,
}) => {
  test.setTimeout(120_000);
  await control(controlled, 'reset', {});
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await fetch(`${controlled.sandbox}/__sandbox/orders/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: 20 }),
  });
  await page.keyboard.press('Alt+1');
  await page.keyboard.press('Alt+r');
  await expect(page.getByTestId('orders-count')).toHaveText(/^2\d orders$/, { timeout: 30_000 });
  await page.getByTestId('filter-side').selectOption('sell');
  await expect(page.getByTestId('orders-empty')).toHaveText('No orders match these filters.');
  // The next read of the book is slow (a 10,000-order book on a loaded machine, or a slow
  // broker): while it runs, the rows already read still match nothing, and the screen says
  // that rather than pretending nothing has been read.
  // (Several reads: a background refresh may take the first one.)
  await control(controlled, 'faults', {
    route: 'GET /api/v2/orders',
    mode: 'delay',
    delayMs: 10_000,
    times: 5,
  });
  const refresh = page
    .getByTestId('order-book')
    .locator('header')
    .getByRole('button', { name: 'Refresh' });
  await refresh.click();
  await expect(refresh).toBeDisabled();
  await expect(page.getByTestId('orders-empty')).toHaveText('No orders match these filters.');
  await expect(refresh).toBeDisabled();
  // Once the read is back, the book is as before.
  await expect(refresh).toBeEnabled({ timeout: 90_000 });
  await control(controlled, 'faults', { route: 'GET /api/v2/orders', mode: 'delay', delayMs: 0 });
  await page.getByTestId('filter-side').selectOption('all');
  await expect(page.getByTestId('orders-count')).toHaveText(/^2\d orders$/);
});
