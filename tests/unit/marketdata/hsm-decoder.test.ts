/**
 * The v3 data-socket decoder against hostile input: truncated, mutated and random frames give
 * a reason or nothing, never a throw, and a frame before the field map is refused; a good
 * snapshot then update decode to the values the shared encoder wrote.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHsmDecoder } from '../../../electron/core/marketdata/v3/hsm-decoder';
import {
  encodeConnectAnswer,
  encodeData,
  encodeStatusAnswer,
} from '../../../shared/marketdata/v3/hsm-frames';
import {
  HSM_INDEX_TIME_SHIFT_S,
  HSM_MAX_PACKETS_PER_FRAME,
  HSM_NO_VALUE,
  HSM_SCRIP_FIELDS,
  HsmMessageType,
  hsmFieldIndex,
  hsmFieldMap,
} from '../../../shared/marketdata/v3/hsm-protocol';

const values = (over: Record<string, number>) =>
  HSM_SCRIP_FIELDS.map((f) => over[f.fld] ?? HSM_NO_VALUE);

const snapshot = encodeData([
  {
    kind: 'snapshot',
    topicId: 7,
    topic: 'sf|nse_cm|3045',
    values: values({
      ltp: 80_005,
      c: 79_900,
      v: 1200,
      bp: 80_000,
      sp: 80_010,
      fdtm: 1_800_000_000,
    }),
    multiplier: 1,
    precision: 2,
    strings: ['nse_cm', '3045', 'NSE:SBIN-EQ'],
  },
]);

test('a snapshot then an update decode to the encoded prices; unchanged fields persist', () => {
  const d = createHsmDecoder();
  assert.deepEqual(d.decode(encodeConnectAnswer(true, hsmFieldMap())), {
    kind: 'connected',
    ok: true,
  });
  const a = d.decode(snapshot);
  assert.equal(a.kind, 'data');
  const t = a.kind === 'data' ? a.ticks[0]!.tick : undefined;
  assert.equal(t?.ltp, 800.05);
  assert.equal(t?.prevClose, 799);
  assert.equal(t?.bid, 800);
  assert.equal(t?.time, 1_800_000_000);
  const upd = values({});
  upd[hsmFieldIndex(HSM_SCRIP_FIELDS, 'ltp')] = 80_100;
  const b = d.decode(encodeData([{ kind: 'update', topicId: 7, values: upd }]));
  const u = b.kind === 'data' ? b.ticks[0]!.tick : undefined;
  assert.equal(u?.ltp, 801);
  assert.equal(u?.bid, 800, 'a field the update did not carry keeps its value');
  assert.deepEqual(d.decode(encodeStatusAnswer(HsmMessageType.Subscribe, false)), {
    kind: 'answer',
    type: HsmMessageType.Subscribe,
    ok: false,
  });
});

test('an index time is shifted back from IST', () => {
  const d = createHsmDecoder();
  d.decode(encodeConnectAnswer(true, hsmFieldMap()));
  const r = d.decode(
    encodeData([
      {
        kind: 'snapshot',
        topicId: 1,
        topic: 'if|nse_cm|NIFTY50',
        values: [2_400_000, 2_390_000, 1_800_000_000 + HSM_INDEX_TIME_SHIFT_S, 0, 0, 0],
        multiplier: 1,
        precision: 2,
        strings: ['nse_cm', 'NIFTY50', 'NSE:NIFTY50-INDEX'],
      },
    ]),
  );
  assert.ok(
    r.kind === 'data' && r.ticks[0]!.tick.time === 1_800_000_000 && r.ticks[0]!.tick.isIndex,
  );
});

test('data before the field map, truncated, mutated and random frames never throw', () => {
  assert.deepEqual(createHsmDecoder().decode(snapshot), {
    kind: 'malformed',
    reason: 'hsm-data-before-field-map',
  });
  const d = createHsmDecoder();
  d.decode(encodeConnectAnswer(true, hsmFieldMap()));
  for (let cut = 0; cut < snapshot.length; cut++) {
    const r = d.decode(snapshot.subarray(0, cut));
    assert.equal(r.kind, 'malformed', `cut at ${cut}`);
  }
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) >>> 0) >>> 16) & 0xff;
  for (let k = 0; k < 2000; k++) {
    const m = Uint8Array.from(snapshot);
    for (let j = 0; j < 1 + (k % 4); j++) m[rnd() % m.length] = rnd();
    assert.doesNotThrow(() => d.decode(m));
    const junk = Uint8Array.from({ length: rnd() % 64 }, rnd);
    assert.doesNotThrow(() => d.decode(junk));
  }
  assert.deepEqual(d.decode(encodeConnectAnswer(true, undefined)).kind, 'malformed');
});

test('a frame never outgrows its 2-byte length: the encoder refuses, a full chunk fits', () => {
  const depth = (topicId: number) => ({
    kind: 'snapshot' as const,
    topicId,
    topic: `dp|nse_cm|${100_000 + topicId}`,
    values: Array.from({ length: 30 }, () => 123_456),
    multiplier: 1,
    precision: 2,
    strings: ['nse_cm', String(100_000 + topicId), 'NSE:SOMETHING-LONGER-EQ'] as const,
  });
  const chunk = Array.from({ length: HSM_MAX_PACKETS_PER_FRAME }, (_, k) => depth(k));
  assert.ok(encodeData(chunk).length <= 0xffff + 2);
  assert.throws(() => encodeData([...chunk, ...chunk, ...chunk, ...chunk]), RangeError);
});

/** A decoder that has read the field map. */
function connected() {
  const d = createHsmDecoder();
  d.decode(encodeConnectAnswer(true, hsmFieldMap()));
  return d;
}

