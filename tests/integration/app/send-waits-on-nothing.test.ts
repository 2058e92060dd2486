/**
 * An order is not held up by the trader's own reads. Before a ticket sends, it reads the
 * market status again (the after-market switch must match the session: see
 * renderer/src/orders/ticket.svelte.ts). That read decides how an order goes out, so it takes
 * the order lane: when this minute's share for the trader's reads is spent (a busy
 * screen, many windows), it must not queue behind them for up to a minute while the trader
 * waits on "Sending…" (an e2e run on a loaded CI machine did exactly that). Through the
 * composed app: the real scheduler, the real handler, the sandbox over HTTP.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startComposedApp, type ComposedApp } from './composed-app';

describe('the read before a send goes in the order lane (composed app)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startComposedApp();
  });
  after(() => app?.close());

  it('answers while the user share of the minute is spent and user reads wait', async () => {
    const { scheduler } = app.core;
    // Spend the minute's share for the trader's reads without touching the broker.
    const fill = scheduler.getState().minute;
    const fillers: Promise<unknown>[] = [];
    for (let i = scheduler.getState().minute.used; i < fill.ceiling; i++)
      fillers.push(
        scheduler
          .schedule({ priority: 'user', label: 'test filler', run: async () => ({}) })
          // Those past the user share wait with the read below; the close rejects them.
          .catch(() => undefined),
      );
    await Promise.all(fillers.slice(0, 100));
    let userReadDone = false;
    const userRead = app.call('portfolio.funds').then(
      () => void (userReadDone = true),
      () => void (userReadDone = true),
    );
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(userReadDone, false, 'a plain user read waits for the minute window');
    const rows = await app.call('portfolio.marketStatus', { beforeSend: true });
    assert.ok(rows.length >= 4, 'the market status came back');
    assert.equal(userReadDone, false, 'it went ahead of the waiting user read');
    void userRead;
  });
});
