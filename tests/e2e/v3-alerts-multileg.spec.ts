import type { Page } from '@playwright/test';
import { control, expect, sandboxRequests, specHarness, test } from './control-harness-fixture';
import { formatInr } from '../../shared/format/money';
import { ensureWatched, loginOnV3, typeInto } from './trading-helpers';

// Issue 21 #2 and #3 in the harness, with Demo on the broker's API v3 (a harness of its own,
// switched to v3 in Settings as a trader does): price alerts the broker holds (created with A
// on a watch row, listed, paused and resumed, a firing pushed on the v3 order socket raising
// the toast while every read of the broker's alert list fails, deleted), and a basket of two
// option legs from the chain sent as ONE multi-leg order (net premium shown, one request,
// the result on both rows).

const NSE_CASH = { exchange: 10, segment: 10 };
const NSE_FO = { exchange: 10, segment: 11 };
const INFY = 'NSE:INFY-EQ';
const ALERT_LIST = 'GET /api/v3/price-alert';
const MULTILEG = 'POST /api/v3/multileg/orders/sync';

const h = specHarness();

test.describe.configure({ mode: 'serial' });

const requests = () => sandboxRequests(h);

test('a broker-held alert from a watch row: listed, paused and resumed, its firing pushed on the order socket raises the toast, deleted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await control(h, 'market', { ...NSE_CASH, status: 'OPEN' });
  await control(h, 'price', { symbol: INFY, ltp: 1500 });
  await loginOnV3(page, h.url);
  await page.keyboard.press('Alt+8');
  await ensureWatched(page, 'infy', INFY);
  const watchRow = page.locator(`[data-testid="watch-row"][data-symbol="${INFY}"]`);
  await expect(watchRow.getByTestId('watch-ltp')).not.toHaveText('—', { timeout: 30_000 });

  await watchRow.focus();
  await page.keyboard.press('a');
  const dialog = page.getByTestId('price-alert-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(INFY);
  // On v3 the broker holds it: it fires with Tickdesk closed, and no "only while open" note.
  await expect(dialog.getByTestId('alert-broker-held')).toContainText(
    'fires even when Tickdesk is closed',
  );
  await expect(dialog.getByTestId('alert-open-only')).toHaveCount(0);
  await dialog.getByTestId('alert-value').fill('1530');
  await dialog.getByTestId('alert-note').fill('e2e broker alert');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 15_000 });

  await page.keyboard.press('Alt+A');
  await expect(page.getByTestId('alerts-note')).toContainText('closed');
  const row = page.locator('[data-testid="alert-row"]', { hasText: 'e2e broker alert' });
  await expect(row).toHaveAttribute('data-status', 'active', { timeout: 15_000 });
  await expect(row).toContainText('₹1,530');

  // P pauses at the broker and resumes it.
  await row.focus();
  await page.keyboard.press('p');
  await expect(row).toHaveAttribute('data-status', 'paused', { timeout: 15_000 });
  await row.focus();
  await page.keyboard.press('p');
  await expect(row).toHaveAttribute('data-status', 'active', { timeout: 15_000 });

  // Every read of the alert list fails from here: only the order socket's push can tell the
  // app that the alert fired.
  await control(h, 'faults', { route: ALERT_LIST, mode: 'http500', times: 1000 });
  try {
    await control(h, 'price', { symbol: INFY, ltp: 1560 });
    const toast = page.locator('[data-testid="alert-toast"][data-kind="price"]', {
      hasText: INFY,
    });
    await expect(toast).toBeVisible({ timeout: 45_000 });
    await expect(toast).toContainText('e2e broker alert');
  } finally {
    await control(h, 'faults', { route: ALERT_LIST, mode: 'delay', delayMs: 0 });
  }
  await expect(page.locator('[data-testid="alert-toast"][data-kind="price"]')).toHaveCount(1);

  // Deleted at the broker after the question.
  await page.keyboard.press('Alt+A');
  await expect(row).toBeVisible({ timeout: 45_000 });
  await row.focus();
  await page.keyboard.press('Delete');
  await page.getByTestId('alert-delete-yes').click();
  await expect(row).toHaveCount(0, { timeout: 15_000 });
});

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/**
 * Opens the ticket on a chain cell and puts one lot into the basket, limit at the last price
 * the ticket shows (Demo's option prices keep moving: a fixed price soon leaves the band).
 */
