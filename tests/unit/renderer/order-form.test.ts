import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Segment } from '../../../shared/broker/enums';
import type { SymbolInfo } from '../../../shared/ipc/channels/symbols';
import {
  draftUnits,
  emptyDraft,
  qtyInLots,
  toOrderInput,
} from '../../../renderer/src/orders/order-form';

const sym = (over: Partial<SymbolInfo>): SymbolInfo => ({
  ticker: 'NSE:SBIN-EQ',
  name: 'SBIN',
  token: '1',
  exchange: 10,
  segment: Segment.CapitalMarket,
  instrumentType: 0,
  lotSize: 1,
  tickSize: 0.05,
  expiry: null,
  strike: null,
  optionType: null,
  underlying: 'SBIN',
  isin: 'INE062A01020',
  freezeQty: null,
  contractMultiplier: 1,
  ...over,
});
const NIFTY_FUT = sym({
  ticker: 'NSE:NIFTY26DECFUT',
  segment: Segment.EquityDerivatives,
  lotSize: 75,
  isin: '',
});

test('an F&O ticket takes lots and sends units; equity and currency take units', () => {
  const fut = { ...emptyDraft(), symbol: NIFTY_FUT, qty: '2', limitPrice: '24000' };
  assert.ok(qtyInLots(NIFTY_FUT));
  assert.equal(draftUnits(fut), 150);
  assert.equal(toOrderInput(fut).input?.qty, 150);
  const eq = { ...emptyDraft(), symbol: sym({}), qty: '3', limitPrice: '800' };
  assert.ok(!qtyInLots(sym({})));
  assert.equal(toOrderInput(eq).input?.qty, 3);
  const usd = sym({
    ticker: 'NSE:USDINR26DECFUT',
    segment: Segment.Currency,
    lotSize: 1000,
  });
  assert.ok(!qtyInLots(usd), 'currency quantities are contracts already (lot multiple 1)');
});

test('a part of a lot is named in words', () => {
  const half = { ...emptyDraft(), symbol: NIFTY_FUT, qty: '1.5', limitPrice: '24000' };
  const { input, problems } = toOrderInput(half);
  assert.equal(input, null);
  assert.deepEqual(
    problems.map((p) => [p.field, p.message]),
    [['qty', 'Lots must be a whole number.']],
  );
});
