import type { Page } from '@playwright/test';
import { expect, test } from './harness-fixture';
import { loginToDemo, openApp } from './trading-helpers';

// "Add to watch" from the toolbar's symbol search, on any screen: Insert (or Alt+W) on the
// highlighted match adds it to the current watch list and says so, without opening the
// ticket or closing the matches; a second press says it is already there.

const TICKER = 'NSE:TCS-EQ';
const watchRow = (page: Page) => page.locator(`[data-testid="watch-row"][data-symbol="${TICKER}"]`);

/** The shared harness may hold the symbol from an earlier spec: take it out first. */
async function withoutTicker(page: Page): Promise<void> {
  await page.keyboard.press('Alt+8');
  await expect(page.getByTestId('market-watch')).toBeVisible();
  await expect(page.getByTestId('watch-count')).toBeVisible();
  if ((await watchRow(page).count()) > 0) {
    await watchRow(page).focus();
    await page.keyboard.press('Delete');
  }
  await expect(watchRow(page)).toHaveCount(0);
}

/** Ctrl+K, the query, and the arrows down to the ticker (the matches stay open). */
async function highlight(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('symbol-search')).toBeFocused();
  await page.keyboard.type(query);
  const option = page
    .getByTestId('symbol-search-results')
    .locator(`[data-testid="symbol-option"][data-ticker="${TICKER}"]`);
  await expect(option).toBeVisible({ timeout: 45_000 });
  for (let i = 0; i < 12 && (await option.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
}

test('Insert on a toolbar search match adds it to the current watch list, with feedback', async ({
  page,
  harnessUrl,
}) => {
  test.setTimeout(120_000);
  await openApp(page, harnessUrl);
  await loginToDemo(page);
  await withoutTicker(page);
  const listName = await page
    .locator('[data-testid="watch-list"][aria-pressed="true"]')
    .getAttribute('data-name');

  // From another screen: the order book.
  await page.keyboard.press('Alt+1');
  await highlight(page, 'tcs');
  await expect(page.getByTestId('symbol-search-hint')).toContainText('Insert');
  await page.keyboard.press('Insert');
  await expect(
    page.getByTestId('notice').filter({ hasText: `${TICKER} added to ${listName}` }),
  ).toBeVisible();
  // Still searching: no ticket, the matches open, the focus in the search.
  await expect(page.getByTestId('order-ticket')).toHaveCount(0);
  await expect(page.getByTestId('symbol-search-results')).toBeVisible();
  await expect(page.getByTestId('symbol-search')).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('watch-from-search.png') });
  // The second key (Alt+W) on the same match: already there, and said so.
  await page.keyboard.press('Alt+w');
  await expect(
    page.getByTestId('notice').filter({ hasText: `${TICKER} is already in ${listName}` }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  await page.keyboard.press('Alt+8');
  await expect(watchRow(page)).toBeVisible();
  // Saved, not only shown: still there when the page is opened again.
  await page.goto('about:blank');
  await openApp(page, harnessUrl);
  await loginToDemo(page);
  await page.keyboard.press('Alt+8');
  await expect(watchRow(page)).toBeVisible({ timeout: 15_000 });
  await watchRow(page).focus();
  await page.keyboard.press('Delete');
  await expect(watchRow(page)).toHaveCount(0);
});
