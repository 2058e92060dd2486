import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp } from './trading-helpers';

// The market view (Alt+M): every exchange segment with the broker's status, the published
// hours and the IST clock; and the profile with the PAN and e-mail masked.

test('Alt+M shows each segment’s status and the profile, PAN and e-mail masked', async ({
  page,
  controlled,
}) => {
  await control(controlled, 'market', { exchange: 10, segment: 11, status: 'OPEN' });
  await control(controlled, 'market', { exchange: 12, segment: 10, status: 'CLOSE' });
  try {
    await openApp(page, controlled.url);
    await loginToDemo(page);
    await page.keyboard.press('Alt+M');
    await expect(page.getByTestId('market')).toBeVisible();
    await expect(page.locator('main h1')).toHaveText('Market');
    const rows = page.getByTestId('market-row');
    await expect(rows.first()).toBeVisible({ timeout: 15_000 });
    expect(await rows.count()).toBeGreaterThanOrEqual(4);
    const nseFo = page.locator('[data-testid="market-row"][data-exchange="10"][data-segment="11"]');
    await expect(nseFo.getByTestId('market-status')).toHaveText('Open');
    await expect(nseFo).toContainText('NSE');
    await expect(nseFo).toContainText('09:15–15:30');
    const bseCash = page.locator(
      '[data-testid="market-row"][data-exchange="12"][data-segment="10"]',
    );
    await expect(bseCash.getByTestId('market-status')).toHaveText(/^(Closed|Pre-open)$/);
    await expect(page.getByTestId('ist-clock')).toContainText(/\d\d:\d\d:\d\d IST/);

    await expect(page.getByTestId('profile-details')).toBeVisible();
    await expect(page.getByTestId('profile-client-id')).not.toHaveText('—');
    await expect(page.getByTestId('profile-pan')).toHaveText(/^•{6}[A-Z0-9]{4}$/);
    await expect(page.getByTestId('profile-email')).toHaveText(/^.•••@\S+$/);
    await expect(page.getByTestId('profile-template')).toHaveText('Order placement');
    await expect(page.getByTestId('profile-expiry')).toContainText('IST');
    await page.screenshot({ path: test.info().outputPath('market-status.png') });
  } finally {
    for (const [exchange, segment] of [
      [10, 11],
      [12, 10],
    ])
      await control(controlled, 'market', { exchange, segment, status: 'AUTO' });
  }
});
