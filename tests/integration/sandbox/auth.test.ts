import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { startSandbox, type SandboxHandle } from '../../../sandbox/index';
import { DEMO_USER } from '../../../sandbox/auth/user';
import { login, MARKET_OPEN, RELAXED_LIMITS } from './helpers';

let sb: SandboxHandle;
let auto: SandboxHandle;
before(async () => {
  sb = await startSandbox({ now: MARKET_OPEN, freezeClock: true, tickMs: 0, testControls: true });
  auto = await startSandbox({
    now: MARKET_OPEN,
    freezeClock: true,
    tickMs: 0,
    testControls: true,
    autoApprove: true,
    limits: RELAXED_LIMITS,
  });
});
after(async () => {
  await sb.close();
  await auto.close();
});

const orders = () => sb.apps.find((a) => a.template === 'orders')!;
const hashOf = (a: { app_id: string; secret: string }) =>
  createHash('sha256').update(`${a.app_id}:${a.secret}`).digest('hex');
const authorizeUrl = (base: string, q: Record<string, string>) => {
  const u = new URL('/api/v2/generate-authcode', base);
  u.search = new URLSearchParams(q).toString();
  return u;
};
const validate = async (base: string, body: Record<string, unknown>) => {
  const r = await fetch(new URL('/api/v2/validate-authcode', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
};
const formLogin = async (base: string, fields: Record<string, string>) =>
  fetch(new URL('/api/v2/login', base), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const setClock = (h: SandboxHandle, body: Record<string, unknown>) =>
  fetch(new URL('/__sandbox/clock', h.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function codeVia(h: SandboxHandle, extra: Record<string, string> = {}): Promise<string> {
  const a = h.apps.find((x) => x.template === 'orders')!;
  const r = await fetch(
    authorizeUrl(h.url, {
      client_id: a.app_id,
      redirect_uri: a.redirect_uri,
      response_type: 'code',
      state: 's',
      ...extra,
    }),
    { redirect: 'manual' },
  );
  assert.equal(r.status, 302);
  return new URL(r.headers.get('location')!).searchParams.get('auth_code')!;
}

describe('generate-authcode and the login page', () => {
  test('valid parameters render a login form carrying them', async () => {
    const a = orders();
    const r = await fetch(
      authorizeUrl(sb.url, {
        client_id: a.app_id,
        redirect_uri: a.redirect_uri,
        response_type: 'code',
        state: 'xyz',
      }),
    );
    assert.equal(r.status, 200);
    const html = await r.text();
    assert.match(html, /<form method="POST" action="\/api\/v2\/login"/);
    assert.match(html, /name="state" value="xyz"/);
    assert.match(html, /name="password"/);
    assert.match(html, /name="pin"/);
  });

  for (const [name, q, re] of [
    ['unknown client id', { client_id: 'NOPE-100' }, /Unknown app id NOPE-100 \(code -352\)/],
    ['missing client id', { client_id: '' }, /client_id is missing/],
    [
      'redirect mismatch',
      { redirect_uri: 'https://evil.example/cb' },
      /does not match the one registered/,
    ],
    ['loopback path mismatch', { redirect_uri: 'http://127.0.0.1:1234/other' }, /does not match/],
    ['response_type', { response_type: 'token' }, /response_type must be &quot;code&quot;/],
    [
      'bad code_challenge',
      { code_challenge: 'short' },
      /code_challenge must be the base64url SHA-256/,
    ],
  ] as const) {
    test(`error page: ${name}`, async () => {
      const a = orders();
      const r = await fetch(
        authorizeUrl(sb.url, {
          client_id: a.app_id,
          redirect_uri: a.redirect_uri,
          response_type: 'code',
          ...q,
        }),
        { redirect: 'manual' },
      );
      assert.equal(r.status, 400);
      assert.match(await r.text(), re);
    });
  }

  test('form login: wrong id, password and PIN get clear errors; success redirects with code and state', async () => {
    const a = orders();
    const hidden = {
      client_id: a.app_id,
      redirect_uri: a.redirect_uri, // exact: this sandbox runs without loopbackAnyPort
      response_type: 'code',
      state: 'abc 123',
    };
    const wrongId = await formLogin(sb.url, {
      ...hidden,
      svc_id: 'ZZ999',
      password: 'x',
      pin: '1111',
    });
    assert.equal(wrongId.status, 401);
    assert.match(await wrongId.text(), /Client ID ZZ999 is not registered/);
    const wrongPw = await formLogin(sb.url, {
      ...hidden,
      svc_id: DEMO_USER.svc_id,
      password: 'bad',
      pin: DEMO_USER.pin,
    });
    assert.match(await wrongPw.text(), /password is incorrect/);
    const shortPin = await formLogin(sb.url, {
      ...hidden,
      svc_id: DEMO_USER.svc_id,
      password: DEMO_USER.password,
      pin: '12',
    });
    assert.match(await shortPin.text(), /exactly 4 digits/);
    const wrongPin = await formLogin(sb.url, {
      ...hidden,
      svc_id: DEMO_USER.svc_id,
      password: DEMO_USER.password,
      pin: '9999',
    });
    assert.match(await wrongPin.text(), /PIN is incorrect/);
    const ok = await formLogin(sb.url, {
      ...hidden,
      svc_id: DEMO_USER.svc_id.toLowerCase(),
      password: DEMO_USER.password,
      pin: DEMO_USER.pin,
    });
    assert.equal(ok.status, 302);
    const loc = new URL(ok.headers.get('location')!);
    assert.equal(loc.port, new URL(a.redirect_uri).port, 'back to the registered redirect');
    assert.equal(loc.searchParams.get('s'), 'ok');
    assert.equal(loc.searchParams.get('code'), '200');
    assert.equal(loc.searchParams.get('state'), 'abc 123');
    const v = await validate(sb.url, {
      grant_type: 'authorization_code',
      appIdHash: hashOf(a),
      code: loc.searchParams.get('auth_code'),
    });
    assert.equal(v.status, 200);
    assert.equal(typeof v.json.access_token, 'string');
  });

  test('auto-approve redirects at once', async () => {
    const code = await codeVia(auto);
    assert.ok(code.length > 20);
  });
});

describe('validate-authcode', () => {
  test('auth code is single use (-374)', async () => {
    const a = auto.apps.find((x) => x.template === 'orders')!;
    const code = await codeVia(auto);
    assert.equal(
      (await validate(auto.url, { grant_type: 'authorization_code', appIdHash: hashOf(a), code }))
        .status,
      200,
    );
    const again = await validate(auto.url, {
      grant_type: 'authorization_code',
      appIdHash: hashOf(a),
      code,
    });
    assert.equal(again.status, 400);
    assert.equal(again.json.code, -374);
  });

  test('auth code expires after 300 s (-374)', async () => {
    const a = auto.apps.find((x) => x.template === 'orders')!;
    const code = await codeVia(auto);
    await setClock(auto, { advanceMs: 301_000 });
    const v = await validate(auto.url, {
      grant_type: 'authorization_code',
      appIdHash: hashOf(a),
      code,
    });
    await setClock(auto, { set: MARKET_OPEN.toISOString() });
    assert.equal(v.json.code, -374);
    assert.equal(v.json.s, 'error');
  });

  test('wrong appIdHash (-371), wrong grant type (-441), missing proof (-50)', async () => {
    const a = auto.apps.find((x) => x.template === 'orders')!;
    const bad = await validate(auto.url, {
      grant_type: 'authorization_code',
      appIdHash: hashOf({ ...a, secret: 'WRONG' }),
      code: await codeVia(auto),
    });
    assert.deepEqual([bad.status, bad.json.code], [400, -371]);
    const grant = await validate(auto.url, {
      grant_type: 'password',
      appIdHash: hashOf(a),
      code: await codeVia(auto),
    });
    assert.deepEqual([grant.status, grant.json.code], [400, -441]);
    const none = await validate(auto.url, {
      grant_type: 'authorization_code',
      code: await codeVia(auto),
    });
    assert.equal(none.json.code, -50);
    assert.match(String(none.json.message), /appIdHash.*code_verifier/);
  });

  test('PKCE S256: right verifier works, wrong or missing verifier fails', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const ok = await validate(auto.url, {
      grant_type: 'authorization_code',
      code_verifier: verifier,
      code: await codeVia(auto, { code_challenge: challenge }),
    });
    assert.equal(ok.status, 200);
    assert.equal(typeof ok.json.access_token, 'string');
    const wrong = await validate(auto.url, {
      grant_type: 'authorization_code',
      code_verifier: randomBytes(32).toString('base64url'),
      code: await codeVia(auto, { code_challenge: challenge }),
    });
    assert.equal(wrong.json.code, -50);
    assert.match(String(wrong.json.message), /code_verifier does not match/);
    const a = auto.apps.find((x) => x.template === 'orders')!;
    const missing = await validate(auto.url, {
      grant_type: 'authorization_code',
      appIdHash: hashOf(a),
      code: await codeVia(auto, { code_challenge: challenge }),
    });
    assert.match(String(missing.json.message), /code_verifier is required/);
    const plainChallenge = await validate(auto.url, {
      grant_type: 'authorization_code',
      code_verifier: verifier,
      code: await codeVia(auto),
    });
    assert.match(String(plainChallenge.json.message), /no code_challenge/);
  });
});

describe('Authorization header and permissions', () => {
  const get = (h: SandboxHandle, path: string, authz?: string) =>
    fetch(new URL(path, h.url), {
      headers: authz === undefined ? {} : { authorization: authz },
    }).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, unknown> }));

  test('missing and malformed headers: 401 -16', async () => {
    for (const h of [undefined, 'justatoken', 'Bearer abc', ':tok', 'APP:']) {
      const r = await get(auto, '/api/v2/profile', h);
      assert.deepEqual([r.status, r.json.code, r.json.s], [401, -16, 'error'], String(h));
    }
  });

  test('unknown token or app: 401 -15; token of another app: 401 -17', async () => {
    const { appId, token } = await login(auto, 'orders');
    assert.equal((await get(auto, '/api/v2/profile', `${appId}:nope`)).json.code, -15);
    assert.equal((await get(auto, '/api/v2/profile', `NOAPP-100:${token}`)).json.code, -15);
    const other = auto.apps.find((a) => a.template === 'basic')!.app_id;
    const r = await get(auto, '/api/v2/profile', `${other}:${token}`);
    assert.deepEqual([r.status, r.json.code], [401, -17]);
  });

  test('token expires at 06:00 IST the next day: 401 -8', async () => {
    const { appId, token } = await login(auto, 'orders');
    await setClock(auto, { set: '2026-11-24T05:59:59+05:30' });
    assert.equal((await get(auto, '/api/v2/profile', `${appId}:${token}`)).status, 200);
    await setClock(auto, { set: '2026-11-24T06:00:00+05:30' });
    const r = await get(auto, '/api/v2/profile', `${appId}:${token}`);
    await setClock(auto, { set: MARKET_OPEN.toISOString() });
    assert.deepEqual([r.status, r.json.code], [401, -8]);
  });

  test('permission templates: 403 -373 where the template does not reach', async () => {
    const basic = await login(auto, 'basic');
    const trans = await login(auto, 'transactions');
    const b = `${basic.appId}:${basic.token}`;
    const t = `${trans.appId}:${trans.token}`;
    assert.equal((await get(auto, '/api/v2/profile', b)).status, 200);
    for (const p of [
      '/api/v2/funds',
      '/api/v2/holdings',
      '/api/v2/orders',
      '/api/v2/positions',
      '/api/v2/tradebook',
      '/api/v2/market-status',
    ]) {
      const r = await get(auto, p, b);
      assert.deepEqual([r.status, r.json.code], [403, -373], p);
      assert.match(String(r.json.message), /Basic permission template/);
      assert.equal((await get(auto, p, t)).status, 200, p);
    }
    const place = await fetch(new URL('/api/v2/orders', auto.url), {
      method: 'POST',
      headers: { authorization: t, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(place.status, 403);
    assert.equal(((await place.json()) as { code: number }).code, -373);
  });
});

test('v3 logout revokes only that token (another app keeps its own)', async () => {
  const a = await login(auto, 'basic');
  const b = await login(auto, 'transactions');
  const out = await fetch(new URL('/api/v3/logout', auto.url), {
    method: 'POST',
    headers: { authorization: `${a.appId}:${a.token}` },
  });
  assert.equal(out.status, 200);
  const after = await fetch(new URL('/api/v2/profile', auto.url), {
    headers: { authorization: `${a.appId}:${a.token}` },
  });
  assert.equal(after.status, 401);
  assert.equal(((await after.json()) as { code: number }).code, -15);
  const other = await fetch(new URL('/api/v2/profile', auto.url), {
    headers: { authorization: `${b.appId}:${b.token}` },
  });
  assert.equal(other.status, 200);
});

/** GET /api/v2/profile with one token: its HTTP status and broker code. */
async function profileWith(on: SandboxHandle, t: { appId: string; token: string }) {
  const r = await fetch(new URL('/api/v2/profile', on.url), {
    headers: { authorization: `${t.appId}:${t.token}` },
  });
  return [r.status, ((await r.json()) as { code: number }).code];
}

test("by default a new login ends the same app's earlier token for the user; other apps keep theirs", async () => {
  const first = await login(auto, 'orders');
  const otherApp = await login(auto, 'basic');
  assert.deepEqual(await profileWith(auto, first), [200, 200]);
  const second = await login(auto, 'orders');
  assert.deepEqual(await profileWith(auto, first), [401, -15]);
  assert.deepEqual(await profileWith(auto, second), [200, 200]);
  assert.deepEqual(await profileWith(auto, otherApp), [200, 200]);
});

test('earlierTokens "keep": every token lives to its own expiry', async () => {
  const keep = await startSandbox({
    now: MARKET_OPEN,
    freezeClock: true,
    tickMs: 0,
    autoApprove: true,
    earlierTokens: 'keep',
    limits: RELAXED_LIMITS,
  });
  try {
    const first = await login(keep, 'orders');
    const second = await login(keep, 'orders');
    assert.deepEqual(await profileWith(keep, first), [200, 200]);
    assert.deepEqual(await profileWith(keep, second), [200, 200]);
  } finally {
    await keep.close();
  }
});
