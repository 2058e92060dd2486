// The login flow against a fake broker: the opener plays the system browser, the fake
// fetch plays /api/v2/validate-authcode and checks the PKCE and appIdHash proofs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { createLoginService, type LoginAccount } from '../../../electron/core/auth/login-service';
import { codeChallengeS256, appIdHash } from '../../../electron/core/auth/pkce';
import { LoginError } from '../../../electron/core/auth/errors';
import type { FetchLike } from '../../../electron/core/auth/ports';
import type {
  LoginWindowPort,
  LoginWindowRequest,
} from '../../../electron/core/auth/login-window-port';
import type { ProtocolEventSource } from '../../../electron/core/auth/protocol-capture';
import { createLogger, createRingBufferSink } from '../../../electron/core/diagnostics/logger';
import { FakeTime, counterRandom } from '../session/fake-time';

const SECRET = 'app-secret-value-123';

function httpGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

/** A fake broker: remembers the challenge per code, checks proofs on exchange. */
function fakeBroker(appId: string) {
  const issued = new Map<string, { challenge: string | null; used: boolean }>();
  const bodies: Record<string, string>[] = [];
  let n = 0;
  const authorize = (authorizeUrl: string): string => {
    const u = new URL(authorizeUrl);
    assert.equal(u.pathname, '/api/v2/generate-authcode');
    assert.equal(u.searchParams.get('client_id'), appId);
    assert.equal(u.searchParams.get('response_type'), 'code');
    const code = `AUTHCODE-${++n}`;
    issued.set(code, { challenge: u.searchParams.get('code_challenge'), used: false });
    const back = new URL(u.searchParams.get('redirect_uri') as string);
    back.searchParams.set('s', 'ok');
    back.searchParams.set('code', '200');
    back.searchParams.set('auth_code', code);
    back.searchParams.set('state', u.searchParams.get('state') as string);
    return back.href;
  };
  const fetch: FetchLike = async (url, init) => {
    assert.equal(init.method, 'POST');
    assert.match(url, /\/api\/v2\/validate-authcode$/);
    assert.equal(init.headers.Authorization, undefined, 'no Authorization on login');
    const body = JSON.parse(init.body ?? '{}') as Record<string, string>;
    bodies.push(body);
    const rec = issued.get(body.code ?? '');
    const fail = (code: number) => ({
      status: 400,
      headers: { get: () => null },
      text: async () => JSON.stringify({ s: 'error', code, message: 'refused' }),
    });
    if (!rec || rec.used) return fail(-374);
    rec.used = true;
    if (rec.challenge) {
      if (codeChallengeS256(body.code_verifier ?? 'x'.repeat(43)) !== rec.challenge)
        return fail(-374);
    } else if (body.appIdHash !== appIdHash(appId, SECRET)) return fail(-371);
    return {
      status: 200,
      headers: { get: () => null },
      text: async () =>
        JSON.stringify({ s: 'ok', code: 200, message: '', access_token: `TOKEN-${body.code}` }),
    };
  };
  return { authorize, fetch, bodies };
}

const account = (redirectUrl: string): LoginAccount => ({
  id: 'acc1',
  label: 'Main',
  appId: 'APP-100',
  redirectUrl,
  baseUrl: 'https://broker.example',
});

function setup(
  opts: {
    secret?: string | null;
    loginWindow?: LoginWindowPort;
    protocolEvents?: ProtocolEventSource;
    browser?: (url: string) => Promise<void>;
    loopbackPort?: 'registered' | 'ephemeral';
  } = {},
) {
  const broker = fakeBroker('APP-100');
  const time = new FakeTime('2026-01-05T04:00:00Z');
  const sink = createRingBufferSink(100);
  const opened: string[] = [];
  const service = createLoginService({
    fetch: broker.fetch,
    random: counterRandom(),
    clock: time,
    timers: time,
    appSecret: async () => opts.secret ?? null,
    opener: {
      openExternal: async (url) => {
        opened.push(url);
        if (opts.browser) await opts.browser(url);
        else void httpGet(broker.authorize(url));
      },
    },
    logger: createLogger({ sinks: [sink], clock: time, level: 'debug' }),
    ...(opts.loginWindow ? { loginWindow: opts.loginWindow } : {}),
    ...(opts.protocolEvents ? { protocolEvents: opts.protocolEvents } : {}),
    // `http://127.0.0.1/callback` means port 80; these tests are not about the port.
    loopbackPort: opts.loopbackPort ?? 'ephemeral',
  });
  return { broker, service, time, sink, opened };
}

