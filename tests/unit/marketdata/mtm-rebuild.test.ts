import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Side } from '../../../shared/broker/enums';
import { positionPlAt } from '../../../shared/marketdata/live-pnl';
import {
  carriedStartOf,
  planRebuild,
  rebuildMtm,
  type SymbolCandles,
} from '../../../electron/core/marketdata/mtm-rebuild';
import { candle, fill, ist, minuteCandles, positionAfter } from './mtm-fixtures';

const SBIN = 'NSE:SBIN-EQ';
const TCS = 'NSE:TCS-EQ';
const NIFTY = 'NSE:NIFTY26NOVFUT';
const GOLD = 'MCX:GOLDM26DECFUT';

const round2 = (n: number) => Math.round(n * 100) / 100;
const near = (a: number, b: number, what: string) =>
  assert.ok(Math.abs(a - b) <= 0.011, `${what}: ${a} vs ${b}`);

test('fills in and out during the day: net and cash per minute, meeting positionPlAt at the last minute', () => {
  const fills = [
    fill(SBIN, Side.Buy, 10, 800, ist(10, 0, 30)),
    fill(SBIN, Side.Sell, 4, 810, ist(10, 20, 10)),
    fill(SBIN, Side.Buy, 2, 805, ist(10, 40, 5)),
  ];
  const closeAt = (t: number) => 800 + ((t - ist(10, 0)) / 60_000) * 0.25;
  const anchorAt = ist(11, 0, 20);
  const position = positionAfter(SBIN, fills, 816);
  const anchor = { at: anchorAt, positions: [position] };
  const plan = planRebuild(anchor, fills);
  assert.equal(plan.from, ist(10, 0), 'starts at the first fill’s minute');
  assert.equal(plan.symbols[0]!.carried, 0);
  const candles = new Map<string, SymbolCandles>([
    [SBIN, { candles: minuteCandles(ist(9, 15), ist(10, 59), closeAt), dropped: 0 }],
  ]);
  const { points, notes } = rebuildMtm(anchor, plan, candles);
  assert.deepEqual(notes, []);
  assert.equal(points.length, 60, 'one point a minute, 10:00 to 10:59');
  assert.ok(points.every((p) => p.source === 'rebuilt' && p.positions === 1));
  const at = (h: number, m: number) => points.find((p) => p.at === ist(h, m))!.pl;
  // 10:00: bought 10 at 800, marked at 800.
  assert.equal(at(10, 0), round2(10 * closeAt(ist(10, 0)) - 8000));
  // 10:19: still 10 long; 10:20: 4 sold at 810, 6 left.
  assert.equal(at(10, 19), round2(10 * closeAt(ist(10, 19)) - 8000));
  assert.equal(at(10, 20), round2(6 * closeAt(ist(10, 20)) - 8000 + 3240));
  // 10:40: 2 more bought at 805, 8 long.
  assert.equal(at(10, 40), round2(8 * closeAt(ist(10, 40)) - 8000 + 3240 - 1610));
  // The last minute is the Positions screen's figure at that minute's price.
  const last = points.at(-1)!;
  assert.equal(last.at, ist(10, 59));
  near(last.pl, positionPlAt(position, closeAt(ist(10, 59))).pl, 'meets positionPlAt');
});

