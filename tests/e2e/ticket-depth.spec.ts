import { expect, test } from './harness-fixture';
import { loginToDemo, openApp, pickSymbol } from './trading-helpers';

// Market depth in the order ticket: five levels a side with quantities and orders, the
// totals and the circuit limits; a price level chosen by mouse or keyboard becomes the
// limit price (a market order turns into a limit order on the way).

const SBIN = 'NSE:SBIN-EQ';

test('the ticket shows five levels a side; clicking or arrowing to a level fills the limit price', async ({
  page,
  harnessUrl,
}) => {
  await openApp(page, harnessUrl);
  await loginToDemo(page);
  await pickSymbol(page, 'sbin', SBIN);

  const book = page.getByTestId('ticket-depth');
  const bids = book.getByTestId('depth-bid');
  const asks = book.getByTestId('depth-ask');
  await expect(bids).toHaveCount(5, { timeout: 15_000 });
  await expect(asks).toHaveCount(5);
  const prices = async (side: typeof bids) =>
    (await side.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.price))).map(Number);
  const bidPrices = await prices(bids);
  const askPrices = await prices(asks);
  // A real book: best first on each side, every level a positive price.
  expect(bidPrices.every((p, i) => p > 0 && (i === 0 || p < bidPrices[i - 1]!))).toBe(true);
  expect(askPrices.every((p, i) => p > 0 && (i === 0 || p > askPrices[i - 1]!))).toBe(true);
  await expect(book.getByTestId('depth-bid-qty')).toHaveCount(5);
  await expect(book.getByTestId('depth-total-bid')).toHaveText(/^[\d,]+$/);
  await expect(book.getByTestId('depth-total-ask')).toHaveText(/^[\d,]+$/);
  await expect(book.getByTestId('depth-circuits')).toHaveText(
    /^Circuit [\d,]+\.\d{2} – [\d,]+\.\d{2}$/,
  );

  // Mouse: a market order, then the third bid is clicked: a limit order at that price. The
  // book holds still while pointed at, so the price read under the mouse is the one used.
  await page.getByTestId('ticket-type-market').click();
  await expect(page.getByTestId('ticket-limitPrice')).toHaveCount(0);
  const third = bids.nth(2);
  await third.hover();
  await expect(book).toHaveAttribute('data-held', 'true');
  const clicked = Number(await third.getAttribute('data-price'));
  await third.click();
  await expect(page.getByTestId('ticket-type-limit')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('ticket-limitPrice')).toHaveValue(clicked.toFixed(2));
  await page.screenshot({ path: test.info().outputPath('ticket-depth.png') });

  // Keyboard: to the best ask, ↓ to the second ask, Enter; ← crosses to the bid side.
  await page.mouse.move(0, 0);
  await asks.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(asks.nth(1)).toBeFocused();
  const arrowed = Number(await asks.nth(1).getAttribute('data-price'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ticket-limitPrice')).toHaveValue(arrowed.toFixed(2));
  await page.keyboard.press('ArrowLeft');
  await expect(bids.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(bids.first()).toBeFocused();
  const best = Number(await bids.first().getAttribute('data-price'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ticket-limitPrice')).toHaveValue(best.toFixed(2));
  await page.keyboard.press('Escape');
});
