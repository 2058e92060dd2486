/**
 * What the risk tests through the composed app share: waiting on a condition while the
 * sandbox market ticks, opening a position, placing an order that stays pending.
 */
import assert from 'node:assert/strict';
import type { ComposedApp } from '../app/composed-app';

const SBIN = 'NSE:SBIN-EQ';

/** Waits for a condition, ticking the sandbox market between looks (no fixed sleeps). */
export async function until(
  app: ComposedApp,
  ok: () => boolean | Promise<boolean>,
  what: string,
  tries = 150,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await ok()) return;
    await app.control('tick', { n: 1 });
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The net quantity of a position, read from the broker now. */
export async function netQty(app: ComposedApp, symbol: string, product: string): Promise<number> {
  const p = await app.core.broker.getPositions({ fresh: true });
  return p.positions.find((x) => x.symbol === symbol && x.productType === product)?.netQty ?? 0;
}

/** Opens a position by a market buy and waits for its fill. */
export async function openLong(
  app: ComposedApp,
  symbol: string,
  qty: number,
  productType: 'INTRADAY' | 'CNC',
): Promise<void> {
  const before = await netQty(app, symbol, productType);
  const placed = await app.call('orders.place', {
    draft: { symbol, qty, type: 2, side: 1, productType },
    confirmGuards: true,
  });
  assert.equal(placed.status, 'done', placed.note);
  await until(
    app,
    async () => (await netQty(app, symbol, productType)) === before + qty,
    `${symbol} ${productType} filled`,
  );
}

/** Places a limit buy far below the market (it stays pending) and returns its id. */
export async function pendingBuy(app: ComposedApp, limitPrice: number): Promise<string> {
  const placed = await app.call('orders.place', {
    draft: { symbol: SBIN, qty: 1, type: 1, side: 1, productType: 'INTRADAY', limitPrice },
    confirmGuards: true,
  });
  assert.equal(placed.status, 'done', placed.note);
  return placed.orderId!;
}
