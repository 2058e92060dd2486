/**
 * Byte-for-byte proof of the packet layout: frames from our encoder, decoded by the broker's
 * official SDK (`fyers-api-v2` 1.0.5, its `unPackUDP`), give back the values we encoded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { encodeFrame } from '../../../shared/marketdata/packet-encoder';
import type {
  MarketPacket,
  QuotePacket,
  QuoteWithOiPacket,
} from '../../../shared/marketdata/packet';
import {
  niftyFutDepth,
  niftyFutOi,
  niftyIndex,
  SAMPLE_SYMBOLS,
  sbinQuote,
  tcsDepth,
  usdInrFut,
} from '../../support/sample-packets';

interface SdkItem {
  n: string;
  fy: number;
  fycode: number;
  v: Record<string, unknown> & { cmd?: Record<string, unknown> };
}
interface SdkAnswer {
  s: string;
  d: Record<'7202' | '7208' | '31038', SdkItem[]>;
}
const require = createRequire(import.meta.url);
const sdk = require('fyers-api-v2/helper/helper.js') as {
  getGlobalFiresDict: Record<string, string>;
  unPackUDP(resp: { data: ArrayBuffer }): SdkAnswer;
};
// The SDK learns token -> symbol from a quotes answer; give it the same map.
Object.assign(sdk.getGlobalFiresDict, SAMPLE_SYMBOLS);

const decode = (packets: MarketPacket[]): SdkAnswer => {
  const bytes = encodeFrame(packets);
  const data = new ArrayBuffer(bytes.length);
  new Uint8Array(data).set(bytes);
  const answer = sdk.unPackUDP({ data });
  assert.equal(answer.s, 'ok', JSON.stringify(answer.d));
  return answer;
};

function assertQuote(item: SdkItem, p: QuotePacket | QuoteWithOiPacket): void {
  const v = item.v;
  assert.equal(item.n, SAMPLE_SYMBOLS[p.token]);
  assert.equal(String(item.fy), p.token);
  assert.equal(item.fycode, p.code);
  assert.equal(v.lp, p.ltp);
  assert.equal(v.open_price, p.open);
  assert.equal(Number(v.high_price), p.high);
  assert.equal(v.low_price, p.low);
  assert.equal(v.prev_close_price, p.prevClose);
  assert.equal(v.tt, p.time);
  assert.equal(v.marketStat, p.marketStatus);
  assert.deepEqual(
    { o: v.cmd?.o, h: v.cmd?.h, l: v.cmd?.l, c: v.cmd?.c, v: v.cmd?.v },
    {
      o: p.minute.open,
      h: p.minute.high,
      l: p.minute.low,
      c: p.minute.close,
      v: p.minute.volume,
    },
  );
  assert.equal(v.LTQ, p.lastQty);
  assert.equal(v.L2_LTT, p.lastTradeTime);
  assert.equal(v.ATP, p.avgPrice);
  assert.equal(v.volume, p.volume);
  assert.equal(v.tot_buy, p.totalBuyQty);
  assert.equal(v.tot_sell, p.totalSellQty);
  const bid = p.book.depth ? p.book.bids[0]!.price : p.book.bid;
  const ask = p.book.depth ? p.book.asks[0]!.price : p.book.ask;
  assert.equal(v.bid, bid);
  assert.equal(v.ask, ask);
}

test('the SDK decodes 7208 quotes (with and without depth) to the encoded values', () => {
  const a = decode([sbinQuote, tcsDepth]);
  assert.equal(a.d['7208'].length, 2);
  assertQuote(a.d['7208'][0]!, sbinQuote);
  assertQuote(a.d['7208'][1]!, tcsDepth);
});

test('the SDK decodes 31038 quotes with open interest, depth and the currency divisor', () => {
  const a = decode([niftyFutDepth, usdInrFut]);
  assert.equal(a.d['31038'].length, 2);
  assertQuote(a.d['31038'][0]!, niftyFutDepth);
  assertQuote(a.d['31038'][1]!, usdInrFut);
  const v = a.d['31038'][0]!.v;
  assert.equal(v.oi, niftyFutDepth.openInterest);
  assert.equal(v.diffoi, niftyFutDepth.openInterest - niftyFutDepth.prevOpenInterest);
  assert.equal(a.d['31038'][1]!.v.oi, usdInrFut.openInterest);
});

test('the SDK decodes index and open-interest packets in a mixed frame, in order', () => {
  // The SDK reads a 7202 packet through a 32-byte view starting at byte 24, so it needs more
  // bytes after a 7202 than the packet has: it can only decode one that is not last in a frame.
  const a = decode([niftyFutOi, niftyIndex, sbinQuote, niftyFutDepth]);
  const oi = a.d['7202'][0]!;
  assert.equal(oi.n, 'NSE:NIFTY25DECFUT');
  assert.equal(oi.v.oi, niftyFutOi.openInterest);
  assert.equal(oi.v.pdoi, niftyFutOi.openInterest - niftyFutOi.prevOpenInterest); // the SDK's "pdoi" is the change
  const [ix, q] = a.d['7208'];
  assert.equal(ix!.n, 'NSE:NIFTY50-INDEX');
  assert.equal(ix!.fycode, niftyIndex.code);
  assert.equal(ix!.v.lp, niftyIndex.ltp);
  assert.equal(ix!.v.prev_close_price, niftyIndex.prevClose);
  assert.equal(ix!.v.bid, niftyIndex.ltp); // an index has no book: the SDK shows ltp
  assertQuote(q!, sbinQuote);
  assertQuote(a.d['31038'][0]!, niftyFutDepth);
});

test('the SDK reads at most 50 packets of a frame; 50 of them decode exactly', () => {
  const packets = Array.from({ length: 50 }, (_, k) => ({
    ...sbinQuote,
    ltp: Math.round((800 + k * 0.05) * 100) / 100,
  }));
  const a = decode(packets);
  assert.deepEqual(
    a.d['7208'].map((x) => x.v.lp),
    packets.map((p) => p.ltp),
  );
});
