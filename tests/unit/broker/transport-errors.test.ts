import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHttpTransport, parseRetryAfter } from '../../../electron/core/broker/http-transport';
import { BrokerError } from '../../../electron/core/broker/broker-error';
import { createBrokerClient } from '../../../electron/core/broker/broker-client';
import { BROKER_ERRORS } from '../../../shared/broker/errors';
import { FakeClock } from '../limiter/fake-clock';

const creds = () => ({ appId: 'APP-100', accessToken: 'tok-secret' });
type Call = { url: string; init: RequestInit };

function transportWith(
  respond: (call: Call) => Promise<Response> | Response,
  extra: Partial<Parameters<typeof createHttpTransport>[0]> = {},
) {
  const calls: Call[] = [];
  const fetchFake = (async (url: URL | string, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return respond(call);
  }) as typeof fetch;
  const t = createHttpTransport({
    baseUrl: 'http://127.0.0.1:9999',
    credentials: creds,
    fetch: fetchFake,
    ...extra,
  });
  return { t, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

test('sends Authorization as <app_id>:<access_token>, JSON body, no redirect following', async () => {
  const { t, calls } = transportWith(() =>
    json(200, { s: 'ok', code: 1101, message: 'placed', id: '1' }),
  );
  const env = await t.request({ method: 'POST', path: '/api/v2/orders', body: { qty: 1 } });
  assert.equal(env.id, '1');
  const headers = calls[0]!.init.headers as Record<string, string>;
  assert.equal(headers.Authorization, 'APP-100:tok-secret');
  assert.equal(headers['Content-Type'], 'application/json');
  assert.equal(calls[0]!.init.redirect, 'manual');
  assert.equal(calls[0]!.init.body, '{"qty":1}');
  assert.equal(calls[0]!.url, 'http://127.0.0.1:9999/api/v2/orders');
});

test('every gaps.md code maps to a typed error with explanation, action and HTTP status', async () => {
  for (const info of Object.values(BROKER_ERRORS)) {
    const { t } = transportWith(() =>
      json(info.http, { s: 'error', code: info.code, message: `m${info.code}` }),
    );
    const err = await t.request({ method: 'GET', path: '/api/v2/profile' }).then(
      () => assert.fail('should throw'),
      (e: unknown) => e as BrokerError,
    );
    assert.ok(err instanceof BrokerError);
    assert.equal(err.code, info.code);
    assert.equal(err.httpStatus, info.http);
    assert.equal(err.brokerMessage, `m${info.code}`);
    assert.equal(err.explanation, info.explanation);
    assert.equal(err.action, info.action);
    assert.equal(err.ambiguous, info.http >= 500, `code ${info.code} ambiguity`);
  }
});

test('401 codes notify the session; the field named by a -50 message is kept for the ticket', async () => {
  const seen: BrokerError[] = [];
  const { t } = transportWith(() => json(401, { s: 'error', code: -8, message: 'token expired' }), {
    onAuthFailure: (e) => seen.push(e),
  });
  await assert.rejects(
    t.request({ method: 'GET', path: '/api/v2/funds' }),
    (e: BrokerError) => e.action === 'login' && e.isAuthFailure,
  );
  assert.equal(seen.length, 1);
  const fieldErr = BrokerError.fromEnvelope(400, -50, 'stopLoss not a multiple of tick size 0.05');
  assert.equal(fieldErr.field, 'stopLoss');
  assert.equal(BrokerError.fromEnvelope(400, -308, 'bad').field, 'limitPrice');
  assert.deepEqual(BrokerError.fromEnvelope(400, -308, 'bad').toIpc(), {
    kind: 'broker',
    message: 'The limit price is not valid for this order type. (bad)',
    action: 'fix-field',
    code: -308,
    field: 'limitPrice',
  });
});

test('429 carries Retry-After; unknown codes still get a usable error', async () => {
  const { t } = transportWith(() =>
    json(429, { s: 'error', code: -353, message: 'limit' }, { 'retry-after': '7' }),
  );
  await assert.rejects(
    t.request({ method: 'GET', path: '/api/v2/funds' }),
    (e: BrokerError) => e.retryAfterMs === 7000 && e.action === 'wait',
  );
  assert.equal(
    parseRetryAfter('Sat, 21 Nov 2026 08:00:10 GMT', Date.parse('2026-11-21T08:00:00Z')),
    10_000,
  );
  const unknown = BrokerError.fromEnvelope(400, -9999, 'weird');
  assert.equal(unknown.action, 'report');
  assert.match(unknown.explanation, /-9999/);
});

test('HTTP 500 without a code, -201..-205, and a body that is not JSON are ambiguous', async () => {
  const { t: t500 } = transportWith(() => json(500, { s: 'error', message: 'oops' }));
  await assert.rejects(
    t500.request({ method: 'POST', path: '/api/v2/orders', body: {} }),
    (e: BrokerError) => e.ambiguous && e.httpStatus === 500 && e.action === 'check-state',
  );
  const { t: t201 } = transportWith(() => json(500, { s: 'error', code: -203, message: 'exch' }));
  await assert.rejects(
    t201.request({ method: 'POST', path: '/api/v2/orders', body: {} }),
    (e: BrokerError) => e.ambiguous && e.code === -203,
  );
  const { t: bad } = transportWith(() => new Response('{"s":"ok", "id":', { status: 200 }));
  await assert.rejects(
    bad.request({ method: 'POST', path: '/api/v2/orders', body: {} }),
    (e: BrokerError) => e.kind === 'malformed' && e.ambiguous,
  );
});

test('a reset after sending is ambiguous; a refused connection is not', async () => {
  const reset = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
  const { t } = transportWith(() => Promise.reject(reset));
  await assert.rejects(
    t.request({ method: 'POST', path: '/api/v2/orders', body: {} }),
    (e: BrokerError) => e.kind === 'network' && e.ambiguous,
  );
  const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
  const { t: t2 } = transportWith(() => Promise.reject(refused));
  await assert.rejects(
    t2.request({ method: 'POST', path: '/api/v2/orders', body: {} }),
    (e: BrokerError) => e.kind === 'network' && !e.ambiguous && e.action === 'retry-later',
  );
});

test('every request has a time limit; a timeout is ambiguous', async () => {
  const clock = new FakeClock();
  const { t } = transportWith(
    ({ init }) =>
      new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      }),
    { timers: clock, timeoutMs: 2500 },
  );
  const p = t.request({ method: 'POST', path: '/api/v2/orders', body: {} });
  const check = assert.rejects(
    p,
    (e: BrokerError) => e.kind === 'timeout' && e.ambiguous && /2\.5 s/.test(e.explanation),
  );
  await clock.advance(2500);
  await check;
  assert.equal(clock.pending(), 0, 'the timer is cleared');
});

