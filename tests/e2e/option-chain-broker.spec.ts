import { control, expect, sandboxRequests, specHarness, test } from './control-harness-fixture';
import { loginToDemo, openApp } from './trading-helpers';

// Issue 22 #3, last clause, in the harness: with Demo on the broker's API v3 (a harness of its
// own, switched to v3 in Settings as a trader does), the option chain shows the broker's own
// IV and delta beside Tickdesk's, the broker's under headers named Broker and Tickdesk's titled
// with its own model and rate, and the figures come from the v3 option-chain endpoint.

const NSE_CASH = { exchange: 10, segment: 10 };
const NSE_FO = { exchange: 10, segment: 11 };
const CHAIN = 'GET /data/options-chain-v3';

const h = specHarness();

const chainReads = async (): Promise<number> => (await sandboxRequests(h))[CHAIN] ?? 0;

test('Demo on API v3: the chain shows the broker’s IV and delta beside Tickdesk’s, each labelled', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await control(h, 'market', { ...NSE_CASH, status: 'OPEN' });
  await control(h, 'market', { ...NSE_FO, status: 'OPEN' });
  await openApp(page, h.url);
  await page.getByTestId('open-settings').click();
  const select = page.getByTestId('pref-demoBroker');
  await select.selectOption('fyers-v3');
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('prefs-reset')).toHaveCount(0);
  await page.getByTestId('settings-back').click();
  await loginToDemo(page, 90_000);

  await page.keyboard.press('Alt+9');
  await expect(page.getByTestId('option-chain')).toBeVisible();
  await expect(page.getByTestId('chain-row').first()).toBeVisible({ timeout: 30_000 });

  // Two broker columns each side, headed Broker; Tickdesk's IV says whose it is.
  const heads = page.getByTestId('chain-broker-head');
  await expect(heads).toHaveCount(4);
  await expect(heads.first()).toHaveText(/^Broker /);
  const tickdeskIv = page.locator('thead th', { hasText: /^IV$/ }).first();
  await expect(tickdeskIv).toHaveAttribute('title', /Tickdesk's own \(Black-76 .*rate/);

  // The ATM call's broker IV and delta arrive from the endpoint, numbers beside Tickdesk's.
  const atm = page.locator('[data-testid="chain-row"][data-atm="true"]');
  const brokerIv = atm.locator('[data-testid="chain-broker-iv"][data-side="ce"]');
  const brokerDelta = atm.locator('[data-testid="chain-broker-delta"][data-side="pe"]');
  await expect(brokerIv).toHaveText(/^\d+\.\d$/, { timeout: 30_000 });
  await expect(brokerDelta).toHaveText(/^-0\.\d\d$/);
  await expect(brokerIv).toHaveAttribute('title', /The broker's, from its option chain/);
  expect(Number(await brokerIv.textContent())).toBeGreaterThan(1);
  expect(await chainReads()).toBeGreaterThan(0);
  await expect(page.getByTestId('chain-broker-rejected')).toHaveCount(0);
  await expect(page.getByTestId('chain-assumptions')).toContainText('headed Broker');
});
