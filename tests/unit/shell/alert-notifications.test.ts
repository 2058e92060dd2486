/**
 * The desktop app's OS notifications under the fake `electron`: the shell adapter fed by the
 * core's real alert service shows a Notification with the alert's title and body, none for a
 * kind whose notifications are off in Settings (or where the system has none), and a click
 * brings the window forward and asks the page to open the order book at that order.
 */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { beforeEach, it } from 'node:test';
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import type { Order } from '../../../shared/broker/models';
import type { SessionSnapshot } from '../../../shared/ipc/channels/session';
import { AlertSettings } from '../../../shared/settings/alert-settings';

register('./electron-loader.mjs', import.meta.url);
const fake = await import('./fake-electron');
const { showAlertNotifications, NOTIFICATIONS_PER_SECOND } =
  await import('../../../electron/shell/alert-notifications');
const { createAlertService } = await import('../../../electron/core/alerts/alert-service');

const session = {
  snapshot: () => ({ status: 'active', accountId: 'demo' }) as SessionSnapshot,
  onChange: () => () => {},
};
const order = (over: Partial<Order>): Order => ({
  id: '26112400001',
  exchangeOrderId: '',
  symbol: 'NSE:SBIN-EQ',
  qty: 5,
  remainingQty: 5,
  filledQty: 0,
  status: OrderStatus.Pending,
  slNo: 1,
  message: '',
  segment: 10,
  exchange: 10,
  instrument: 0,
  limitPrice: 0,
  stopPrice: 0,
  productType: 'INTRADAY',
  type: OrderType.Market,
  side: Side.Buy,
  disclosedQty: 0,
  disclosedQtyRemaining: null,
  validity: 'DAY',
  placedAt: null,
  parentId: null,
  tradedPrice: 0,
  source: 'API',
  token: '',
  offline: false,
  ltp: null,
  ...over,
});

function setup(settings: AlertSettings) {
  const opened: { orderId: string | null; kind?: string }[] = [];
  const alerts = createAlertService({
    now: () => Date.parse('2026-11-24T05:00:00Z'),
    settings: () => settings,
    session,
    emit: { raised: () => {}, open: (t) => opened.push(t) },
    logger: { info: () => {}, warn: () => {} },
  });
  const win = new fake.BrowserWindow({});
  const stop = showAlertNotifications({
    onAlert: (fn) => alerts.onAlert(fn),
    open: (a) => alerts.open(a),
    window: () => win as never,
  });
  alerts.observeOrders([]);
  return { alerts, win, opened, stop };
}

beforeEach(() => {
  fake.FakeNotification.shown = [];
  fake.FakeNotification.supported = true;
});

it('shows a silent OS notification with the alert’s title; a click opens the order book', () => {
  const { alerts, win, opened, stop } = setup(AlertSettings.parse({}));
  alerts.observeOrders([
    order({ status: OrderStatus.Traded, filledQty: 5, remainingQty: 0, tradedPrice: 812.5 }),
  ]);
  assert.equal(fake.FakeNotification.shown.length, 1);
  const n = fake.FakeNotification.shown[0]!;
  assert.equal(n.options.title, 'Bought 5 NSE:SBIN-EQ');
  assert.match(n.options.body, /filled at ₹812\.50/);
  assert.equal(n.options.silent, true, 'sound is the page’s, by its own setting');
  n.click();
  assert.equal(win.focuses, 1);
  assert.deepEqual(opened, [{ orderId: '26112400001', kind: 'fill' }]);
  stop();
  assert.equal(n.closed, true, 'stopping closes what is still shown');
});

it('honours Settings: no notification for a kind with notifications off, or turned off', () => {
  const settings = AlertSettings.parse({
    rejection: { notify: false },
    fill: { enabled: false },
  });
  const { alerts, stop } = setup(settings);
  alerts.observeOrders([
    order({ id: 'a', status: OrderStatus.Rejected, message: 'RMS' }),
    order({ id: 'b', status: OrderStatus.Traded, filledQty: 5, remainingQty: 0 }),
  ]);
  assert.equal(fake.FakeNotification.shown.length, 0);
  alerts.observeOrders([order({ id: 'c', filledQty: 2, remainingQty: 3 })]);
  assert.deepEqual(
    fake.FakeNotification.shown.map((n) => n.options.title),
    ['Partly filled: bought 2 of 5 NSE:SBIN-EQ'],
    'other kinds still notify',
  );
  stop();
});

it('shows nothing where the system has no notifications', () => {
  fake.FakeNotification.supported = false;
  const { alerts, stop } = setup(AlertSettings.parse({}));
  alerts.observeOrders([order({ status: OrderStatus.Rejected })]);
  assert.equal(fake.FakeNotification.shown.length, 0);
  stop();
});

it('a burst shows the first few, then one summary', async () => {
  const { alerts, stop } = setup(AlertSettings.parse({}));
  const ids = Array.from({ length: 12 }, (_, i) => `b${i}`);
  alerts.observeOrders(
    ids.map((id) => order({ id, status: OrderStatus.Traded, filledQty: 5, remainingQty: 0 })),
  );
  assert.equal(fake.FakeNotification.shown.length, NOTIFICATIONS_PER_SECOND);
  await new Promise((r) => setTimeout(r, 1_200));
  const titles = fake.FakeNotification.shown.map((n) => n.options.title);
  assert.equal(titles.length, NOTIFICATIONS_PER_SECOND + 1);
  assert.equal(titles.at(-1), `${12 - NOTIFICATIONS_PER_SECOND} more alerts`);
  stop();
});

it('a fired price alert is an OS notification whose click opens the Alerts screen', () => {
  const { alerts, opened, stop } = setup(AlertSettings.parse({}));
  alerts.priceAlertFired({
    alert: {
      id: 'pa-1',
      symbol: 'NSE:SBIN-EQ',
      condition: 'price-above',
      value: 820,
      repeat: false,
      cooldownMinutes: 5,
      note: '',
      status: 'triggered',
      createdAt: 0,
      lastFiredAt: 1,
      lastFiredPrice: 821,
      fired: 1,
    },
    ltp: 821,
    changePct: 1.2,
  });
  const n = fake.FakeNotification.shown.at(-1)!;
  assert.equal(n.options.title, 'Price alert: NSE:SBIN-EQ');
  assert.match(
    n.options.body,
    /Price crosses above ₹820: the last price is ₹821\.00 \(\+1\.20% on the day\)/,
  );
  n.click();
  assert.deepEqual(opened, [{ orderId: null, kind: 'price' }]);
  stop();
});
