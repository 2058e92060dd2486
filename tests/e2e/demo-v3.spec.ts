import type { Page } from '@playwright/test';
import { control, expect, sandboxRequests, specHarness, test } from './control-harness-fixture';
import {
  allowPricesFarFromMarket,
  loginToDemo,
  openApp,
  pickSymbol,
  placeLimitBuy,
  pressOnRow,
} from './trading-helpers';

// The core trader flows with Demo on the broker's API v3 (issue 19 #6): a harness of its own
// (the other specs keep Demo on its default API), switched to v3 in Settings as a trader
// does. Prices and the ticket's book come from the v3 data socket and order updates from the
// v3 order socket: the sandbox counts the connections on each socket and the requests on
// each route, so neither REST polling nor the v2 socket can pass for them.

const SBIN = 'NSE:SBIN-EQ';
const NSE_CASH = { exchange: 10, segment: 10 };
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

const h = specHarness();

test.describe.configure({ mode: 'serial' });

async function sandboxJson<T>(path: string): Promise<T> {
  return (await (await fetch(`${h.sandbox}/__sandbox/${path}`)).json()) as T;
}
const sockets = () =>
  sandboxJson<{ connections: unknown[]; v3: { orders: number; data: number } }>('socket');
const requests = () => sandboxRequests(h);

async function demoOnV3(page: Page): Promise<void> {
  await openApp(page, h.url);
  await page.getByTestId('open-settings').click();
  const select = page.getByTestId('pref-demoBroker');
  await select.selectOption('fyers-v3');
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('prefs-reset')).toHaveCount(0);
  await expect(select).toHaveValue('fyers-v3');
  // Back to the start screen, where a logged-out trader logs in.
  await page.goto('about:blank');
  await openApp(page, h.url);
}

test('Demo on API v3: logs in; the ticket quote and its book stream from the v3 data socket', async ({
  page,
}) => {
  await demoOnV3(page);
  await control(h, 'market', { ...NSE_CASH, status: 'OPEN' });
  await loginToDemo(page);
  await expect
    .poll(async () => (await sockets()).v3, { timeout: 20_000 })
    .toEqual({
      orders: 1,
      data: 1,
    });
  expect((await sockets()).connections).toEqual([]);

  await pickSymbol(page, 'sbin', SBIN);
  const ltpCell = page.getByTestId('ticket-ltp');
  await expect(page.getByTestId('ticket-bid')).not.toHaveText('—', { timeout: 15_000 });
  const start = rupees(await ltpCell.textContent());
  expect(start).toBeGreaterThan(0);
  const quotesBefore = (await requests())['GET /data/quotes'] ?? 0;
  // Prices moved at the broker reach the ticket with no REST quote read for them.
  const up = Math.round(start * 1.04 * 20) / 20;
  await control(h, 'price', { symbol: SBIN, ltp: up });
  await expect
    .poll(async () => rupees(await ltpCell.textContent()), { timeout: 10_000 })
    .toBeGreaterThan(start * 1.03);
  const book = page.getByTestId('ticket-depth');
  await expect(book.getByTestId('depth-bid')).toHaveCount(5);
  const bestBid = async () =>
    Number(await book.getByTestId('depth-bid').first().getAttribute('data-price'));
  const bidNow = await bestBid();
  const depthReads = (await requests())['GET /data/depth'] ?? 0;
  const down = Math.round(up * 0.96 * 20) / 20;
  await control(h, 'price', { symbol: SBIN, ltp: down });
  await expect.poll(bestBid, { timeout: 10_000 }).toBeLessThan(bidNow * 0.98);
  const after = await requests();
  // A view may read once on its own (a first price, a first book); the REST fallback standing
  // in for a socket would poll every few seconds. The composed test (demo-v3.test.ts) counts
  // exactly; here the screens only must not be fed by polling.
  expect((after['GET /data/quotes'] ?? 0) - quotesBefore).toBeLessThanOrEqual(1);
  expect((after['GET /data/depth'] ?? 0) - depthReads, 'the book streams').toBeLessThanOrEqual(1);
  expect((await sockets()).v3).toEqual({ orders: 1, data: 1 });
  await page.keyboard.press('Escape');
});

test('Demo on API v3: place, modify and cancel show in the order book from the v3 order socket', async ({
  page,
}) => {
  await openApp(page, h.url);
  await loginToDemo(page);
  await allowPricesFarFromMarket(page);
  const ltp = await (async () => {
    await pickSymbol(page, 'sbin', SBIN);
    const v = rupees(await page.getByTestId('ticket-ltp').textContent());
    await page.keyboard.press('Escape');
    return v;
  })();
  const limit = (Math.round(ltp * 0.9 * 20) / 20).toFixed(2);
  const id = await placeLimitBuy(page, '1', limit);
  await page.keyboard.press('Escape');
  const row = page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
  await expect(row.getByTestId('order-status')).toHaveText('Pending', { timeout: 20_000 });

  await pressOnRow(page, row, 'm');
  const dialog = page.getByTestId('modify-dialog');
  await expect(dialog).toBeVisible();
  await page.locator('#modify-limitPrice').press('ArrowUp');
  await page.locator('#modify-limitPrice').press('ArrowUp');
  const raised = (Number(limit) + 0.1).toFixed(2);
  await expect(page.locator('#modify-limitPrice')).toHaveValue(raised);
  await page.getByTestId('modify-submit').click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(row).toContainText(raised, { timeout: 20_000 });

  await row.getByTestId('order-cancel').click();
  await expect(row.getByTestId('order-status')).toHaveText('Cancelled', { timeout: 20_000 });

  // An order placed at the broker from elsewhere (its own desk) reaches the screen by a push
  // (at most one read of the book by a view meanwhile; polling stops while the socket is live).
  const bookReads = async () => (await requests())['GET /api/v3/orders'] ?? 0;
  const reads = await bookReads();
  const res = await fetch(`${h.sandbox}/__sandbox/orders/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: 1, symbol: SBIN }),
  });
  const seeded = String(((await res.json()) as { first?: unknown }).first);
  const pushedRow = page.locator(`[data-testid="order-row"][data-order-id="${seeded}"]`);
  await expect(pushedRow).toBeVisible({ timeout: 15_000 });
  expect(
    (await bookReads()) - reads,
    'the new order came over the order socket',
  ).toBeLessThanOrEqual(1);
  expect((await sockets()).v3.orders).toBe(1);
  expect((await requests())['GET /api/v2/orders'] ?? 0).toBe(0);
  expect((await sockets()).connections).toEqual([]);
});
