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