test('a redirect is refused and never followed with the session', async () => {
  const { t, calls } = transportWith(
    () => new Response(null, { status: 302, headers: { location: 'https://evil.example/steal' } }),
  );
  await assert.rejects(
    t.request({ method: 'GET', path: '/api/v2/profile' }),
    (e: BrokerError) =>
      e.kind === 'redirect' && e.brokerMessage === 'redirect to https://evil.example',
  );
  assert.equal(calls.length, 1);
});

test('HTTPS is required for any non-loopback host; paths cannot leave the origin', async () => {
  assert.throws(
    () => createHttpTransport({ baseUrl: 'http://broker.example.com', credentials: creds }),
    (e: BrokerError) => e.kind === 'insecure',
  );
  assert.doesNotThrow(() =>
    createHttpTransport({ baseUrl: 'https://broker.example.com', credentials: creds }),
  );
  assert.doesNotThrow(() =>
    createHttpTransport({ baseUrl: 'http://localhost:8080', credentials: creds }),
  );
  const { t, calls } = transportWith(() => json(200, { s: 'ok' }));
  await assert.rejects(t.request({ method: 'GET', path: '//evil.example/x' }), BrokerError);
  assert.equal(calls.length, 0);
});

test('logged out: nothing is sent', async () => {
  const { t, calls } = transportWith(() => json(200, { s: 'ok' }), {
    credentials: () => undefined,
  });
  await assert.rejects(
    t.request({ method: 'GET', path: '/api/v2/profile' }),
    (e: BrokerError) => e.kind === 'not-logged-in' && e.action === 'login',
  );
  assert.equal(calls.length, 0);
});

