/** What the candle chart draws over a symbol: its waiting alerts and active GTT triggers. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { PriceAlert, PriceAlertsView } from '../../../shared/alerts/price-alert';
import type { Gtt, GttView } from '../../../shared/broker/gtt';
import {
  chartLevels,
  lineAt,
  onTick,
  stepPrice,
} from '../../../renderer/src/marketdata/chart-levels';

const SYM = 'NSE:INFY-EQ';

function alert(id: string, over: Partial<PriceAlert> = {}): PriceAlert {
  return {
    id: `pa-${id}`,
    symbol: SYM,
    condition: 'price-above',
    value: 1530,
    repeat: false,
    cooldownMinutes: 5,
    note: '',
    status: 'active',
    createdAt: 0,
    lastFiredAt: null,
    lastFiredPrice: null,
    fired: 0,
    ...over,
  };
}

const view = (alerts: PriceAlert[]): PriceAlertsView => ({
  alerts,
  heldBy: 'app',
  feed: 'live',
  note: '',
  max: 200,
});

function gtt(id: string, over: Partial<Gtt> = {}): Gtt {
  return {
    id,
    symbol: SYM,
    side: -1,
    productType: 'CNC',
    kind: 'oco',
    leg1: { triggerPrice: 1650, limitPrice: 1648, qty: 5 },
    leg2: { triggerPrice: 1400, limitPrice: 1398, qty: 5 },
    status: 'active',
    message: '',
    createdAt: 0,
    expiresAt: 0,
    ...over,
  };
}

const gtts = (list: Gtt[], available = true): GttView => ({
  available,
  unavailable: null,
  gtts: list,
  actions: [],
  readAt: 1,
  skipped: 0,
});

it('draws the waiting price alerts of the symbol only, paused ones in their own style', () => {
  const p = chartLevels(
    SYM,
    view([
      alert('a'),
      alert('b', { status: 'paused', condition: 'price-below', value: 1450, note: 'dip' }),
      alert('c', { status: 'triggered' }),
      alert('d', { symbol: 'NSE:TCS-EQ' }),
      alert('e', { condition: 'change-above', value: 2 }),
    ]),
    null,
  );
  assert.deepEqual(
    p.levels.map((l) => [l.key, l.price, l.style, l.title]),
    [
      ['alert:pa-a', 1530, 'alert', 'Alert ↑'],
      ['alert:pa-b', 1450, 'alert-paused', 'Alert ↓ (paused)'],
    ],
  );
  assert.equal(p.levels[1]!.words, 'Alert: Price crosses below ₹1,450, paused (dip)');
  assert.equal(p.undrawn, 1, 'the % change alert has no price to draw, and is counted');
});

it('draws an active OCO GTT as its target and stop, a single GTT as one line; others not', () => {
  const p = chartLevels(
    SYM,
    null,
    gtts([
      gtt('1'),
      gtt('2', {
        kind: 'single',
        side: 1,
        leg2: null,
        leg1: { triggerPrice: 1500, limitPrice: 1500, qty: 1 },
      }),
      gtt('3', { status: 'cancelled' }),
      gtt('4', { symbol: 'NSE:TCS-EQ' }),
    ]),
  );
  assert.deepEqual(
    p.levels.map((l) => [l.key, l.price, l.style, l.title, l.alert]),
    [
      ['gtt:1:leg1', 1650, 'gtt-target', 'GTT SELL target', null],
      ['gtt:2:leg1', 1500, 'gtt-single', 'GTT BUY', null],
      ['gtt:1:leg2', 1400, 'gtt-stop', 'GTT SELL stop', null],
    ],
  );
  assert.deepEqual(chartLevels(SYM, null, gtts([gtt('1')], false)).levels, [], 'no GTT on v2');
  assert.deepEqual(chartLevels(null, view([alert('a')]), null).levels, [], 'no symbol');
});

it('moves a level by whole ticks, never to zero, and lands a drag on the tick grid', () => {
  assert.equal(stepPrice(1530, 1, 0.05), 1530.05);
  assert.equal(stepPrice(1530, -10, 0.1), 1529);
  assert.equal(stepPrice(0.1, -5, 0.05), 0.05);
  assert.equal(onTick(1530.037, 0.05), 1530.05);
  assert.equal(onTick(-3, 0.05), null);
  assert.equal(onTick(Number.NaN, 0.05), null);
});

it('finds the nearest line within a few pixels of the pointer, none farther', () => {
  const ys = [
    { key: 'a', y: 100 },
    { key: 'b', y: 106 },
    { key: 'c', y: null },
  ];
  assert.equal(lineAt(102, ys), 'a');
  assert.equal(lineAt(105, ys), 'b');
  assert.equal(lineAt(120, ys), null);
});
