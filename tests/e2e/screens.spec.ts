import type { Browser, BrowserContext, Page } from '@playwright/test';
import { axeProblems } from './axe';
import { expect, test } from './harness-fixture';
import {
  LOGGED_IN,
  loginToDemo,
  openApp,
  pickSymbol,
  placeLimitBuy,
  pressOnRow,
} from './trading-helpers';

// Every screen, in the dark and the light theme: axe finds no serious or critical
// violation, each screen has one h1, the toolbar is a landmark, and a screenshot is saved.
// Then the 1280 × 720 layout with the ticket open, and the terminal keys.

const SCREENS = [
  { key: 'Alt+1', testid: 'order-book', name: 'orders' },
  { key: 'Alt+2', testid: 'trade-book', name: 'trades' },
  { key: 'Alt+3', testid: 'positions', name: 'positions' },
  { key: 'Alt+4', testid: 'holdings', name: 'holdings' },
  { key: 'Alt+5', testid: 'funds', name: 'funds' },
  { key: 'Alt+6', testid: 'edis', name: 'edis' },
  { key: 'Alt+7', testid: 'settings', name: 'settings' },
  { key: 'Alt+9', testid: 'option-chain', name: 'chain' },
  { key: 'Alt+0', testid: 'charts', name: 'charts' },
  { key: 'Alt+B', testid: 'baskets', name: 'baskets' },
  { key: 'Alt+8', testid: 'market-watch', name: 'watch' },
  { key: 'Alt+M', testid: 'market', name: 'market' },
  { key: 'Alt+A', testid: 'price-alerts', name: 'alerts' },
] as const;

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  // Closed even when a test failed, so the shared harness can stop.
  for (const c of contexts.splice(0)) await c.close();
});

/** A page whose context lets the test inject axe past the app's CSP (the app itself keeps it). */
async function axePage(browser: Browser, opts: { width?: number; height?: number } = {}) {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    colorScheme: 'light',
  });
  contexts.push(context);
  return context.newPage();
}

/**
 * A limit price 3% under SBIN's last price: inside the default 5% distance guard and far
 * enough below the market to stay pending. (A fixed price stops fitting as the Demo market
 * walks from day to day.)
 */
async function pendingBuyPrice(page: Page): Promise<string> {
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  const ltp = page.getByTestId('ticket-ltp');
  await expect(ltp).toBeVisible({ timeout: 10_000 });
  const last = Number((await ltp.textContent())!.replace(/[^\d.]/g, ''));
  await page.keyboard.press('Escape');
  return (Math.floor(last * 0.97 * 20) / 20).toFixed(2);
}

async function setTheme(page: Page, theme: 'dark' | 'light' | 'system'): Promise<void> {
  await page.keyboard.press('Alt+7');
  await page.getByTestId('pref-theme').selectOption(theme);
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('notices')).toContainText('Preferences saved.');
}

test('every screen in both themes: no serious or critical axe violation, one h1, a toolbar landmark', async ({
  browser,
  harnessUrl,
}) => {
  // Eighteen axe runs (nine screens, two themes) plus the ticket and legend: minutes on a loaded machine.
  test.setTimeout(360_000);
  const page = await axePage(browser);
  await openApp(page, harnessUrl);
  // The login screen first, as a trader meets it.
  if (
    !LOGGED_IN.test((await page.getByTestId('session-status').getAttribute('data-status')) ?? '')
  ) {
    expect(await axeProblems(page)).toEqual([]);
    await expect(page.locator('h1')).toHaveCount(1);
  }
  await loginToDemo(page);
  // Every screen's findings are gathered, then asserted together: one run names them all.
  const problems: string[] = [];
  const check = async (what: string) =>
    problems.push(...(await axeProblems(page)).map((p) => `${what}: ${p}`));
  await placeLimitBuy(page, '1', await pendingBuyPrice(page));
  await page.keyboard.press('Escape');
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const s of SCREENS) {
      await page.keyboard.press(s.key);
      await expect(page.getByTestId(s.testid)).toBeVisible();
      await expect(page.locator('main h1')).toHaveCount(1);
      await expect(
        page.getByRole('region', { name: 'Search, order keys and screens' }),
      ).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
      await check(`${s.name} in ${theme}`);
      await page.screenshot({ path: `test-results/screenshots/${s.name}-${theme}.png` });
    }
    // The ticket (buy and sell colours) and the cheat sheet are drawn in each theme too.
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('F1');
    await expect(page.getByTestId('order-ticket')).toBeVisible();
    await check(`buy ticket in ${theme}`);
    await page.getByTestId('ticket-side-sell').click();
    await check(`sell ticket in ${theme}`);
    await page.screenshot({ path: `test-results/screenshots/ticket-${theme}.png` });
    await page.keyboard.press('Escape');
    await page.locator('main .view').first().focus();
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcut-legend')).toBeVisible();
    await check(`shortcut legend in ${theme}`);
    await page.keyboard.press('Escape');
  }
  expect(problems).toEqual([]);
  // "System" follows the operating system, live.
  await setTheme(page, 'system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('at 1280 × 720 with the ticket open the order book needs no horizontal scroll', async ({
  browser,
  harnessUrl,
}) => {
  const page = await axePage(browser, { width: 1280, height: 720 });
  await openApp(page, harnessUrl);
  await loginToDemo(page);
  await page.keyboard.press('Alt+1');
  if ((await page.getByTestId('order-row').count()) === 0) {
    await placeLimitBuy(page, '1', await pendingBuyPrice(page));
    await page.keyboard.press('Escape');
  }
  await expect(page.getByTestId('order-row').first()).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('F1');
  await expect(page.getByTestId('order-ticket')).toBeVisible();
  // The window itself too: a toolbar wider than 1280 px pushed every screen's right edge
  // (the order book's actions, the ticket) off screen while the grid alone fitted.
  for (const selector of ['[data-testid="order-grid"]', 'main.workspace', 'html']) {
    const { scrollWidth, clientWidth } = await page
      .locator(selector)
      .evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth, selector).toBeLessThanOrEqual(clientWidth);
  }
  await page.screenshot({ path: 'test-results/screenshots/orders-1280x720-ticket.png' });
});

