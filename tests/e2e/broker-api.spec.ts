import type { Page } from '@playwright/test';
import { expect, test } from './harness-fixture';
import { openApp, typeInto } from './trading-helpers';

// The broker API version in Settings (issue 19 #1, #3): a new live account speaks v3 by
// default with v3's published data and socket addresses, v2 stays selectable (they follow), the
// choice is kept; Demo's API version is a preference that survives a reload. Each test leaves
// settings as it found them (the harness is shared with the other spec files of the worker).

async function openSettings(page: Page, harnessUrl: string): Promise<void> {
  await openApp(page, harnessUrl);
  const status = await page.getByTestId('session-status').getAttribute('data-status');
  await page.getByTestId(status === 'logged-out' ? 'open-settings' : 'nav-settings').click();
  await expect(page.getByTestId('settings')).toBeVisible();
  await expect(page.getByTestId('account-row').first()).toBeVisible();
}

test('a new live account speaks API v3 by default; v2 is selectable and the data address follows', async ({
  page,
  harnessUrl,
}) => {
  await openSettings(page, harnessUrl);
  await page.getByTestId('account-add').click();
  await expect(page.getByTestId('acct-broker')).toHaveValue('fyers-v3');
  await expect(page.getByTestId('acct-dataBaseUrl')).toHaveValue('https://api-t1.fyers.in/data');
  // v3's socket URL names the host of its order and data sockets.
  await expect(page.getByTestId('acct-socketUrl')).toHaveValue('wss://socket.fyers.in');
  await page.getByTestId('acct-broker').selectOption('fyers-v2');
  // v2 sends quotes and depth to its data host and history to another (gaps.md).
  await expect(page.getByTestId('acct-dataBaseUrl')).toHaveValue('https://api-t1.fyers.in/data/');
  await expect(page.getByTestId('acct-historyBaseUrl')).toHaveValue(
    'https://api.fyers.in/data-rest/v2/',
  );
  await expect(page.getByTestId('acct-socketUrl')).toHaveValue(
    'wss://api.fyers.in/socket/v2/dataSock',
  );
  await page.getByTestId('acct-broker').selectOption('fyers-v3');
  await typeInto(page, 'acct-label', 'My v3 app');
  await typeInto(page, 'acct-appId', 'APPV3-100');
  await typeInto(page, 'acct-redirectUrl', 'http://127.0.0.1:8765/callback');
  await page.getByTestId('acct-save').click();
  const row = page.getByTestId('account-row').filter({ hasText: 'My v3 app' });
  await expect(row).toBeVisible();

  // Edited again, the form shows the API version that was saved.
  await page.getByTestId('acct-cancel').click();
  await row.getByTestId('account-edit').click();
  await expect(page.getByTestId('acct-broker')).toHaveValue('fyers-v3');
  await expect(page.getByTestId('acct-dataBaseUrl')).toHaveValue('https://api-t1.fyers.in/data');
  await page.getByTestId('acct-cancel').click();

  await row.getByTestId('account-remove').click();
  await page.getByTestId('account-remove-confirm-yes').click();
  await expect(row).toHaveCount(0);
});

test("Demo's broker API is a preference that is kept after a reload", async ({
  page,
  harnessUrl,
}) => {
  await openSettings(page, harnessUrl);
  const select = page.getByTestId('pref-demoBroker');
  const original = await select.inputValue();
  expect(['fyers-v2', 'fyers-v3']).toContain(original);
  const other = original === 'fyers-v2' ? 'fyers-v3' : 'fyers-v2';
  await select.selectOption(other);
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('prefs-reset')).toHaveCount(0);

  await page.goto('about:blank');
  await openSettings(page, harnessUrl);
  await expect(page.getByTestId('pref-demoBroker')).toHaveValue(other);

  await page.getByTestId('pref-demoBroker').selectOption(original);
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('prefs-reset')).toHaveCount(0);
  await expect(page.getByTestId('pref-demoBroker')).toHaveValue(original);
});
