import { expect, test } from './harness-fixture';
import { loginToDemo, openApp, pickSymbol, typeInto } from './trading-helpers';

/**
 * The renderer half of restoring the ticket after a renderer crash
 * (renderer/src/lib/draft-keeper.svelte.ts): the ticket is kept in the core as it is typed,
 * the page's renderer crashes (Chromium's own Page.crash: no pagehide, nothing said
 * goodbye, as when Electron's renderer process dies) and the page is loaded again, as
 * Electron's main process reloads the window; the ticket comes back as typed, with a notice.
 * (A page that closes normally says so on pagehide and is not restored: unit-tested in
 * tests/unit/shell/quit-and-recovery.test.ts.)
 */
test('a crashed and reloaded page gets the ticket back as typed', async ({ page, harnessUrl }) => {
  await openApp(page, harnessUrl);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-sell').click();
  await page.getByTestId('ticket-type-limit').click();
  await typeInto(page, 'ticket-qty', '7');
  await typeInto(page, 'ticket-limitPrice', '801.5');
  await expect(page.getByTestId('ticket-limitPrice')).toHaveValue('801.5');
  // The ticket is kept 200 ms after the last change; give the keep call time to reach the core.
  await page.waitForTimeout(1_500);

  const crashed = page.waitForEvent('crash');
  const cdp = await page.context().newCDPSession(page);
  void cdp.send('Page.crash').catch(() => undefined); // the answer never comes: the renderer is gone
  await crashed;

  const reloaded = await page.context().newPage();
  await openApp(reloaded, harnessUrl);
  await expect(reloaded.getByTestId('order-ticket')).toBeVisible({ timeout: 15_000 });
  await expect(reloaded.getByTestId('order-ticket')).toHaveAttribute('data-side', 'sell');
  await expect(reloaded.getByTestId('ticket-symbol')).toHaveValue(/SBIN/);
  await expect(reloaded.getByTestId('ticket-qty')).toHaveValue('7');
  await expect(reloaded.getByTestId('ticket-limitPrice')).toHaveValue('801.5');
  await expect(reloaded.getByText(/your order ticket is as you left it/)).toBeVisible();
  await reloaded.screenshot({ path: test.info().outputPath('ticket-restored.png') });
});
