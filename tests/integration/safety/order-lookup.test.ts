/**
 * Finding 9 of issue 8, through the composed app: looking up one order never returns
 * another. A broker that ignores the `?id=` filter answers with the whole book; the app
 * must find the row with that id or say "not in the book", never hand back the first row.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sbinBuy, startComposedApp, type ComposedApp } from './composed-app';

let app: ComposedApp;
before(async () => {
  app = await startComposedApp();
});
after(async () => {
  await app.close();
});

test('an order lookup answered with the whole book returns that order or none, never another', async () => {
  const { core } = app;
  const a = await core.orders.place(sbinBuy(601), { confirmGuards: true });
  const b = await core.orders.place(sbinBuy(602), { confirmGuards: true });
  assert.equal(a.status, 'done', a.note);
  assert.equal(b.status, 'done', b.note);

  await app.control('faults', { route: 'GET /api/v2/orders', mode: 'unfiltered', times: 3 });
  const found = await core.broker.getOrder(b.orderId!, { fresh: true });
  assert.equal(found?.id, b.orderId, 'the row with the asked id');
  const missing = await core.broker.getOrder('NO-SUCH-ORDER', { fresh: true });
  assert.equal(missing, null, `an unknown id is not in the book (got ${missing?.id})`);

  // The order service acts on that answer: a modify of an unknown id is refused, not
  // checked against (and sent for) whichever order happens to be first.
  const m = await core.orders.modify({ id: 'NO-SUCH-ORDER', limitPrice: 603 });
  assert.equal(m.status, 'blocked', m.note);
  assert.match(m.note, /not in the order book/);
});