/** A scrip snapshot of topic 7 with these values (the rest: a sane SBIN tick). */
const scripSnapshot = (over: Record<string, number>, scale = { multiplier: 1, precision: 2 }) =>
  encodeData([
    {
      kind: 'snapshot',
      topicId: 7,
      topic: 'sf|nse_cm|3045',
      values: values({
        ltp: 80_005,
        c: 79_900,
        op: 79_950,
        h: 80_500,
        lo: 79_500,
        lcl: 71_910,
        ucl: 87_890,
        v: 1200,
        ltq: 5,
        bp: 80_000,
        sp: 80_010,
        fdtm: 1_800_000_000,
        ...over,
      }),
      ...scale,
      strings: ['nse_cm', '3045', 'NSE:SBIN-EQ'],
    },
  ]);

const update = (over: Record<string, number>) => {
  const upd = values({});
  for (const [k, v] of Object.entries(over)) upd[hsmFieldIndex(HSM_SCRIP_FIELDS, k)] = v;
  return encodeData([{ kind: 'update', topicId: 7, values: upd }]);
};

const ticksOf = (r: ReturnType<ReturnType<typeof createHsmDecoder>['decode']>) =>
  r.kind === 'data' ? r.ticks.map((t) => t.tick.ltp) : [];
const reasonOf = (r: ReturnType<ReturnType<typeof createHsmDecoder>['decode']>) =>
  r.kind === 'data' ? r.reason : r.kind === 'malformed' ? r.reason : null;

test('value checks as v2: a non-positive price, a negative count, a bad scale or time is refused by reason', () => {
  const bad: [string, Uint8Array, string][] = [
    ['zero ltp', scripSnapshot({ ltp: 0 }), 'hsm-bad-price'],
    ['negative ltp', scripSnapshot({ ltp: -80_005 }), 'hsm-bad-price'],
    ['negative open', scripSnapshot({ op: -1 }), 'hsm-bad-price'],
    ['negative bid', scripSnapshot({ bp: -80_000 }), 'hsm-bad-price'],
    ['negative volume', scripSnapshot({ v: -5 }), 'hsm-bad-price'],
    ['negative last qty', scripSnapshot({ ltq: -1 }), 'hsm-bad-price'],
    ['negative time', scripSnapshot({ fdtm: -3 }), 'hsm-bad-time'],
    ['zero multiplier', scripSnapshot({}, { multiplier: 0, precision: 2 }), 'hsm-bad-price-scale'],
    ['precision 9', scripSnapshot({}, { multiplier: 1, precision: 9 }), 'hsm-bad-price-scale'],
    [
      'scale past 10^8',
      scripSnapshot({}, { multiplier: 1000, precision: 8 }),
      'hsm-bad-price-scale',
    ],
  ];
  for (const [name, frame, reason] of bad) {
    const d = connected();
    const r = d.decode(frame);
    assert.deepEqual(ticksOf(r), [], `${name}: no tick`);
    assert.equal(reasonOf(r), reason, name);
    // Nothing of it was kept: an update of the refused topic gives no tick either.
    assert.deepEqual(ticksOf(d.decode(update({ ltp: 80_100 }))), [], `${name}: no state kept`);
  }
});

