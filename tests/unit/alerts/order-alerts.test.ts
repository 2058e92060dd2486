/**
 * Alert detection from order books: each kind once, nothing for the book the app started
 * with, and one alert when the same fill arrives pushed and then polled (or a stale poll
 * comes in between).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import type { Order } from '../../../shared/broker/models';
import { order } from './order-row';
import { createOrderAlertDetector } from '../../../electron/core/alerts/order-alerts';

const filled = (over: Partial<Order> = {}) =>
  order({
    status: OrderStatus.Traded,
    filledQty: 10,
    remainingQty: 0,
    tradedPrice: 1234.5,
    ...over,
  });

/** A detector past its baseline (an empty book at login). */
function started() {
  const d = createOrderAlertDetector();
  assert.deepEqual(d.observe([]), []);
  return d;
}

describe('order alerts', () => {
  it('raises nothing for the orders of the first book (no flood at login)', () => {
    const d = createOrderAlertDetector();
    const book = [
      filled({ id: 'a' }),
      order({ id: 'b', status: OrderStatus.Rejected, message: 'RMS: margin' }),
      order({ id: 'c', filledQty: 4, remainingQty: 6 }),
    ];
    assert.deepEqual(d.observe(book), []);
    assert.deepEqual(d.observe(book), [], 'the same book again changes nothing');
  });

  it('prices at the decimals of the symbol’s tick: a currency future’s four, paise without one', () => {
    const usd = 'NSE:USDINR26DECFUT';
    const d = createOrderAlertDetector((s) => (s === usd ? 0.0025 : undefined));
    assert.deepEqual(d.observe([]), []);
    d.observe([order({ id: 'u', symbol: usd }), order({ id: 's' })]);
    const [fx, eq] = d.observe([
      filled({ id: 'u', symbol: usd, tradedPrice: 89.5375 }),
      filled({ id: 's', tradedPrice: 812.3 }),
    ]);
    assert.match(fx?.body ?? '', /filled at ₹89\.5375 /);
    assert.match(eq?.body ?? '', /filled at ₹812\.30 /);
    const [sl] = d.triggered(
      order({
        id: 'v',
        symbol: usd,
        type: OrderType.StopLimit,
        stopPrice: 89.4025,
        limitPrice: 89.4,
      }),
      89.4,
    );
    assert.match(
      sl?.body ?? '',
      /\(trigger ₹89\.4025\).*last price ₹89\.4000.*limit order at ₹89\.4000/,
    );
  });

  it('a fill, with quantity, price and side in plain words', () => {
    const d = started();
    d.observe([order({ id: '7' })]);
    const [a, ...rest] = d.observe([filled({ id: '7' })]);
    assert.equal(rest.length, 0);
    assert.equal(a?.kind, 'fill');
    assert.equal(a?.orderId, '7');
    assert.equal(a?.symbol, 'NSE:SBIN-EQ');
    assert.equal(a?.title, 'Bought 10 NSE:SBIN-EQ');
    assert.match(a?.body ?? '', /filled at ₹1,234\.50/);
  });

  it('one alert when the same fill arrives pushed, then polled, with a stale poll between', () => {
    const d = started();
    d.observe([order({ id: '7' })]);
    const pushed = d.observe([filled({ id: '7' })]);
    const stale = d.observe([order({ id: '7' })]);
    const polled = d.observe([filled({ id: '7' })]);
    assert.equal(pushed.length, 1);
    assert.deepEqual([...stale, ...polled], []);
  });

  it('a partial fill per new quantity, then the fill', () => {
    const d = started();
    const part = d.observe([order({ id: '8', filledQty: 4, remainingQty: 6, tradedPrice: 100 })]);
    assert.equal(part[0]?.kind, 'partial-fill');
    assert.match(part[0]?.title ?? '', /bought 4 of 10/);
    assert.match(part[0]?.body ?? '', /6 still to fill/);
    assert.deepEqual(d.observe([order({ id: '8', filledQty: 4, remainingQty: 6 })]), []);
    assert.equal(d.observe([filled({ id: '8' })])[0]?.kind, 'fill');
  });

  it('a rejection carries the broker’s reason', () => {
    const d = started();
    const r = d.observe([
      order({ id: '9', status: OrderStatus.Rejected, message: 'Insufficient funds' }),
    ]);
    assert.equal(r[0]?.kind, 'rejection');
    assert.match(r[0]?.body ?? '', /The broker says: Insufficient funds\./);
    assert.deepEqual(d.observe([order({ id: '9', status: OrderStatus.Rejected })]), []);
  });

  it('a stop order that starts to fill is a stop-loss alert, not a fill', () => {
    const d = started();
    const sl = order({ id: 's', type: OrderType.Stop, side: Side.Sell, stopPrice: 790 });
    assert.deepEqual(d.observe([sl]), []);
    const r = d.observe([
      { ...sl, status: OrderStatus.Traded, filledQty: 10, remainingQty: 0, tradedPrice: 789.9 },
    ]);
    assert.equal(r.length, 1);
    assert.equal(r[0]?.kind, 'stop-loss');
    assert.match(r[0]?.body ?? '', /trigger ₹790\.00/);
  });

  it('the broker’s auto square-off (RMS) and an exit order are square-off alerts', () => {
    const d = started();
    const auto = d.observe([filled({ id: 'q', source: 'RMS', side: Side.Sell })]);
    assert.equal(auto[0]?.kind, 'square-off');
    assert.match(auto[0]?.title ?? '', /^Squared off/);
    const exit = d.observe([filled({ id: 'x', source: 'EXIT', side: Side.Sell })]);
    assert.equal(exit[0]?.kind, 'square-off');
    assert.match(exit[0]?.title ?? '', /^Position exited/);
  });

  it('an open order cancelled by the square-off is a square-off alert', () => {
    const d = started();
    d.observe([order({ id: 'o' })]);
    const r = d.observe([
      order({
        id: 'o',
        status: OrderStatus.Canceled,
        message: 'Cancelled by the automatic intraday square-off',
      }),
    ]);
    assert.equal(r[0]?.kind, 'square-off');
    assert.deepEqual(
      d.observe([order({ id: 'p', status: OrderStatus.Canceled, message: 'Cancelled by you' })]),
      [],
      'an ordinary cancellation is no alert',
    );
  });

  it('an order open at login that fills later does alert; reset starts a new baseline', () => {
    const d = createOrderAlertDetector();
    d.observe([order({ id: 'old' })]);
    assert.equal(d.observe([filled({ id: 'old' })])[0]?.kind, 'fill');
    d.reset();
    assert.deepEqual(d.observe([filled({ id: 'new' })]), [], 'baseline after reset');
  });

  it('a pushed (merged) book before the first full read is no baseline: no flood after it', () => {
    const d = createOrderAlertDetector();
    assert.deepEqual(d.observe([filled({ id: 'pushed' })], true), [], 'nothing before a baseline');
    // The first full read holds the whole day: none of it alerts.
    const day = [filled({ id: 'pushed' }), filled({ id: 'old1' }), order({ id: 'old2' })];
    assert.deepEqual(d.observe(day), []);
    // After the baseline, merged books alert like any other.
    assert.equal(d.observe([filled({ id: 'old2' })], true)[0]?.kind, 'fill');
  });
});
