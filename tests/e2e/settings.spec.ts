import type { Page } from '@playwright/test';
import { expect, test } from './harness-fixture';
import { collectConsoleProblems, loginToDemo, openApp, typeInto } from './trading-helpers';

// The settings screen against the real core (settings store, vault, diagnostics) through the
// harness. Every test leaves the settings as it found them: the harness is shared by the
// other spec files of this worker, and the Demo account must stay the active one.
//
// Most tests work logged out, as a trader setting up a live account would: every page load
// while logged in refreshes the account views, and those broker requests come out of the same
// 200-a-minute budget the trading tests after this file need.

async function logOutIfActive(page: Page): Promise<void> {
  const status = page.getByTestId('session-status');
  if ((await status.getAttribute('data-status')) === 'logged-out') return;
  await page.getByTestId('logout').click();
  await page.getByTestId('confirm-logout-yes').click();
  await expect(status).toHaveAttribute('data-status', 'logged-out');
}

/** Opens the app and goes to Settings from the login screen (or the nav tab when logged in). */
async function openSettings(page: Page, harnessUrl: string): Promise<void> {
  await openApp(page, harnessUrl);
  const status = await page.getByTestId('session-status').getAttribute('data-status');
  await page.getByTestId(status === 'logged-out' ? 'open-settings' : 'nav-settings').click();
  await expect(page.getByTestId('settings')).toBeVisible();
  await expect(page.getByTestId('account-row').first()).toBeVisible();
}

function rowFor(page: Page, label: string) {
  return page.getByTestId('account-row').filter({ hasText: label });
}

/** Fills the add-account form; the fields that are not given keep their defaults. */
async function fillAccount(
  page: Page,
  a: { label: string; appId: string; redirectUrl: string; template?: string },
): Promise<void> {
  await typeInto(page, 'acct-label', a.label);
  await typeInto(page, 'acct-appId', a.appId);
  await typeInto(page, 'acct-redirectUrl', a.redirectUrl);
  if (a.template) await page.getByTestId('acct-template').selectOption(a.template);
}

async function removeAccount(page: Page, label: string): Promise<void> {
  const row = rowFor(page, label);
  await row.getByTestId('account-remove').click();
  await expect(page.getByTestId('account-remove-confirm')).toBeVisible();
  await expect(page.getByTestId('account-remove-confirm')).toContainText(label);
  await page.getByTestId('account-remove-confirm-yes').click();
  await expect(row).toHaveCount(0);
}

test('the Settings view shows the Demo account as the active one, and Alt+7 reaches it', async ({
  page,
  harnessUrl,
}) => {
  const problems = collectConsoleProblems(page);
  await openApp(page, harnessUrl);
  await loginToDemo(page);
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('settings')).toBeVisible();
  const demo = rowFor(page, 'Demo account');
  await expect(demo).toHaveAttribute('data-active', 'true');
  await expect(demo.getByTestId('account-active')).toBeVisible();
  await expect(demo.getByTestId('account-env')).toHaveText('DEMO');
  await expect(demo.getByTestId('account-login')).toHaveText('PKCE');
  // The built-in account can be neither removed nor edited.
  await expect(demo.getByTestId('account-remove')).toHaveCount(0);
  await expect(demo.getByTestId('account-edit')).toHaveCount(0);
  // Where secrets go, and when there is no keychain (as on this test machine, usually), why.
  const storage = page.getByTestId('settings-secret-storage');
  await expect(storage).toContainText('OS keychain');
  await expect(storage).toHaveAttribute('data-backend', /^(keychain|memory)$/);
  if ((await storage.getAttribute('data-backend')) === 'memory') {
    await expect(page.getByTestId('settings-secret-storage-reason')).toContainText(/\w/);
  }

  await page.keyboard.press('Alt+1');
  await expect(page.getByTestId('order-book')).toBeVisible();
  await page.keyboard.press('Alt+7');
  await expect(page.getByTestId('settings')).toBeVisible();
  await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-current', 'page');
  // The legend lists the new shortcut; nothing on the screen upset the CSP or the console.
  await page.locator('body').press('?');
  await expect(page.getByTestId('shortcut-legend')).toContainText('Alt+7');
  await page.keyboard.press('Escape');
  expect(problems, problems.join('\n')).toEqual([]);
  await logOutIfActive(page);
});

