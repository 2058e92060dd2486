/**
 * Broker times on prices are finite and never after now + a small skew (issue 8, hostile
 * input): `tt: '1e306'` gave `at: Infinity`, and a far-future finite time would keep a
 * price "fresh" forever. Quotes, depth and socket packets all read times the same way.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_FUTURE_SKEW_MS } from '../../../electron/core/marketdata/broker-time';
import { normalizeQuoteItem } from '../../../electron/core/marketdata/data-client';
import { normalizeDepth } from '../../../electron/core/marketdata/depth-normalize';
import type { DecodedTick } from '../../../electron/core/marketdata/packet-decoder';
import { tickToQuote } from '../../../electron/core/marketdata/socket-normalize';

const now = Date.parse('2026-11-24T09:30:00Z');
const quoteAt = (tt: unknown) => {
  const r = normalizeQuoteItem({ s: 'ok', n: 'NSE:SBIN-EQ', v: { lp: 945, tt } }, now);
  assert.ok('quote' in r, JSON.stringify(r));
  return r.quote.at;
};

test('a quote time that overflows, is far in the future or is nonsense falls back to now', () => {
  assert.equal(quoteAt('1e306'), now, "'1e306' seconds is Infinity ms");
  assert.equal(quoteAt(now / 1000 + 86_400 * 365), now, 'a year ahead');
  assert.equal(quoteAt(-5), now);
  assert.equal(quoteAt('soon'), now);
  assert.equal(quoteAt(undefined), now);
});

test('a real broker time is kept, also slightly ahead of our clock', () => {
  assert.equal(quoteAt(now / 1000 - 30), now - 30_000);
  assert.equal(quoteAt(String(now / 1000 - 30)), now - 30_000);
  const ahead = now + MAX_FUTURE_SKEW_MS - 1000;
  assert.equal(quoteAt(ahead / 1000), ahead);
});

test('depth and socket packet times are bounded the same way', () => {
  const depth = normalizeDepth(
    'NSE:SBIN-EQ',
    { 'NSE:SBIN-EQ': { ltp: 945, ltt: 1e306, bids: [], ask: [] } },
    now,
  );
  assert.equal(depth?.quote.at, now);
  assert.equal(depth?.depth.at, now);
  const tick = { token: 1, time: 2_000_000_000_000, ltp: 945 } as unknown as DecodedTick;
  const q = tickToQuote({ ...tick, prevClose: 940 } as DecodedTick, 'NSE:SBIN-EQ', now);
  assert.equal(q.at, now);
  assert.ok(Number.isFinite(q.at));
  const good = tickToQuote({ ...tick, time: now / 1000 - 1 } as DecodedTick, 'NSE:SBIN-EQ', now);
  assert.equal(good.at, now - 1000);
});
