/**
 * A stalled v3 data socket (issue 19): the composed app in Demo on v3 (createAppCore with real
 * settings, the real symbol runtime, the sandbox over HTTP) watches a symbol priced by the HSM
 * socket; the sandbox then stalls that connection without closing it, as a half-open TCP
 * connection looks: nothing more arrives, not even the pong a WebSocket ping is owed. The app
 * must notice by the missed pong, say the price socket is down (so the REST fallback prices
 * what is held), reconnect, subscribe again, and stream prices on the new connection.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Quote } from '../../../shared/marketdata/quote';
import type { MarketDataStatus } from '../../../shared/marketdata/subscription';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from '../app/composed-app';
import { startDemoSandbox } from '../safety/composed-app';

const INFY = 'NSE:INFY-EQ';

/** Waits for a condition (no fixed sleeps: the CI machine may be slow). */
async function until(
  what: string,
  cond: () => boolean | Promise<boolean>,
  ms = 30_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface DataConn {
  authenticated: boolean;
  topics: number;
  stalled: boolean;
}

describe('a stalled v3 data socket (composed app on v3, sandbox over HTTP)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  const eventsOf = <T>(name: string, from: number): T[] =>
    app.events
      .slice(from)
      .filter((e) => e.name === name)
      .map((e) => e.payload as T);
  const socketPrices = (from: number) =>
    eventsOf<{ quotes: Quote[] }>('marketdata.ticks', from)
      .flatMap((t) => t.quotes)
      .filter((q) => q.symbol === INFY && q.source === 'socket');
  /** The sandbox's v3 data-socket connections, as its socket control lists them. */
  const dataConnections = async (): Promise<DataConn[]> => {
    const r = await fetch(new URL('/__sandbox/socket', sandbox.url));
    return ((await r.json()) as { v3Data: DataConn[] }).v3Data;
  };

  before(async () => {
    sandbox = await startDemoSandbox();
    app = await startComposedApp({ login: false, deps: { demoProcess: inProcessDemo(sandbox) } });
    const view = await app.call('settings.updatePreferences', {
      patch: { demoBroker: 'fyers-v3' },
    });
    assert.equal(view.preferences.demoBroker, 'fyers-v3');
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await app.core.symbols.ready();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('notices the stall by the missed pong, reconnects and streams prices again', async () => {
    await app.call('marketdata.subscribe', { owner: 'stall', reason: 'watch', symbols: [INFY] });
    let from = app.events.length;
    await until('a socket price', () => socketPrices(from).length > 0);
    const before = await app.call('marketdata.status');
    assert.equal(before.socket, 'open');

    const stalled = await app.control('socket', { action: 'stall-v3' });
    assert.equal(stalled.affected, 1, 'the one data connection is stalled, not closed');
    assert.ok((await dataConnections()).every((c) => c.stalled));
    from = app.events.length;

    // The heartbeat finds the pong missing within two beats; allow a loaded machine plenty.
    await until(
      'a reconnect after the stall',
      async () => (await app.call('marketdata.status')).reconnects > before.reconnects,
      90_000,
    );
    assert.ok(
      eventsOf<MarketDataStatus>('marketdata.statusChanged', from).some((s) => s.socket !== 'open'),
      'the status said the price socket was down meanwhile',
    );
    // The new connection subscribed the watched symbol again by itself and streams.
    const mark = app.events.length;
    await until('socket prices on the new connection', () => socketPrices(mark).length >= 2);
    await until('the stalled connection is gone, one live one left', async () => {
      const conns = await dataConnections();
      return conns.length === 1 && !conns[0]!.stalled && conns[0]!.topics > 0;
    });
    assert.equal((await app.call('marketdata.status')).socket, 'open');
    await app.call('marketdata.unsubscribe', { owner: 'stall', reason: 'watch' });
  });
});