test('terminal keys: F3, F8, Alt+F6; B and S on a holding; remapping with conflict detection', async ({
  page,
  harnessUrl,
}) => {
  await openApp(page, harnessUrl);
  await loginToDemo(page);
  await page.keyboard.press('Alt+4');
  await page.keyboard.press('F3');
  await expect(page.getByTestId('order-book')).toBeVisible();
  await page.keyboard.press('F8');
  await expect(page.getByTestId('trade-book')).toBeVisible();
  await page.keyboard.press('Alt+F6');
  await expect(page.getByTestId('positions')).toBeVisible();

  await page.keyboard.press('Alt+4');
  const holding = page.getByTestId('holding-row').first();
  const ticker = await holding.getAttribute('data-symbol');
  await pressOnRow(page, holding, 'b');
  await expect(page.getByTestId('order-ticket')).toBeVisible();
  await expect(page.getByTestId('ticket-side-buy')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('ticket-symbol')).toHaveValue(ticker!);
  await page.keyboard.press('Escape');
  await holding.focus();
  await page.keyboard.press('s');
  await expect(page.getByTestId('ticket-side-sell')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  // Remap: Positions onto F3 clashes with the order book and cannot be saved.
  await page.keyboard.press('Alt+7');
  const row = (action: string) =>
    page.locator(`[data-testid="keymap-row"][data-action="${action}"]`);
  await row('view.positions').getByTestId('keymap-change').click();
  await page.getByTestId('keymap-recording').press('F3');
  await expect(row('view.positions').getByTestId('keymap-conflict')).toContainText(
    'F3 is also Order book',
  );
  await expect(row('view.orders').getByTestId('keymap-conflict')).toBeVisible();
  await expect(page.getByTestId('keymap-save')).toBeDisabled();
  // Trade book onto F9 instead: saved, F9 works, F8 no longer does, the cheat sheet says F9.
  await row('view.positions')
    .getByRole('button', { name: /^Default keys/ })
    .click();
  await row('view.trades').getByTestId('keymap-change').click();
  await page.getByTestId('keymap-recording').press('F9');
  await page.getByTestId('keymap-save').click();
  await expect(page.getByTestId('keymap-save')).toBeDisabled();
  await page.screenshot({ path: 'test-results/screenshots/settings-keymap.png' });
  await page.keyboard.press('F9');
  await expect(page.getByTestId('trade-book')).toBeVisible();
  await page.keyboard.press('Alt+4');
  await page.keyboard.press('F8');
  await expect(page.getByTestId('holdings')).toBeVisible();
  await page.locator('main .view').first().focus();
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcut-legend')).toContainText('F9');
  await page.screenshot({ path: 'test-results/screenshots/shortcut-legend-remapped.png' });
  await page.keyboard.press('Escape');
  // Back to the defaults for the other tests sharing this harness.
  await page.keyboard.press('Alt+7');
  await row('view.trades')
    .getByRole('button', { name: /^Default keys/ })
    .click();
  await page.getByTestId('keymap-save').click();
  await expect(row('view.trades').getByTestId('keymap-keys')).toHaveText('Alt+2 or F8');
});