async function legToBasket(page: Page, ticker: string, nth: number): Promise<void> {
  await page.locator(`[data-testid="chain-cell"][data-ticker="${ticker}"]`).focus();
  await page.keyboard.press('b');
  await expect(page.getByTestId('ticket-symbol')).toHaveValue(ticker);
  await page.getByTestId('ticket-type-limit').click();
  const ltp = page.getByTestId('ticket-ltp');
  await expect
    .poll(async () => rupees(await ltp.textContent()), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const limit = (Math.round(rupees(await ltp.textContent()) * 20) / 20).toFixed(2);
  await typeInto(page, 'ticket-qty', '1');
  await typeInto(page, 'ticket-limitPrice', limit);
  await page.getByTestId('ticket-limitPrice').press('Shift+Enter');
  await expect(
    page.getByText(`Added to the basket (${nth} order${nth > 1 ? 's' : ''}).`),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('order-ticket')).toBeHidden();
}

test('a call and a put from the chain go from the basket as one multi-leg order: net premium, one request, the result on both rows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await control(h, 'market', { ...NSE_CASH, status: 'OPEN' });
  await control(h, 'market', { ...NSE_FO, status: 'OPEN' });
  await loginOnV3(page, h.url);
  await page.keyboard.press('Alt+9');
  await expect(page.getByTestId('chain-underlying')).toHaveValue('NIFTY', { timeout: 30_000 });
  const atm = page.locator('[data-testid="chain-row"][data-atm="true"]');
  await expect(atm).toHaveCount(1, { timeout: 30_000 });
  const ce = (await atm
    .locator('[data-testid="chain-cell"][data-side="ce"]')
    .getAttribute('data-ticker'))!;
  const pe = (await atm
    .locator('[data-testid="chain-cell"][data-side="pe"]')
    .getAttribute('data-ticker'))!;
  expect(ce).toMatch(/^NSE:NIFTY.*CE$/);
  expect(pe).toMatch(/^NSE:NIFTY.*PE$/);
  await legToBasket(page, ce, 1);
  await legToBasket(page, pe, 2);
  await page.keyboard.press('Alt+b');
  const rows = page.getByTestId('basket-row');
  await expect(rows).toHaveCount(2);
  // Two buys: the net premium is what both legs cost (each row's value), to pay.
  const values = (await rows.getByTestId('basket-value').allTextContents()).map(rupees);
  expect(values.every((v) => v > 0)).toBe(true);
  const premium = page.getByTestId('basket-multileg-premium');
  await expect(premium).toContainText(formatInr(values[0]! + values[1]!));
  await expect(premium).toContainText('to pay');

  // Demo's option prices move fast (a third in a minute on a loaded machine): each leg's
  // price is brought back to its limit just before sending, so neither leaves the band.
  const limits = (await rows
    .getByTestId('basket-price')
    .evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value)))) as number[];
  const send = page.getByTestId('basket-send-multileg');
  await expect(async () => {
    await control(h, 'price', { symbol: ce, ltp: limits[0]! });
    await control(h, 'price', { symbol: pe, ltp: limits[1]! });
    await expect(send).toBeEnabled({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  const before = await requests();
  await send.click();
  for (const r of await rows.all())
    await expect(r.getByTestId('basket-result')).toHaveAttribute('data-status', /done/, {
      timeout: 30_000,
    });
  const ids = await rows.getByTestId('basket-order-id').allTextContents();
  expect(ids).toHaveLength(2);
  expect(ids[0]).toMatch(/^\d{14}$/);
  // One request for both legs; no single placement went out beside it.
  const after = await requests();
  expect((after[MULTILEG] ?? 0) - (before[MULTILEG] ?? 0)).toBe(1);
  expect((after['POST /api/v3/orders/sync'] ?? 0) - (before['POST /api/v3/orders/sync'] ?? 0)).toBe(
    0,
  );
  await expect(page.getByTestId('basket-send-multileg')).toHaveCount(0);
  await page.getByTestId('basket-clear').click();
});
