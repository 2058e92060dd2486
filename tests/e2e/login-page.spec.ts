/**
 * Issue 20 #5: once per e2e run, the Demo login goes through the sandbox's login page as a
 * trader's does through the broker's (every other spec's Demo auto-approves). The harness is
 * started with --login-page: the URL the app would open in the system browser is visited
 * here, the form filled with the demo credentials, and the broker's redirect to the app's
 * loopback listener completes the login.
 */
import { test, expect } from '@playwright/test';
import { DEMO_USER } from '../../sandbox/auth/user';
import { spawnHarness } from './spawn-harness';
import { LOGGED_IN } from './trading-helpers';

test('Demo login through the sandbox login page: wrong PIN refused, then the right one logs in', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const harness = await spawnHarness<{ url: string }>(['--login-page']);
  try {
    await page.goto(harness.ready.url);
    const status = page.getByTestId('session-status');
    await expect(status).not.toHaveAttribute('data-status', 'unknown');
    await expect(status).not.toHaveAttribute('data-status', LOGGED_IN);
    await page.getByTestId('login').click();
    const loginUrl = await harness.nextOpened();
    const broker = await context.newPage();
    await broker.goto(loginUrl);
    await expect(broker.locator('#login-form')).toBeVisible();
    await broker.fill('#svc_id', DEMO_USER.svc_id);
    await broker.fill('#password', DEMO_USER.password);
    await broker.fill('#pin', '0000' === DEMO_USER.pin ? '1111' : '0000');
    await broker.click('#login-submit');
    await expect(broker.locator('#login-error')).toBeVisible();
    await expect(status).not.toHaveAttribute('data-status', LOGGED_IN);
    await broker.fill('#password', DEMO_USER.password);
    await broker.fill('#pin', DEMO_USER.pin);
    await broker.click('#login-submit');
    await expect(status).toHaveAttribute('data-status', LOGGED_IN, { timeout: 30_000 });
    await broker.close();
  } finally {
    await harness.stop();
  }
});
