import { test } from 'node:test';
import { list, numOrNull, shown } from '../../../electron/core/broker/normalize/coerce';
import assert from 'node:assert/strict';
import { normalizeProfile } from '../../../electron/core/broker/normalize/profile';
import { normalizeFunds } from '../../../electron/core/broker/normalize/funds';
import { normalizeHoldings } from '../../../electron/core/broker/normalize/holdings';
import { normalizeOrder, normalizeOrderBook } from '../../../electron/core/broker/normalize/orders';
import { normalizePositions } from '../../../electron/core/broker/normalize/positions';
import { normalizeTradeBook } from '../../../electron/core/broker/normalize/trades';
import { normalizeMarketStatus } from '../../../electron/core/broker/normalize/market-status';
import {
  normalizeEdisDetails,
  normalizeEdisInquiry,
} from '../../../electron/core/broker/normalize/edis';
import {
  normalizeMultiResults,
  normalizeOrderAck,
} from '../../../electron/core/broker/normalize/acks';
import { BrokerError } from '../../../electron/core/broker/broker-error';
import {
  Funds,
  Holdings,
  MultiItemResult,
  Order,
  Positions,
  Profile,
  Trade,
  EdisDetail,
} from '../../../shared/broker/models';

test('profile: PAN/pan and pwd_change_date/password_last_changed spellings', () => {
  const sample = normalizeProfile({
    name: 'A TRADER',
    display_name: null,
    svc_id: 'XA0001',
    email_id: 'a@example.com',
    PAN: 'ABCDE1234F',
    pwd_change_date: '05-10-2026 10:20:30',
    pwd_to_expire: '60',
  });
  assert.equal(sample.pan, 'ABCDE1234F');
  assert.equal(sample.passwordChangedAt, '2026-10-05T04:50:30.000Z');
  assert.equal(sample.passwordExpiryDays, 60);
  assert.equal(sample.displayName, '');
  const documented = normalizeProfile({
    pan: 'ZZZZZ9999Z',
    password_last_changed: '',
    password_expiry_days: 7,
  });
  assert.equal(documented.pan, 'ZZZZZ9999Z');
  assert.equal(documented.passwordChangedAt, null);
  assert.equal(documented.passwordExpiryDays, 7);
  Profile.parse(sample);
});

test('profile: DDPI true/false as said; absent or null is unknown, never "no DDPI"', () => {
  assert.equal(normalizeProfile({ ddpi_enabled: true }).ddpi, true);
  assert.equal(normalizeProfile({ ddpi_enabled: false }).ddpi, false);
  assert.equal(normalizeProfile({ ddpi_enabled: null }).ddpi, null);
  assert.equal(normalizeProfile({}).ddpi, null);
});

test('funds: duplicate id 3, numeric strings and single letters', () => {
  const funds = normalizeFunds([
    { id: 1, title: 'Total Balance', equityAmount: 125000.5, commodityAmount: 0 },
    { id: 2, title: 'Utilized Amount', equityAmount: '2,500.25', commodityAmount: '0' },
    { id: 3, title: 'Clear Balance', equityAmount: 'L', commodityAmount: 'B' },
    { id: 3, title: 'Clear Balance', equityAmount: 'L', commodityAmount: 'B' },
    { id: 3, title: 'Realized Profit and Loss', equityAmount: '-12.5', commodityAmount: 0 },
    { id: '10', title: 'Available Balance', equityAmount: '122500.25', commodityAmount: 0 },
    { id: 11, title: 'Available Balance', equityAmount: 1, commodityAmount: 0 },
  ]);
  Funds.parse(funds);
  assert.equal(
    funds.lines.length,
    6,
    'the exact repeat of id 3 is dropped, a differently titled id 3 is kept',
  );
  assert.equal(new Set(funds.lines.map((l) => l.key)).size, 6, 'every line has its own key');
  assert.equal(funds.lines.at(-1)?.key, 'available-balance-11');
  const clear = funds.lines.find((l) => l.key === 'clear-balance');
  assert.deepEqual(
    [clear?.equity, clear?.commodity],
    [null, null],
    'letters become unknown, not zero',
  );
  assert.equal(funds.lines.find((l) => l.key === 'utilized-amount')?.equity, 2500.25);
  assert.equal(funds.lines.find((l) => l.key === 'realized-profit-and-loss')?.equity, -12.5);
  assert.deepEqual(funds.availableBalance, { equity: 122500.25, commodity: 0 });
  assert.deepEqual(funds.utilizedAmount, { equity: 2500.25, commodity: 0 });
});