test('a position carried in overnight starts at 09:15 at its own basis and meets positionPlAt', () => {
  // 50 carried long at 24,000; 25 sold today at 24,100.
  const fills = [fill(NIFTY, Side.Sell, 25, 24_100, ist(11, 0, 40))];
  const position = positionAfter(NIFTY, fills, 24_080, {
    carried: 50,
    carriedAvg: 24_000,
    productType: 'MARGIN',
  });
  const anchor = { at: ist(12, 0, 5), positions: [position] };
  const plan = planRebuild(anchor, fills);
  assert.equal(plan.from, ist(9, 15), 'the open, not the fill');
  assert.equal(carriedStartOf(ist(12, 0, 5) + 123), ist(9, 15), 'to the millisecond');
  assert.equal(plan.symbols[0]!.carried, 50);
  const closeAt = (t: number) => 24_050 + ((t - ist(9, 15)) / 60_000) * 0.1;
  const candles = new Map<string, SymbolCandles>([
    [NIFTY, { candles: minuteCandles(ist(9, 15), ist(11, 59), closeAt), dropped: 0 }],
  ]);
  const { points, notes } = rebuildMtm(anchor, plan, candles);
  assert.deepEqual(notes, []);
  assert.equal(points[0]!.at, ist(9, 15));
  // Before any fill: the carried 50 against their basis.
  near(points[0]!.pl, 50 * (closeAt(ist(9, 15)) - 24_000), '09:15');
  near(
    points.find((p) => p.at === ist(11, 0))!.pl,
    25 * (24_100 - 24_000) + 25 * (closeAt(ist(11, 0)) - 24_000),
    '11:00, after the sale',
  );
  near(points.at(-1)!.pl, positionPlAt(position, closeAt(ist(11, 59))).pl, 'meets positionPlAt');
});

test('a commodity multiplier and a product conversion: symbols, not positions, carry the day', () => {
  const fills = [fill(GOLD, Side.Buy, 2, 70_000, ist(10, 5, 0))];
  // The 2 bought intraday were converted: one lot moved to MARGIN with no fill.
  const whole = positionAfter(GOLD, fills, 70_300, { multiplier: 10 });
  const intraday = {
    ...whole,
    id: `${GOLD}-INTRADAY`,
    netQty: 1,
    qty: 1,
    buyQty: 1,
    pl: whole.pl / 2,
  };
  const margin = { ...intraday, id: `${GOLD}-MARGIN`, productType: 'MARGIN' as const };
  const anchor = { at: ist(10, 30, 0), positions: [intraday, margin] };
  const plan = planRebuild(anchor, fills);
  assert.equal(plan.symbols[0]!.carried, 0, 'a conversion is not a carry');
  const closeAt = (t: number) => 70_000 + (t - ist(10, 5)) / 6_000;
  const candles = new Map<string, SymbolCandles>([
    [GOLD, { candles: minuteCandles(ist(9, 0), ist(10, 29), closeAt), dropped: 0 }],
  ]);
  const { points } = rebuildMtm(anchor, plan, candles);
  const price = closeAt(ist(10, 29));
  near(
    points.at(-1)!.pl,
    positionPlAt(intraday, price).pl + positionPlAt(margin, price).pl,
    'meets positionPlAt',
  );
  near(points[0]!.pl, 2 * 10 * (closeAt(ist(10, 5)) - 70_000), 'the multiplier applies');
});

test('a symbol with no candles: only the minutes it was open are left out, and the screen is told', () => {
  const fills = [
    fill(SBIN, Side.Buy, 10, 800, ist(10, 0, 10)),
    fill(TCS, Side.Buy, 1, 4000, ist(10, 10, 10)),
    fill(TCS, Side.Sell, 1, 4010, ist(10, 20, 10)),
  ];
  const anchor = {
    at: ist(10, 40, 30),
    positions: [positionAfter(SBIN, fills, 801), positionAfter(TCS, fills, 4020)],
  };
  const plan = planRebuild(anchor, fills);
  const sbin = minuteCandles(ist(9, 15), ist(10, 39), () => 802);
  for (const tcs of [{ error: 'HTTP 500' }, { candles: [], dropped: 0 }] as SymbolCandles[]) {
    const { points, notes } = rebuildMtm(
      anchor,
      plan,
      new Map([
        [SBIN, { candles: sbin, dropped: 0 }],
        [TCS, tcs],
      ]),
    );
    // 10:00–10:09 and 10:20–10:39 are shown; TCS was open 10:10–10:19.
    assert.equal(points.length, 30);
    assert.equal(points[0]!.at, ist(10, 0));
    assert.ok(!points.some((p) => p.at >= ist(10, 10) && p.at < ist(10, 20)));
    // After TCS closed its cash stands: +10 on top of SBIN.
    assert.equal(points.find((p) => p.at === ist(10, 20))!.pl, 10 * 802 - 8000 + 10);
    assert.equal(notes.length, 1);
    assert.equal(notes[0]!.symbol, TCS);
    assert.equal(notes[0]!.kind, 'error' in tcs ? 'history-failed' : 'no-candles');
    assert.match(
      notes[0]!.text,
      'error' in tcs ? /could not be read \(HTTP 500\)/ : /no 1-minute candles/,
    );
  }
});

