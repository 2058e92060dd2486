import { test as base } from '@playwright/test';
import { axeProblems } from './axe';
import { spawnHarness } from './spawn-harness';
import { expect } from './harness-fixture';
import { clickTab, currentTab, loginToDemo, openApp } from './trading-helpers';

// An app created with the Basic permission template (profile and market data only, spec
// Authentication 7): every screen is still reachable from its key and its tab. The ones
// Basic serves (watch, option chain, charts, market and profile) open and work; the account
// screens say why they are closed and how to get them.

/** A harness whose Demo app is registered with the Basic template, as a broker app can be. */
const test = base.extend<object, { basicUrl: string }>({
  basicUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see the fixture has no dependencies
    async ({}, use) => {
      const harness = await spawnHarness<{ url: string }>(['--demo-template', 'basic']);
      await use(harness.ready.url);
      await harness.stop();
    },
    { scope: 'worker' },
  ],
});

const OPEN = [
  { key: 'Alt+8', tab: 'watch', testid: 'market-watch', h1: 'Market watch' },
  { key: 'Alt+9', tab: 'chain', testid: 'option-chain', h1: 'Option chain' },
  { key: 'Alt+0', tab: 'charts', testid: 'charts', h1: 'Charts' },
  { key: 'Alt+M', tab: 'market', testid: 'market', h1: 'Market' },
  { key: 'Alt+A', tab: 'alerts', testid: 'price-alerts', h1: 'Price alerts' },
  { key: 'Alt+7', tab: 'settings', testid: 'settings', h1: 'Settings' },
] as const;

const CLOSED = [
  { key: 'F3', tab: 'orders' },
  { key: 'F8', tab: 'trades' },
  { key: 'Alt+F6', tab: 'positions' },
  { key: 'Alt+4', tab: 'holdings' },
  { key: 'Alt+5', tab: 'funds' },
  { key: 'Alt+6', tab: 'edis' },
  { key: 'Alt+B', tab: 'baskets' },
] as const;

test('Basic template: watch, option chain, charts, market and profile open by key and tab', async ({
  page,
  basicUrl,
}) => {
  test.setTimeout(120_000);
  await openApp(page, basicUrl);
  await loginToDemo(page);
  for (const s of OPEN) {
    await page.locator('main .view, main .panel').first().focus();
    await page.keyboard.press(s.key);
    await expect(page.getByTestId(s.testid), s.key).toBeVisible();
    await expect(page.locator('main h1')).toHaveText(s.h1);
    await clickTab(page, 'orders');
    await clickTab(page, s.tab);
    await expect(page.getByTestId(s.testid), `tab ${s.tab}`).toBeVisible();
  }

  // The chain loads its expiries and prices from market data, which Basic may read.
  await page.keyboard.press('Alt+9');
  await expect(page.getByTestId('chain-underlying')).toHaveValue('NIFTY', { timeout: 30_000 });
  await expect(page.getByTestId('chain-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('chain-error')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('basic-chain.png') });

  // Market: the profile (a Basic operation), and why exchange status is not shown.
  await page.keyboard.press('Alt+M');
  await expect(page.getByTestId('profile-details')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('profile-template')).toHaveText('Basic (profile and market data)');
  await expect(page.getByTestId('market-status-unavailable')).toContainText('Transactions Info');
  await expect(page.getByTestId('market-status-error')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('basic-market.png') });
});

test('Basic template: account screens explain why they are closed and how to get them', async ({
  page,
  basicUrl,
}) => {
  await openApp(page, basicUrl);
  await loginToDemo(page);
  for (const s of CLOSED) {
    await page.keyboard.press(s.key);
    const gate = page.getByTestId('no-account-permission');
    await expect(gate, s.key).toBeVisible();
    await expect(currentTab(page)).toHaveAttribute('data-view', s.tab);
    await expect(gate).toContainText('Settings → Accounts');
    await expect(page.locator('main h1')).toHaveCount(1);
  }
  // It lists the screens Basic opens, with their keys.
  const open = page.getByTestId('open-screens');
  for (const text of ['Option chain (Alt+9)', 'Market (Alt+M)', 'Watch (Alt+8)', 'Charts (Alt+0)'])
    await expect(open).toContainText(text);
  await page.screenshot({ path: test.info().outputPath('basic-closed.png') });
});

test('Basic template: the closed-screen notice, the market screen and the search keys pass axe in both themes', async ({
  browser,
  basicUrl,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ bypassCSP: true, colorScheme: 'light' });
  try {
    const page = await context.newPage();
    await openApp(page, basicUrl);
    await loginToDemo(page);
    const problems: string[] = [];
    for (const theme of ['dark', 'light'] as const) {
      await page.keyboard.press('Alt+7');
      await page.getByTestId('pref-theme').selectOption(theme);
      await page.getByTestId('prefs-save').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.keyboard.press('Alt+1');
      await expect(page.getByTestId('no-account-permission')).toBeVisible();
      problems.push(...(await axeProblems(page)).map((p) => `gate in ${theme}: ${p}`));
      await page.keyboard.press('Alt+M');
      await expect(page.getByTestId('profile-details')).toBeVisible({ timeout: 15_000 });
      problems.push(...(await axeProblems(page)).map((p) => `market in ${theme}: ${p}`));
      // The toolbar search's matches with their add-to-watch key.
      await page.keyboard.press('Control+k');
      await page.keyboard.type('sbin');
      await expect(page.getByTestId('symbol-search-hint')).toBeVisible({ timeout: 45_000 });
      problems.push(...(await axeProblems(page)).map((p) => `search in ${theme}: ${p}`));
      await page.screenshot({ path: test.info().outputPath(`basic-search-${theme}.png`) });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Delete');
    }
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