test('PKCE is the default without a stored secret; loopback capture; verifier matches challenge', async () => {
  const { service, broker, sink, opened } = setup();
  const result = await service.login(account('http://127.0.0.1/callback'));
  assert.equal(result.method, 'pkce');
  assert.equal(result.accessToken, 'TOKEN-AUTHCODE-1');
  assert.ok(broker.bodies[0]?.code_verifier);
  assert.equal(broker.bodies[0]?.appIdHash, undefined);
  assert.equal(broker.bodies[0]?.grant_type, 'authorization_code');
  const logs = sink.lines().join('\n');
  assert.doesNotMatch(logs, /AUTHCODE|TOKEN-|code_verifier":"[A-Za-z]/);
  assert.ok(!logs.includes(broker.bodies[0]?.code_verifier ?? '@@'));
  assert.match(opened[0] ?? '', /code_challenge=/);
});

test('app-secret flow sends appIdHash and no verifier or challenge', async () => {
  const { service, broker, opened } = setup({ secret: SECRET });
  const result = await service.login(account('http://127.0.0.1/callback'));
  assert.equal(result.method, 'app-secret');
  assert.equal(broker.bodies[0]?.appIdHash, appIdHash('APP-100', SECRET));
  assert.equal(broker.bodies[0]?.code_verifier, undefined);
  assert.doesNotMatch(opened[0] ?? '', /code_challenge/);
});

test('a loopback reply with a forged state is answered 400 and ignored; the right one completes', async () => {
  const answered: number[] = [];
  const { service, broker } = setup({
    browser: async (url) => {
      const right = broker.authorize(url);
      const forged = new URL(right);
      forged.searchParams.set('state', 'forged');
      forged.searchParams.set('auth_code', 'FORGED');
      answered.push(await httpGet(forged.href));
      answered.push(await httpGet(right));
    },
  });
  const result = await service.login(account('http://127.0.0.1/callback'));
  assert.deepEqual(answered, [400, 200]);
  assert.equal(result.accessToken, 'TOKEN-AUTHCODE-1');
  assert.deepEqual(
    broker.bodies.map((b) => b.code),
    ['AUTHCODE-1'],
    'the forged code is never exchanged',
  );
});

test('a login-window redirect with a forged state is refused and the code is never exchanged', async () => {
  const { service, broker } = setup({
    loginWindow: {
      open(req: LoginWindowRequest) {
        const back = new URL(broker.authorize(req.authorizeUrl));
        back.searchParams.set('state', 'forged');
        return { result: Promise.resolve({ kind: 'redirect', url: back.href }), close: () => {} };
      },
    },
  });
  await assert.rejects(
    service.login(account('https://app.example/cb')),
    (e: unknown) => e instanceof LoginError && e.reason === 'state-mismatch',
  );
  assert.equal(broker.bodies.length, 0);
});

test('broker refusing the code gives exchange-failed with the broker code', async () => {
  const { service, broker } = setup({
    browser: async (url) => {
      const back = new URL(broker.authorize(url));
      back.searchParams.set('auth_code', 'unknown-code');
      void httpGet(back.href);
    },
  });
  await assert.rejects(
    service.login(account('http://127.0.0.1/callback')),
    (e: unknown) =>
      e instanceof LoginError && e.reason === 'exchange-failed' && e.details.brokerCode === -374,
  );
});

