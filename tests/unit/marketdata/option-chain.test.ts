import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atmIndex, strikesAround, type ChainRow } from '../../../shared/marketdata/option-chain';

const rows: ChainRow[] = Array.from({ length: 41 }, (_, k) => ({
  strike: 23_000 + k * 50,
  ce: `NSE:NIFTY26DEC${23_000 + k * 50}CE`,
  pe: `NSE:NIFTY26DEC${23_000 + k * 50}PE`,
}));

test('the ATM strike is the one nearest the underlying price', () => {
  assert.equal(rows[atmIndex(rows, 23_512)]?.strike, 23_500);
  assert.equal(rows[atmIndex(rows, 23_538)]?.strike, 23_550);
  assert.equal(rows[atmIndex(rows, 1)]?.strike, 23_000);
  assert.equal(atmIndex(rows, null), -1);
  assert.equal(atmIndex(rows, NaN), -1);
  assert.equal(atmIndex([], 100), -1);
});

test('strikes around the money: n each side, clipped at the chain ends', () => {
  const w = strikesAround(rows, 24_010, 10);
  assert.equal(w.rows.length, 21);
  assert.equal(w.rows[w.atm]?.strike, 24_000);
  assert.equal(w.rows[0]?.strike, 23_500);
  const low = strikesAround(rows, 22_000, 5);
  assert.equal(low.atm, 0);
  assert.equal(low.rows.length, 6);
  const none = strikesAround(rows, undefined, 3);
  assert.equal(none.atm, -1, 'no price: no ATM claimed');
  assert.equal(none.rows.length, 7, 'the middle of the chain stands in');
});
