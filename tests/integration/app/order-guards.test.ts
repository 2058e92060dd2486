/**
 * Issue 8, findings 4, 5 and 6, through the composed app: the fat-finger limits typed in
 * Settings (sent over the settings channel) reach the guard; the last price the guards
 * compare with is the one the account's own reads brought in (with its age); a market
 * order is valued at that price; a stale price is said so, never silently used. Every
 * blocked order is checked to have never reached the sandbox.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { OrderDraftInput } from '../../../shared/ipc/channels/orders';
import { DEFAULT_FAT_FINGER_LIMITS } from '../../../shared/settings/fat-finger-limits';
import { systemClock } from '../../../electron/core/limiter/clock';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';
const buy = (over: Partial<OrderDraftInput>): OrderDraftInput => ({
  symbol: SBIN,
  qty: 10,
  type: 1,
  side: 1,
  productType: 'INTRADAY',
  ...over,
});

describe('fat-finger guards in the composed app', () => {
  let app: ComposedApp;
  let skewMs = 0;
  before(async () => {
    app = await startComposedApp({
      deps: { clock: { ...systemClock, now: () => Date.now() + skewMs } },
    });
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 945 });
    // The trader's own limits, saved the way the Settings screen saves them.
    await app.call('settings.updatePreferences', {
      patch: {
        fatFinger: {
          ...DEFAULT_FAT_FINGER_LIMITS,
          maxOrderQty: 50_000,
          maxOrderValue: 50_00_000,
          maxLtpDistancePct: 10,
        },
      },
    });
    // Opening the holdings view brings SBIN's last price in, as it does for the trader.
    const h = await app.call('portfolio.holdings');
    const held = h.holdings.find((x) => x.symbol === SBIN);
    // The simulated market keeps walking, so the price is near the one set, not exactly it.
    assert.ok(held && Math.abs(held.ltp - 945) < 20, `SBIN held near 945: ${held?.ltp}`);
  });
  after(() => app?.close());

  async function placeBlocked(draft: OrderDraftInput, guard: string) {
    const sent = await app.sandboxOrderCount();
    const intent = await app.call('orders.place', { draft });
    assert.equal(intent.status, 'blocked', `${intent.summary}: ${intent.note}`);
    assert.ok(
      intent.violations.some((v) => v.guard === guard),
      `${guard} expected, got ${JSON.stringify(intent.violations)}`,
    );
    assert.equal(await app.sandboxOrderCount(), sent, 'nothing reached the sandbox');
    return intent;
  }

  it('stops SBIN buy 10 @ ₹1,500 when the last price is ₹945 (distance from LTP)', async () => {
    const v = await app.call('orders.precheck', buy({ limitPrice: 1500 }));
    assert.deepEqual(
      v.map((x) => x.guard),
      ['ltp-distance'],
    );
    assert.match(v[0]!.message, /last price 9\d\d/);
    await placeBlocked(buy({ limitPrice: 1500 }), 'ltp-distance');
  });

  it('stops 20,000 × ₹950 (₹1.9 Cr) against the ₹50 lakh limit from Settings', async () => {
    await placeBlocked(buy({ qty: 20_000, limitPrice: 950 }), 'max-value');
  });

  it('values a market order at the last price (2,000 × ₹945 > ₹10 lakh after a change)', async () => {
    await app.call('settings.updatePreferences', {
      patch: {
        fatFinger: {
          ...DEFAULT_FAT_FINGER_LIMITS,
          maxOrderQty: 50_000,
          maxOrderValue: 10_00_000,
          maxLtpDistancePct: 10,
        },
      },
    });
    const i = await placeBlocked(buy({ qty: 2_000, type: 2 }), 'max-value');
    assert.match(i.violations.find((v) => v.guard === 'max-value')!.message, /about/);
  });

  it('asks for a market order above the quantity limit when no last price is known', async () => {
    // An NSE equity the account has never read a price for.
    const symbol = (await app.call('symbols.search', { query: 'ltd eq', limit: 50 }))
      .map((s) => s.ticker)
      .find((t) => t.startsWith('NSE:') && t.endsWith('-EQ') && !app.core.quotes.get(t));
    assert.ok(symbol, 'an equity with no known price');
    const i = await placeBlocked(buy({ symbol, qty: 60_000, type: 2 }), 'max-qty');
    assert.match(i.note, /cannot be checked/);
  });

  it('says a last price is too old and does not use it', async () => {
    skewMs = 10 * 60_000;
    try {
      const v = await app.call('orders.precheck', buy({ limitPrice: 1500 }));
      assert.deepEqual(
        v.map((x) => x.guard),
        ['stale-ltp'],
      );
      assert.match(v[0]!.message, /10 min old/);
      await placeBlocked(buy({ limitPrice: 1500 }), 'stale-ltp');
    } finally {
      skewMs = 0;
    }
  });
});
