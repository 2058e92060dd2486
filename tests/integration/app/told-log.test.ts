/**
 * What the trader is told is in the log, through the composed app (createAppCore in Demo mode,
 * the real router, the sandbox over HTTP): a typed refusal a screen shows, here eDIS in a host
 * that cannot open the depository page, was answered to the renderer and written nowhere, so
 * support could not see it in the bundle. Now the router logs each one it answers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startComposedApp, type ComposedApp } from './composed-app';

describe('typed errors the trader sees are logged (composed app)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startComposedApp();
  });
  after(async () => {
    await app?.close();
  });

  it('eDIS without a depository window: the message shown is the message logged', async () => {
    const r = await app.dispatch('edis.authorize', {
      items: [{ isin: 'INE062A01020', qty: 1 }],
    });
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.equal(r.error.kind, 'unavailable');
    const line = app.logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'ipc: answered with an error' && l.channel === 'edis.authorize');
    assert.ok(line, 'the refusal is in the log');
    assert.equal(line.kind, 'unavailable');
    assert.equal(line.message, r.error.message);
  });
});
