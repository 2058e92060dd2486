import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp, pickSymbol, sendMarketOrder } from './trading-helpers';

// Reports as a trader meets them (issue 22 #5): Demo on API v3, a buy and a sell of the day,
// then Alt+H opens Reports; the trades report lists both fills, the sell filter one, the CSV
// export is the table; a charges row the broker sent unreadable is shown as such beside the
// good one. On API v2 the screen says the connection keeps no history. Each test has its own
// harness: the Demo broker's API version is chosen before the first login.

const NSE_CASH = { exchange: 10, segment: 10 };

/** Sets Demo's broker API in Settings (before logging in). */
async function demoOn(page: Page, dialect: 'fyers-v2' | 'fyers-v3'): Promise<void> {
  const status = await page.getByTestId('session-status').getAttribute('data-status');
  await page.getByTestId(status === 'logged-out' ? 'open-settings' : 'nav-settings').click();
  const select = page.getByTestId('pref-demoBroker');
  await expect(select).toBeVisible();
  if ((await select.inputValue()) !== dialect) {
    await select.selectOption(dialect);
    await page.getByTestId('prefs-save').click();
    await expect(page.getByTestId('prefs-reset')).toHaveCount(0);
  }
  if (status === 'logged-out') await page.getByTestId('settings-back').click();
}

test('Demo on v3: Reports lists the day’s trades, filters, exports CSV and shows an unreadable row as such', async ({
  page,
  ownControlled,
}) => {
  test.setTimeout(170_000);
  await control(ownControlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await control(ownControlled, 'price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
  await openApp(page, ownControlled.url);
  await demoOn(page, 'fyers-v3');
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-buy').click();
  await sendMarketOrder(page, '2');
  await page.keyboard.press('Escape');
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-sell').click();
  await sendMarketOrder(page, '2');
  await page.keyboard.press('Escape');

  // The Trades screen links to it; the key opens it too.
  await page.keyboard.press('Alt+2');
  await expect(page.getByTestId('trades-reports')).toBeVisible();
  await page.keyboard.press('Alt+h');
  await expect(page.getByTestId('reports')).toBeVisible();
  await page.getByTestId('reports-kind').selectOption('trades');
  const rows = page.getByTestId('report-row');
  // Fills reach the broker's history once the market steps: ask again until both are there.
  await expect(async () => {
    await page.getByTestId('reports-show').click();
    await expect(rows).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(rows.first()).toContainText('NSE:SBIN-EQ');

  await page.getByTestId('reports-side').selectOption('sell');
  await page.getByTestId('reports-show').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sell');

  const download = page.waitForEvent('download');
  await page.getByTestId('reports-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^trades-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8').replace(/^\ufeff/, '');
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toContain('Trade no.');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Sell');

  // A charges row the broker sent with an amount the app cannot read: shown as such.
  await control(ownControlled, 'row-patch', {
    route: 'GET /api/v3/charges-history',
    list: 'data',
    index: 0,
    patch: { totalCharges: 'n/a' },
  });
  await page.getByTestId('reports-side').selectOption('');
  await page.getByTestId('reports-kind').selectOption('charges');
  await page.getByTestId('reports-show').click();
  await expect(page.getByTestId('report-unreadable-row')).toContainText('Row 1 could not be read');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('reports-unreadable-notice')).toBeVisible();
  await expect(page.getByTestId('report-unreadable-row')).not.toContainText('/api/');
  await page.screenshot({ path: test.info().outputPath('reports-charges.png') });
});

test('Demo on v2: the Reports screen says the connection keeps no history', async ({
  page,
  ownControlled,
}) => {
  test.setTimeout(150_000);
  await openApp(page, ownControlled.url);
  await demoOn(page, 'fyers-v2');
  await loginToDemo(page);
  await page.keyboard.press('Alt+h');
  await expect(page.getByTestId('reports-unavailable')).toContainText('offers no history');
  await expect(page.getByTestId('reports-form')).toHaveCount(0);
});
