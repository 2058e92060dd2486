/**
 * Issue 20 (mismatches): the broker's market-status list carries statuses beyond the v2
 * spec's OPEN/CLOSE (public clients of the live API report PREOPEN, POSTCLOSE_START,
 * POSTCLOSE_CLOSED, CLOSED …). One status the app has not seen must not fail the whole list.
 * Through the composed app and the sandbox over HTTP, with a row patch on the answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startComposedApp, type ComposedApp } from './composed-app';

describe('market status: an unfamiliar status never fails the list (composed app)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startComposedApp();
  });
  after(() => app?.close());

  it('keeps every row and names the phase of each known status', async () => {
    const plain = await app.call('portfolio.marketStatus');
    assert.ok(plain.length >= 4, 'the sandbox lists every exchange segment');
    for (const [index, status, phase] of [
      [0, 'POSTCLOSE_CLOSED', 'post-close'],
      [1, 'preopen', 'pre-open'],
      [2, 'CLOSED', 'closed'],
    ] as const) {
      await app.control('row-patch', {
        route: 'GET /api/v2/market-status',
        list: 'marketStatus',
        index,
        patch: { status },
      });
      const rows = await app.call('portfolio.marketStatus');
      assert.equal(rows.length, plain.length, `${status}: no row is lost`);
      assert.equal(rows[index]?.status, status.toUpperCase());
      assert.equal(rows[index]?.phase, phase, `${status} reads as ${phase}`);
    }
  });

  it('shows a status nobody has documented as unknown, with the broker’s own text', async () => {
    await app.control('row-patch', {
      route: 'GET /api/v2/market-status',
      list: 'marketStatus',
      index: 1,
      patch: { status: 'CALL_AUCTION_HALT' },
    });
    const rows = await app.call('portfolio.marketStatus');
    assert.equal(rows[1]?.status, 'CALL_AUCTION_HALT');
    assert.equal(rows[1]?.phase, 'unknown');
    assert.ok(
      rows.some((r) => r.phase !== 'unknown'),
      'the other rows keep their phase',
    );
  });
});
