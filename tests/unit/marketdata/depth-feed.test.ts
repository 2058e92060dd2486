import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bookOfTick, createDepthFeed } from '../../../electron/core/marketdata/depth-feed';
import {
  createPacketDecoder,
  type DecodedTick,
} from '../../../electron/core/marketdata/packet-decoder';
import type { Depth } from '../../../shared/marketdata/depth';
import { PacketCode } from '../../../shared/marketdata/packet-layout';
import { encodePacket } from '../../support/marketdata-frames';

/** The one tick a depth packet decodes to (copied: the decoder reuses its object). */
function depthTick(bid: number, ask: number): DecodedTick {
  const p = encodePacket({
    token: 7,
    time: 1_763_900_000,
    code: PacketCode.Quote,
    ltp: bid,
    bid,
    ask,
    depth: true,
    totalBuyQty: 900,
    totalSellQty: 800,
  });
  let out: DecodedTick | null = null;
  const r = createPacketDecoder().decode(p, (t) => {
    out = { ...t, bidLevels: t.bidLevels.slice(), askLevels: t.askLevels.slice() };
  });
  assert.equal(r.malformed, 0);
  return out!;
}

test('the decoder keeps all five levels of each side, best first', () => {
  const t = depthTick(100, 100.05);
  assert.equal(t.hasDepth, true);
  const prices = (a: Float64Array) => [0, 1, 2, 3, 4].map((k) => a[k * 3]);
  assert.deepEqual(prices(t.bidLevels), [100, 99.95, 99.9, 99.85, 99.8]);
  assert.deepEqual(prices(t.askLevels), [100.05, 100.1, 100.15, 100.2, 100.25]);
});

test('a watched symbol gets a Depth from each packet, with the circuits a REST read learnt', () => {
  const seen: Depth[] = [];
  const feed = createDepthFeed({ onDepth: (d) => seen.push(d) });
  feed.takeBook('NSE:SBIN-EQ', bookOfTick(depthTick(100, 100.05), Date.now()));
  assert.equal(seen.length, 0, 'nobody watches it yet');
  assert.equal(feed.watch('ticket', 'NSE:SBIN-EQ'), null);
  feed.learn({
    symbol: 'NSE:SBIN-EQ',
    at: 0,
    bids: [],
    asks: [],
    totalBuyQty: null,
    totalSellQty: null,
    lowerCircuit: 90,
    upperCircuit: 110,
  });
  feed.takeBook('NSE:SBIN-EQ', bookOfTick(depthTick(101, 101.05), Date.now()));
  assert.equal(seen.length, 1);
  const d = seen[0]!;
  assert.equal(d.bids.length, 5);
  assert.equal(d.bids[0]!.price, 101);
  assert.equal(d.asks[0]!.price, 101.05);
  assert.equal(d.at, 1_763_900_000_000);
  assert.equal(d.totalBuyQty, 900);
  assert.deepEqual([d.lowerCircuit, d.upperCircuit], [90, 110]);
});

test('switching the watched symbol or letting go names the symbol nobody watches any more', () => {
  const feed = createDepthFeed({ onDepth: () => {} });
  feed.watch('a', 'X');
  feed.watch('b', 'X');
  assert.equal(feed.watch('a', 'Y'), null, 'b still watches X');
  assert.equal(feed.unwatch('b'), 'X');
  assert.equal(feed.unwatch('b'), null);
  assert.deepEqual(feed.symbols(), ['Y']);
  assert.equal(feed.watch('a', 'Z'), 'Y');
});