test('https redirect: login window intercepts the redirect; window closed → window-closed', async () => {
  const requests: LoginWindowRequest[] = [];
  let mode: 'redirect' | 'close' = 'redirect';
  const broker = fakeBroker('APP-100');
  const loginWindow: LoginWindowPort = {
    open(req) {
      requests.push(req);
      const target = broker.authorize(req.authorizeUrl);
      // The fake web contents: the broker page navigates to the redirect; the port intercepts it.
      const result = Promise.resolve(
        mode === 'redirect' && req.isRedirect(target)
          ? { kind: 'redirect' as const, url: target }
          : { kind: 'closed' as const },
      );
      return { result, close: () => undefined };
    },
  };
  const svc = createLoginService({
    fetch: broker.fetch,
    random: counterRandom(7),
    clock: new FakeTime(0),
    timers: new FakeTime(0),
    appSecret: async () => null,
    opener: {
      openExternal: async () => assert.fail('the system browser must not open for https redirects'),
    },
    loginWindow,
  });
  const r = await svc.login(account('https://app.example/done'));
  assert.equal(r.accessToken, 'TOKEN-AUTHCODE-1');
  assert.match(requests[0]?.partition ?? '', /^login-[A-Za-z0-9_-]+$/);
  assert.equal(requests[0]?.isRedirect('https://app.example/done?x=1'), true);
  assert.equal(requests[0]?.isRedirect('https://app.example/other'), false);
  mode = 'close';
  await assert.rejects(
    svc.login(account('https://app.example/done')),
    (e: unknown) => e instanceof LoginError && e.reason === 'window-closed',
  );
});

test('custom protocol redirect through the event source', async () => {
  const listeners = new Set<(u: string) => void>();
  const protocolEvents: ProtocolEventSource = {
    onUrl: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const ctx = setup({
    protocolEvents,
    browser: async (url) => {
      const back = ctx.broker.authorize(url);
      for (const l of [...listeners]) l(back.replace('/callback', '/elsewhere'));
      for (const l of [...listeners]) l(back);
    },
  });
  const r = await ctx.service.login(account('tickdesk://auth/callback'));
  assert.equal(r.method, 'pkce');
  assert.match(ctx.sink.lines().join('\n'), /path-not-allowed/);
});

test('a second login supersedes the first; cancel() cancels', async () => {
  const ctx = setup({ browser: async () => undefined });
  const first = ctx.service.login(account('http://127.0.0.1/callback'));
  await new Promise((r) => setTimeout(r, 20));
  const second = ctx.service.login(account('http://127.0.0.1/callback'));
  await assert.rejects(first, (e: unknown) => e instanceof LoginError && e.reason === 'superseded');
  await new Promise((r) => setTimeout(r, 20));
  ctx.service.cancel();
  await assert.rejects(second, (e: unknown) => e instanceof LoginError && e.reason === 'cancelled');
  assert.equal(ctx.service.pending(), false);
});

test('plain-http broker address is refused before anything opens', async () => {
  const ctx = setup();
  await assert.rejects(
    ctx.service.login({
      ...account('http://127.0.0.1/callback'),
      baseUrl: 'http://broker.example',
    }),
    (e: unknown) => e instanceof LoginError && e.reason === 'insecure-base-url',
  );
  assert.equal(ctx.opened.length, 0);
});

test('loopback port: the registered port by default, an ephemeral one when chosen per account', async () => {
  const { createServer } = await import('node:net');
  const free = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const a = setup({ loopbackPort: 'registered' });
  await a.service.login(account(`http://127.0.0.1:${free}/callback`));
  assert.equal(
    new URL(new URL(a.opened[0] ?? '').searchParams.get('redirect_uri') ?? '').port,
    String(free),
  );

  const broker = fakeBroker('APP-100');
  const opened: string[] = [];
  const svc = createLoginService({
    fetch: broker.fetch,
    random: counterRandom(3),
    clock: new FakeTime(0),
    timers: new FakeTime(0),
    appSecret: async () => null,
    opener: {
      openExternal: async (url) => {
        opened.push(url);
        void httpGet(broker.authorize(url));
      },
    },
    loopbackPort: (acc) => (acc.id === 'acc1' ? 'ephemeral' : 'registered'),
  });
  await svc.login(account(`http://127.0.0.1:${free}/callback`));
  assert.notEqual(
    new URL(new URL(opened[0] ?? '').searchParams.get('redirect_uri') ?? '').port,
    String(free),
  );
});
