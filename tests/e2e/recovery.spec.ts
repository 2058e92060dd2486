import { expect, test } from './harness-fixture';
import { LOGGED_IN, loginToDemo, openApp, pickSymbol, typeInto } from './trading-helpers';

// The harness's equivalent of Electron's crash reload: the page's renderer process is
// crashed (Chromium's Page.crash), the harness sees its socket drop without a close, and the
// next page gets the ticket back exactly as typed from the core (main-process memory).

// The first login of a run may start the Demo broker's process (the harness is shared by
// every spec in the worker, and this file runs first): allow for that under load.
test.setTimeout(120_000);

test('a crashed page comes back with the ticket exactly as typed; a normal new page starts empty', async ({
  page,
  context,
  harnessUrl,
}) => {
  await openApp(page, harnessUrl);
  await loginToDemo(page, 90_000);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-sell').click();
  await typeInto(page, 'ticket-qty', '7');
  await typeInto(page, 'ticket-limitPrice', '812.');
  // Kept as typed, a moment after the last key (as ticket-restore.spec waits: this is the
  // harness's first test, while the Demo broker still builds its market and the CPU is busiest).
  await page.waitForTimeout(1_500);

  const crashed = page.waitForEvent('crash');
  await page.goto('chrome://crash').catch(() => undefined);
  await crashed;

  const again = await context.newPage();
  await openApp(again, harnessUrl);
  await expect(again.getByTestId('order-ticket')).toBeVisible({ timeout: 15_000 });
  await expect(again.getByTestId('ticket-qty')).toHaveValue('7');
  await expect(again.getByTestId('ticket-limitPrice')).toHaveValue('812.');
  await expect(again.getByTestId('ticket-symbol')).toHaveValue(/SBIN/);
  await expect(again.getByTestId('ticket-side-sell')).toHaveAttribute('aria-checked', 'true');
  await expect(again.getByText(/stopped unexpectedly and was reloaded/)).toBeVisible();

  // Closed normally, then opened again: nothing is handed back a second time.
  await again.close();
  const third = await context.newPage();
  await openApp(third, harnessUrl);
  await expect(third.getByTestId('session-status')).toHaveAttribute('data-status', LOGGED_IN);
  await expect(third.getByTestId('order-ticket')).toHaveCount(0);
});