test('a bad candle is left out and counted; the minute before stands in and the series goes on', () => {
  const fills = [fill(SBIN, Side.Buy, 10, 800, ist(10, 0, 10))];
  const anchor = { at: ist(10, 10, 30), positions: [positionAfter(SBIN, fills, 805)] };
  const plan = planRebuild(anchor, fills);
  const list = minuteCandles(ist(9, 15), ist(10, 9), (t) => (t === ist(10, 4) ? 810 : 800));
  // 10:05 closes at nothing a price can be (a broker glitch the normalizer would also refuse).
  list[list.findIndex((c) => c.time * 1000 === ist(10, 5))] = {
    ...candle(ist(10, 5), 1),
    close: Number.NaN,
  };
  const { points, notes } = rebuildMtm(
    anchor,
    plan,
    new Map([[SBIN, { candles: list, dropped: 2 }]]),
  );
  assert.equal(points.length, 10, 'no minute lost');
  assert.equal(
    points.find((p) => p.at === ist(10, 5))!.pl,
    10 * 810 - 8000,
    '10:04’s close stands in',
  );
  assert.deepEqual(
    notes.map((n) => [n.kind, n.symbol]),
    [['bad-candles', SBIN]],
  );
  assert.match(notes[0]!.text, /3 unusable candles left out/);
});

test('minutes before a symbol’s first candle are left out and said; a fill without a time stops the rebuild', () => {
  const fills = [fill(SBIN, Side.Buy, 10, 800, ist(10, 0, 10))];
  const anchor = { at: ist(10, 10, 30), positions: [positionAfter(SBIN, fills, 805)] };
  const late = minuteCandles(ist(10, 3), ist(10, 9), () => 801);
  const r = rebuildMtm(
    anchor,
    planRebuild(anchor, fills),
    new Map([[SBIN, { candles: late, dropped: 0 }]]),
  );
  assert.equal(r.points[0]!.at, ist(10, 3));
  assert.deepEqual(
    r.notes.map((n) => n.kind),
    ['unpriced'],
  );
  assert.match(r.notes[0]!.text, /3 minutes up to 10:02 left out/);

  const untimed = [...fills, { ...fill(SBIN, Side.Sell, 1, 801, ist(10, 5)), tradedAt: null }];
  const u = rebuildMtm(
    anchor,
    planRebuild(anchor, untimed),
    new Map([[SBIN, { candles: late, dropped: 0 }]]),
  );
  assert.deepEqual(u.points, []);
  assert.deepEqual(
    u.notes.map((n) => n.kind),
    ['untimed-fills'],
  );
});

test('fills after the anchor or on another day are not the rebuild’s; nothing traded or carried, nothing to rebuild', () => {
  const early = fill(SBIN, Side.Buy, 10, 800, ist(10, 0, 10));
  const after = fill(SBIN, Side.Sell, 10, 805, ist(10, 30));
  const yesterday = fill(SBIN, Side.Buy, 5, 790, ist(10, 0) - 86_400_000);
  const anchor = { at: ist(10, 10, 30), positions: [positionAfter(SBIN, [early], 805)] };
  const plan = planRebuild(anchor, [early, after, yesterday]);
  assert.equal(plan.symbols[0]!.fills.length, 1);
  assert.equal(plan.symbols[0]!.carried, 0);
  assert.equal(planRebuild({ at: ist(10, 0), positions: [] }, []).from, null);
});
