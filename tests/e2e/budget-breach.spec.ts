import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp } from './trading-helpers';

// Issue 18, finding 1: when another client on the account pushes it over the broker's
// per-minute limit, the status bar says plainly how close the day is to the broker's block,
// counting the one breach it assumes the other client drew unseen.

test('a 429 drawn by another client shows "Limit 2/3 today" (one seen, one assumed unseen) and what it means', async ({
  page,
  ownControlled,
}) => {
  test.setTimeout(180_000);
  await openApp(page, ownControlled.url);
  await loginToDemo(page);
  await expect(page.getByTestId('budget')).toBeVisible();
  await expect(page.getByTestId('budget-breaches')).toHaveCount(0);
  // Another client spends the rest of this broker minute; the app's next read is refused.
  await control(ownControlled, 'limits/spend', { count: 200 });
  await page.keyboard.press('Alt+M');
  const breaches = page.getByTestId('budget-breaches');
  await expect(breaches).toHaveText('Limit 2/3 today · 2 more block the account', {
    timeout: 30_000,
  });
  await expect(breaches).toHaveAttribute('title', /more than 3 times in a day/);
  await expect(breaches).toHaveAttribute('title', /another app or device using this account/);
  await expect(breaches).toHaveAttribute('title', /once today, and counts one more it cannot see/);
  // Why the views stop refreshing on their own, and until when (a cool-down, not the day).
  await expect(breaches).toHaveAttribute(
    'title',
    /paused background refresh until \d\d:\d\d:\d\d IST \(your own refreshes still go\)/,
  );
  await expect(breaches).not.toHaveAttribute('title', /\/api\/|429|Retry-After/);
  await expect(page.getByTestId('budget-paused')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('budget-breach.png') });
});
