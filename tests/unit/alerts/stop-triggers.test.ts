/**
 * The stop-trigger watch on its own clock and quote cache: only prices newer than the watch
 * count, a modified trigger starts over, each order reports once, and the held symbols
 * follow the waiting orders (released when none is left).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import type { Order } from '../../../shared/broker/models';
import { order } from './order-row';
import { EMPTY_QUOTE_FIELDS, type Quote } from '../../../shared/marketdata/quote';
import { createQuoteCache } from '../../../electron/core/marketdata/quote-cache';
import { createStopTriggerWatch } from '../../../electron/core/alerts/stop-triggers';

function setup() {
  let now = 1_000;
  const quotes = createQuoteCache({ clock: { now: () => now } });
  const held: string[][] = [];
  const hits: [string, number][] = [];
  const watch = createStopTriggerWatch({
    now: () => now,
    quotes,
    hold: (s) => held.push([...s]),
    triggered: (o, ltp) => hits.push([o.id, ltp]),
  });
  const price = (ltp: number, at = now) =>
    quotes.put({
      ...EMPTY_QUOTE_FIELDS,
      symbol: 'NSE:SBIN-EQ',
      ltp,
      at,
      source: 'socket',
    } as Quote);
  return { watch, price, held, hits, tick: (ms: number) => (now += ms) };
}

const sellStop = (over: Partial<Order> = {}) =>
  order({
    id: 'S1',
    type: OrderType.StopLimit,
    side: Side.Sell,
    stopPrice: 940,
    limitPrice: 938,
    ...over,
  });

describe('stop-trigger watch', () => {
  it('a sell stop reports once when a price at or below its trigger arrives', () => {
    const t = setup();
    t.watch.observe([sellStop()]);
    assert.deepEqual(t.held.at(-1), ['NSE:SBIN-EQ']);
    t.tick(10);
    t.price(941);
    assert.deepEqual(t.hits, []);
    t.tick(10);
    t.price(940);
    t.tick(10);
    t.price(930);
    assert.deepEqual(t.hits, [['S1', 940]]);
    assert.deepEqual(t.held.at(-1), [], 'nothing left to watch: released');
    t.watch.observe([sellStop()]);
    t.tick(10);
    t.price(925);
    assert.equal(t.hits.length, 1, 'a reported order is not watched again');
  });

  it('a buy stop reports at or above its trigger; a price older than the watch proves nothing', () => {
    const t = setup();
    t.watch.observe([order({ id: 'B1', type: OrderType.Stop, side: Side.Buy, stopPrice: 950 })]);
    t.price(955, 500);
    assert.deepEqual(t.hits, [], 'older than the watch');
    t.tick(5);
    t.price(950);
    assert.deepEqual(t.hits, [['B1', 950]]);
  });

  it('a modified trigger starts over; a filled, cancelled or limit order is not watched', () => {
    const t = setup();
    t.watch.observe([sellStop(), order({ id: 'L1', side: Side.Sell, limitPrice: 990 })]);
    t.tick(10);
    t.watch.observe([sellStop({ stopPrice: 920, limitPrice: 918 })]);
    t.price(930);
    assert.deepEqual(t.hits, [], 'the new trigger, 920, is not reached');
    t.watch.observe([sellStop({ stopPrice: 920, status: OrderStatus.Canceled })]);
    assert.deepEqual(t.held.at(-1), []);
    t.tick(10);
    t.price(900);
    assert.deepEqual(t.hits, []);
    t.watch.observe([sellStop({ id: 'S2', filledQty: 1 })]);
    assert.deepEqual(t.held.at(-1), []);
  });
});
