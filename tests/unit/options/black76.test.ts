import assert from 'node:assert/strict';
import { test } from 'node:test';
import { black76Price, normCdf } from '../../../shared/options/black76';

test('Black-76 matches the published textbook value (Hull: put on futures F=K=20, r=9%, T=4 months, vol 25% → 1.12)', () => {
  const p = black76Price({
    right: 'PE',
    forward: 20,
    strike: 20,
    years: 4 / 12,
    vol: 0.25,
    rate: 0.09,
  });
  assert.ok(Math.abs(p - 1.1166) < 1e-3, `got ${p}`);
});

test('Black-76: call minus put is the discounted forward minus strike, at any volatility', () => {
  for (const vol of [0.05, 0.2, 0.8]) {
    for (const strike of [80, 100, 125]) {
      const args = { forward: 101, strike, years: 0.1, vol, rate: 0.065 };
      const c = black76Price({ ...args, right: 'CE' });
      const p = black76Price({ ...args, right: 'PE' });
      assert.ok(Math.abs(c - p - Math.exp(-0.065 * 0.1) * (101 - strike)) < 1e-6);
    }
  }
});

test('Black-76 at expiry is the intrinsic value, and bad inputs are refused by name', () => {
  assert.equal(
    black76Price({ right: 'CE', forward: 110, strike: 100, years: 0, vol: 0.2, rate: 0 }),
    10,
  );
  assert.equal(
    black76Price({ right: 'PE', forward: 110, strike: 100, years: 0, vol: 0.2, rate: 0 }),
    0,
  );
  assert.throws(
    () => black76Price({ right: 'CE', forward: 0, strike: 100, years: 1, vol: 0.2, rate: 0 }),
    /forward and strike/,
  );
  assert.ok(Math.abs(normCdf(1.96) - 0.975) < 1e-4);
});
