/**
 * Issue 22 #1 through the composed app (createAppCore in Demo mode, the real router and
 * event bus, the sandbox over HTTP): the kill switch, confirmed by its typed word, cancels
 * every pending order, exits every intraday position (a CNC holding stays), and refuses a
 * following order with a clear message before anything reaches the broker; after a restart
 * of the core on the same data folder the stop still holds.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OrderStatus } from '../../../shared/broker/enums';
import type { RiskState } from '../../../shared/risk/risk-limits';
import { ChannelError, startComposedApp, type ComposedApp } from '../app/composed-app';
import { netQty, openLong, pendingBuy, until } from './risk-helpers';

const SBIN = 'NSE:SBIN-EQ';
const ITC = 'NSE:ITC-EQ';

describe('kill switch (composed app, sandbox over HTTP)', () => {
  let dataDir: string;
  let app: ComposedApp;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-kill-'));
    app = await startComposedApp({ dataDir });
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 945 });
  });
  after(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('is refused without its typed confirmation, and nothing is stopped', async () => {
    const r = await app.dispatch('risk.killSwitch', { confirm: 'stop' });
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.error.kind, 'invalid-input');
    assert.match(!r.ok ? r.error.message : '', /Type STOP to confirm/);
    assert.equal((await app.call('risk.state')).block, null);
  });

  it('cancels every pending order, exits intraday positions, keeps CNC, refuses the next order', async () => {
    const pending = [await pendingBuy(app, 880), await pendingBuy(app, 881)];
    await openLong(app, SBIN, 3, 'INTRADAY');
    await openLong(app, ITC, 1, 'CNC');
    await until(
      app,
      async () =>
        (await app.core.broker.getOrders({ fresh: true })).filter(
          (o) => pending.includes(o.id) && o.status === OrderStatus.Pending,
        ).length === 2,
      'both buys pending at the exchange',
    );

    const out = await app.call('risk.killSwitch', { confirm: 'STOP' });
    assert.equal(out.block.reason, 'kill-switch');
    assert.equal(out.cancelled, 2, out.summary);
    assert.equal(out.exited, 1, out.summary);
    assert.equal(out.unsettled, 0, out.summary);
    assert.ok(out.block.until > Date.now(), 'the stop lasts into the next trading day');

    const book = await app.core.broker.getOrders({ fresh: true });
    for (const id of pending)
      assert.equal(book.find((o) => o.id === id)?.status, OrderStatus.Canceled, `${id} cancelled`);
    await until(app, async () => (await netQty(app, SBIN, 'INTRADAY')) === 0, 'SBIN exited');
    assert.equal(await netQty(app, ITC, 'CNC'), 1, 'the CNC position is not an intraday one');

    const shown = app.events
      .filter((e) => e.name === 'risk.changed')
      .map((e) => e.payload as RiskState);
    assert.equal(shown.at(-1)?.block?.reason, 'kill-switch', 'the status bar is told');

    const count = await app.sandboxOrderCount();
    const refused = await app.dispatch('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 2, side: 1, productType: 'INTRADAY' },
      confirmGuards: true,
    });
    assert.equal(refused.ok, false);
    const err = !refused.ok ? refused.error : null;
    assert.equal(err?.kind, 'trading-stopped');
    assert.match(
      err?.message ?? '',
      /Trading is stopped in Tickdesk until .* IST: the kill switch was used/,
    );
    assert.match(err?.message ?? '', /the broker’s terminal still trades/);
    assert.doesNotMatch(err?.message ?? '', /\/api\//, 'no API path in the message');
    // Baskets and changes are refused the same way; a cancel still goes.
    await assert.rejects(
      app.call('orders.placeMany', {
        drafts: [{ symbol: SBIN, qty: 1, type: 2, side: 1, productType: 'INTRADAY' }],
        confirmGuards: true,
      }),
      (e: unknown) => e instanceof ChannelError && e.error.kind === 'trading-stopped',
    );
    assert.equal(await app.sandboxOrderCount(), count, 'nothing reached the broker');
  });

  it('still holds after the core restarts on the same data folder', async () => {
    await app.close();
    app = await startComposedApp({ dataDir });
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    const state = await app.call('risk.state');
    assert.equal(state.block?.reason, 'kill-switch');
    const count = await app.sandboxOrderCount();
    await assert.rejects(
      app.call('orders.place', {
        draft: { symbol: SBIN, qty: 1, type: 2, side: 1, productType: 'INTRADAY' },
        confirmGuards: true,
      }),
      (e: unknown) => e instanceof ChannelError && e.error.kind === 'trading-stopped',
    );
    assert.equal(await app.sandboxOrderCount(), count, 'nothing reached the broker');
  });
});
