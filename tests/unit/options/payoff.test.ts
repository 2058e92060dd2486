/**
 * The strategy payoff against tables computed by hand (issue 22 #4: "payoff for a four-leg
 * iron condor matches a hand-computed table at five prices").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  payoffAtExpiry,
  payoffSummary,
  payoffToday,
  type PayoffLeg,
} from '../../../shared/options/payoff';

const opt = (right: 'CE' | 'PE', strike: number, qty: number, premium: number): PayoffLeg => ({
  kind: 'option',
  right,
  strike,
  qty,
  premium,
  vol: 0.2,
  years: 30 / 365,
});

/**
 * Short 95/105 strangle, long 90/110 wings, one unit each:
 * +1 PE 90 @ 0.80, −1 PE 95 @ 2.00, −1 CE 105 @ 2.20, +1 CE 110 @ 0.90.
 * Net premium = −0.80 + 2.00 + 2.20 − 0.90 = 2.50 taken in.
 */
const CONDOR = [
  opt('PE', 90, 1, 0.8),
  opt('PE', 95, -1, 2),
  opt('CE', 105, -1, 2.2),
  opt('CE', 110, 1, 0.9),
];

// Each leg's value at expiry less its premium, summed (long 90 PE, short 95 PE, short 105 CE, long 110 CE):
const HAND_TABLE: [number, number][] = [
  // S = 85: (5 − 0.8) + (−10 + 2) + (0 + 2.2) + (0 − 0.9) = 4.2 − 8 + 2.2 − 0.9
  [85, -2.5],
  // S = 92: (0 − 0.8) + (−3 + 2) + 2.2 − 0.9
  [92, -0.5],
  // S = 100: −0.8 + 2 + 2.2 − 0.9
  [100, 2.5],
  // S = 107: −0.8 + 2 + (−2 + 2.2) − 0.9
  [107, 0.5],
  // S = 115: −0.8 + 2 + (−10 + 2.2) + (5 − 0.9)
  [115, -2.5],
];

test('iron condor: the expiry payoff matches the hand-computed table at five prices', () => {
  for (const [s, expected] of HAND_TABLE)
    assert.ok(
      Math.abs(payoffAtExpiry(CONDOR, s) - expected) < 1e-9,
      `at ${s}: ${payoffAtExpiry(CONDOR, s)}, by hand ${expected}`,
    );
});

test('iron condor: breakevens 92.5 and 107.5, max profit 2.5 (the credit), max loss 2.5 (wing less credit)', () => {
  const s = payoffSummary(CONDOR);
  assert.deepEqual(
    s.breakevens.map((b) => Math.round(b * 1e9) / 1e9),
    [92.5, 107.5],
  );
  assert.ok(s.maxProfit.bounded && Math.abs(s.maxProfit.value - 2.5) < 1e-9);
  assert.ok(s.maxLoss.bounded && Math.abs(s.maxLoss.value + 2.5) < 1e-9);
  assert.ok(Math.abs(s.netPremium - 2.5) < 1e-9);
});

test('iron condor in lots: 2 lots of 75 scale every figure by 150', () => {
  const lots = CONDOR.map((l) => ({ ...l, qty: l.qty * 150 }));
  assert.ok(Math.abs(payoffAtExpiry(lots, 85) + 375) < 1e-9);
  const s = payoffSummary(lots);
  assert.ok(s.maxProfit.bounded && Math.abs(s.maxProfit.value - 375) < 1e-9);
});

test('a naked short call has unbounded loss; a long call unbounded profit and a loss of its premium', () => {
  const short = payoffSummary([opt('CE', 100, -1, 3)]);
  assert.deepEqual(short.maxLoss, { bounded: false });
  assert.ok(short.maxProfit.bounded && short.maxProfit.value === 3);
  assert.deepEqual(short.breakevens, [103]);
  const long = payoffSummary([opt('CE', 100, 1, 3)]);
  assert.deepEqual(long.maxProfit, { bounded: false });
  assert.ok(long.maxLoss.bounded && long.maxLoss.value === -3);
});

test('a covered call on a future: breakeven at the future less the premium, profit capped', () => {
  const legs: PayoffLeg[] = [{ kind: 'future', qty: 1, price: 100 }, opt('CE', 105, -1, 2)];
  const s = payoffSummary(legs);
  assert.deepEqual(s.breakevens, [98]);
  assert.ok(s.maxProfit.bounded && s.maxProfit.value === 7);
  // Bounded below by the underlying's floor at 0: −100 + 2.
  assert.ok(s.maxLoss.bounded && s.maxLoss.value === -98);
});

test('today the condor is worth less than at expiry at the centre (time value still to decay)', () => {
  assert.ok(payoffToday(CONDOR, 100, 0.065) < payoffAtExpiry(CONDOR, 100));
});
