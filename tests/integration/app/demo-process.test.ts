/**
 * The Demo broker in its own process, through the composed core (createAppCore, real
 * settings, the sandbox child forked exactly as the harness does): not started by the core's
 * start, started by the first login, a crash told to the trader and the session logged out,
 * the next login restarting it on a new port, and closing the core stopping it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';
import type { DemoProcess } from '../../../electron/core/demo/demo-process-port';
import { forkDemoProcess } from '../../../electron/core/demo/fork-demo-process';

describe('the Demo broker in its own process, through the composed core', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-demo-proc-'));
  const events: { name: string; payload: unknown }[] = [];
  const launched: { proc: DemoProcess; exit: Promise<number | null> }[] = [];
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
      demoProcess: (options) => {
        const proc = forkDemoProcess(options);
        const exit = new Promise<number | null>((r) => proc.onExit(r));
        launched.push({ proc, exit });
        return proc;
      },
    });
    core.attachEmitter((name, payload) => events.push({ name, payload }));
  });

  after(async () => {
    await core.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has not waited for the broker: the core is up before the broker is ready', () => {
    // The symbol download may already have asked for it, but nothing waited for the market.
    assert.notEqual(core.demo?.state(), 'running');
    assert.equal(core.demoBrokerUrl, null);
    assert.equal(core.info().account?.id, 'demo');
  });

  it('starts it on the first login, in another process, and trades through it', async () => {
    const s = await core.session.login();
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    assert.equal(launched.length, 1, 'one broker process');
    assert.equal(core.demo?.state(), 'running');
    assert.match(core.demoBrokerUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(core.settings.account('demo')?.baseUrl, core.demoBrokerUrl);
    const holdings = await core.broker.getHoldings();
    assert.ok(holdings.holdings.length > 0);
  });

  it('reports a crash clearly, logs the Demo session out, and restarts on the next login', async () => {
    const firstUrl = core.demoBrokerUrl;
    launched[0]!.proc.kill();
    assert.notEqual(await launched[0]!.exit, 0);
    const notice = await waitFor(() =>
      events.find(
        (e) =>
          e.name === 'app.notice' &&
          /Demo broker stopped unexpectedly/.test((e.payload as { message: string }).message),
      ),
    );
    assert.equal((notice.payload as { level: string }).level, 'error');
    await waitFor(() => core.session.snapshot().status === 'logged-out' || undefined);
    assert.equal(core.demo?.state(), 'crashed');
    assert.equal(await core.vault.getToken('demo'), null);

    const again = await core.session.login();
    assert.equal(again.status, 'active', JSON.stringify(again.lastError));
    assert.equal(launched.length, 2, 'restarted once');
    assert.notEqual(core.demoBrokerUrl, firstUrl, 'a new process on a new port');
    const profile = await core.broker.getProfile();
    assert.ok(profile);
  });

  it('stops the process when the core closes', async () => {
    await core.dispose();
    assert.equal(await launched[1]!.exit, 0, 'asked to stop, it exits cleanly');
    assert.equal(core.demo?.state(), 'stopped');
  });
});

async function waitFor<T>(probe: () => T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
