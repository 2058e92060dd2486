import type { Page } from '@playwright/test';
import { control, expect, test } from './control-harness-fixture';
import { loginToDemo, openApp, pickSymbol, sendMarketOrder } from './trading-helpers';

// Alerts in the harness, as a trader meets them: a market buy that fills shows an in-app
// toast (a polite live region, dismissable from the keyboard); with "Order filled" turned
// off in Settings the next fill shows none, though the order book shows the fill.

const NSE_CASH = { exchange: 10, segment: 10 };

/** Buys `qty` SBIN at market from a fresh ticket; answers the broker's order id. */
async function buySbin(page: Page, qty: string): Promise<string> {
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-buy').click();
  await sendMarketOrder(page, qty);
  const id = (await page.getByTestId('intent-order-id').textContent())?.trim() ?? '';
  expect(id).not.toBe('');
  await page.keyboard.press('Escape');
  return id;
}

test('a fill shows an in-app toast; with the kind turned off in Settings it does not', async ({
  page,
  controlled,
}) => {
  test.setTimeout(120_000);
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);

  const first = await buySbin(page, '1');
  const toast = page.locator('[data-testid="alert-toast"][data-kind="fill"]', {
    hasText: `order ${first}`,
  });
  await expect(async () => {
    await control(controlled, 'tick', { n: 1 });
    await expect(toast).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await expect(toast).toContainText('Bought 1 NSE:SBIN-EQ');
  // The toasts are a live region the screen reader announces without taking focus.
  await expect(page.getByRole('log')).toHaveAttribute('aria-live', 'polite');
  await page.screenshot({ path: test.info().outputPath('alert-toast.png') });
  // Reachable and dismissable from the keyboard.
  await toast.getByTestId('alert-dismiss').focus();
  await page.keyboard.press('Enter');
  await expect(toast).toBeHidden();

  // Settings: "Order filled" off (saved at once).
  await page.keyboard.press('Alt+7');
  const fillOn = page
    .locator('[data-testid="alert-setting"][data-kind="fill"]')
    .getByTestId('alert-enabled');
  await expect(fillOn).toBeChecked();
  await fillOn.uncheck();
  await expect(fillOn).not.toBeChecked();
  await expect(fillOn).toBeEnabled();
  try {
    const second = await buySbin(page, '1');
    await page.keyboard.press('Alt+1');
    const row = page.locator(`[data-testid="order-row"][data-order-id="${second}"]`);
    await expect(async () => {
      await control(controlled, 'tick', { n: 1 });
      await expect(row).toHaveAttribute('data-status', '2', { timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    // Filled, and no toast for it (nor for any fill) however long it is looked for.
    await page.waitForTimeout(1_500);
    await expect(
      page.locator('[data-testid="alert-toast"]', { hasText: `order ${second}` }),
    ).toHaveCount(0);
    await expect(page.locator('[data-testid="alert-toast"][data-kind="fill"]')).toHaveCount(0);
  } finally {
    // The worker's harness is shared: put the default back for the specs after this one.
    await page.keyboard.press('Alt+7');
    await fillOn.check();
    await expect(fillOn).toBeChecked();
  }
});

test('in the harness a fill is also a browser notification; permission is asked only from Settings', async ({
  browser,
  controlled,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(controlled.url).origin;
  // A spy around the browser's own Notification: every construction and permission request
  // is recorded, then passed on to Chromium unchanged.
  const spy = () => {
    const Real = window.Notification;
    const w = window as unknown as { shown: string[]; asked: number };
    w.shown = [];
    w.asked = 0;
    class Spy extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        w.shown.push(title);
      }
      static override requestPermission(): Promise<NotificationPermission> {
        w.asked++;
        return Real.requestPermission();
      }
    }
    window.Notification = Spy;
  };
  const read = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { shown: string[]; asked: number };
      return { shown: [...w.shown], asked: w.asked };
    });

  // Not yet allowed: nothing is asked until the trader clicks in Settings.
  const fresh = await browser.newContext();
  try {
    const page = await fresh.newPage();
    await page.addInitScript(spy);
    await openApp(page, controlled.url);
    await loginToDemo(page);
    await page.keyboard.press('Alt+7');
    const permission = page.getByTestId('browser-notification-permission');
    await expect(permission).toContainText('not allowed yet');
    expect((await read(page)).asked).toBe(0);
    await permission.getByRole('button', { name: 'Allow browser notifications' }).click();
    await expect.poll(async () => (await read(page)).asked).toBe(1);
  } finally {
    await fresh.close();
  }

  // Allowed: a fill shows a browser notification with the alert's title.
  const allowed = await browser.newContext();
  try {
    await allowed.grantPermissions(['notifications'], { origin });
    const page = await allowed.newPage();
    await page.addInitScript(spy);
    await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
    await openApp(page, controlled.url);
    await loginToDemo(page);
    await page.keyboard.press('Alt+7');
    await expect(page.getByTestId('browser-notification-permission')).toContainText('allowed');
    const id = await buySbin(page, '1');
    await expect(async () => {
      await control(controlled, 'tick', { n: 1 });
      expect((await read(page)).shown).toContain('Bought 1 NSE:SBIN-EQ');
    }).toPass({ timeout: 40_000 });
    await expect(
      page.locator('[data-testid="alert-toast"]', { hasText: `order ${id}` }),
    ).toBeVisible();
    expect((await read(page)).asked).toBe(0);
  } finally {
    await allowed.close();
  }
});

/** The order book's row for `id`. */
const orderRow = (page: Page, id: string) =>
  page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);

test('clicking a toast opens the order book with its order focused, not the first row', async ({
  page,
  controlled,
}) => {
  test.setTimeout(150_000);
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  const first = await buySbin(page, '1');
  const second = await buySbin(page, '2');
  expect(second).not.toBe(first);
  const toast = page.locator('[data-testid="alert-toast"]', { hasText: `order ${first}` });
  await expect(async () => {
    await control(controlled, 'tick', { n: 1 });
    await expect(toast).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  // On the book, filtered so that the alert's order is hidden, when the alert is clicked.
  await page.keyboard.press('Alt+1');
  await expect(orderRow(page, second)).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('filter-text').fill(second);
  await expect(orderRow(page, first)).toHaveCount(0);
  await toast.hover();
  await toast.getByTestId('alert-open').click();
  await expect(page.getByTestId('order-book')).toBeVisible();
  await expect(orderRow(page, first)).toBeFocused();
  await expect(orderRow(page, first)).toHaveAttribute('data-target', 'true');
  await expect(toast).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('alert-open-order.png') });
});

test('clicking the browser notification opens the order book at its order', async ({
  browser,
  controlled,
}) => {
  test.setTimeout(150_000);
  const origin = new URL(controlled.url).origin;
  const context = await browser.newContext();
  try {
    await context.grantPermissions(['notifications'], { origin });
    const page = await context.newPage();
    // Keeps every notification the page shows, so the test can click it as the OS would.
    await page.addInitScript(() => {
      const Real = window.Notification;
      const w = window as unknown as { notes: Notification[] };
      w.notes = [];
      class Kept extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          w.notes.push(this);
        }
      }
      window.Notification = Kept;
    });
    await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
    await openApp(page, controlled.url);
    await loginToDemo(page);
    const first = await buySbin(page, '1');
    await buySbin(page, '2');
    const clickNote = (id: string) =>
      page.evaluate((orderId) => {
        const w = window as unknown as { notes: Notification[] };
        const n = w.notes.find((x) => x.body.includes(`order ${orderId}`));
        if (!n?.onclick) return false;
        n.onclick(new Event('click'));
        return true;
      }, id);
    await expect(async () => {
      await control(controlled, 'tick', { n: 1 });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { notes: unknown[] }).notes.length))
        .toBeGreaterThan(0);
      expect(
        await page.evaluate(
          (id) =>
            (window as unknown as { notes: Notification[] }).notes.some((n) =>
              n.body.includes(`order ${id}`),
            ),
          first,
        ),
      ).toBe(true);
    }).toPass({ timeout: 40_000 });
    await page.keyboard.press('Alt+4');
    await expect(page.getByTestId('holdings')).toBeVisible();
    expect(await clickNote(first)).toBe(true);
    await expect(page.getByTestId('order-book')).toBeVisible();
    await expect(orderRow(page, first)).toBeFocused();
  } finally {
    await context.close();
  }
});
