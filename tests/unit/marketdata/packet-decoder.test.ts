import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  createPacketDecoder,
  type DecodedTick,
} from '../../../electron/core/marketdata/packet-decoder';
import { PacketCode } from '../../../shared/marketdata/packet-layout';
import { encodeFrame, encodePacket } from '../../support/marketdata-frames';

function decodeAll(frame: Uint8Array): {
  ticks: DecodedTick[];
  malformed: number;
  reason: string | null;
} {
  const ticks: DecodedTick[] = [];
  const r = createPacketDecoder().decode(frame, (t) => ticks.push({ ...t }));
  return { ticks, malformed: r.malformed, reason: r.reason };
}

test('a 7208 quote decodes to rupees with bid and ask (112 bytes)', () => {
  const p = encodePacket({
    token: 10100000003045,
    time: 1_763_900_000,
    ltp: 812.35,
    open: 805,
    high: 815.5,
    low: 801.1,
    prevClose: 808.2,
    volume: 123_456,
    bid: 812.3,
    ask: 812.4,
    totalBuyQty: 5_000,
    totalSellQty: 7_000,
  });
  assert.equal(p.length, 112);
  const { ticks, malformed } = decodeAll(p);
  assert.equal(malformed, 0);
  assert.equal(ticks.length, 1);
  const t = ticks[0]!;
  assert.equal(t.token, 10100000003045);
  assert.equal(t.time, 1_763_900_000);
  assert.equal(t.ltp, 812.35);
  assert.equal(t.high, 815.5);
  assert.equal(t.low, 801.1);
  assert.equal(t.prevClose, 808.2);
  assert.equal(t.bid, 812.3);
  assert.equal(t.ask, 812.4);
  assert.equal(t.volume, 123_456);
  assert.equal(t.totalSellQty, 7_000);
  assert.equal(t.isIndex, false);
});

test('31038 with depth (240 bytes), an index (72) and 7202 (32) in one frame', () => {
  const frame = encodeFrame([
    {
      token: 1,
      time: 100,
      code: PacketCode.QuoteWithOi,
      ltp: 24_000.5,
      bid: 24_000,
      ask: 24_001,
      depth: true,
      oi: 9_000_000,
      prevOi: 8_000_000,
    },
    { token: 2, time: 100, code: 26_000, ltp: 24_310.45 },
    { token: 3, time: 100, code: PacketCode.OpenInterest, ltp: 0, oi: 500, prevOi: 400 },
    {
      token: 4,
      time: 100,
      code: PacketCode.Quote,
      ltp: 10.25,
      scale: 10_000_000,
      bid: 10.2,
      ask: 10.3,
    },
  ]);
  assert.equal(frame.length, 240 + 72 + 32 + 112);
  const { ticks, malformed } = decodeAll(frame);
  assert.equal(malformed, 0);
  assert.deepEqual(
    ticks.map((t) => [t.token, t.ltp, t.bid, t.ask, t.openInterest, t.isIndex, t.oiOnly]),
    [
      [1, 24_000.5, 24_000, 24_001, 9_000_000, false, false],
      [2, 24_310.45, NaN, NaN, NaN, true, false],
      [3, NaN, NaN, NaN, 500, false, true],
      [4, 10.25, 10.2, 10.3, NaN, false, false],
    ],
  );
});

test('a truncated frame keeps the whole packets before the cut and counts the cut one', () => {
  const frame = encodeFrame([
    { token: 1, time: 100, ltp: 100 },
    { token: 2, time: 100, ltp: 200 },
  ]);
  const { ticks, malformed, reason } = decodeAll(frame.subarray(0, 112 + 50));
  assert.deepEqual(
    ticks.map((t) => t.ltp),
    [100],
  );
  assert.equal(malformed, 1);
  assert.equal(reason, 'truncated');
});