test('out-of-band prices: outside the day range is refused, the last good state stays', () => {
  const d = connected();
  assert.deepEqual(ticksOf(d.decode(scripSnapshot({}))), [800.05]);
  for (const [name, over] of [
    ['above the day high', { ltp: 81_000 }],
    ['below the day low', { ltp: 79_000 }],
    ['low above high', { lo: 80_600 }],
    ['high below the last price', { h: 79_800 }],
  ] as const) {
    const r = d.decode(update(over));
    assert.deepEqual(ticksOf(r), [], name);
    assert.equal(reasonOf(r), 'hsm-bad-price', name);
  }
  // A new high moves both in one update; a later bid-only update keeps the last good price.
  assert.deepEqual(ticksOf(d.decode(update({ ltp: 80_600, h: 80_600 }))), [806]);
  const r = d.decode(update({ bp: 80_590 }));
  assert.deepEqual(ticksOf(r), [806]);
  assert.equal(reasonOf(r), null);
  assert.deepEqual(
    ticksOf(connected().decode(scripSnapshot({ ltp: 81_000 }))),
    [],
    'a snapshot outside its own range',
  );
});

test('a frame with a good and a bad topic gives the good one and counts the bad one', () => {
  const d = connected();
  const frame = encodeData([
    {
      kind: 'snapshot',
      topicId: 1,
      topic: 'sf|nse_cm|3045',
      values: values({ ltp: 80_005, fdtm: 1_800_000_000 }),
      multiplier: 1,
      precision: 2,
      strings: ['nse_cm', '3045', 'NSE:SBIN-EQ'],
    },
    {
      kind: 'snapshot',
      topicId: 2,
      topic: 'sf|nse_cm|11536',
      values: values({ ltp: -4, fdtm: 1_800_000_000 }),
      multiplier: 1,
      precision: 2,
      strings: ['nse_cm', '11536', 'NSE:TCS-EQ'],
    },
  ]);
  const r = d.decode(frame);
  assert.ok(r.kind === 'data');
  assert.deepEqual(
    r.ticks.map((t) => [t.topic, t.tick.ltp]),
    [['sf|nse_cm|3045', 800.05]],
  );
  assert.equal(r.rejected, 1);
  assert.equal(r.reason, 'hsm-bad-price');
});

test('an index at or below zero, and a depth level below zero, are refused', () => {
  const d = connected();
  const index = (iv: number) =>
    encodeData([
      {
        kind: 'snapshot',
        topicId: 3,
        topic: 'if|nse_cm|NIFTY50',
        values: [iv, 2_390_000, 1_800_000_000 + HSM_INDEX_TIME_SHIFT_S, 0, 0, 0],
        multiplier: 1,
        precision: 2,
        strings: ['nse_cm', 'NIFTY50', 'NSE:NIFTY50-INDEX'],
      },
    ]);
  assert.equal(reasonOf(d.decode(index(0))), 'hsm-bad-price');
  assert.equal(reasonOf(d.decode(index(-2_400_000))), 'hsm-bad-price');
  const depth = (bq: number) =>
    encodeData([
      {
        kind: 'snapshot',
        topicId: 4,
        topic: 'dp|nse_cm|3045',
        values: [
          ...[80_000, 79_995, 79_990, 79_985, 79_980],
          ...[80_010, 80_015, 80_020, 80_025, 80_030],
          ...[bq, 10, 10, 10, 10],
          ...[10, 10, 10, 10, 10],
          ...[1, 1, 1, 1, 1],
          ...[1, 1, 1, 1, 1],
        ],
        multiplier: 1,
        precision: 2,
        strings: ['nse_cm', '3045', 'NSE:SBIN-EQ'],
      },
    ]);
  const good = d.decode(depth(10));
  assert.ok(good.kind === 'data' && good.depths.length === 1);
  const bad = d.decode(depth(-10));
  assert.ok(bad.kind === 'data' && bad.depths.length === 0);
  assert.equal(reasonOf(bad), 'hsm-bad-price');
});

test('lite packets carry only the price: a new high passes, high and low then unknown until restated', () => {
  const d = connected();
  d.decode(scripSnapshot({}));
  const lite = (ltp: number) => encodeData([{ kind: 'lite', topicId: 7, values: [ltp] }]);
  const r = d.decode(lite(81_000));
  assert.deepEqual(ticksOf(r), [810], 'a new high in lite mode');
  const t = r.kind === 'data' ? r.ticks[0]!.tick : undefined;
  assert.ok(Number.isNaN(t?.high) && Number.isNaN(t?.low), 'no stale day range beside it');
  assert.equal(reasonOf(d.decode(lite(-1))), 'hsm-bad-price');
  // A full update restating the range brings the range checks back.
  assert.deepEqual(ticksOf(d.decode(update({ ltp: 81_000, h: 81_000, lo: 79_500 }))), [810]);
  assert.equal(reasonOf(d.decode(update({ ltp: 82_000 }))), 'hsm-bad-price');
});
