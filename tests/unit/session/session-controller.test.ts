// Session transitions with a fake clock across 06:00 IST (00:30 UTC).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createSessionController,
  type SessionAccount,
  type SessionSnapshot,
} from '../../../electron/core/session/session-controller';
import { sessionReducer, INITIAL_SESSION } from '../../../electron/core/session/session-machine';
import { LoginError } from '../../../electron/core/auth/errors';
import type { LoginService } from '../../../electron/core/auth/login-service';
import { createVault } from '../../../electron/core/vault/vault';
import { FakeTime } from './fake-time';

const ACC: SessionAccount = {
  id: 'acc1',
  label: 'Main',
  appId: 'APP-100',
  redirectUrl: 'http://127.0.0.1/cb',
  baseUrl: 'https://broker.example',
  environment: 'live',
  template: 'orders',
};

function setup(start = '2026-01-05T03:45:00Z', leadMinutes = 30) {
  const time = new FakeTime(start);
  let n = 0;
  let failNext: LoginError | null = null;
  const login: Pick<LoginService, 'login' | 'cancel'> = {
    async login(acc) {
      if (failNext) {
        const e = failNext;
        failNext = null;
        throw e;
      }
      return { accountId: acc.id, accessToken: `tok-${++n}`, method: 'pkce', issuedAt: time.now() };
    },
    cancel: () => undefined,
  };
  const vault = createVault({ keychain: null, keychainUnavailableReason: 'test' });
  const session = createSessionController({
    clock: time,
    timers: time,
    login,
    vault,
    accounts: { active: () => ACC, byId: (id) => (id === ACC.id ? ACC : null) },
    warningLeadMs: () => leadMinutes * 60_000,
  });
  const seen: SessionSnapshot[] = [];
  session.onChange((s) => seen.push(s));
  return { time, session, vault, seen, failWith: (e: LoginError) => (failNext = e) };
}

test('login → active → expiring at 05:30 IST → expired at 06:00 IST, by the clock alone', async () => {
  const { time, session, seen } = setup();
  const snap = await session.login({ returnTo: '/orders?tab=pending' });
  assert.equal(snap.status, 'active');
  assert.equal(new Date(snap.expiresAt ?? 0).toISOString(), '2026-01-06T00:30:00.000Z');
  assert.equal(new Date(snap.warnAt ?? 0).toISOString(), '2026-01-06T00:00:00.000Z');
  assert.equal(snap.capabilities.placeOrders, true);
  assert.equal(session.credentials()?.accessToken, 'tok-1');
  assert.equal(JSON.stringify(snap).includes('tok-1'), false, 'no token in snapshots');

  time.advanceTo('2026-01-05T23:59:59Z');
  assert.equal(session.snapshot().status, 'active');
  time.advanceTo('2026-01-06T00:00:00Z');
  assert.equal(session.snapshot().status, 'expiring');
  assert.equal(session.snapshot().canRelogin, true);
  assert.ok(session.credentials(), 'still usable while expiring');
  time.advanceTo('2026-01-06T00:30:00Z');
  const expired = session.snapshot();
  assert.equal(expired.status, 'expired');
  assert.equal(expired.expiredReason, 'clock');
  assert.equal(expired.capabilities.placeOrders, false);
  assert.equal(session.credentials(), null);
  assert.deepEqual(
    seen.map((s) => s.status),
    ['logging-in', 'active', 'expiring', 'expired'],
  );
  assert.equal(
    seen.some((s) => JSON.stringify(s).includes('tok-')),
    false,
  );
  session.dispose();
  assert.equal(time.pendingCount, 0);
});

test('one-click re-login after expiry keeps the return route and gives a fresh token', async () => {
  const { time, session } = setup();
  await session.login({ returnTo: '/positions' });
  time.advanceTo('2026-01-06T00:31:00Z');
  assert.equal(session.snapshot().status, 'expired');
  const after = await session.relogin();
  assert.equal(after.status, 'active');
  assert.equal(after.returnTo, '/positions');
  assert.equal(session.credentials()?.accessToken, 'tok-2');
  assert.equal(new Date(after.expiresAt ?? 0).toISOString(), '2026-01-07T00:30:00.000Z');
  session.dispose();
});

test('a 401 code from the broker expires the session at once; other codes do not', async () => {
  const { session, vault } = setup();
  await session.login();
  assert.equal(session.reportAuthFailure(-50, 400), false);
  assert.equal(session.snapshot().status, 'active');
  assert.equal(session.reportAuthFailure(-16, 401), true);
  const s = session.snapshot();
  assert.equal(s.status, 'expired');
  assert.equal(s.expiredReason, 'broker-rejected');
  assert.equal(s.brokerCode, -16);
  assert.equal(session.credentials(), null);
  await new Promise((r) => setImmediate(r));
  assert.equal(await vault.getToken('acc1'), null, 'rejected token removed from the vault');
  session.dispose();
});

test('a failed login returns to the state it started from, with a reason', async () => {
  const { session, failWith, time } = setup();
  failWith(new LoginError('window-closed', 'closed'));
  const s1 = await session.login();
  assert.equal(s1.status, 'logged-out');
  assert.equal(s1.lastError?.reason, 'window-closed');
  await session.login();
  time.advanceTo('2026-01-06T00:40:00Z');
  failWith(new LoginError('timeout', 't'));
  const s2 = await session.relogin();
  assert.equal(s2.status, 'expired');
  assert.equal(s2.canRelogin, true);
  session.dispose();
});

