import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createQuoteCache } from '../../../electron/core/marketdata/quote-cache';
import { EMPTY_QUOTE_FIELDS, type Quote } from '../../../shared/marketdata/quote';

const q = (over: Partial<Quote>): Quote => ({
  symbol: 'NSE:SBIN-EQ',
  ltp: 800,
  at: 1_000,
  source: 'socket',
  ...EMPTY_QUOTE_FIELDS,
  ...over,
});

test('a newer price replaces an older one; an older one never replaces a newer one', () => {
  let now = 2_000;
  const cache = createQuoteCache({ clock: { now: () => now } });
  cache.put(q({ ltp: 801, at: 1_500 }));
  cache.put(q({ ltp: 790, at: 1_000, source: 'quote' }));
  assert.equal(cache.get('NSE:SBIN-EQ')?.ltp, 801);
  now = 3_000;
  assert.deepEqual(cache.lastPrice('NSE:SBIN-EQ'), {
    ltp: 801,
    source: 'socket',
    ageMs: 1_500,
    stale: false,
  });
});

test('fields a newer price does not know keep their last value', () => {
  const cache = createQuoteCache({ clock: { now: () => 5_000 } });
  cache.put(q({ bid: 799.9, ask: 800.1, prevClose: 780 }));
  cache.put(q({ ltp: 802, at: 2_000, source: 'position' }));
  const held = cache.get('NSE:SBIN-EQ');
  assert.equal(held?.ltp, 802);
  assert.equal(held?.source, 'position');
  assert.equal(held?.prevClose, 780);
});

test('a price older than the limit is stale; non-finite or non-positive prices are refused', () => {
  let now = 0;
  const cache = createQuoteCache({ clock: { now: () => now }, staleAfterMs: () => 10_000 });
  cache.put(q({ at: 0 }));
  now = 10_001;
  assert.equal(cache.lastPrice('NSE:SBIN-EQ')?.stale, true);
  cache.put(q({ ltp: Number.POSITIVE_INFINITY, at: 10_000 }));
  cache.put(q({ ltp: 0, at: 10_000 }));
  assert.equal(cache.get('NSE:SBIN-EQ')?.ltp, 800);
  assert.equal(cache.lastPrice('NSE:TCS-EQ'), undefined);
});

test('listeners hear each changed symbol once per batch', () => {
  const cache = createQuoteCache({ clock: { now: () => 0 } });
  const heard: string[][] = [];
  const off = cache.onChange((s) => heard.push([...s]));
  cache.putMany([q({}), q({ symbol: 'NSE:TCS-EQ' }), q({ at: 0 })]);
  off();
  cache.put(q({ at: 9_999 }));
  assert.deepEqual(heard, [['NSE:SBIN-EQ', 'NSE:TCS-EQ']]);
});

test('a price stamped in the future is dated at its arrival and does not outrank the next tick', () => {
  let now = 100_000;
  const cache = createQuoteCache({ clock: { now: () => now } });
  cache.put(q({ ltp: 852.65, at: now + 300_000 }));
  assert.equal(cache.get('NSE:SBIN-EQ')?.at, 100_000, 'never dated after its arrival');
  now += 250;
  // The next real tick, stamped in whole seconds (so before the arrival of the bad one).
  cache.put(q({ ltp: 947.4, at: 100_000 - 400 }));
  assert.equal(cache.get('NSE:SBIN-EQ')?.ltp, 947.4);
  // A late REST answer older than the held tick still cannot undo it.
  cache.put(q({ ltp: 940, at: 99_000, source: 'quote' }));
  assert.equal(cache.get('NSE:SBIN-EQ')?.ltp, 947.4);
});

test('the cache holds at most maxSymbols: the least recently priced symbol goes first', () => {
  const cache = createQuoteCache({ clock: { now: () => 5_000 }, maxSymbols: 3 });
  for (const s of ['A', 'B', 'C']) cache.put(q({ symbol: `NSE:${s}-EQ` }));
  cache.put(q({ symbol: 'NSE:A-EQ', ltp: 801, at: 2_000 })); // A priced again: B is now oldest
  cache.put(q({ symbol: 'NSE:D-EQ' }));
  assert.equal(cache.size(), 3);
  assert.equal(cache.get('NSE:B-EQ'), undefined);
  assert.equal(cache.get('NSE:A-EQ')?.ltp, 801);
});