test('Settings is reachable logged out, since a live account must exist before its first login', async ({
  page,
  harnessUrl,
}) => {
  await openApp(page, harnessUrl);
  await logOutIfActive(page);
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings')).toBeVisible();
  await expect(rowFor(page, 'Demo account')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('settings-back').click();
  await expect(page.getByTestId('welcome')).toBeVisible();
  // Alt+7 works from the login screen too.
  await page.keyboard.press('Alt+7');
  await expect(page.getByTestId('settings')).toBeVisible();
});

test('a refused redirect URL is shown next to its field and everything typed is kept', async ({
  page,
  harnessUrl,
}) => {
  await openSettings(page, harnessUrl);
  const rowsBefore = await page.getByTestId('account-row').count();
  await page.getByTestId('account-add').click();
  await expect(page.getByTestId('acct-label')).toBeFocused();
  await fillAccount(page, {
    label: 'Bad redirect',
    appId: 'APPBAD-100',
    redirectUrl: 'ftp://example.com/callback',
    template: 'transactions',
  });
  await page.getByTestId('acct-save').click();

  const error = page.getByTestId('acct-redirectUrl-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText(/https/);
  await expect(page.getByTestId('acct-redirectUrl')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('acct-redirectUrl')).toBeFocused();
  // Only that field is blamed, and nothing typed is lost.
  await expect(page.getByTestId('acct-label-error')).toHaveCount(0);
  await expect(page.getByTestId('acct-label')).toHaveValue('Bad redirect');
  await expect(page.getByTestId('acct-appId')).toHaveValue('APPBAD-100');
  await expect(page.getByTestId('acct-redirectUrl')).toHaveValue('ftp://example.com/callback');
  await expect(page.getByTestId('acct-template')).toHaveValue('transactions');
  await expect(page.getByTestId('account-row')).toHaveCount(rowsBefore);

  await page.getByTestId('acct-cancel').click();
  await expect(page.getByTestId('account-form')).toHaveCount(0);
});

test('a live account is added, logs in with an app secret once one is stored, and is removed', async ({
  page,
  harnessUrl,
}) => {
  const secret = 'e2e-SECRET-7f3a91c2';
  await openSettings(page, harnessUrl);
  await page.getByTestId('account-add').click();
  await fillAccount(page, {
    label: 'My live app',
    appId: 'APPLIVE-100',
    redirectUrl: 'http://127.0.0.1:8765/callback',
  });
  await page.getByTestId('acct-save').click();

  const row = rowFor(page, 'My live app');
  await expect(row).toBeVisible();
  await expect(row.getByTestId('account-env')).toHaveText('LIVE');
  await expect(row.getByTestId('account-app-id')).toHaveText('APPLIVE-100');
  await expect(row.getByTestId('account-template')).toContainText('Order placement');
  await expect(row.getByTestId('account-login')).toHaveText('PKCE');
  await expect(row).toHaveAttribute('data-active', 'false');
  await expect(rowFor(page, 'Demo account')).toHaveAttribute('data-active', 'true');

  // After adding, the form edits the new account and offers its write-only secret field.
  await expect(page.getByTestId('app-secret-status')).toHaveText('not stored');
  await typeInto(page, 'app-secret-input', secret);
  await page.getByTestId('app-secret-save').click();
  await expect(row.getByTestId('account-login')).toHaveText('app secret');
  await expect(page.getByTestId('app-secret-status')).toHaveText('stored');
  await expect(page.getByTestId('app-secret-input')).toHaveValue('');
  expect(await page.content()).not.toContain(secret);

  // Closing and editing again still shows only that one is stored, never the secret.
  await page.getByTestId('acct-cancel').click();
  await row.getByTestId('account-edit').click();
  await expect(page.getByTestId('acct-label')).toHaveValue('My live app');
  await expect(page.getByTestId('app-secret-status')).toHaveText('stored');
  await expect(page.getByTestId('app-secret-input')).toHaveValue('');
  expect(await page.content()).not.toContain(secret);

  // Removing the secret goes back to PKCE.
  await page.getByTestId('app-secret-remove').click();
  await expect(row.getByTestId('account-login')).toHaveText('PKCE');
  await expect(page.getByTestId('app-secret-status')).toHaveText('not stored');

  await removeAccount(page, 'My live app');
  await expect(page.getByTestId('account-form')).toHaveCount(0);
  await expect(rowFor(page, 'Demo account')).toHaveAttribute('data-active', 'true');
});

test('a changed max order quantity is saved and still there after a reload', async ({
  page,
  harnessUrl,
}) => {
  await openSettings(page, harnessUrl);
  const qty = page.getByTestId('pref-maxOrderQty');
  const original = await qty.inputValue();
  expect(original).toMatch(/^\d+$/);
  const changed = original === '7500' ? '7600' : '7500';

  // Not a number: refused in the form, next to the field.
  await typeInto(page, 'pref-maxOrderQty', 'lots');
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('pref-maxOrderQty-error')).toBeVisible();

  // The rupee limit is shown with Indian grouping.
  await expect(page.getByTestId('pref-maxOrderValue')).toHaveValue(/^\d{1,2}(,\d{2})*,\d{3}$/);

  await typeInto(page, 'pref-maxOrderQty', changed);
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('pref-maxOrderQty-error')).toHaveCount(0);
  await expect(page.getByTestId('prefs-reset')).toHaveCount(0);

  await page.goto('about:blank');
  await openSettings(page, harnessUrl);
  await expect(page.getByTestId('pref-maxOrderQty')).toHaveValue(changed);

  // A value the main process refuses (zero) is shown next to the field; then put it back.
  await typeInto(page, 'pref-maxOrderQty', '0');
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('pref-maxOrderQty-error')).toBeVisible();
  await expect(page.getByTestId('pref-maxOrderQty')).toHaveValue('0');
  await typeInto(page, 'pref-maxOrderQty', original);
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('pref-maxOrderQty-error')).toHaveCount(0);
  await expect(page.getByTestId('prefs-reset')).toHaveCount(0);
  await expect(page.getByTestId('pref-maxOrderQty')).toHaveValue(original);
});