test('holdings: svcToken numeric and svctoken string forms, numeric strings', () => {
  const h = normalizeHoldings({
    holdings: [
      {
        id: 1,
        symbol: 'NSE:SBIN-EQ',
        holdingType: 'HLD',
        quantity: '10',
        remainingQuantity: 10,
        costPrice: '800.5',
        marketVal: 8125,
        ltp: 812.5,
        svcToken: 10100000003045,
        exchange: 10,
        pl: 120,
      },
      {
        id: 2,
        symbol: 'NSE:TCS-EQ',
        holdingType: 'T1',
        quantity: 2,
        costPrice: 4000,
        marketVal: '8100',
        ltp: '4050',
        svctoken: '10100000011536',
        exchange: '10',
        pl: '100',
      },
    ],
    overall: {
      count_total: 2,
      total_investment: '16005',
      total_current_value: 16225,
      total_pl: 220,
      pnl_perc: '1.37',
    },
  });
  Holdings.parse(h);
  assert.equal(h.holdings[0]!.token, '10100000003045');
  assert.equal(h.holdings[1]!.token, '10100000011536');
  assert.equal(h.holdings[0]!.qty, 10);
  assert.equal(h.holdings[1]!.remainingQty, 2, 'missing remainingQuantity falls back to quantity');
  assert.equal(h.holdings[1]!.exchange, 10);
  assert.equal(h.overall.investment, 16005);
  assert.equal(h.overall.plPercent, 1.37);
});

const rawOrder = {
  id: 52311072301,
  exchOrdId: '1100000012345',
  symbol: 'NSE:SBIN-EQ',
  qty: '10',
  remainingQuantity: 10,
  filledQty: '0',
  status: '6',
  slNo: 3,
  message: '',
  segment: 10,
  limitPrice: '812.50',
  stopPrice: 0,
  productType: 'intraday',
  type: 1,
  side: '-1',
  discloseQty: 0,
  dqQtyRem: '0',
  orderValidity: 'DAY',
  orderDateTime: '21-Nov-2026 09:15:02',
  parentId: '',
  tradedPrice: 0,
  source: 'API',
  svcToken: '10100000003045',
  offlineOrder: 'False',
  pan: 'ABCDE1234F',
  clientId: 'XA0001',
  exchange: 10,
  instrument: 0,
  orderNumStatus: '52311072301:6',
  lp: '813.1',
};

test('order: id number to string, numeric strings, discloseQty/dqQtyRem, offline flag, DD-MMM-YYYY time', () => {
  const o = normalizeOrder(rawOrder);
  Order.parse(o);
  assert.equal(o.id, '52311072301');
  assert.equal(o.qty, 10);
  assert.equal(o.status, 6);
  assert.equal(o.side, -1);
  assert.equal(o.productType, 'INTRADAY');
  assert.equal(o.limitPrice, 812.5);
  assert.equal(o.disclosedQty, 0);
  assert.equal(o.disclosedQtyRemaining, 0);
  assert.equal(o.placedAt, '2026-11-21T03:45:02.000Z');
  assert.equal(o.parentId, null);
  assert.equal(o.offline, false);
  assert.equal(o.token, '10100000003045');
  assert.equal(o.ltp, 813.1);
  assert.ok(!('pan' in o), 'the tax id is not carried into the order model');
  const documented = normalizeOrder({
    ...rawOrder,
    discloseQty: undefined,
    disclosedQty: 5,
    svcToken: undefined,
    svctoken: 'X1',
    offlineOrder: 'TRUE',
    parentId: '99',
    orderValidity: 'ioc',
  });
  assert.equal(documented.disclosedQty, 5);
  assert.equal(documented.token, 'X1');
  assert.equal(documented.offline, true);
  assert.equal(documented.parentId, '99');
  assert.equal(documented.validity, 'IOC');
});

