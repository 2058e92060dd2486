import type { Locator, Page } from '@playwright/test';
import { expect } from './control-harness-fixture';

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
