import { control, expect, test } from './control-harness-fixture';
import {
  loginToDemo,
  openApp,
  pickSymbol,
  placeLimitBuy,
  sendMarketOrder,
} from './trading-helpers';

// The kill switch as a trader meets it (issue 22 #1): the key opens its dialog, which does
// nothing until STOP is typed; the switch cancels the pending order, the status bar says
// trading is stopped and until when, and a following order is refused with a clear message
// that nothing was sent. Its own harness: the stop lasts the day and would block the specs
// that share a worker's harness.

const NSE_CASH = { exchange: 10, segment: 10 };

test('the kill switch: typed confirmation, pending order cancelled, status bar, next order refused', async ({
  page,
  ownControlled,
}) => {
  test.setTimeout(150_000);
  await control(ownControlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await control(ownControlled, 'price', { symbol: 'NSE:SBIN-EQ', ltp: 945 });
  await openApp(page, ownControlled.url);
  await loginToDemo(page);
  const pending = await placeLimitBuy(page, '1', '905.00');
  await page.keyboard.press('Escape');

  // The key opens it; Esc closes it with nothing done.
  const dialog = page.getByTestId('kill-switch');
  await page.keyboard.press('Control+Shift+K');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('kill-switch-word')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('trading-stop')).toHaveCount(0);

  // The button opens it; it acts only once STOP is typed.
  await page.getByTestId('open-kill-switch').click();
  await expect(dialog).toBeVisible();
  const yes = page.getByTestId('kill-switch-yes');
  await expect(yes).toBeDisabled();
  await page.getByTestId('kill-switch-word').pressSequentially('STO');
  await expect(yes).toBeDisabled();
  await page.getByTestId('kill-switch-word').pressSequentially('P');
  await expect(yes).toBeEnabled();
  await yes.click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('notice').filter({ hasText: 'Kill switch:' })).toContainText(
    '1 order cancelled',
  );
  const stop = page.getByTestId('trading-stop');
  await expect(stop).toContainText(/Stopped \(kill switch\) till \d+ \w{3} 09:00 IST/);
  await expect(stop).toHaveAttribute('title', /until .* IST\. New orders .* refused/);
  // At 1280 px the button stays in view beside the stop (pressing it again is the way to
  // retry what did not go through).
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('open-kill-switch')).toBeInViewport({ ratio: 1 });
  await expect(stop).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('kill-switch-stopped.png') });

  // The pending order is cancelled in the order book.
  await page.keyboard.press('Alt+1');
  const row = page.locator(`[data-testid="order-row"][data-order-id="${pending}"]`);
  await expect(async () => {
    await page.keyboard.press('Alt+r');
    await expect(row).toHaveAttribute('data-status', '1', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // A following order is refused, in words, and nothing is sent.
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-buy').click();
  await expect(sendMarketOrder(page, '1')).rejects.toThrow();
  const refused = page.getByTestId('submit-error');
  await expect(refused).toContainText('Trading is stopped in Tickdesk until');
  await expect(refused).toContainText('the kill switch was used');
  await expect(refused).toContainText('the broker’s terminal still trades');
  await expect(page.getByTestId('intent-status')).toHaveCount(0);
  // Still shown after the screens load again (read from the core, not kept by the page).
  await openApp(page, ownControlled.url);
  await expect(page.getByTestId('trading-stop')).toContainText('Stopped (kill switch)', {
    timeout: 20_000,
  });
});
