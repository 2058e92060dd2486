import { formatInr } from '../../shared/format';
import { control, expect, test } from './control-harness-fixture';
import {
  allowPricesFarFromMarket,
  loginToDemo,
  openApp,
  pickSymbol,
  typeInto,
} from './trading-helpers';

// Baskets as a trader builds one: three orders added from the ticket with Shift+Enter, the
// basket screen showing each value, the total and a failing pre-check on its own row; the
// trader fixes it in place, sends, reads each order's result, saves the basket by name,
// clears it and opens it again. Runs on the controlled harness with NSE cash pinned open.

const NSE_CASH = { exchange: 10, segment: 10 };

/** A price on the 0.05 grid, as text with two decimals. */
const onTick = (n: number) => (Math.floor(n * 20) / 20).toFixed(2);

test('add three orders from the ticket, fix a failing pre-check, send, see each result, save and reopen', async ({
  page,
  controlled,
}) => {
  test.setTimeout(180_000);
  await control(controlled, 'market', { ...NSE_CASH, status: 'OPEN' });
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await allowPricesFarFromMarket(page);

  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-buy').click();
  await page.getByTestId('ticket-type-limit').click();
  const ltpText = (await page.getByTestId('ticket-ltp').textContent({ timeout: 30_000 })) ?? '';
  const ltp = Number(ltpText.replace(/,/g, ''));
  expect(ltp).toBeGreaterThan(0);
  // Below the market (they stay pending) but inside the widened distance guard.
  const p1 = onTick(ltp * 0.9);
  const p2 = onTick(ltp * 0.88);
  const offTick = (Number(p1) + 0.03).toFixed(2); // not a multiple of the 0.05 tick

  const add = async (qty: string, price: string, n: number) => {
    await typeInto(page, 'ticket-qty', qty);
    await typeInto(page, 'ticket-limitPrice', price);
    await page.getByTestId('ticket-limitPrice').press('Shift+Enter');
    await expect(
      page.getByText(`Added to the basket (${n} order${n === 1 ? '' : 's'}).`),
    ).toBeVisible();
  };
  await add('1', p1, 1);
  await add('2', p2, 2);
  await add('3', offTick, 3);
  await expect(page.getByTestId('intent-status')).toHaveCount(0); // nothing was sent
  await page.getByTestId('ticket-add-to-basket').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('ticket-add-to-basket')).toBeInViewport();
  await expect(page.getByTestId('ticket-submit')).toContainText('NSE:SBIN-EQ'); // full label kept
  await page.screenshot({ path: test.info().outputPath('basket-ticket.png') });
  await page.keyboard.press('Escape');

  await page.keyboard.press('Alt+b');
  const view = page.getByTestId('baskets');
  await expect(view.getByRole('heading', { level: 1, name: 'Baskets' })).toBeVisible();
  const rows = view.getByTestId('basket-row');
  await expect(rows).toHaveCount(3);
  const values = [Number(p1) * 1, Number(p2) * 2, Number(offTick) * 3];
  for (const [i, v] of values.entries())
    await expect(rows.nth(i).getByTestId('basket-value')).toHaveText(formatInr(v));
  await expect(view.getByTestId('basket-total')).toHaveText(
    formatInr(values.reduce((a, b) => a + b, 0)),
  );
  // The off-tick order fails the broker's rule on its own row; the others pass; no send.
  await expect(rows.nth(2).getByTestId('basket-problems')).toContainText(/multiple of ₹0\.05/, {
    timeout: 15_000,
  });
  await expect(rows.nth(0).getByTestId('basket-ok')).toBeVisible();
  await expect(rows.nth(1).getByTestId('basket-ok')).toBeVisible();
  await expect(view.getByTestId('basket-send')).toBeDisabled();
  await expect(view.getByTestId('basket-charges').first()).toHaveText(/₹/);
  await page.screenshot({ path: test.info().outputPath('basket-review.png') });

  // Fix it in place: the row is checked again and the basket can go.
  await rows.nth(2).getByTestId('basket-price').fill(p1);
  await expect(rows.nth(2).getByTestId('basket-ok')).toBeVisible({ timeout: 15_000 });
  await expect(rows.nth(2).getByTestId('basket-value')).toHaveText(formatInr(Number(p1) * 3));
  await expect(view.getByTestId('basket-send')).toBeEnabled();
  await view.getByTestId('basket-send').click();

  // Each order shows its own result: placed, with the broker's order id.
  for (let i = 0; i < 3; i++) {
    await expect(rows.nth(i).getByTestId('basket-result')).toHaveAttribute(
      'data-status',
      /^(done|confirmed-done)$/,
      { timeout: 30_000 },
    );
    await expect(rows.nth(i).getByTestId('basket-order-id')).not.toBeEmpty();
  }
  const ids = await rows.getByTestId('basket-order-id').allTextContents();
  expect(new Set(ids).size).toBe(3);
  await page.screenshot({ path: test.info().outputPath('basket-sent.png') });

  // Save by name, clear, reopen: the same three orders, checked again.
  await typeInto(page, 'basket-name', 'SBIN ladder');
  await view.getByTestId('basket-save').click();
  await expect(view.getByTestId('basket-saved')).toContainText('SBIN ladder (3)');
  await view.getByTestId('basket-clear').click();
  await expect(view.getByTestId('basket-empty')).toBeVisible();
  await view.getByTestId('basket-saved').selectOption('SBIN ladder');
  await view.getByTestId('basket-open').click();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2).getByTestId('basket-value')).toHaveText(formatInr(Number(p1) * 3));
  for (let i = 0; i < 3; i++)
    await expect(rows.nth(i).getByTestId('basket-ok')).toBeVisible({ timeout: 15_000 });
  await expect(rows.nth(0).getByTestId('basket-result')).toHaveAttribute('data-status', '');
  await page.screenshot({ path: test.info().outputPath('basket-reopened.png') });
});

