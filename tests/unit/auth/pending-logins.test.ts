import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PendingLogins } from '../../../electron/core/auth/pending-logins';
import { FakeTime, counterRandom } from '../session/fake-time';

test('a returned state completes its pending login exactly once', () => {
  const time = new FakeTime('2026-01-05T04:00:00Z');
  const p = new PendingLogins(counterRandom(), time);
  const login = p.begin('acc1', true);
  assert.ok(login.codeVerifier);
  const first = p.consume(login.state);
  assert.equal(first.ok, true);
  const second = p.consume(login.state);
  assert.deepEqual(second, { ok: false, why: 'already-used' });
});

test('a PKCE login has a verifier; an app-secret login has none', () => {
  const p = new PendingLogins(counterRandom(), new FakeTime(0));
  assert.match(p.begin('a', true).codeVerifier ?? '', /^[A-Za-z0-9_-]{43}$/);
  assert.equal(p.begin('a', false).codeVerifier, null);
});

test('a wrong state fails and also burns the pending login', () => {
  const p = new PendingLogins(counterRandom(), new FakeTime(0));
  const login = p.begin('acc1', false);
  assert.deepEqual(p.consume('not-the-state'), { ok: false, why: 'mismatch' });
  assert.deepEqual(p.consume(login.state), { ok: false, why: 'already-used' });
});

test('a missing state is a mismatch', () => {
  const p = new PendingLogins(counterRandom(), new FakeTime(0));
  p.begin('acc1', false);
  assert.deepEqual(p.consume(null), { ok: false, why: 'mismatch' });
});

test('starting a new login invalidates the previous state', () => {
  const p = new PendingLogins(counterRandom(), new FakeTime(0));
  const old = p.begin('acc1', true);
  const fresh = p.begin('acc1', true);
  assert.notEqual(old.state, fresh.state);
  assert.deepEqual(p.consume(old.state), { ok: false, why: 'already-used' });
  assert.equal(p.consume(fresh.state).ok, true);
});

test('a state returned after the time limit is refused', () => {
  const time = new FakeTime(0);
  const p = new PendingLogins(counterRandom(), time, 300_000);
  const login = p.begin('acc1', true);
  time.advance(300_001);
  assert.deepEqual(p.consume(login.state), { ok: false, why: 'expired' });
});

test('no pending login: nothing to complete', () => {
  const p = new PendingLogins(counterRandom(), new FakeTime(0));
  assert.deepEqual(p.consume('anything'), { ok: false, why: 'no-pending-login' });
  const l = p.begin('a', false);
  p.abandon(l.id);
  assert.deepEqual(p.consume(l.state), { ok: false, why: 'already-used' });
});
