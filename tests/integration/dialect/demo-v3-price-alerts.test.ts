/**
 * Broker-held price alerts on API v3 (issue 21 #2), through the composed app: createAppCore
 * in Demo mode with real settings, the real symbol runtime and the sandbox over HTTP, Demo
 * switched to v3. The Alerts screen's calls create, modify, pause, resume and delete alerts
 * the sandbox holds (its request log shows the v3 price-alert calls); the sandbox fires one on
 * its simulated price and the app raises its own alert for it; the screen says the alerts
 * fire with the app closed. On v2 the same screen keeps the app-held alerts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { ChannelError, startComposedApp, type ComposedApp } from '../app/composed-app';
import { startDemoSandbox } from '../safety/composed-app';

const SBIN = 'NSE:SBIN-EQ';

/** Polls `cond` until it holds (generous: a loaded CI machine). */
async function until(cond: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('broker-held price alerts on API v3 (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  const requests: string[] = [];
  const seen = (from = 0) => requests.slice(from).map((l) => l.split(' ').slice(0, 2).join(' '));

  before(async () => {
    sandbox = await startDemoSandbox(undefined, (line) => requests.push(line));
    // The list's safety read is slowed past the test, so a firing can only come by push or
    // by a read the test makes.
    app = await startComposedApp({
      login: false,
      deps: { demoProcess: inProcessDemo(sandbox), brokerAlertPollMs: 600_000 },
    });
    await app.call('settings.updatePreferences', { patch: { demoBroker: 'fyers-v3' } });
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await app.core.symbols.ready();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 800 });
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('the account offers broker alerts and the screen says they fire with the app closed', async () => {
    const info = await app.call('app.info');
    assert.equal(info.account?.capabilities.brokerAlerts, true);
    const from = requests.length;
    const view = await app.call('alerts.priceList');
    assert.equal(view.heldBy, 'broker');
    assert.match(view.note, /fire even when Tickdesk is closed/);
    assert.doesNotMatch(view.note, /only while/);
    assert.ok(seen(from).includes('GET /api/v3/price-alert'), seen(from).join('\n'));
  });

  it('creates, modifies, pauses, resumes and deletes an alert the broker holds', async () => {
    const from = requests.length;
    const made = await app.call('alerts.priceCreate', {
      symbol: SBIN,
      condition: 'price-below',
      value: 600,
      note: 'support',
    });
    assert.match(made.id, /^pa-\d+$/);
    assert.equal(made.status, 'active');
    assert.equal(made.value, 600);
    assert.equal(made.note, 'support');
    assert.ok(seen(from).includes('POST /api/v3/price-alert'), seen(from).join('\n'));
    assert.ok(!seen(from).some((r) => r.includes('/api/v2/')), 'nothing on v2');

    const moved = await app.call('alerts.priceModify', {
      id: made.id,
      alert: { symbol: SBIN, condition: 'price-below', value: 590, note: 'support' },
    });
    assert.equal(moved.value, 590);
    const paused = await app.call('alerts.pricePause', { id: made.id, paused: true });
    assert.equal(paused.status, 'paused');
    const resumed = await app.call('alerts.pricePause', { id: made.id, paused: false });
    assert.equal(resumed.status, 'active');
    assert.ok(seen(from).includes('PUT /api/v3/toggle-alert'), seen(from).join('\n'));

    await app.call('alerts.priceRemove', { id: made.id });
    const view = await app.call('alerts.priceList');
    assert.equal(
      view.alerts.find((a) => a.id === made.id),
      undefined,
    );
    assert.ok(seen(from).includes('DELETE /api/v3/price-alert'), seen(from).join('\n'));
  });

  it('refuses in words what a broker alert cannot do (a % change, a repeat)', async () => {
    for (const input of [
      { symbol: SBIN, condition: 'change-above', value: 2 },
      { symbol: SBIN, condition: 'price-above', value: 900, repeat: true },
    ]) {
      await assert.rejects(
        app.call('alerts.priceCreate', input),
        (err: unknown) =>
          err instanceof ChannelError &&
          err.error.kind === 'invalid-input' &&
          !/\/api\/|comparisonType|alert-type/.test(err.error.message),
      );
    }
  });

  it('an alert the sandbox fires on its simulated price raises the app alert once, and shows triggered', async () => {
    const made = await app.call('alerts.priceCreate', {
      symbol: SBIN,
      condition: 'price-below',
      value: 700,
      note: 'deep dip',
    });
    const raisedBefore = app.events.filter((e) => e.name === 'alerts.raised').length;
    await app.control('price', { symbol: SBIN, ltp: 680 });
    await app.control('tick', { n: 1 });
    // The socket's push (or the screen's read, whichever comes first) brings the firing.
    await until(async () => {
      const v = await app.call('alerts.priceList');
      return v.alerts.find((a) => a.id === made.id)?.status === 'triggered';
    }, 'the alert to show triggered');
    const raised = app.events
      .filter((e) => e.name === 'alerts.raised')
      .slice(raisedBefore)
      .map((e) => e.payload as { kind: string; symbol: string | null; body: string });
    const mine = raised.filter((a) => a.kind === 'price' && a.symbol === SBIN);
    assert.equal(mine.length, 1, JSON.stringify(raised));
    assert.match(mine[0]!.body, /deep dip/);
    // Reading again raises nothing more: it fired once.
    await app.call('alerts.priceList');
    await app.call('alerts.priceList');
    const again = app.events
      .filter((e) => e.name === 'alerts.raised')
      .slice(raisedBefore)
      .filter((e) => (e.payload as { kind: string }).kind === 'price');
    assert.equal(again.length, 1);
    await app.call('alerts.priceRemove', { id: made.id });
  });

  it('a firing arrives by the order socket push: the app alert is raised with no list read', async () => {
    const made = await app.call('alerts.priceCreate', {
      symbol: SBIN,
      condition: 'price-above',
      value: 820,
      note: 'breakout',
    });
    await app.control('price', { symbol: SBIN, ltp: 800 });
    const raisedBefore = app.events.filter((e) => e.name === 'alerts.raised').length;
    const from = requests.length;
    await app.control('price', { symbol: SBIN, ltp: 830 });
    await app.control('tick', { n: 1 });
    const mine = () =>
      app.events
        .filter((e) => e.name === 'alerts.raised')
        .slice(raisedBefore)
        .map((e) => e.payload as { kind: string; symbol: string | null; body: string })
        .filter((a) => a.kind === 'price' && a.symbol === SBIN);
    await until(async () => mine().length > 0, 'the pushed firing to raise the app alert');
    assert.equal(mine().length, 1);
    assert.match(mine()[0]!.body, /breakout/);
    assert.ok(
      !seen(from).includes('GET /api/v3/price-alert'),
      `raised from a list read, not the push:\n${seen(from).join('\n')}`,
    );
    const v = await app.call('alerts.priceList');
    assert.equal(v.alerts.find((a) => a.id === made.id)?.status, 'triggered');
    await app.call('alerts.priceRemove', { id: made.id });
  });
});
