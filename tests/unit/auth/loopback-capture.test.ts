// The listener binds 127.0.0.1 only; these tests talk to it over loopback and use a fake
// scheduler for the 5-minute timeout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startLoopbackCapture } from '../../../electron/core/auth/loopback-capture';
import { LoginError } from '../../../electron/core/auth/errors';
import { FakeTime } from '../session/fake-time';

function get(
  url: string,
  method = 'GET',
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('one GET on the exact path resolves with the full redirect, answers a close-tab page, closes the port', async () => {
  const time = new FakeTime(0);
  const cap = await startLoopbackCapture({ path: '/callback', timers: time });
  assert.match(cap.redirectUri, /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
  const res = await get(`${cap.redirectUri}?auth_code=AC&state=ST`);
  assert.equal(res.status, 200);
  assert.match(res.body, /close this tab/);
  assert.equal(res.headers['referrer-policy'], 'no-referrer');
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.equal(await cap.result, `${cap.redirectUri}?auth_code=AC&state=ST`);
  assert.equal(time.pendingCount, 0, 'timeout timer cleared');
  await assert.rejects(
    get(`${cap.redirectUri}?auth_code=again`),
    /ECONNREFUSED|ECONNRESET|socket hang up/,
  );
});

test('wrong path and wrong method get 404 and do not end the wait', async () => {
  const time = new FakeTime(0);
  const cap = await startLoopbackCapture({ path: '/callback', timers: time });
  const base = cap.redirectUri.replace('/callback', '');
  assert.equal((await get(`${base}/favicon.ico`)).status, 404);
  assert.equal((await get(`${base}/callback/extra?auth_code=x`)).status, 404);
  assert.equal((await get(`${base}/Callback?auth_code=x`)).status, 404);
  assert.equal((await get(`${cap.redirectUri}?auth_code=x`, 'POST')).status, 404);
  const ok = await get(`${cap.redirectUri}?auth_code=real&state=s`);
  assert.equal(ok.status, 200);
  assert.match(await cap.result, /auth_code=real/);
});

test('no redirect within the timeout: rejects with reason timeout and frees the port', async () => {
  const time = new FakeTime(0);
  const cap = await startLoopbackCapture({ path: '/cb', timers: time, timeoutMs: 300_000 });
  time.advance(299_999);
  let settled = false;
  cap.result.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((r) => setImmediate(r));
  assert.equal(settled, false, 'still waiting just before the timeout');
  time.advance(1);
  await assert.rejects(
    cap.result,
    (e: unknown) => e instanceof LoginError && e.reason === 'timeout',
  );
  await assert.rejects(
    get(`${cap.redirectUri}?auth_code=late`),
    /ECONNREFUSED|ECONNRESET|socket hang up/,
  );
});

test('cancel rejects and closes', async () => {
  const time = new FakeTime(0);
  const cap = await startLoopbackCapture({ path: '/cb', timers: time });
  cap.cancel('superseded');
  await assert.rejects(
    cap.result,
    (e: unknown) => e instanceof LoginError && e.reason === 'superseded',
  );
  assert.equal(time.pendingCount, 0);
});

test('a fixed port that is taken fails with listener-failed', async () => {
  const time = new FakeTime(0);
  const first = await startLoopbackCapture({ path: '/cb', timers: time });
  const port = Number(new URL(first.redirectUri).port);
  await assert.rejects(
    startLoopbackCapture({ path: '/cb', port, timers: time }),
    (e: unknown) => e instanceof LoginError && e.reason === 'listener-failed',
  );
  first.cancel();
  await first.result.catch(() => undefined);
});
