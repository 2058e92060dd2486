/**
 * The ticket's and basket's cost rules: a market order is valued at the last price (marked
 * as an estimate), and only a CNC buy of cash equity is compared with the cash balance;
 * every leveraged order (intraday, margin, cover, bracket, any derivative) is not.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  activeBrokerage,
  orderCharges,
  orderValue,
  paysFullValue,
} from '../../../renderer/src/orders/order-costs';
import { OrderType, Segment, Side } from '../../../shared/broker/enums';
import { DEFAULT_BROKERAGE } from '../../../shared/charges/brokerage';
import type { SettingsView } from '../../../shared/ipc/channels/settings';

const EQUITY = { segment: Segment.CapitalMarket, contractMultiplier: 1 };
const CRUDE = { segment: Segment.Commodity, contractMultiplier: 100 };

test('value: the typed price, else the last price for a market order (an estimate), else none', () => {
  assert.deepEqual(
    orderValue({ qty: 3, type: OrderType.Limit, limitPrice: 800, stopPrice: 0 }, 900, EQUITY),
    {
      value: 2400,
      estimated: false,
    },
  );
  assert.deepEqual(
    orderValue({ qty: 3, type: OrderType.Market, limitPrice: 0, stopPrice: 0 }, 900, EQUITY),
    {
      value: 2700,
      estimated: true,
    },
  );
  assert.equal(
    orderValue({ qty: 3, type: OrderType.Market, limitPrice: 0, stopPrice: 0 }, null, EQUITY),
    null,
  );
});

test("value: a commodity lot is qty × price × the contract's multiplier; unknown, no value", () => {
  const limit = { qty: 1, type: OrderType.Limit, limitPrice: 6000, stopPrice: 0 };
  assert.deepEqual(orderValue(limit, 6010, CRUDE), { value: 6_00_000, estimated: false });
  const market = { ...limit, type: OrderType.Market, limitPrice: 0 };
  assert.deepEqual(orderValue(market, 6010, CRUDE), { value: 6_01_000, estimated: true });
  const unknown = { segment: Segment.Commodity, contractMultiplier: null };
  assert.equal(orderValue(limit, 6010, unknown), null, 'never valued as if it were 1');
  assert.equal(orderValue(market, 6010, unknown), null);
});

test('only a CNC buy of cash equity pays its full value', () => {
  const cash = { segment: Segment.CapitalMarket };
  assert.equal(paysFullValue({ productType: 'CNC', side: Side.Buy }, cash), true);
  assert.equal(paysFullValue({ productType: 'CNC', side: Side.Sell }, cash), false);
  for (const p of ['INTRADAY', 'MARGIN', 'CO', 'BO'] as const)
    assert.equal(paysFullValue({ productType: p, side: Side.Buy }, cash), false, p);
  for (const segment of [Segment.EquityDerivatives, Segment.Currency, Segment.Commodity])
    assert.equal(paysFullValue({ productType: 'CNC', side: Side.Buy }, { segment }), false);
});

test("charges use the active account's plan and the symbol's kind (option premium)", () => {
  const plan = { percent: 0.03, capPerOrder: 20, deliveryPerOrder: 7 };
  const view = {
    activeAccountId: 'a',
    accounts: [{ id: 'a', brokerage: plan }],
  } as unknown as SettingsView;
  assert.deepEqual(activeBrokerage(view), plan);
  assert.deepEqual(activeBrokerage(null), DEFAULT_BROKERAGE);
  const option = {
    exchange: 10,
    segment: Segment.EquityDerivatives,
    expiry: '2026-12-29',
    optionType: 'CE' as const,
  };
  const c = orderCharges({ qty: 75, side: Side.Buy, productType: 'INTRADAY' }, option, 120, plan);
  assert.ok(c.ok);
  assert.equal(c.chargeClass, 'equity-options');
  assert.equal(c.total, 7.18, 'the hand-computed options buy of tests/unit/charges');
});