test('order: status recovered from orderNumStatus; unknown status or side is a typed error', () => {
  assert.equal(normalizeOrder({ ...rawOrder, status: 'X', orderNumStatus: '1:2' }).status, 2);
  assert.throws(
    () => normalizeOrder({ ...rawOrder, status: 3, orderNumStatus: '' }),
    (e: BrokerError) => e.kind === 'malformed',
  );
  assert.throws(() => normalizeOrder({ ...rawOrder, side: 'Z' }), BrokerError);
  assert.throws(
    () => normalizeOrderBook({ not: 'a list' }),
    (e: BrokerError) => e.kind === 'malformed',
  );
  assert.deepEqual(normalizeOrderBook(undefined), []);
});

test('positions: Y/N cross currency, numeric strings, avgPrice fallback, totals', () => {
  const p = normalizePositions({
    netPositions: [
      {
        symbol: 'NSE:SBIN-EQ',
        id: 'NSE:SBIN-EQ-INTRADAY',
        buyAvg: '812.5',
        buyQty: '10',
        sellAvg: 0,
        sellQty: 0,
        avgPrice: 812.5,
        netQty: '10',
        side: 1,
        qty: 10,
        productType: 'INTRADAY',
        realized_profit: 0,
        unrealized_profit: '6',
        pl: '6',
        crossCurrency: 'N',
        rbiRefRate: 1,
        qtyMulti_com: 1,
        segment: 10,
        exchange: 10,
        slNo: 0,
        ltp: 813.1,
        svctoken: '101',
        buyVal: 8125,
        sellVal: 0,
      },
      {
        symbol: 'NSE:USDINR25DECFUT',
        id: 'NSE:USDINR25DECFUT-MARGIN',
        netQty: 0,
        side: -1,
        productType: 'MARGIN',
        crossCurrency: 'Y',
        rbiRefRate: '83.2',
        svcToken: 202,
      },
    ],
    overall: { count_total: 2, count_open: 1, pl_total: 6, pl_realized: 0, pl_unrealized: 6 },
  });
  Positions.parse(p);
  assert.equal(p.positions[0]!.netAvg, 812.5);
  assert.equal(p.positions[0]!.crossCurrency, false);
  assert.equal(p.positions[1]!.crossCurrency, true);
  assert.equal(p.positions[1]!.rbiRefRate, 83.2);
  assert.equal(p.positions[1]!.side, 0, 'a flat position has no side');
  assert.equal(p.positions[1]!.token, '202');
  assert.equal(p.overall.openCount, 1);
});

test('trades: DD-MMM-YYYY and DD-MM-YYYY times, B/S letters, ids as text', () => {
  const trades = normalizeTradeBook([
    {
      symbol: 'NSE:SBIN-EQ',
      id: 1,
      orderDateTime: '21-Nov-2026 09:15:03',
      orderNumber: 52311072301,
      tradeNumber: '7',
      tradePrice: '812.5',
      tradeValue: '8125',
      tradedQty: '10',
      side: 1,
      productType: 'CNC',
      exchangeOrderNo: '11',
      segment: 10,
      exchange: 10,
      svcToken: '101',
      orderType: 1,
    },
    {
      symbol: 'NSE:SBIN-EQ',
      id: '2',
      orderDateTime: '21-11-2026 09:15:04',
      orderNumber: '5',
      tradeNumber: '8',
      tradePrice: 1,
      tradeValue: 1,
      tradedQty: 1,
      side: 'S',
      svctoken: '101',
    },
  ]);
  trades.forEach((t) => Trade.parse(t));
  assert.equal(trades[0]!.orderId, '52311072301');
  assert.equal(trades[0]!.tradedAt, '2026-11-21T03:45:03.000Z');
  assert.equal(trades[1]!.tradedAt, '2026-11-21T03:45:04.000Z');
  assert.equal(trades[1]!.side, -1);
  assert.equal(trades[1]!.orderType, null);
});