test('the token never appears in an error or its IPC form', async () => {
  const { t } = transportWith(() => json(401, { s: 'error', code: -15, message: 'invalid token' }));
  const err = (await t
    .request({ method: 'GET', path: '/api/v2/profile' })
    .catch((e: unknown) => e)) as BrokerError;
  const text = JSON.stringify([err.toJSON(), err.toIpc(), err.message, err.stack]);
  assert.ok(!text.includes('tok-secret'));
});

test('a 401 on a multi-order request notifies the session once, as on single requests', async () => {
  const seen: BrokerError[] = [];
  const { t } = transportWith(() => json(401, { s: 'error', code: -17, message: 'expired' }), {
    onAuthFailure: (e) => seen.push(e),
  });
  const client = createBrokerClient({ transport: t });
  await assert.rejects(
    client.cancelOrders(['1', '2']),
    (e: BrokerError) => e.code === -17 && e.action === 'login',
  );
  assert.equal(seen.length, 1);
  await assert.rejects(client.getFunds(), (e: BrokerError) => e.code === -17);
  assert.equal(seen.length, 2);
});

test('multi-order requests take 1 to 10 orders; more is refused before sending', async () => {
  const { t, calls } = transportWith(() => json(200, { s: 'ok', data: [] }));
  const client = createBrokerClient({ transport: t });
  await assert.rejects(
    client.cancelOrders(Array.from({ length: 11 }, (_, i) => String(i))),
    (e: BrokerError) => e.kind === 'invalid-input' && e.action === 'fix-field',
  );
  await assert.rejects(client.cancelOrders([]), BrokerError);
  assert.equal(calls.length, 0);
});

test('an answer over the cap is refused unread: by its Content-Length, or by the bytes read', async () => {
  const big = JSON.stringify({ s: 'ok', d: 'x'.repeat(5_000) });
  const declared = transportWith(
    () => new Response(big, { status: 200, headers: { 'content-length': String(big.length) } }),
    { maxBodyBytes: 1_000 },
  );
  const e1 = await declared.t.request({ method: 'GET', path: '/q' }).catch((e: unknown) => e);
  assert.ok(e1 instanceof BrokerError, String(e1));
  assert.equal(e1.kind, 'malformed');
  assert.match(e1.brokerMessage, /answer too large \(over 1000 bytes\)/);
  assert.doesNotMatch(e1.message, /\/q|content-length/i);
  // No Content-Length (a stream): refused once the bytes read pass the cap.
  let pulled = 0;
  const streamed = transportWith(
    () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(c) {
            pulled++;
            if (pulled > 1_000) return c.close();
            c.enqueue(new Uint8Array(600).fill(0x20));
          },
        }),
        { status: 200 },
      ),
  );
  const e2 = await streamed.t
    .request({ method: 'GET', path: '/q', maxBytes: 2_000 })
    .catch((e: unknown) => e);
  assert.ok(e2 instanceof BrokerError && e2.brokerMessage.startsWith('answer too large'));
  assert.ok(pulled < 10, `stopped reading after ${pulled} chunks`);
  // Under the cap it reads as before.
  const small = transportWith(() => json(200, { s: 'ok', d: [1] }), { maxBodyBytes: 1_000 });
  assert.deepEqual((await small.t.request({ method: 'GET', path: '/q' })).d, [1]);
});
