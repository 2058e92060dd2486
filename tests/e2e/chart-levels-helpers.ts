import type { Locator, Page } from '@playwright/test';
import { expect } from './control-harness-fixture';
import { LOGGED_IN, loginToDemo, openApp } from './trading-helpers';

/**
 * The chart's drawn levels as the chart-levels specs read them: through the accessible list
 * of lines under the chart (each row carries the price and title read back from the chart's
 * own price line), never from the canvas's pixels.
 */

/** Opens the Charts screen (Alt+0) on `ticker` through its symbol search. */
export async function chartSymbol(page: Page, query: string, ticker: string): Promise<void> {
  await page.keyboard.press('Alt+0');
  await page.getByTestId('chart-search').click();
  await page.keyboard.type(query);
  await page.locator(`[data-testid="symbol-option"][data-ticker="${ticker}"]`).click();
  await expect(page.getByTestId('chart-symbol')).toBeVisible();
}

/** The list row of the alert line whose words contain `text` (its note). */
export function alertLevel(page: Page, text: string): Locator {
  return page.locator('[data-testid="chart-level"][data-kind="alert"]', { hasText: text });
}

/**
 * Finds the y (page pixels) of a movable line by moving the pointer down the chart until the
 * chart says the pointer is over it (`data-level-hover`), as a trader finds the line by the
 * resize cursor. A search over pixels, not a wait: each step is one pointer move.
 */
export async function lineY(page: Page, key: string): Promise<{ x: number; y: number }> {
  const box = page.getByTestId('candle-chart');
  const b = (await box.boundingBox())!;
  const x = b.x + b.width / 3;
  for (let y = b.y + 2; y < b.y + b.height * 0.75; y += 2) {
    await page.mouse.move(x, y);
    if ((await box.getAttribute('data-level-hover')) === key) return { x, y };
  }
  throw new Error(`no line ${key} found on the chart`);
}

/**
 * Demo on API v3 in Settings, then logged in; a session an earlier test of this harness left
 * logged in is already on v3.
 */
export async function loginOnV3(page: Page, harnessUrl: string): Promise<void> {
  await openApp(page, harnessUrl);
  const status = await page.getByTestId('session-status').getAttribute('data-status');
  if (LOGGED_IN.test(status ?? '')) return;
  await page.getByTestId('open-settings').click();
  const select = page.getByTestId('pref-demoBroker');
  if ((await select.inputValue()) !== 'fyers-v3') {
    await select.selectOption('fyers-v3');
    await page.getByTestId('prefs-save').click();
    await expect(page.getByTestId('prefs-reset')).toHaveCount(0);
  }
  await page.getByTestId('settings-back').click();
  await loginToDemo(page, 90_000);
}
