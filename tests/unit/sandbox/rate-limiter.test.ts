import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RateLimiter, SPEC_LIMITS } from '../../../sandbox/limits/rate-limiter';

const T0 = Date.parse('2026-11-23T09:00:00.000+05:30');

test('10,000 requests a day, then refused until IST midnight', () => {
  const l = new RateLimiter(SPEC_LIMITS);
  let now = T0;
  let admitted = 0;
  // 10 a second, 190 in any 60 s (each batch starts a minute after the last): never trips
  // the shorter windows.
  while (admitted < 10_000) {
    const batch = now;
    for (let s = 0; s < 19 && admitted < 10_000; s++) {
      for (let k = 0; k < 10 && admitted < 10_000; k++) {
        assert.equal(l.admit('u', now).ok, true);
        admitted++;
      }
      now += 1000;
    }
    now = batch + 60_000;
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

test('refused requests count, so a client hammering through a second is refused until it waits a whole second', () => {
  const l = new RateLimiter(SPEC_LIMITS);
  for (let k = 0; k < 10; k++) l.admit('u', T0);
  for (let k = 0; k < 50; k++) assert.equal(l.admit('u', T0).ok, false);
  assert.equal(l.admit('u', T0 + 1000).ok, true, 'all of them fell out of the window at 1 s');
});

test('sliding windows: a burst that straddles a second boundary is refused past 10 in any second', () => {
  const l = new RateLimiter(SPEC_LIMITS);
  // 9 requests at .85 s, 9 more at 1.05 s: two fixed seconds of 9 each, but 18 within 0.2 s.
  for (let k = 0; k < 9; k++) assert.equal(l.admit('u', T0 + 850).ok, true, `first ${k}`);
  const second = Array.from({ length: 9 }, () => l.admit('u', T0 + 1050).ok);
  assert.deepEqual(
    second.filter((ok) => ok).length,
    1,
    'only one more fits the second ending at 1.05 s',
  );
  const r = l.admit('u', T0 + 1100);
  assert.equal(r.ok, false);
  // It may go again once the window holds fewer than 10, Retry-After saying when.
  if (!r.ok) assert.equal(r.retryAfterSec, 1);
});

test('clock windows (the switch): the same straddling burst passes, and a new clock minute starts afresh', () => {
  const l = new RateLimiter({ ...SPEC_LIMITS, windows: 'clock' });
  for (let k = 0; k < 9; k++) assert.equal(l.admit('u', T0 + 850).ok, true, `first ${k}`);
  const second = Array.from({ length: 9 }, () => l.admit('u', T0 + 1050).ok);
  assert.equal(second.filter((ok) => ok).length, 9, 'a new clock second holds 10 again');
  const m = new RateLimiter({ ...SPEC_LIMITS, windows: 'clock' });
  for (let k = 0; k < 200; k++)
    assert.equal(m.admit('u', T0 + 40_000 + Math.floor(k / 10) * 1000).ok, true, `request ${k}`);
  const over = m.admit('u', T0 + 59_950);
  assert.equal(over.ok, false, 'the 201st of the clock minute is refused');
  if (!over.ok) assert.equal(over.retryAfterSec, 1, 'until the clock minute turns');
  assert.equal(m.admit('u', T0 + 61_000).ok, true, 'a new clock minute starts afresh');
});

test('sliding windows: 200 in the last 60 s, whatever the clock minute', () => {
  const l = new RateLimiter(SPEC_LIMITS);
  const start = T0 + 40_000;
  // 200 requests from :40 to :59 (10 a second), then the next clock minute begins.
  for (let k = 0; k < 200; k++)
    assert.equal(l.admit('u', start + Math.floor(k / 10) * 1000).ok, true, `request ${k}`);
  const r = l.admit('u', T0 + 61_000);
  assert.equal(r.ok, false, 'a new clock minute does not reset a sliding window');
  if (!r.ok) assert.match(r.message, /200 requests per minute/);
});

test('what counts: a request answered 429 counts in the windows (a client that retries at once stays refused)', () => {
  const l = new RateLimiter(SPEC_LIMITS);
  for (let k = 0; k < 10; k++) assert.equal(l.admit('u', T0).ok, true);
  // Refused at 0.5 s and 0.9 s: both count, so at 1.0 s (the first ten gone) the second holds two.
  assert.equal(l.admit('u', T0 + 500).ok, false);
  assert.equal(l.admit('u', T0 + 900).ok, false);
  let admitted = 0;
  for (let k = 0; k < 10; k++) if (l.admit('u', T0 + 1000).ok) admitted++;
  assert.equal(admitted, 8, 'the two refused requests took two places in the second');
});

test('the report gives the busiest second and minute the sliding windows held today', () => {
  const l = new RateLimiter(SPEC_LIMITS);
  // 7 in one second, then 3 a second for 40 s: the busiest second holds 7 (then 3s), the
  // busiest minute all 127.
  for (let k = 0; k < 7; k++) l.admit('u', T0);
  for (let s = 1; s <= 40; s++) for (let k = 0; k < 3; k++) l.admit('u', T0 + s * 1000);
  assert.deepEqual(l.report(T0 + 40_000)[0]?.peak, { second: 7, minute: 127 });
  // Counted by arrival in any 60 s: 61 s on, the first 7 have left the minute.
  for (let k = 0; k < 2; k++) l.admit('u', T0 + 61_000);
  assert.deepEqual(l.report(T0 + 61_000)[0]?.peak, { second: 7, minute: 127 });
});
