/**
 * The charges estimate against examples computed by hand from the rate table (each step
 * written out), so a wrong rate or a wrong side shows as a wrong rupee figure.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateCharges, type ChargeOrder } from '../../../shared/charges/estimate-charges';
import { CHARGE_RATES } from '../../../shared/charges/charge-rates';
import { DEFAULT_BROKERAGE } from '../../../shared/charges/brokerage';
import { Exchange, Segment, Side } from '../../../shared/broker/enums';

const nseCash = { exchange: Exchange.NSE, segment: Segment.CapitalMarket, kind: 'cash' } as const;
const nseFo = { exchange: Exchange.NSE, segment: Segment.EquityDerivatives } as const;
const mcx = { exchange: Exchange.MCX, segment: Segment.Commodity, kind: 'future' } as const;

function est(o: ChargeOrder) {
  const e = estimateCharges(o, CHARGE_RATES, DEFAULT_BROKERAGE);
  assert.ok(e.ok, e.ok ? '' : e.reason);
  return e;
}

test('equity delivery buy, 100 × ₹800: no brokerage, STT 0.1 %, stamp 0.015 %', () => {
  const e = est({ ...nseCash, productType: 'CNC', side: Side.Buy, qty: 100, price: 800 });
  // turnover 80,000: STT 80; exchange 80,000 × 0.00297 % = 2.376 → 2.38; SEBI 0.08;
  // stamp 12; GST 18 % × (0 + 2.38 + 0.08) = 0.4428 → 0.44
  assert.equal(e.turnover, 80_000);
  assert.deepEqual(e.parts, {
    brokerage: 0,
    transactionTax: 80,
    exchange: 2.38,
    sebi: 0.08,
    stampDuty: 12,
    gst: 0.44,
  });
  assert.equal(e.total, 94.9);
});

test('equity intraday sell, 100 × ₹800: ₹20 cap, STT 0.025 % on the sell, no stamp', () => {
  const e = est({ ...nseCash, productType: 'INTRADAY', side: Side.Sell, qty: 100, price: 800 });
  // brokerage min(20, 24) = 20; STT 20; exchange 2.38; SEBI 0.08; GST 18 % × 22.46 = 4.0428
  assert.deepEqual(e.parts, {
    brokerage: 20,
    transactionTax: 20,
    exchange: 2.38,
    sebi: 0.08,
    stampDuty: 0,
    gst: 4.04,
  });
  assert.equal(e.total, 46.5);
  const buy = est({ ...nseCash, productType: 'INTRADAY', side: Side.Buy, qty: 100, price: 800 });
  assert.equal(buy.parts.transactionTax, 0, 'no intraday STT on the buy');
  assert.equal(buy.parts.stampDuty, 2.4, 'stamp 0.003 % of 80,000');
});

test('index future sell, 75 × ₹24,000: STT 0.05 %, exchange 0.00173 %', () => {
  const e = est({
    ...nseFo,
    kind: 'future',
    productType: 'MARGIN',
    side: Side.Sell,
    qty: 75,
    price: 24_000,
  });
  // turnover 18,00,000: brokerage min(20, 540) = 20; STT 900; exchange 31.14; SEBI 1.80;
  // GST 18 % × 52.94 = 9.5292 → 9.53
  assert.equal(e.turnover, 1_800_000);
  assert.deepEqual(e.parts, {
    brokerage: 20,
    transactionTax: 900,
    exchange: 31.14,
    sebi: 1.8,
    stampDuty: 0,
    gst: 9.53,
  });
  assert.equal(e.total, 962.47);
});

test('options on the premium, 75 × ₹120: 0.03 % brokerage under the cap; STT 0.15 % on the sell', () => {
  const base = { ...nseFo, kind: 'option', productType: 'INTRADAY', qty: 75, price: 120 } as const;
  const buy = est({ ...base, side: Side.Buy });
  // turnover 9,000: brokerage 2.70; exchange 0.03503 % = 3.1527 → 3.15; SEBI 0.009 → 0.01;
  // stamp 0.003 % = 0.27; GST 18 % × 5.86 = 1.0548 → 1.05
  assert.deepEqual(buy.parts, {
    brokerage: 2.7,
    transactionTax: 0,
    exchange: 3.15,
    sebi: 0.01,
    stampDuty: 0.27,
    gst: 1.05,
  });
  assert.equal(buy.total, 7.18);
  const sell = est({ ...base, side: Side.Sell });
  assert.equal(sell.parts.transactionTax, 13.5);
  assert.equal(sell.parts.stampDuty, 0);
  assert.equal(sell.total, 20.41);
});

test('MCX future, 100 × ₹6,000: CTT 0.01 % on the sell, stamp 0.002 % on the buy', () => {
  const buy = est({ ...mcx, productType: 'INTRADAY', side: Side.Buy, qty: 100, price: 6000 });
  // turnover 6,00,000: brokerage 20; exchange 0.0021 % = 12.60; SEBI 0.60; stamp 12;
  // GST 18 % × 33.20 = 5.976 → 5.98
  assert.deepEqual(buy.parts, {
    brokerage: 20,
    transactionTax: 0,
    exchange: 12.6,
    sebi: 0.6,
    stampDuty: 12,
    gst: 5.98,
  });
  assert.equal(buy.total, 51.18);
  const sell = est({ ...mcx, productType: 'INTRADAY', side: Side.Sell, qty: 100, price: 6000 });
  assert.equal(sell.parts.transactionTax, 60);
  assert.equal(sell.total, 99.18);
});

test('the account plan applies: a flat delivery fee, a different cap; no estimate without rates or a price', () => {
  const plan = { percent: 0.05, capPerOrder: 10, deliveryPerOrder: 15 };
  const d = estimateCharges(
    { ...nseCash, productType: 'CNC', side: Side.Buy, qty: 100, price: 800 },
    CHARGE_RATES,
    plan,
  );
  assert.ok(d.ok);
  assert.equal(d.parts.brokerage, 15);
  const i = estimateCharges(
    { ...nseCash, productType: 'INTRADAY', side: Side.Buy, qty: 1, price: 800 },
    CHARGE_RATES,
    plan,
  );
  assert.ok(i.ok);
  assert.equal(i.parts.brokerage, 0.4, '0.05 % of 800 is under the ₹10 cap');
  const nseCommodity = estimateCharges(
    {
      exchange: Exchange.NSE,
      segment: Segment.Commodity,
      kind: 'future',
      productType: 'INTRADAY',
      side: Side.Buy,
      qty: 1,
      price: 100,
    },
    CHARGE_RATES,
    plan,
  );
  assert.equal(nseCommodity.ok, false);
  const noPrice = estimateCharges(
    { ...nseCash, productType: 'CNC', side: Side.Buy, qty: 10, price: Number.NaN },
    CHARGE_RATES,
    plan,
  );
  assert.equal(noPrice.ok, false);
});
