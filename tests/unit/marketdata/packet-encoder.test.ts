import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFrame, encodePacket, packetSize } from '../../../shared/marketdata/packet-encoder';
import {
  COMMON_END,
  Offset,
  PacketCode,
  PacketSize,
  TRADE_BLOCK,
  TradeOffset,
} from '../../../shared/marketdata/packet-layout';
import type { MarketPacket } from '../../../shared/marketdata/packet';
import {
  niftyFutDepth,
  niftyFutOi,
  niftyIndex,
  sbinQuote,
  tcsDepth,
  usdInrFut,
} from '../../support/sample-packets';

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

test('packet sizes are those of gaps.md: 112/224, 128/240, 72, 32', () => {
  assert.equal(encodePacket(sbinQuote).length, 112);
  assert.equal(encodePacket(tcsDepth).length, 224);
  assert.equal(
    encodePacket({ ...niftyFutDepth, book: { depth: false, bid: 1, ask: 2 } }).length,
    128,
  );
  assert.equal(encodePacket(niftyFutDepth).length, 240);
  assert.equal(encodePacket(niftyIndex).length, 72);
  assert.equal(encodePacket(niftyFutOi).length, 32);
  assert.deepEqual(PacketSize, {
    quote: 112,
    quoteDepth: 224,
    quoteWithOi: 128,
    quoteWithOiDepth: 240,
    index: 72,
    openInterest: 32,
  });
});

test('a 7208 packet puts every field at its byte offset, big-endian, prices scaled', () => {
  const v = view(encodePacket(sbinQuote));
  assert.equal(v.getBigUint64(0), 10100000003045n);
  assert.equal(v.getInt32(8), sbinQuote.time);
  assert.equal(v.getInt16(12), 7208);
  assert.equal(v.getInt16(14), sbinQuote.marketStatus);
  assert.equal(v.getInt8(18), 0);
  assert.equal(v.getInt32(24), 100);
  assert.deepEqual(
    [28, 32, 36, 40, 44, 48, 52, 56, 60].map((o) => v.getInt32(o)),
    [81255, 80500, 81510, 80125, 80430, 81205, 81290, 81180, 81255],
  );
  assert.equal(v.getBigUint64(64), 4210n);
  const t = COMMON_END.quote;
  assert.equal(v.getInt32(t + TradeOffset.lastQty), 25);
  assert.equal(v.getInt32(t + TradeOffset.lastTradeTime), sbinQuote.time - 1);
  assert.equal(v.getInt32(t + TradeOffset.avgPrice), 80935);
  assert.equal(v.getInt32(t + TradeOffset.volume), 1_254_300);
  assert.equal(v.getBigUint64(t + TradeOffset.totalBuyQty), 512_000n);
  assert.equal(v.getBigUint64(t + TradeOffset.totalSellQty), 498_750n);
  assert.equal(v.getInt32(t + TRADE_BLOCK), 81250);
  assert.equal(v.getInt32(t + TRADE_BLOCK + 4), 81260);
});

test('a 31038 packet carries open interest at 72 and 80 and its depth after the trade block', () => {
  const v = view(encodePacket(niftyFutDepth));
  assert.equal(v.getInt16(Offset.code), PacketCode.QuoteWithOi);
  assert.equal(v.getInt8(Offset.depthFlag), 1);
  assert.equal(v.getBigUint64(72), 12_345_675n);
  assert.equal(v.getBigUint64(80), 12_000_000n);
  const d = COMMON_END.quoteWithOi + TRADE_BLOCK;
  assert.equal(v.getInt32(d), 2411220); // best bid price
  assert.equal(v.getInt32(d + 4), 100); // its volume
  assert.equal(v.getInt32(d + 8), 2); // its orders
  assert.equal(v.getInt32(d + 60), 2411240); // best ask price
  assert.equal(v.getInt32(d + 60 + 48), 2411280); // fifth ask
});

test('a 7202 packet has open interest as int32 at 24 and 28; an index packet stops at 72', () => {
  const oi = view(encodePacket(niftyFutOi));
  assert.equal(oi.getInt16(12), 7202);
  assert.equal(oi.getInt32(24), 12_350_000);
  assert.equal(oi.getInt32(28), 12_000_000);
  const ix = view(encodePacket(niftyIndex));
  assert.equal(ix.getInt16(12), PacketCode.Index);
  assert.equal(ix.getInt32(28), 2407560);
});

test('a currency packet scales by its own divisor', () => {
  const v = view(encodePacket(usdInrFut));
  assert.equal(v.getInt32(24), 10_000);
  assert.equal(v.getInt32(28), 845_325);
});

test('a frame is its packets back to back', () => {
  const all: MarketPacket[] = [
    niftyFutOi,
    sbinQuote,
    tcsDepth,
    niftyFutDepth,
    usdInrFut,
    niftyIndex,
  ];
  const frame = encodeFrame(all);
  assert.equal(
    frame.length,
    all.reduce((n, p) => n + packetSize(p), 0),
  );
  let at = 0;
  for (const p of all) {
    const alone = encodePacket(p);
    assert.deepEqual(frame.subarray(at, at + alone.length), alone);
    at += alone.length;
  }
});

test('values the wire cannot carry throw a RangeError naming the field', () => {
  const cases: [MarketPacket, RegExp][] = [
    [{ ...sbinQuote, ltp: 812.555 }, /ltp: 812.555 is not a multiple of 1\/100/],
    [{ ...sbinQuote, high: 30_000_000 }, /high: .* not a whole int32/],
    [{ ...sbinQuote, volume: -1 }, /volume: -1/],
    [{ ...sbinQuote, totalBuyQty: -5 }, /totalBuyQty: -5 is outside uint64/],
    [{ ...sbinQuote, token: 'NSE:SBIN' }, /token: NSE:SBIN is not a whole number/],
    [{ ...sbinQuote, priceConv: 0 }, /priceConv: 0 must be positive/],
    [{ ...sbinQuote, ltp: Number.NaN }, /ltp: NaN/],
    [{ ...niftyIndex, code: 7208 }, /index packet cannot use code 7208/],
    [{ ...tcsDepth, book: { depth: true, bids: [], asks: [] } }, /bids: 0 levels, need 5/],
  ];
  for (const [p, msg] of cases) assert.throws(() => encodePacket(p), msg);
});