test('the ticket shows the charges estimate with its breakdown, and margin as the broker’s to check', async ({
  page,
  controlled,
}) => {
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
  await page.getByTestId('ticket-side-sell').click();
  await page.getByTestId('ticket-type-limit').click();
  await page.getByTestId('ticket-product').selectOption('INTRADAY');
  await typeInto(page, 'ticket-qty', '100');
  await typeInto(page, 'ticket-limitPrice', '800');
  // Hand-computed (tests/unit/charges): intraday sell of ₹80,000 with the default plan.
  await expect(page.getByTestId('ticket-charges-total')).toHaveText('₹46.50');
  await page.getByTestId('ticket-charges').locator('summary').click();
  const breakdown = page.getByTestId('ticket-charges-breakdown');
  await expect(breakdown).toContainText('STT');
  await expect(breakdown).toContainText('₹20.00');
  await expect(breakdown).toContainText('GST (18%)');
  await expect(page.getByTestId('ticket-margin-note')).toContainText("broker's to check");
  await page.screenshot({ path: test.info().outputPath('ticket-charges.png') });

  // A CNC buy pays its full value: no margin note, and delivery brokerage is ₹0.
  await page.getByTestId('ticket-side-buy').click();
  await page.getByTestId('ticket-product').selectOption('CNC');
  await expect(page.getByTestId('ticket-margin-note')).toHaveCount(0);
  await expect(page.getByTestId('ticket-charges-total')).toHaveText('₹94.90');
});

test('an F&O order in the basket is edited in lots, as in the ticket, with the units beside', async ({
  page,
  controlled,
}) => {
  await openApp(page, controlled.url);
  await loginToDemo(page);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('nifty fut');
  const option = page.locator('[data-testid="symbol-option"][data-ticker$="FUT"]').first();
  await expect(option).toBeVisible({ timeout: 45_000 });
  await option.click();
  await expect(page.getByTestId('order-ticket')).toBeVisible();
  const info = (await page.getByTestId('ticket-symbol-info').textContent()) ?? '';
  const lot = Number(/lot ([\d,]+)/.exec(info)?.[1]?.replace(/,/g, ''));
  expect(lot).toBeGreaterThan(1);
  await page.getByTestId('ticket-type-limit').click();
  await typeInto(page, 'ticket-qty', '2');
  await typeInto(page, 'ticket-limitPrice', '100');
  await page.getByTestId('ticket-limitPrice').press('Shift+Enter');
  await expect(page.getByText('Added to the basket (1 order).')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+b');
  const row = page.getByTestId('basket-row');
  await expect(row).toHaveCount(1);
  // The two lots typed in the ticket read as two lots here, never as "2" units.
  const qty = row.getByTestId('basket-qty');
  await expect(qty).toHaveValue('2');
  await expect(row.getByTestId('basket-qty-units')).toContainText(
    `${(2 * lot).toLocaleString('en-IN')} units`,
  );
  // Editing in lots changes the order by whole lots: its value follows (3 lots × lot × ₹100).
  await qty.fill('3');
  await expect(row.getByTestId('basket-qty-units')).toContainText(
    `${(3 * lot).toLocaleString('en-IN')} units`,
  );
  await expect(row.getByTestId('basket-value')).toHaveText(formatInr(3 * lot * 100));
  await page.getByTestId('basket-clear').click();
});
