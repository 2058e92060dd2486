import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SPEC_LIMITS } from '../../../sandbox/limits/rate-limiter';
import { session, type Session } from './helpers';

let s: Session;
before(async () => {
  s = await session({ limits: SPEC_LIMITS, now: new Date('2026-11-23T10:00:00.000+05:30') });
});
after(() => s.sb.close());

const profile = () => s.call('GET', '/api/v2/profile');

test('10 requests per second, then 429 -353 with Retry-After', async () => {
  for (let k = 0; k < 10; k++) assert.equal((await profile()).status, 200, `request ${k}`);
  const r = await profile();
  assert.deepEqual([r.status, r.json.s, r.json.code], [429, 'error', -353]);
  assert.equal(r.headers.get('retry-after'), '1');
  assert.match(String(r.json.message), /10 requests per second/);
  await s.control('clock', { advanceMs: 1000 });
  assert.equal((await profile()).status, 200);
});

test('sliding second: a burst straddling a second boundary is refused past 10 (fixed seconds let 18 through)', async () => {
  await s.control('clock', { set: '2026-11-23T10:01:00.850+05:30' });
  for (let k = 0; k < 9; k++) assert.equal((await profile()).status, 200, `first ${k}`);
  await s.control('clock', { set: '2026-11-23T10:01:01.050+05:30' });
  const statuses: number[] = [];
  for (let k = 0; k < 9; k++) statuses.push((await profile()).status);
  assert.deepEqual(
    statuses,
    [200, 429, 429, 429, 429, 429, 429, 429, 429],
    'ten in the second ending at 1.05 s',
  );
});

test('unauthenticated requests count: a caller whose token was refused is limited by the same windows', async () => {
  await s.control('clock', { set: '2026-11-23T10:02:00.000+05:30' });
  const bad = () =>
    fetch(new URL('/api/v2/profile', s.sb.url), {
      headers: { authorization: `${s.appId}:not-a-token` },
    });
  const statuses: number[] = [];
  for (let k = 0; k < 12; k++) statuses.push((await bad()).status);
  assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
  assert.deepEqual(
    statuses.slice(10),
    [429, 429],
    'the eleventh in one second is refused as over the limit',
  );
});

test('200 a minute; more than 3 per-minute breaches in a day block the user until the next day', async () => {
  await s.control('clock', { set: '2026-11-23T10:05:00.000+05:30' });
  for (let breach = 1; breach <= 4; breach++) {
    let sent = 0;
    // 200 requests in 20 seconds (10 a second), then the 201st.
    while (sent < 200) {
      for (let k = 0; k < 10; k++, sent++)
        assert.equal((await profile()).status, 200, `minute ${breach} request ${sent}`);
      await s.control('clock', { advanceMs: 1000 });
    }
    const r = await profile();
    assert.equal(r.status, 429);
    if (breach <= 3) {
      assert.match(String(r.json.message), /200 requests per minute/);
      assert.ok(
        Number(r.headers.get('retry-after')) > 0 && Number(r.headers.get('retry-after')) <= 60,
      );
      // A sliding minute: the next burst starts when this one has left the window.
      await s.control('clock', {
        set: `2026-11-23T10:${String(5 + 2 * breach).padStart(2, '0')}:00.000+05:30`,
      });
    } else {
      assert.match(String(r.json.message), /blocked until tomorrow/);
    }
  }
  await s.control('clock', { advanceMs: 3 * 3600_000 });
  const blocked = await profile();
  assert.equal(blocked.status, 429);
  const wait = Number(blocked.headers.get('retry-after'));
  assert.ok(wait > 3600 && wait <= 86_400, `retry-after ${wait}`);
});

test('login endpoints and master files do not count against the user budget', async () => {
  const r = await fetch(`${s.sb.symbolMasterBase}/NSE_CD.csv`, { method: 'HEAD' });
  assert.equal(r.status, 200);
});
