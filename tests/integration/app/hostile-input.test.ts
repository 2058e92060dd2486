/**
 * Hostile input through the composed app (issue 18 #7): the renderer's route strings and
 * the broker's candle times, each as the trader's app meets them.
 * - A route (session.login's returnTo, session.setReturnTo) with a control character, a
 *   line separator or a lone surrogate is refused with a typed invalid-input naming the
 *   field, never `internal` and never stored (the route is shown back after a re-login).
 * - Every other string input gets the same check from the router: a control character or
 *   a lone surrogate in any field is a typed refusal.
 * - A history candle stamped in 2100 or 3000 is dropped and counted, never drawn.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';
/** Strings that are not one line of text: C0, DEL, C1, U+2028/2029, lone surrogates. */
const NOT_A_ROUTE = [
  '/watch\u0000',
  '/watch\u0001x',
  '/watch\nx',
  '/watch\u007f',
  '/watch\u0085',
  '/watch\u2028x',
  '/watch\u2029',
  '/watch\ud800',
  '/watch\udc00x',
  '\udfff\ud800',
];

describe('hostile input through the composed app', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startComposedApp();
  });
  after(async () => {
    await app?.close();
  });

  it('route strings that are not one line of text are refused, typed, on both channels', async () => {
    await app.call('session.setReturnTo', { route: '/orders' });
    for (const route of NOT_A_ROUTE) {
      const set = await app.dispatch('session.setReturnTo', { route });
      assert.equal(set.ok, false, `setReturnTo ${JSON.stringify(route)} was accepted`);
      if (!set.ok) {
        assert.equal(set.error.kind, 'invalid-input', JSON.stringify(set.error));
        assert.equal(set.error.field, 'route');
      }
      const login = await app.dispatch('session.login', { returnTo: route });
      assert.equal(login.ok, false, `login returnTo ${JSON.stringify(route)} was accepted`);
      if (!login.ok) {
        assert.equal(login.error.kind, 'invalid-input', JSON.stringify(login.error));
        assert.equal(login.error.field, 'returnTo');
      }
    }
    // Nothing hostile was kept: the route is the last good one.
    assert.equal((await app.call('session.state')).returnTo, '/orders');
    // A route with ordinary non-ASCII text (a surrogate pair included) is still a route.
    await app.call('session.setReturnTo', { route: '/watch/निफ्टी/😀' });
    assert.equal((await app.call('session.state')).returnTo, '/watch/निफ्टी/😀');
  });

  it('a control character or lone surrogate in any other string input is refused, typed', async () => {
    for (const query of ['SB\u0000IN', 'SBIN\ud800']) {
      const r = await app.dispatch('symbols.search', { query });
      assert.equal(r.ok, false, JSON.stringify(query));
      if (!r.ok) {
        assert.equal(r.error.kind, 'invalid-input');
        assert.equal(r.error.field, 'query');
      }
    }
    const fine = await app.dispatch('symbols.search', { query: 'SBIN' });
    assert.equal(fine.ok, true);
  });

  it('history candles stamped in 2100 or 3000 are dropped and counted, the rest kept', async () => {
    const clean = await app.call('marketdata.history', { symbol: SBIN, resolution: 15 });
    assert.equal(clean.dropped, 0);
    const n = clean.candles.length;
    assert.ok(n > 3, `the sandbox answered ${n} candles`);
    const now = Date.now();
    for (const [resolution, stamp] of [
      [5, 4_102_444_800], // 2100-01-01
      [60, 32_503_680_000], // 3000-01-01
    ] as const) {
      await app.control('row-patch', {
        route: 'GET /data-rest/v2/history/',
        list: 'candles',
        index: 1,
        patch: { 0: stamp },
      });
      const h = await app.call('marketdata.history', { symbol: SBIN, resolution });
      assert.equal(h.dropped, 1, `${resolution}-minute: the ${stamp} candle is counted as dropped`);
      assert.ok(h.candles.length > 3);
      for (const c of h.candles)
        assert.ok(c.time * 1000 <= now + 10 * 60_000, `a candle at ${c.time} was kept`);
    }
  });
});
