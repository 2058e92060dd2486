/**
 * Issue 22 leftover through the composed app (createAppCore in Demo mode, the sandbox over
 * HTTP): a conversion started before the kill switch, which the broker never received, must
 * not go out by "Send again" once trading is stopped: like every other order action after
 * the stop it is refused in words, and the position stays as it was.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TRADING_STOPPED } from '../../../shared/risk/risk-limits';
import { ChannelError, startComposedApp, type ComposedApp } from '../app/composed-app';
import { netQty, openLong } from './risk-helpers';

const SBIN = 'NSE:SBIN-EQ';

/** How many conversion requests the sandbox has answered (its request counts). */
async function putCount(app: ComposedApp): Promise<number> {
  const url = new URL('/__sandbox/requests', app.core.demoBrokerUrl!);
  const r = (await (await fetch(url)).json()) as { requests: Record<string, number> };
  return r.requests['PUT /api/v2/positions'] ?? 0;
}

describe('a resend after the stop (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startComposedApp();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 945 });
  });
  after(() => app?.close());

  it('a conversion not done before the kill switch is refused when sent again', async () => {
    await openLong(app, SBIN, 2, 'INTRADAY');
    await app.control('faults', { route: 'PUT /api/v2/positions', mode: 'drop-before' });
    const first = await app.call('orders.convert', {
      symbol: SBIN,
      positionSide: 1,
      convertQty: 1,
      convertFrom: 'INTRADAY',
      convertTo: 'CNC',
    });
    const settled = await app.core.orders.settled(first.intentId);
    assert.equal(settled.status, 'confirmed-not-done', settled.note);
    assert.equal(settled.resendAllowed, true);

    const kill = await app.call('risk.killSwitch', { confirm: 'STOP' });
    assert.equal(kill.unsettled, 0, kill.summary);
    const putsBefore = await putCount(app);

    await assert.rejects(
      app.call('orders.resend', { intentId: first.intentId }),
      (e: unknown) => e instanceof ChannelError && e.error.kind === TRADING_STOPPED,
    );
    assert.equal(await putCount(app), putsBefore, 'no conversion request after the stop');
    assert.equal(await netQty(app, SBIN, 'CNC'), 0, 'nothing converted');
  });
});
