/**
 * The implied-volatility solver's edges: every premium either gives a finite volatility that
 * prices back to it, or a named refusal; never NaN, never a silent guess (issue 22 #3).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { black76, type OptionRight } from '../../../shared/options/black76';
import { impliedVol, IV_REFUSALS, ivRefusalText } from '../../../shared/options/implied-vol';

const base = { forward: 24_000, strike: 24_000, years: 7 / 365, rate: 0.065 };

test('a premium below the discounted intrinsic value is refused as such', () => {
  // Call 23,000 on a 24,000 forward: intrinsic ≈ 1,000 (discounted 998.8); 900 is below it.
  const r = impliedVol({ ...base, strike: 23_000, right: 'CE', premium: 900 });
  assert.deepEqual(r, { ok: false, reason: IV_REFUSALS.belowIntrinsic });
  assert.match(ivRefusalText(IV_REFUSALS.belowIntrinsic), /below the intrinsic value/);
});

test('a premium at or above the forward (call) or strike (put) is refused as above the maximum', () => {
  assert.deepEqual(impliedVol({ ...base, right: 'CE', premium: 24_000 }), {
    ok: false,
    reason: IV_REFUSALS.aboveMaximum,
  });
  assert.deepEqual(impliedVol({ ...base, right: 'PE', premium: 30_000 }), {
    ok: false,
    reason: IV_REFUSALS.aboveMaximum,
  });
});

test('an expired option, a zero time value and missing inputs each say why', () => {
  assert.deepEqual(impliedVol({ ...base, years: 0, right: 'CE', premium: 50 }), {
    ok: false,
    reason: IV_REFUSALS.expired,
  });
  const df = Math.exp(-base.rate * base.years);
  assert.deepEqual(impliedVol({ ...base, strike: 23_000, right: 'CE', premium: 1000 * df }), {
    ok: false,
    reason: IV_REFUSALS.noTimeValue,
  });
  for (const bad of [NaN, -1, Infinity])
    assert.deepEqual(impliedVol({ ...base, forward: bad, right: 'CE', premium: 50 }), {
      ok: false,
      reason: IV_REFUSALS.badInput,
    });
});

test('deep out of the money, a tick of premium still gives a finite volatility', () => {
  const r = impliedVol({ ...base, strike: 26_000, right: 'CE', premium: 0.05 });
  assert.ok(r.ok && Number.isFinite(r.vol) && r.vol > 0.05 && r.vol < 1, JSON.stringify(r));
});

test('property: a Black-76 premium gives back its volatility, or a named refusal, never NaN', () => {
  fc.assert(
    fc.property(
      fc.constantFrom<OptionRight>('CE', 'PE'),
      fc.double({ min: 50, max: 60_000, noNaN: true }),
      fc.double({ min: 0.7, max: 1.3, noNaN: true }),
      fc.double({ min: 1 / 365, max: 2, noNaN: true }),
      fc.double({ min: 0, max: 0.15, noNaN: true }),
      fc.double({ min: 0.03, max: 2.5, noNaN: true }),
      (right, forward, moneyness, years, rate, vol) => {
        const strike = forward * moneyness;
        const premium = black76({ right, forward, strike, years, rate, vol });
        const r = impliedVol({ right, forward, strike, years, rate, premium });
        if (!r.ok) {
          assert.ok(Object.values(IV_REFUSALS).includes(r.reason));
          // Only a premium with no measurable time value may be refused.
          const intrinsic = Math.max(0, right === 'CE' ? forward - strike : strike - forward);
          assert.ok(
            premium * Math.exp(rate * years) - intrinsic < 1e-9 * forward,
            `refused ${r.reason} for a premium with time value: ${premium}`,
          );
          return;
        }
        assert.ok(Number.isFinite(r.vol));
        const back = black76({ right, forward, strike, years, rate, vol: r.vol });
        assert.ok(
          Math.abs(back - premium) <= 1e-7 * forward,
          `σ ${vol} → premium ${premium} → σ ${r.vol} → ${back}`,
        );
      },
    ),
    { numRuns: 3000 },
  );
});

test('a deep in-the-money premium a fraction of a tick under intrinsic is "no time value", not an arbitrage', () => {
  // Put 26,000 on a 24,000 forward: discounted intrinsic 2,000·e^(−rt) ≈ 1,997.51; 1,997.50 is the tick below.
  const df = Math.exp(-base.rate * base.years);
  const premium = Math.floor((2000 * df) / 0.05) * 0.05;
  assert.ok(premium < 2000 * df);
  assert.deepEqual(impliedVol({ ...base, strike: 26_000, right: 'PE', premium, tick: 0.05 }), {
    ok: false,
    reason: IV_REFUSALS.noTimeValue,
  });
  // Without the tick it is below intrinsic, and a full rupee under is below intrinsic either way.
  assert.deepEqual(impliedVol({ ...base, strike: 26_000, right: 'PE', premium }), {
    ok: false,
    reason: IV_REFUSALS.belowIntrinsic,
  });
  assert.deepEqual(
    impliedVol({ ...base, strike: 26_000, right: 'PE', premium: premium - 1, tick: 0.05 }),
    { ok: false, reason: IV_REFUSALS.belowIntrinsic },
  );
});
