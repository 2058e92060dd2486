import type { Page } from '@playwright/test';
import { control, expect, test } from './control-harness-fixture';
import { layoutProblems } from './layout-check';
import { loginToDemo, openApp, pickSymbol, typeInto } from './trading-helpers';

// Every screen at the smallest supported window (1280 × 720) and at 1920 × 1080, in the dark
// and the light theme, checked in the page for text cut short and controls out of reach
// (layout-check.ts), not only by eye. The screenshots are kept under
// test-results/screenshots/layout for a person to look at too.

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
  { key: 'Alt+P', testid: 'strategy-view', name: 'strategy' },
  { key: 'Alt+G', testid: 'gtt-screen', name: 'gtt' },
  { key: 'Alt+H', testid: 'reports', name: 'reports' },
] as const;

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.keyboard.press('Alt+7');
  await page.getByTestId('pref-theme').selectOption(theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** The day's rows every screen draws: a filled buy, a pending buy and a rejected one. */
async function tradeSomething(page: Page): Promise<void> {
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-type-market').click();
  await typeInto(page, 'ticket-qty', '90000');
  await page.getByTestId('ticket-qty').press('Enter');
  await page.getByTestId('confirm-large-yes').click();
  await expect(page.getByTestId('intent-status')).toHaveAttribute('data-status', 'failed', {
    timeout: 20_000,
  });
  await page.getByTestId('ticket-qty').fill('1');
  // The last draft's size warnings go once the check of the new quantity is back.
  await expect(page.getByTestId('ticket-qty-error')).toHaveCount(0);
  await page.getByTestId('ticket-qty').press('Enter');
  const intent = page.getByTestId('intent-status');
  await expect(async () => {
    if (await page.getByTestId('confirm-large').isVisible())
      await page.getByTestId('confirm-large-yes').click();
    await expect(intent).toHaveAttribute('data-status', /^(done|confirmed-done)$/, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Escape');
}

test('every screen at 1280 × 720 and 1920 × 1080, dark and light: no clipped text, no control out of reach', async ({
  browser,
  controlled,
}) => {
  test.setTimeout(480_000);
  await control(controlled, 'market', { exchange: 10, segment: 10, status: 'OPEN' });
  await control(controlled, 'market', { exchange: 10, segment: 11, status: 'OPEN' });
  const problems: string[] = [];
  let traded = false;
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: size });
    try {
      const page = await context.newPage();
      await openApp(page, controlled.url);
      await loginToDemo(page);
      if (!traded) {
        await tradeSomething(page);
        traded = true;
      }
      const at = `${size.width}x${size.height}`;
      for (const theme of ['dark', 'light'] as const) {
        await setTheme(page, theme);
        const check = async (what: string) => {
          problems.push(...(await layoutProblems(page)).map((p) => `${what} ${at} ${theme}: ${p}`));
          await page.screenshot({
            path: `test-results/screenshots/layout/${what}-${at}-${theme}.png`,
          });
        };
        for (const s of SCREENS) {
          await page.keyboard.press(s.key);
          await expect(page.getByTestId(s.testid)).toBeVisible();
          // Let the screen's data arrive and draw (the books, the chain's prices).
          await expect(page.locator('.loading, [aria-busy="true"]')).toHaveCount(0, {
            timeout: 10_000,
          });
          await page.waitForTimeout(300);
          await check(s.name);
        }
        // The ticket beside the order book, and the shortcut list.
        await page.keyboard.press('Alt+1');
        await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
        await page.getByTestId('ticket-type-sl-l').click();
        await check('ticket');
        await page.keyboard.press('Escape');
        await page.locator('main .view').first().focus();
        await page.keyboard.press('?');
        await expect(page.getByTestId('shortcut-legend')).toBeVisible();
        await check('shortcuts');
        await page.keyboard.press('Escape');
      }
    } finally {
      await context.close();
    }
  }
  expect(problems).toEqual([]);
});

test('the layout check finds what it looks for: a cut label, a hidden control, an off-screen button, a wrapped bar, a sideways scroll', async ({
  page,
}) => {
  // The check itself, on a page made to fail it, and on the same page fixed: it can fail.
  await page.setViewportSize({ width: 800, height: 600 });
  await page.setContent(`
    <style>body { margin: 0; overflow: hidden; height: 100vh }</style>
    <div id="cut" style="width: 40px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">Market order</div>
    <div style="height: 20px; overflow: hidden"><div style="height: 60px"></div><button id="hidden">Send</button></div>
    <button id="off" style="position: absolute; top: 900px">Cancel</button>
    <div style="height: 50px; overflow: auto"><div style="height: 200px"></div><button id="scrolled">Reachable</button></div>
    <span style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)">Screen reader text</span>
    <nav id="bar" style="display: flex; flex-wrap: wrap; width: 200px"><a href="#a">Orders and trades</a><a href="#b">Positions and holdings</a></nav>
  `);
  const found = await layoutProblems(page);
  expect(found).toEqual([
    expect.stringMatching(/^clipped text \(\d+ px in 40\): <div> "Market order"$/),
    // The box that hides the button also cuts its text.
    expect.stringMatching(/^clipped text \(\d+ px tall in 20\): <div> "Send"$/),
    'wraps to 2 rows: <nav> "Orders and tradesPositions and holdings"',
    'control cut off by its box: <button> "Send"',
    'control off screen: <button> "Cancel"',
  ]);
  await page.evaluate(() => {
    document.getElementById('cut')!.style.width = 'auto';
    document.getElementById('hidden')!.remove();
    document.getElementById('off')!.style.top = '300px';
    document.getElementById('bar')!.style.width = '600px';
  });
  expect(await layoutProblems(page)).toEqual([]);
  // A page wider than its window scrolls sideways.
  await page.evaluate(() => {
    document.body.style.overflow = 'visible';
    const wide = document.createElement('div');
    wide.style.cssText = 'width: 1200px; height: 1px';
    document.body.append(wide);
  });
  expect(await layoutProblems(page)).toEqual([
    expect.stringMatching(/^the window scrolls sideways \(\d+ px in 800\)$/),
  ]);
});
