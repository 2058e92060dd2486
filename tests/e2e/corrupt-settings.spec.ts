import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { spawnHarness } from './spawn-harness';

// Issue 8, finding 12 in the harness: a damaged settings.json in the data folder does not
// stop the app; it starts from defaults, keeps the damaged file, and tells the trader.

test('a damaged settings file: the app starts from defaults and says so on screen', async ({
  page,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-e2e-corrupt-'));
  const damaged = '{"version":1,"accounts":[{"id":"x"';
  writeFileSync(join(dataDir, 'settings.json'), damaged);
  const harness = await spawnHarness<{ url: string }>(['--data-dir', dataDir]);
  try {
    await page.goto(harness.ready.url);
    const notice = page.locator('[data-testid="notice"][data-level="warning"]', {
      hasText: 'started with default settings',
    });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('settings.json.corrupt-');
    await expect(page.getByTestId('login')).toBeVisible();
    const aside = readdirSync(dataDir).filter((f) => f.startsWith('settings.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dataDir, aside[0]!), 'utf8')).toBe(damaged);
  } finally {
    // The harness waits for open sockets when it stops: close the page first.
    await page.close();
    await harness.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

// Issue 18, finding 6: valid JSON with one bad entry is not thrown away. The file is copied
// aside byte for byte, the accounts that still read stay, and the notice names what was set
// aside (in words) and where the copy is.
test('settings with one bad account: the others stay, and the notice names what was set aside', async ({
  page,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-e2e-invalid-'));
  const account = (id: string, label: string, redirectUrl: string) => ({
    id,
    label,
    environment: 'live',
    appId: `APP${id.toUpperCase()}-100`,
    redirectUrl,
    template: 'orders',
  });
  const text = JSON.stringify({
    version: 1,
    accounts: [
      account('kept', 'My kept account', 'http://127.0.0.1:8765/callback'),
      account('broken', 'My broken account', 'ftp://nowhere'),
    ],
    activeAccountId: 'kept',
  });
  writeFileSync(join(dataDir, 'settings.json'), text);
  const harness = await spawnHarness<{ url: string }>(['--data-dir', dataDir]);
  try {
    await page.goto(harness.ready.url);
    const notice = page.locator('[data-testid="notice"][data-level="warning"]', {
      hasText: 'set aside',
    });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('account "My broken account"');
    await expect(notice).toContainText('settings.json.invalid-');
    await expect(notice).not.toContainText('redirectUrl');
    const aside = readdirSync(dataDir).filter((f) => f.startsWith('settings.json.invalid-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dataDir, aside[0]!), 'utf8')).toBe(text);
    await page.keyboard.press('Alt+7');
    await expect(
      page.getByTestId('account-row-label').filter({ hasText: 'My kept account' }),
    ).toBeVisible();
    await expect(
      page.getByTestId('account-row-label').filter({ hasText: 'My broken account' }),
    ).toHaveCount(0);
  } finally {
    await page.close();
    await harness.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
