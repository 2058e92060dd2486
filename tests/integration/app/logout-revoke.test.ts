/**
 * Logout through the composed core (createAppCore, real settings, the Demo broker's process
 * over HTTP): the token is always forgotten here, and revoked at the broker (v3 logout) where
 * the account says the broker supports it; a broker that does not answer does not keep the
 * trader logged in.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';
import { ErrorCode } from '../../../shared/broker/errors';

describe('logout through the composed core', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-logout-'));
  let core: AppCore;

  before(async () => {
    core = await createAppCore({
      appName: 'Tickdesk',
      version: '0.0.0-test',
      platform: process.platform,
      host: 'harness',
      environment: 'demo',
      dataDir,
      openExternal: async () => {
        throw new Error('Demo mode must not open the system browser');
      },
      keychain: async () => ({ keychain: null, reason: 'test: memory only' }),
    });
  });

  after(async () => {
    await core.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Logs in and answers what a request with that token needs. */
  async function loggedIn(): Promise<{ baseUrl: string; auth: string }> {
    const s = await core.session.login();
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    const token = (await core.vault.getToken('demo'))?.token;
    assert.ok(token);
    const account = core.settings.account('demo')!;
    return { baseUrl: account.baseUrl!, auth: `${account.appId}:${token}` };
  }

  async function profileStatus(at: { baseUrl: string; auth: string }) {
    const res = await fetch(`${at.baseUrl}/api/v2/profile`, {
      headers: { authorization: at.auth },
    });
    const body = (await res.json()) as { code: number };
    return { status: res.status, code: body.code };
  }

  it('revokes the token at the broker when the account says it supports it', async () => {
    const at = await loggedIn();
    assert.equal(core.settings.account('demo')?.revokeOnLogout, true, 'the sandbox supports it');
    assert.equal((await profileStatus(at)).status, 200);
    const s = await core.session.logout();
    assert.equal(s.status, 'logged-out');
    assert.equal(await core.vault.getToken('demo'), null, 'forgotten here');
    assert.deepEqual(await profileStatus(at), { status: 401, code: ErrorCode.InvalidToken });
  });

  it('only forgets it here when the account says the broker does not support it', async () => {
    await core.settings.upsertAccount({ ...core.settings.account('demo')!, revokeOnLogout: false });
    const at = await loggedIn();
    await core.session.logout();
    assert.equal(await core.vault.getToken('demo'), null, 'forgotten here');
    assert.equal((await profileStatus(at)).status, 200, 'not revoked at the broker');
  });

  it('forgets it at once even when the broker does not answer the logout', async () => {
    const account = core.settings.account('demo')!;
    await core.settings.upsertAccount({ ...account, revokeOnLogout: true });
    const at = await loggedIn();
    // The broker moves away between login and logout: the revocation cannot reach it.
    await core.settings.upsertAccount({
      ...account,
      revokeOnLogout: true,
      baseUrl: 'http://127.0.0.1:9',
    });
    const t0 = Date.now();
    const s = await core.session.logout();
    assert.ok(Date.now() - t0 < 6_000, 'bounded by the revocation timeout');
    assert.equal(s.status, 'logged-out');
    assert.equal(await core.vault.getToken('demo'), null);
    assert.equal((await profileStatus(at)).status, 200, 'the broker never heard of it');
    const log = readdirSync(join(dataDir, 'logs'))
      .filter((f) => f.startsWith('tickdesk-'))
      .map((f) => readFileSync(join(dataDir, 'logs', f), 'utf8'))
      .join('');
    assert.match(log, /the broker did not revoke the token; it was forgotten here/);
    assert.doesNotMatch(
      log,
      new RegExp(at.auth.split(':')[1]!.slice(0, 24)),
      'no token in the log',
    );
  });
});
