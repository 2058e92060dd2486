/**
 * Black-76, its implied volatility and its Greeks against published values (issue 22 #3:
 * "within 0.5 % on a published table of cases"). Each case names where its figure is
 * printed; the bound is relative, 0.5 %, as the issue asks, although the formulas agree far
 * more closely than that.
 *
 * Sources:
 * - Hull, "Options, Futures, and Other Derivatives" (8th ed.), Example 18.6 (Black's model,
 *   a European put futures option on crude oil): F = K = 20, r = 9 %, T = 4 months,
 *   σ = 25 % → 1.12.
 * - Haug, "The Complete Guide to Option Pricing Formulas" (2nd ed.), §1.1.3 (Black-76):
 *   F = K = 19, T = 0.75, r = 10 %, σ = 28 % → call = put = 1.7011.
 * - py_vollib (github.com/vollib/py_vollib), the doctests of py_vollib/black/__init__.py,
 *   py_vollib/black/implied_volatility.py and py_vollib/black/greeks/analytical.py, which
 *   check against Jäckel's LetsBeRational: F = K = 100, t = 0.5, r = 2 %, σ = 20 % → call
 *   5.5811067246 (undiscounted 5.6371977797, implied volatility back to 0.2); F = 49,
 *   K = 50, r = 5 %, t = 0.3846, σ = 20 % → call delta 0.45107017482, gamma 0.06406467059,
 *   vega 0.11831778562 (per point), theta −0.00816236877 (call) and −0.00802799155 (put) a day.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { black76, black76Price, undiscountedBlack } from '../../../shared/options/black76';
import { black76Greeks } from '../../../shared/options/greeks';
import { impliedVol } from '../../../shared/options/implied-vol';
import { normCdf } from '../../../shared/options/normal';

const TOLERANCE = 0.005;

function near(actual: number, expected: number, what: string): void {
  const rel = Math.abs(actual - expected) / Math.abs(expected);
  assert.ok(
    rel <= TOLERANCE,
    `${what}: ${actual} vs published ${expected} (${(rel * 100).toFixed(3)} % off, at most 0.5 %)`,
  );
}

const PRICES = [
  {
    source: 'Hull Example 18.6 (put futures option)',
    input: { right: 'PE', forward: 20, strike: 20, years: 4 / 12, rate: 0.09, vol: 0.25 },
    price: 1.12,
  },
  {
    source: 'Haug §1.1.3 (Black-76 call)',
    input: { right: 'CE', forward: 19, strike: 19, years: 0.75, rate: 0.1, vol: 0.28 },
    price: 1.7011,
  },
  {
    source: 'Haug §1.1.3 (Black-76 put)',
    input: { right: 'PE', forward: 19, strike: 19, years: 0.75, rate: 0.1, vol: 0.28 },
    price: 1.7011,
  },
  {
    source: 'py_vollib black() doctest',
    input: { right: 'CE', forward: 100, strike: 100, years: 0.5, rate: 0.02, vol: 0.2 },
    price: 5.5811067246048118,
  },
] as const;

for (const c of PRICES) {
  test(`price: ${c.source}`, () => {
    near(black76(c.input), c.price, 'premium');
  });
  test(`implied volatility back from the published premium: ${c.source}`, () => {
    const iv = impliedVol({ ...c.input, premium: c.price });
    assert.ok(iv.ok, iv.ok ? '' : iv.reason);
    near(iv.vol, c.input.vol, 'implied volatility');
  });
}

test('undiscounted price: py_vollib undiscounted_black() doctest', () => {
  near(undiscountedBlack('CE', 100, 100, 0.5, 0.2), 5.637197779701664, 'undiscounted premium');
});

test('Greeks: py_vollib black.greeks.analytical doctests (F 49, K 50, r 5 %, t 0.3846, σ 20 %)', () => {
  const call = black76Greeks('CE', 49, 50, 0.3846, 0.05, 0.2);
  const put = black76Greeks('PE', 49, 50, 0.3846, 0.05, 0.2);
  near(call.delta, 0.45107017482201828, 'call delta');
  near(call.gamma, 0.0640646705882, 'gamma');
  near(put.gamma, 0.0640646705882, 'put gamma (same as the call)');
  near(call.vega, 0.118317785624, 'vega per point');
  near(call.theta, -0.00816236877462, 'call theta a day');
  near(put.theta, -0.00802799155312, 'put theta a day');
  // Put delta by parity on the forward: Δp = Δc − e^(−rt).
  near(put.delta, 0.45107017482201828 - Math.exp(-0.05 * 0.3846), 'put delta');
});

test('the normal distribution: Φ to 1e-7 relative, far into the tail (values as ½·erfc(−x/√2) in double precision)', () => {
  const table: [number, number][] = [
    [0, 0.5],
    [1, 0.8413447460685429],
    [-1.96, 0.024997895148220435],
    [-3, 0.0013498980316300957],
    [-6, 9.865876450377012e-10],
    [-8, 6.220960574271819e-16],
  ];
  for (const [x, p] of table) {
    const got = normCdf(x);
    assert.ok(Math.abs(got - p) / p < 1e-7, `Φ(${x}) = ${got}, expected ${p}`);
  }
});

test('black76Price refuses a non-positive forward or strike by name; at expiry it is the intrinsic value', () => {
  assert.throws(
    () => black76Price({ right: 'CE', forward: 0, strike: 100, years: 1, vol: 0.2, rate: 0 }),
    /forward and strike/,
  );
  assert.equal(
    black76Price({ right: 'CE', forward: 110, strike: 100, years: 0, vol: 0.2, rate: 0.1 }),
    10,
  );
});