test('restore picks up a stored valid token and drops an expired one', async () => {
  const a = setup();
  await a.session.login();
  const stored = await a.vault.getToken('acc1');
  assert.ok(stored);
  a.session.dispose();

  const time = new FakeTime('2026-01-05T10:00:00Z');
  const vault = createVault({ keychain: null });
  await vault.setToken('acc1', stored);
  const mk = () =>
    createSessionController({
      clock: time,
      timers: time,
      login: { login: async () => assert.fail('no login'), cancel: () => undefined },
      vault,
      accounts: { active: () => ACC, byId: () => ACC },
      warningLeadMs: () => 30 * 60_000,
    });
  const s = mk();
  assert.equal((await s.restore()).status, 'active');
  assert.equal(s.credentials()?.accessToken, stored.token);
  s.dispose();
  time.advanceTo('2026-01-06T01:00:00Z');
  const s2 = mk();
  assert.equal((await s2.restore()).status, 'expired');
  assert.equal(await vault.getToken('acc1'), null);
  s2.dispose();
});

test('logout clears the token and the vault entry', async () => {
  const { session, vault } = setup();
  await session.login();
  const s = await session.logout();
  assert.equal(s.status, 'logged-out');
  assert.equal(session.credentials(), null);
  assert.equal(await vault.getToken('acc1'), null);
  session.dispose();
});

test('returnTo is opaque but bounded', async () => {
  const { session } = setup();
  session.setReturnTo('/chart/NSE:SBIN-EQ?tf=5m');
  assert.equal(session.snapshot().returnTo, '/chart/NSE:SBIN-EQ?tf=5m');
  assert.throws(() => session.setReturnTo('x'.repeat(513)), RangeError);
  assert.throws(() => session.setReturnTo('/a\nb'), RangeError);
  session.dispose();
});

test('the reducer ignores events that make no sense in the current state', () => {
  assert.equal(
    sessionReducer(INITIAL_SESSION, { type: 'auth-rejected', code: -8 }),
    INITIAL_SESSION,
  );
  assert.equal(
    sessionReducer(INITIAL_SESSION, { type: 'clock', now: 1, leadMs: 0 }),
    INITIAL_SESSION,
  );
  assert.equal(
    sessionReducer(INITIAL_SESSION, { type: 'login-failed', reason: 'x', message: 'y' }),
    INITIAL_SESSION,
  );
});

test('no account: login explains itself without inventing an account', async () => {
  const time = new FakeTime('2026-01-05T04:00:00Z');
  const session = createSessionController({
    clock: time,
    timers: time,
    login: { login: async () => assert.fail('must not start'), cancel: () => undefined },
    vault: createVault({ keychain: null }),
    accounts: { active: () => null, byId: () => null },
    warningLeadMs: () => 0,
  });
  const s = await session.login();
  assert.equal(s.status, 'logged-out');
  assert.equal(s.accountId, null);
  assert.equal(s.lastError?.reason, 'no-account');
  session.dispose();
});

test('a listener that reads the session never makes others receive an older state last', async () => {
  const { time, session } = setup();
  await session.login();
  const received: string[] = [];
  // The first listener reads the session (as the event forwarder does) at a moment the
  // clock has moved past the warning time without a timer having fired yet.
  session.onChange(() => session.snapshot());
  session.onChange((s) => received.push(s.status));
  time.jumpTo('2026-01-06T00:10:00Z');
  session.setReturnTo('/x');
  assert.equal(received.at(-1), 'expiring');
  session.dispose();
});

test('a superseded or logged-out login attempt that settles late changes nothing', async () => {
  const time = new FakeTime('2026-01-05T04:00:00Z');
  const pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const login: Pick<LoginService, 'login' | 'cancel'> = {
    login: () =>
      new Promise((resolve, reject) => {
        pending.push({ resolve: resolve as (v: unknown) => void, reject });
      }),
    cancel: () => undefined,
  };
  const session = createSessionController({
    clock: time,
    timers: time,
    login,
    vault: createVault({ keychain: null }),
    accounts: { active: () => ACC, byId: () => ACC },
    warningLeadMs: () => 0,
  });
  const first = session.login();
  const second = session.login();
  pending[0]?.reject(new LoginError('superseded', 'x'));
  await first;
  assert.equal(session.snapshot().status, 'logging-in', 'the newer attempt still owns the state');
  pending[1]?.resolve({
    accountId: 'acc1',
    accessToken: 'tok-new',
    method: 'pkce',
    issuedAt: time.now(),
  });
  await second;
  assert.equal(session.snapshot().status, 'active');

  const third = session.login();
  await session.logout();
  pending[2]?.resolve({
    accountId: 'acc1',
    accessToken: 'tok-late',
    method: 'pkce',
    issuedAt: time.now(),
  });
  await third;
  assert.equal(
    session.snapshot().status,
    'logged-out',
    'a login finishing after logout is dropped',
  );
  assert.equal(session.credentials(), null);
  session.dispose();
});