test('retention days are saved, and a journal kept under two days is refused at the field', async ({
  page,
  harnessUrl,
}) => {
  await openSettings(page, harnessUrl);
  const logs = page.getByTestId('pref-logDays');
  const original = await logs.inputValue();
  expect(original).toMatch(/^\d+$/);
  await expect(page.getByTestId('pref-journalDays')).toHaveValue(/^\d+$/);
  await expect(page.getByTestId('pref-bundleDays')).toHaveValue(/^\d+$/);

  await typeInto(page, 'pref-journalDays', '1');
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('pref-journalDays-error')).toBeVisible();
  await typeInto(page, 'pref-journalDays', '90');

  const changed = original === '7' ? '8' : '7';
  await typeInto(page, 'pref-logDays', changed);
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('pref-journalDays-error')).toHaveCount(0);
  await expect(page.getByTestId('prefs-reset')).toHaveCount(0);
  await page.goto('about:blank');
  await openSettings(page, harnessUrl);
  await expect(page.getByTestId('pref-logDays')).toHaveValue(changed);

  await typeInto(page, 'pref-logDays', original);
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('prefs-reset')).toHaveCount(0);
  await expect(page.getByTestId('pref-logDays')).toHaveValue(original);
});

test('exporting a support bundle says where it was written and how big it is', async ({
  page,
  harnessUrl,
}) => {
  await openSettings(page, harnessUrl);
  await page.getByTestId('export-bundle').click();
  await expect(page.getByTestId('bundle-path')).toHaveText(/support.*\.zip$/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('bundle-size')).toHaveText(/\d/);
});

test('a change saved in one window shows in another at once (settings.changed)', async ({
  page,
  context,
  harnessUrl,
}) => {
  await openSettings(page, harnessUrl);
  const other = await context.newPage();
  await openSettings(other, harnessUrl);
  const original = await page.getByTestId('pref-maxLtpDistancePct').inputValue();
  const changed = original === '7' ? '8' : '7';

  await typeInto(page, 'pref-maxLtpDistancePct', changed);
  await page.getByTestId('prefs-save').click();
  await expect(other.getByTestId('pref-maxLtpDistancePct')).toHaveValue(changed);

  await page.getByTestId('account-add').click();
  await fillAccount(page, {
    label: 'Seen elsewhere',
    appId: 'APPSEEN-100',
    redirectUrl: 'tickdesk://auth/callback',
  });
  await page.getByTestId('acct-save').click();
  await expect(rowFor(other, 'Seen elsewhere')).toBeVisible();

  await removeAccount(other, 'Seen elsewhere');
  await expect(rowFor(page, 'Seen elsewhere')).toHaveCount(0);
  await typeInto(other, 'pref-maxLtpDistancePct', original);
  await other.getByTestId('prefs-save').click();
  await expect(page.getByTestId('pref-maxLtpDistancePct')).toHaveValue(original);
  await other.close();
});

test('update checks can be turned off, and that is saved and still there after a reload', async ({
  page,
  harnessUrl,
}) => {
  await openSettings(page, harnessUrl);
  // Beside the setting: whether this build updates itself at all, and why not.
  await expect(page.getByTestId('update-status')).toContainText(
    'Updates: the browser harness does not update itself.',
  );
  await expect(page.getByTestId('update-check')).toHaveCount(0);
  const box = page.getByTestId('pref-checkUpdates');
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('prefs-reset')).toHaveCount(0);
  await page.goto('about:blank');
  await openSettings(page, harnessUrl);
  await expect(page.getByTestId('pref-checkUpdates')).not.toBeChecked();

  await page.getByTestId('pref-checkUpdates').check();
  await page.getByTestId('prefs-save').click();
  await expect(page.getByTestId('prefs-reset')).toHaveCount(0);
  await expect(page.getByTestId('pref-checkUpdates')).toBeChecked();
});
