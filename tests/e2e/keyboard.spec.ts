import type { Page } from '@playwright/test';
import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp, pickSymbol, pressOnRow, sendMarketOrder } from './trading-helpers';

// The keyboard list, checked in the app: the NEST/ODIN keys beside the app's own;
// B and S on the selected row of market watch, holdings and positions; the row keys (exit,
// convert, modify, cancel) remappable in Settings like the rest, with conflicts refused;
// the cheat sheet and the screens' tabs showing the live map.

const NSE_CASH = { exchange: 10, segment: 10 };
const SBIN = 'NSE:SBIN-EQ';

/** B then S on a focused row: the ticket opens on that row's symbol, each side in turn. */
async function buyAndSellFrom(page: Page, row: ReturnType<Page['locator']>): Promise<void> {
  const ticker = await row.getAttribute('data-symbol');
  expect(ticker).toBeTruthy();
  for (const [key, side] of [
    ['b', 'buy'],
    ['s', 'sell'],
  ] as const) {
    await pressOnRow(page, row, key);
    await expect(page.getByTestId('order-ticket')).toBeVisible();
    await expect(page.getByTestId(`ticket-side-${side}`)).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('ticket-symbol')).toHaveValue(ticker!);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('order-ticket')).toHaveCount(0);
  }
}

const keymapRow = (page: Page, action: string) =>
  page.locator(`[data-testid="keymap-row"][data-action="${action}"]`);

/** Records a new key for an action in Settings (not saved). */
async function remap(page: Page, action: string, key: string): Promise<void> {
  await keymapRow(page, action).getByTestId('keymap-change').click();
  await page.getByTestId('keymap-recording').press(key);
}

test('NEST keys, B/S on watch, holdings and positions rows, row keys remappable, live cheat sheet', async ({
  page,
  controlled,
}) => {
  test.setTimeout(180_000);
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);

  // NEST/ODIN keys beside the app's own.
  for (const [key, testid] of [
    ['F3', 'order-book'],
    ['F8', 'trade-book'],
    ['Alt+F6', 'positions'],
    ['F4', 'market-watch'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(page.getByTestId(testid), key).toBeVisible();
  }

  // A position, and SBIN in the watch list (added from the toolbar search).
  await pickSymbol(page, 'sbin', SBIN);
  await sendMarketOrder(page, '1');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+8');
  const watchRow = page.locator(`[data-testid="watch-row"][data-symbol="${SBIN}"]`);
  if ((await watchRow.count()) === 0) {
    await page.keyboard.press('Control+k');
    await page.keyboard.type('sbin');
    const option = page.locator(`[data-testid="symbol-option"][data-ticker="${SBIN}"]`);
    await expect(option).toBeVisible({ timeout: 45_000 });
    for (let i = 0; i < 12 && (await option.getAttribute('aria-selected')) !== 'true'; i++)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Insert');
    await page.keyboard.press('Escape');
  }
  await expect(watchRow).toBeVisible();
  await buyAndSellFrom(page, watchRow);

  await page.keyboard.press('Alt+4');
  await buyAndSellFrom(page, page.getByTestId('holding-row').first());

  await page.keyboard.press('Alt+3');
  const position = page.locator(`[data-testid="position-row"][data-symbol="${SBIN}"]`).first();
  await expect(position).toBeVisible({ timeout: 20_000 });
  await buyAndSellFrom(page, position);

  // Exit (X) onto Q: saved. Convert onto B clashes with "Buy the selected row": refused.
  await page.keyboard.press('Alt+7');
  await remap(page, 'row.exit', 'q');
  await remap(page, 'row.convert', 'b');
  await expect(keymapRow(page, 'row.convert').getByTestId('keymap-conflict')).toContainText(
    'B is also Buy the selected row',
  );
  await expect(page.getByTestId('keymap-save')).toBeDisabled();
  await keymapRow(page, 'row.convert')
    .getByRole('button', { name: /^Default keys/ })
    .click();
  await page.getByTestId('keymap-save').click();
  await expect(page.getByTestId('keymap-save')).toBeDisabled();
  try {
    await expect(keymapRow(page, 'row.exit').getByTestId('keymap-keys')).toHaveText('Q');
    // Q asks to exit the position; X no longer does.
    await page.keyboard.press('Alt+3');
    await position.focus();
    await page.keyboard.press('x');
    await expect(page.getByTestId('confirm-exit')).toBeHidden();
    await position.focus();
    await page.keyboard.press('q');
    await expect(page.getByTestId('confirm-exit')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('confirm-exit')).toBeHidden();
    await expect(page.getByTestId('positions-help')).toContainText('Q exit');
    // The cheat sheet and the tabs show the live keys.
    await page.locator('main .view').first().focus();
    await page.keyboard.press('?');
    const legend = page.getByTestId('shortcut-legend');
    await expect(legend).toContainText('Q');
    await expect(legend).toContainText('Exit the selected position');
    await expect(legend).toContainText('Alt+2 or F8');
    await page.screenshot({ path: test.info().outputPath('keyboard-legend.png') });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('nav-trades')).toHaveAttribute('title', 'Alt+2 or F8');
    await expect(page.getByTestId('nav-positions')).toHaveAttribute('title', 'Alt+3 or Alt+F6');
  } finally {
    // Back to the defaults for the specs sharing this harness.
    await page.keyboard.press('Alt+7');
    await keymapRow(page, 'row.exit')
      .getByRole('button', { name: /^Default keys/ })
      .click();
    await page.getByTestId('keymap-save').click();
    await expect(keymapRow(page, 'row.exit').getByTestId('keymap-keys')).toHaveText('X');
  }
});
