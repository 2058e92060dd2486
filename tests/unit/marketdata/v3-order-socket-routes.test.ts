/**
 * The one place a v3 order-socket message kind is routed: each routed kind's messages reach
 * the sink, the subscribe message names exactly the routed channels, and a kind with no row,
 * junk or an unknown status never becomes an order. The v3 socket addresses derive from one
 * host as the sandbox announces them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  dispatchV3OrderMessage,
  v3OrderSocketChannels,
} from '../../../electron/core/marketdata/v3/order-socket-routes';
import type { Order } from '../../../shared/broker/models';
import type { BrokerAlertFired } from '../../../electron/core/broker/broker-alerts';
import { v3SubscribeOrders } from '../../../shared/broker/v3/order-socket-wire';
import { v3SocketUrls } from '../../../shared/broker/v3/socket-addresses';

const wire = {
  id: '26112300000001',
  symbol: 'NSE:SBIN-EQ',
  qty: 10,
  qty_filled: 4,
  qty_remaining: 6,
  price_limit: 700,
  ord_type: 1,
  tran_side: 1,
  product_type: 'INTRADAY',
  ord_status: 22,
};

function sink() {
  const orders: Order[] = [];
  const malformed: string[] = [];
  const fired: BrokerAlertFired[] = [];
  return {
    orders,
    malformed,
    fired,
    order: (o: Order) => void orders.push(o),
    alertFired: (f: BrokerAlertFired) => void fired.push(f),
  };
}

test('an orders message reaches the sink as the app Order; other kinds and the pong do not', () => {
  const s = sink();
  const to = {
    order: s.order,
    alertFired: s.alertFired,
    malformed: (r: string) => void s.malformed.push(r),
  };
  dispatchV3OrderMessage(JSON.stringify({ orders: wire }), to);
  assert.equal(s.orders.length, 1);
  const o = s.orders[0]!;
  assert.equal(o.id, wire.id);
  assert.equal(o.status, 6, 'socket 22 is REST Pending');
  assert.equal(o.filledQty, 4);
  assert.equal(o.limitPrice, 700);
  dispatchV3OrderMessage(JSON.stringify({ trades: { id_fill: 'x' } }), to);
  dispatchV3OrderMessage(JSON.stringify({ positions: { symbol: 'NSE:SBIN-EQ' } }), to);
  dispatchV3OrderMessage('pong', to);
  dispatchV3OrderMessage(JSON.stringify({ s: 'error', message: 'bad' }), to);
  assert.equal(s.orders.length, 1);
  assert.deepEqual(s.malformed, []);
});

test('junk and an unknown status are counted malformed, never an order', () => {
  const s = sink();
  const to = {
    order: s.order,
    alertFired: s.alertFired,
    malformed: (r: string) => void s.malformed.push(r),
  };
  dispatchV3OrderMessage('{nope', to);
  dispatchV3OrderMessage(JSON.stringify({ orders: { ...wire, ord_status: 999 } }), to);
  dispatchV3OrderMessage('x'.repeat(70_000), to);
  assert.deepEqual(s.orders, []);
  assert.deepEqual(s.malformed, [
    'order-update-not-json',
    'order-update-unknown-status',
    'order-update-too-large',
  ]);
});

test('a pricealerts message reaches the sink as the fired alert; an unreadable one is malformed', () => {
  const s = sink();
  const to = {
    order: s.order,
    alertFired: s.alertFired,
    malformed: (r: string) => void s.malformed.push(r),
  };
  const push = {
    symbol: 'NSE:SBIN-EQ',
    alert: { name: 'breakout', condition: 'GT', value: 820, status: 3 },
    alertId: 7001,
    ltp: 830.5,
  };
  dispatchV3OrderMessage(JSON.stringify({ pricealerts: push }), to);
  dispatchV3OrderMessage(JSON.stringify({ pricealerts: { alertId: 'x' } }), to);
  assert.deepEqual(s.orders, []);
  assert.equal(s.fired.length, 1, JSON.stringify(s));
  assert.equal(s.fired[0]!.alert.id, '7001');
  assert.equal(s.fired[0]!.alert.state, 'triggered');
  assert.equal(s.fired[0]!.ltp, 830.5);
  assert.deepEqual(s.malformed, ['price-alert-push-unreadable']);
});

test('the app subscribes exactly the routed channels, with SUB_T 1', () => {
  assert.deepEqual(v3OrderSocketChannels(), ['orders', 'pricealerts']);
  assert.deepEqual(JSON.parse(v3SubscribeOrders(v3OrderSocketChannels(), true)), {
    T: 'SUB_ORD',
    SLIST: ['orders', 'pricealerts'],
    SUB_T: 1,
  });
  assert.equal(JSON.parse(v3SubscribeOrders(['orders'], false)).SUB_T, -1);
});

test('both v3 sockets are found from the socket host, whatever path the URL names', () => {
  const want = {
    orderSocketUrl: 'wss://socket.fyers.in/trade/v3',
    dataSocketUrl: 'wss://socket.fyers.in/hsm/v1-5/prod',
  };
  assert.deepEqual(v3SocketUrls('wss://socket.fyers.in'), want);
  assert.deepEqual(v3SocketUrls('wss://socket.fyers.in/hsm/v1-5/prod'), want);
  assert.deepEqual(
    v3SocketUrls('ws://127.0.0.1:4321').orderSocketUrl,
    'ws://127.0.0.1:4321/trade/v3',
  );
});
