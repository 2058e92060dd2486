import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  REDACTED,
  SecretRegistry,
  redactText,
  redactValue,
} from '../../../electron/core/diagnostics/redact';
import { createLogger, createRingBufferSink } from '../../../electron/core/diagnostics/logger';

test('query parameters code, auth_code, state, code_verifier are removed from URLs in text', () => {
  const out = redactText(
    'redirect http://127.0.0.1:5000/cb?s=ok&code=200&auth_code=eyAbc.def&state=STATE123 then https://b/x?code_verifier=VVV&client_id=APP-1#state=H',
  );
  assert.doesNotMatch(out, /eyAbc|STATE123|VVV|=H\b/);
  assert.match(out, /client_id=APP-1/, 'harmless parameters survive');
  assert.match(out, /auth_code=\[REDACTED\]/);
});

test('Authorization headers, bearer tokens and JWTs are removed', () => {
  assert.equal(redactText('Authorization: APP-100:abc.def.ghi'), `Authorization: ${REDACTED}`);
  assert.doesNotMatch(redactText('authorization=APP:tok; other=1'), /APP:tok/);
  assert.doesNotMatch(redactText('Bearer abcdef123456'), /abcdef/);
  assert.doesNotMatch(
    redactText('{"headers":{"Authorization":"APP-1:tok.en","Accept":"x"}}'),
    /tok\.en/,
  );
  assert.doesNotMatch(
    redactText('x eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig123 y'),
    /eyJ/,
  );
});

test('PAN and e-mail addresses are masked', () => {
  const out = redactText('user ABCDE1234F mail trader.one+x@example.co.in');
  assert.equal(out, 'user [PAN] mail [EMAIL]');
});

test('JSON bodies in text lose secret fields', () => {
  const out = redactText(
    '{"grant_type":"authorization_code","code":"AC-1","code_verifier":"VER","appIdHash":"ab12"}',
  );
  assert.doesNotMatch(out, /AC-1|VER|ab12/);
  assert.match(out, /authorization_code/);
});

test('objects: secret keys are redacted whatever their spelling; numeric codes and svcToken survive', () => {
  const v = redactValue({
    accessToken: 'T1',
    access_token: 'T2',
    headers: { Authorization: 'APP:T3', 'Content-Type': 'application/json' },
    appSecret: 'S',
    code: -16,
    body: {
      code: 'AUTHCODE',
      state: 'ST',
      tpin: '1234',
      otp: '9',
      PAN: 'ABCDE1234F',
      email_id: 'a@b.co',
    },
    svcToken: '10100000003045',
    nested: [{ refresh_token: 'R' }],
  }) as Record<string, unknown>;
  const s = JSON.stringify(v);
  for (const secret of [
    'T1',
    'T2',
    'APP:T3',
    '"S"',
    'AUTHCODE',
    '"ST"',
    '1234',
    'ABCDE1234F',
    'a@b.co',
    '"R"',
  ]) {
    assert.equal(s.includes(secret), false, `${secret} leaked: ${s}`);
  }
  assert.equal(v.code, -16);
  assert.equal(v.svcToken, '10100000003045');
  assert.match(s, /application\/json/);
});

test('Node error codes survive; string codes that could be auth codes do not', () => {
  const v = redactValue({
    a: { code: 'ECONNRESET' },
    b: { code: 'ERR_INVALID_URL' },
    c: { code: 'UND_ERR_SOCKET' },
    d: { code: 'eyJabc.def' },
    e: { code: 'AB12CD' },
  });
  assert.deepEqual(v, {
    a: { code: 'ECONNRESET' },
    b: { code: 'ERR_INVALID_URL' },
    c: { code: 'UND_ERR_SOCKET' },
    d: { code: REDACTED },
    e: { code: REDACTED },
  });
});

test('errors, cycles and depth are handled', () => {
  const err = new Error('failed at https://x/cb?auth_code=SECRETCODE');
  const cyc: Record<string, unknown> = { a: 1 };
  cyc.self = cyc;
  const v = redactValue({ err, cyc }) as {
    err: { message: string; name: string };
    cyc: { self: unknown };
  };
  assert.equal(v.err.name, 'Error');
  assert.doesNotMatch(v.err.message, /SECRETCODE/);
  assert.equal(v.cyc.self, '[Circular]');
});

test('known secret values are removed anywhere in text', () => {
  const reg = new SecretRegistry();
  reg.add('opaque-access-token-value');
  reg.add('abc'); // too short to register: would shred ordinary text
  assert.equal(
    redactText('sent opaque-access-token-value to broker abc', reg),
    `sent ${REDACTED} to broker abc`,
  );
});

test('the logger redacts messages and fields before any sink sees them', () => {
  const sink = createRingBufferSink(10);
  const reg = new SecretRegistry();
  reg.add('tok-registered-123');
  const log = createLogger({
    sinks: [sink],
    registry: reg,
    clock: { now: () => 0 },
    level: 'debug',
  }).child('auth');
  log.info('redirect http://127.0.0.1:1/cb?auth_code=AC9&state=S9', {
    token: 'tok-registered-123',
    note: 'tok-registered-123 used',
    n: 5,
  });
  const [line] = sink.lines();
  assert.ok(line);
  const rec = JSON.parse(line) as Record<string, unknown>;
  assert.equal(rec.scope, 'auth');
  assert.equal(rec.ts, '1970-01-01T00:00:00.000Z');
  assert.equal(rec.n, 5);
  assert.doesNotMatch(line, /AC9|S9|tok-registered-123/);
});

test('levels filter, the ring buffer keeps the newest lines, and a throwing sink is contained', () => {
  const sink = createRingBufferSink(3);
  const log = createLogger({
    sinks: [
      {
        write: () => {
          throw new Error('disk full');
        },
      },
      sink,
    ],
    level: 'info',
  });
  log.debug('dropped');
  for (let i = 1; i <= 5; i++) log.info(`m${i}`);
  assert.deepEqual(
    sink.lines().map((l) => (JSON.parse(l) as { msg: string }).msg),
    ['m3', 'm4', 'm5'],
  );
});

test("a v3 access token's hsm_key is a secret: by key, in JSON and query text, and bare once the token is known", () => {
  const hsmKey = '5f3c9a1e7b2d4c6a8e0f1a2b3c4d5e6f';
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const token = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'access_token', hsm_key: hsmKey })}.c2lnbmF0dXJl`;
  assert.deepEqual(redactValue({ hsm_key: hsmKey, hsmKey }), {
    hsm_key: REDACTED,
    hsmKey: REDACTED,
  });
  assert.equal(redactText(`{"hsm_key":"${hsmKey}"}`), `{"hsm_key":"${REDACTED}"}`);
  assert.equal(redactText(`wss://x/hsm?hsm_key=${hsmKey}`), `wss://x/hsm?hsm_key=${REDACTED}`);
  const reg = new SecretRegistry();
  reg.add(token);
  assert.equal(redactText(`connect with ${hsmKey} now`, reg), `connect with ${REDACTED} now`);
  reg.remove(token);
  assert.equal(redactText(`connect with ${hsmKey} now`, reg), `connect with ${hsmKey} now`);
});