test('a price outside the day range, a bad scale or a bad depth flag is dropped, never believed', () => {
  const outside = encodePacket({ token: 1, time: 100, ltp: 900, high: 815, low: 800 });
  const badScale = encodePacket({ token: 2, time: 100, ltp: 100 });
  new DataView(badScale.buffer).setInt32(24, 7);
  const badFlag = encodePacket({ token: 3, time: 100, ltp: 100 });
  badFlag[18] = 9;
  const good = encodePacket({ token: 4, time: 100, ltp: 50 });
  assert.equal(decodeAll(outside).reason, 'bad-price');
  assert.equal(decodeAll(badScale).reason, 'bad-price-scale');
  // The bad packet is skipped and the next one still decodes (its size is known).
  const mixed = decodeAll(concat(badScale, good));
  assert.deepEqual(
    mixed.ticks.map((t) => t.token),
    [4],
  );
  assert.equal(mixed.malformed, 1);
  // A bad depth flag makes the size unknown: the rest of that frame is dropped.
  const flagged = decodeAll(concat(badFlag, good));
  assert.equal(flagged.reason, 'bad-depth-flag');
  assert.equal(flagged.ticks.length, 0);
});

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

test('random bytes never throw and never yield a non-finite or non-positive price', () => {
  const decoder = createPacketDecoder();
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
      decoder.decode(bytes, (t) => {
        if (!t.oiOnly) {
          assert.ok(Number.isFinite(t.ltp) && t.ltp > 0);
          if (Number.isFinite(t.high) && Number.isFinite(t.low))
            assert.ok(t.ltp >= t.low && t.ltp <= t.high);
        }
      });
    }),
    { numRuns: 2000 },
  );
});

test('a good frame with any byte flipped never yields a price outside its own range', () => {
  const frame = encodeFrame([
    { token: 7, time: 100, ltp: 500, high: 510, low: 490, bid: 499.95, ask: 500.05 },
    { token: 8, time: 100, ltp: 20, high: 21, low: 19, depth: true, bid: 19.95, ask: 20.05 },
  ]);
  const decoder = createPacketDecoder();
  fc.assert(
    fc.property(fc.nat(frame.length - 1), fc.integer({ min: 1, max: 255 }), (i, x) => {
      const copy = frame.slice();
      copy[i] = copy[i]! ^ x;
      decoder.decode(copy, (t) => {
        if (!t.oiOnly) assert.ok(t.ltp > 0 && Number.isFinite(t.ltp));
      });
    }),
    { numRuns: 1000 },
  );
});

test('agrees with the broker SDK (fyers-api-v2 unPackUDP) on the same frames', async () => {
  const { createRequire } = await import('node:module');
  const sdk = createRequire(import.meta.url)('fyers-api-v2/helper/helper.js') as {
    getGlobalFiresDict: Record<string, string>;
    unPackUDP(resp: { data: ArrayBuffer }): {
      s: string;
      d: Record<string, { fy: number; v: Record<string, unknown> }[]>;
    };
  };
  const specs = [
    {
      token: 10100000003045,
      time: 1_763_900_000,
      ltp: 812.35,
      high: 815,
      low: 801,
      prevClose: 808.2,
      bid: 812.3,
      ask: 812.4,
      volume: 4242,
    },
    {
      token: 10100000003046,
      time: 1_763_900_001,
      ltp: 99.95,
      high: 101,
      low: 98,
      prevClose: 100,
      bid: 99.9,
      ask: 100,
      depth: true,
    },
    {
      token: 10100000003047,
      time: 1_763_900_002,
      code: PacketCode.QuoteWithOi,
      ltp: 24_001.5,
      high: 24_100,
      low: 23_900,
      prevClose: 24_000,
      bid: 24_001,
      ask: 24_002,
      oi: 12_345,
    },
  ];
  for (const s of specs) sdk.getGlobalFiresDict[String(s.token)] = `NSE:T${s.token}`;
  const frame = encodeFrame(specs);
  const theirs = sdk.unPackUDP({ data: Uint8Array.from(frame).buffer });
  assert.equal(theirs.s, 'ok');
  const byToken = new Map(
    [...theirs.d['7208']!, ...theirs.d['31038']!].map((p) => [Number(p.fy), p.v]),
  );
  const ours = decodeAll(frame).ticks;
  assert.equal(ours.length, 3);
  for (const t of ours) {
    const v = byToken.get(t.token)!;
    assert.ok(v, `SDK decoded token ${t.token}`);
    assert.equal(t.ltp, v.lp);
    assert.equal(t.bid, v.bid);
    assert.equal(t.ask, v.ask);
    assert.equal(t.prevClose, v.prev_close_price);
    assert.equal(t.volume, v.volume);
  }
});
