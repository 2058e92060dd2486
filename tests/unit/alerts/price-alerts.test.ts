/**
 * The app-held price alerts on their own clock and quote cache (issue 21 #2): a level crossed
 * upward or downward fires once, a price that gaps clean across the level fires once, a price
 * already past the level at creation waits for a real crossing, a repeating alert waits out its
 * cooldown, a paused alert and a paused feed fire nothing (a level crossed while the feed was
 * down fires once with the first fresh price), a future-stamped or stale price fires nothing,
 * and the % change condition reads the previous close. Symbols of active alerts are held.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  PriceAlertInput,
  type PriceAlertFeed,
  type PriceAlerts,
} from '../../../shared/alerts/price-alert';
import { EMPTY_QUOTE_FIELDS, type Quote } from '../../../shared/marketdata/quote';
import { createQuoteCache } from '../../../electron/core/marketdata/quote-cache';
import { createAppPriceAlerts } from '../../../electron/core/alerts/price/app-price-alerts';
import type { PriceAlertFired } from '../../../electron/core/alerts/price/price-alert-holder';
import { crosses } from '../../../electron/core/alerts/price/price-crossing';

const SBIN = 'NSE:SBIN-EQ';

function setup(opts: { stored?: PriceAlerts; failWrites?: boolean } = {}) {
  let now = 1_000_000;
  let feed: PriceAlertFeed = 'live';
  const feedListeners = new Set<() => void>();
  const quotes = createQuoteCache({ clock: { now: () => now } });
  const fired: PriceAlertFired[] = [];
  const held: string[][] = [];
  let stored: PriceAlerts = opts.stored ?? [];
  const alerts = createAppPriceAlerts({
    now: () => now,
    storage: {
      read: () => stored,
      write: async (list) => {
        if (opts.failWrites) throw new Error('read-only');
        stored = list;
      },
      refusal: () => 'Settings are read-only.',
    },
    quotes,
    hold: (s) => held.push([...s].sort()),
    feed: {
      state: () => feed,
      onChange: (l) => {
        feedListeners.add(l);
        return () => feedListeners.delete(l);
      },
    },
    fired: (f) => fired.push(f),
    logger: { info: () => {}, warn: () => {} },
  });
  const price = (ltp: number, over: Partial<Quote> = {}) =>
    quotes.put({
      ...EMPTY_QUOTE_FIELDS,
      symbol: SBIN,
      ltp,
      at: now,
      source: 'socket',
      prevClose: 800,
      ...over,
    });
  return {
    alerts,
    price,
    fired,
    held,
    stored: () => stored,
    tick: (ms: number) => (now += ms),
    setFeed: (f: PriceAlertFeed) => {
      feed = f;
      for (const l of feedListeners) l();
    },
  };
}

const input = (over: Partial<PriceAlertInput> = {}) =>
  PriceAlertInput.parse({ symbol: SBIN, condition: 'price-above', value: 820, ...over });

describe('price alerts held by the app', () => {
  it('fires once when the price crosses above the level, and is then triggered', async () => {
    const t = setup();
    t.price(810);
    const a = await t.alerts.create(input());
    assert.deepEqual(t.held.at(-1), [SBIN], 'the alert symbol is held live');
    t.tick(250);
    t.price(815);
    assert.equal(t.fired.length, 0);
    t.tick(250);
    t.price(821);
    assert.equal(t.fired.length, 1);
    assert.equal(t.fired[0]!.ltp, 821);
    t.tick(250);
    t.price(819);
    t.tick(250);
    t.price(825);
    assert.equal(t.fired.length, 1, 'a one-shot alert fires once');
    const after = t.alerts.view().alerts.find((x) => x.id === a.id)!;
    assert.equal(after.status, 'triggered');
    assert.equal(after.lastFiredPrice, 821);
    await new Promise((r) => setImmediate(r));
    assert.equal(t.stored()[0]!.status, 'triggered', 'the firing is stored');
    assert.deepEqual(t.held.at(-1), [], 'a triggered alert lets go of its symbol');
  });

  it('a price that gaps clean across the level between two ticks fires once', async () => {
    const t = setup();
    t.price(790);
    await t.alerts.create(input({ condition: 'price-below', value: 780 }));
    t.tick(250);
    t.price(760);
    t.tick(250);
    t.price(755);
    assert.equal(t.fired.length, 1);
    assert.equal(t.fired[0]!.ltp, 760);
  });

  it('a price already past the level when the alert is made waits for a real crossing', async () => {
    const t = setup();
    t.price(830);
    await t.alerts.create(input());
    t.tick(250);
    t.price(832);
    assert.equal(t.fired.length, 0, 'being past the level is not crossing it');
    t.tick(250);
    t.price(818);
    t.tick(250);
    t.price(820);
    assert.equal(t.fired.length, 1, 'reaching the level from below crosses it');
  });

  it('a repeating alert waits out its cooldown, then fires at the next crossing', async () => {
    const t = setup();
    t.price(810);
    await t.alerts.create(input({ repeat: true, cooldownMinutes: 5 }));
    const cross = () => {
      t.tick(250);
      t.price(815);
      t.tick(250);
      t.price(822);
    };
    cross();
    assert.equal(t.fired.length, 1);
    cross();
    assert.equal(t.fired.length, 1, 'a crossing in the cooldown does not fire');
    t.tick(5 * 60_000);
    cross();
    assert.equal(t.fired.length, 2, 'after the cooldown the next crossing fires');
    assert.equal(t.alerts.view().alerts[0]!.status, 'active');
    assert.equal(t.alerts.view().alerts[0]!.fired, 2);
  });

  it('a paused alert fires nothing; resumed, it starts from the current price', async () => {
    const t = setup();
    t.price(810);
    const a = await t.alerts.create(input());
    await t.alerts.setPaused(a.id, true);
    assert.deepEqual(t.held.at(-1), [], 'a paused alert lets go of its symbol');
    t.tick(250);
    t.price(825);
    assert.equal(t.fired.length, 0);
    await t.alerts.setPaused(a.id, false);
    t.tick(250);
    t.price(826);
    assert.equal(t.fired.length, 0, 'resumed past the level: waits for a crossing');
    t.tick(250);
    t.price(815);
    t.tick(250);
    t.price(821);
    assert.equal(t.fired.length, 1);
  });

  it('while the feed is paused nothing fires; a level crossed meanwhile fires once with the first fresh price', async () => {
    const t = setup();
    t.price(810);
    await t.alerts.create(input());
    const seen: string[] = [];
    t.alerts.onChange((v) => seen.push(v.feed));
    t.setFeed('paused-feed');
    assert.equal(t.alerts.view().feed, 'paused-feed');
    assert.match(t.alerts.view().note, /paused/i);
    assert.match(t.alerts.view().note, /only while Tickdesk is open/);
    t.tick(250);
    t.price(830, { source: 'quote' });
    assert.equal(t.fired.length, 0, 'no firing while the feed is down');
    t.setFeed('live');
    t.tick(250);
    t.price(831);
    t.tick(250);
    t.price(832);
    assert.equal(t.fired.length, 1, 'crossed while paused: fires once when prices are fresh');
    assert.deepEqual(seen.slice(0, 2), ['paused-feed', 'live'], 'the screen hears the feed change');
  });

  it('a future-stamped tick does not fire; the next real tick is judged against the last trusted price', async () => {
    const t = setup();
    t.price(810);
    await t.alerts.create(input());
    t.tick(250);
    t.alerts.distrust(SBIN);
    t.price(850);
    assert.equal(t.fired.length, 0, 'the future-stamped price is not evaluated');
    t.tick(250);
    t.price(811);
    assert.equal(t.fired.length, 0, 'nothing crossed between trusted prices');
  });

  it('a stale price, a fallback price or one outside the circuit band does not fire', async () => {
    const t = setup();
    t.price(810);
    await t.alerts.create(input());
    t.tick(250);
    t.price(830, { at: 1_000 });
    t.price(830, { source: 'position' });
    t.price(830, { upperCircuit: 825, lowerCircuit: 700 });
    assert.equal(t.fired.length, 0);
  });

  it('the % change condition reads the previous close', async () => {
    const t = setup();
    t.price(808); // +1%
    await t.alerts.create(input({ condition: 'change-above', value: 2 }));
    t.tick(250);
    t.price(815); // +1.875%
    assert.equal(t.fired.length, 0);
    t.tick(250);
    t.price(817); // +2.125%
    assert.equal(t.fired.length, 1);
    assert.ok(Math.abs(t.fired[0]!.changePct! - 2.125) < 1e-9);
  });

  it('a change the store cannot keep is undone and explained; deleted alerts are gone', async () => {
    const t = setup({ failWrites: true });
    await assert.rejects(t.alerts.create(input()), (err: Error & { kind?: string }) => {
      assert.equal(err.kind, 'cannot-save');
      assert.match(err.message, /could not be saved, so nothing changed. Settings are read-only/);
      return true;
    });
    assert.equal(t.alerts.view().alerts.length, 0);
    const ok = setup();
    const a = await ok.alerts.create(input());
    await ok.alerts.remove(a.id);
    assert.equal(ok.stored().length, 0);
    await assert.rejects(ok.alerts.remove(a.id), /no longer exists/);
  });

  it('the input refuses a price at or below zero and a change beyond 100%, in words', () => {
    const bad = PriceAlertInput.safeParse({ symbol: SBIN, condition: 'price-above', value: 0 });
    assert.equal(bad.success, false);
    assert.match(bad.error!.issues[0]!.message, /above zero/);
    const wide = PriceAlertInput.safeParse({
      symbol: SBIN,
      condition: 'change-below',
      value: -150,
    });
    assert.equal(wide.success, false);
    assert.match(wide.error!.issues[0]!.message, /between -100% and 100%/);
    assert.equal(
      crosses({ condition: 'price-below', value: 10 }, 10, 9),
      false,
      'from the level is not across it',
    );
  });
});

describe('price alerts in the settings document', () => {
  it('a stored document with one unreadable alert keeps the others and names the one set aside', async () => {
    const { salvageSettings } = await import('../../../electron/core/settings/salvage');
    const good = {
      id: 'pa-good',
      symbol: SBIN,
      condition: 'price-below',
      value: 780,
      repeat: true,
      cooldownMinutes: 10,
      note: 'support',
      status: 'active',
      createdAt: 1,
      lastFiredAt: null,
      lastFiredPrice: null,
      fired: 0,
    };
    const r = salvageSettings({
      version: 1,
      priceAlerts: [good, { ...good, id: 'pa-bad', value: 'lots' }],
    });
    assert.deepEqual(
      r.settings.priceAlerts.map((a) => a.id),
      ['pa-good'],
    );
    assert.deepEqual(r.setAside, ['price alert number 2']);
  });
});
