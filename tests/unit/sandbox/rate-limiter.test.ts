import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RateLimiter, SPEC_LIMITS } from '../../../sandbox/limits/rate-limiter';

const T0 = Date.parse('2026-11-23T09:00:00.000+05:30');

test('10,000 requests a day, then refused until IST midnight', () => {
  const l = new RateLimiter(SPEC_LIMITS);
  let now = T0;
  let admitted = 0;
  // 10 a second, 190 a minute: never trips the shorter windows.
  while (admitted < 10_000) {
    for (let s = 0; s < 19 && admitted < 10_000; s++) {
      for (let k = 0; k < 10 && admitted < 10_000; k++) {
        assert.equal(l.admit('u', now).ok, true);
        admitted++;
      }
      now += 1000;
    }
    now = Math.ceil((now + 1) / 60_000) * 60_000;
  }
  const r = l.admit('u', now);
  assert.equal(r.ok, false);
  if (!r.ok) {
    assert.match(r.message, /10000 requests per day/);
    const midnight = Date.parse('2026-11-24T00:00:00.000+05:30');
    assert.equal(r.retryAfterSec, Math.ceil((midnight - now) / 1000));
  }
  assert.equal(l.admit('other-user', now).ok, true);
  assert.equal(l.admit('u', Date.parse('2026-11-24T00:00:01.000+05:30')).ok, true);
});

test('refused requests are not counted', () => {
  const l = new RateLimiter(SPEC_LIMITS);
  for (let k = 0; k < 10; k++) l.admit('u', T0);
  for (let k = 0; k < 50; k++) assert.equal(l.admit('u', T0).ok, false);
  assert.equal(l.admit('u', T0 + 1000).ok, true);
});