test('market status: OL market type and lower-case status', () => {
  const rows = normalizeMarketStatus([
    { exchange: 10, segment: '10', market_type: 'NL', status: 'OPEN' },
    { exchange: '11', segment: 20, market_type: 'ol', status: 'close' },
  ]);
  assert.deepEqual(rows[1], {
    exchange: 11,
    segment: 20,
    marketType: 'OL',
    status: 'CLOSE',
    phase: 'closed',
  });
  // An unfamiliar status is its own row's business, never the whole list's.
  const odd = normalizeMarketStatus([{ status: 'HALT' }, { status: 'postclose_start' }]);
  assert.deepEqual(
    odd.map((r) => [r.status, r.phase]),
    [
      ['HALT', 'unknown'],
      ['POSTCLOSE_START', 'post-close'],
    ],
  );
});

test('eDIS: DD/MM/YYYY dates, qtyUtlize spelling, SUCEESS_CNT spelling', () => {
  const [d] = normalizeEdisDetails([
    {
      clientId: 'XA0001',
      isin: 'INE062A01020',
      qty: '10.0',
      qtyUtlize: '2',
      entryDate: '21/11/2026 10:00:00',
      startDate: '21/11/2026',
      endDate: '21/11/2026',
      noOfDays: 1,
      source: 'API',
      status: 'SUCCESS',
      reason: '',
      internalTxnId: 1,
      dpTxnId: '2',
      errCode: '',
      errorCount: 0,
      transactionId: 'T1',
    },
  ]);
  EdisDetail.parse(d);
  assert.equal(d!.qtyUtilized, 2);
  assert.equal(d!.enteredAt, '2026-11-21T04:30:00.000Z');
  assert.equal(d!.startDate, '2026-11-21');
  assert.equal(d!.internalTxnId, '1');
  assert.equal(d!.errorCount, '0');
  assert.deepEqual(normalizeEdisInquiry({ FAILED_CNT: '0', SUCEESS_CNT: 2 }), {
    failedCount: 0,
    successCount: 2,
  });
});

test('order acks: 1101 placed, 201 unacknowledged, ids as text', () => {
  assert.deepEqual(
    normalizeOrderAck({ s: 'ok', code: 1101, message: 'Order placed 123', id: 123 }),
    { id: '123', code: 1101, message: 'Order placed 123', unacknowledged: false },
  );
  assert.equal(
    normalizeOrderAck({ s: 'ok', code: 201, message: 'sent', id: '9' }).unacknowledged,
    true,
  );
});

test('multi results: each item succeeds or fails alone, 5xx items are ambiguous', () => {
  const r = normalizeMultiResults(
    [
      {
        statusCode: 200,
        body: { s: 'ok', code: 1101, message: 'placed', id: '1' },
        statusDescription: 'OK',
      },
      {
        statusCode: 400,
        body: { s: 'error', code: -392, message: 'limitPrice not a multiple of tick size 0.05' },
        statusDescription: 'Bad Request',
      },
      {
        statusCode: 500,
        body: { s: 'error', code: -202, message: 'exchange timeout' },
        statusDescription: 'Error',
      },
    ],
    3,
  );
  r.forEach((x) => MultiItemResult.parse(x));
  assert.equal(r[0]!.ack?.id, '1');
  assert.equal(r[1]!.error?.code, -392);
  assert.equal(r[1]!.error?.ambiguous, false);
  assert.equal(r[2]!.error?.ambiguous, true);
  assert.throws(() => normalizeMultiResults([], 2), BrokerError);
});

test('numeric text that overflows is unknown, never Infinity; odd values never crash the message', () => {
  assert.equal(numOrNull('1e999'), null);
  assert.equal(numOrNull('-1e999'), null);
  assert.equal(numOrNull('1e3'), 1000);
  assert.equal(shown(10n), 'bigint');
  assert.equal(shown('x'.repeat(100)).length, 60);
});

test('a sparse list reads its holes as empty rows, never as undefined', () => {
  // eslint-disable-next-line no-sparse-arrays -- the broker's JSON cannot, but IPC/structured clone can
  const rows = list([, { id: 1 }], 'x');
  assert.deepEqual(rows, [{}, { id: 1 }]);
});
