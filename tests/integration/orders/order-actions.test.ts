/**
 * Every order and position action through the order service against the sandbox over HTTP:
 * place, multi place, modify, multi modify, cancel, multi cancel, convert, exit one, exit all.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { sbinLimit, startOrderFixture } from './order-fixture';

let f: Awaited<ReturnType<typeof startOrderFixture>>;
before(async () => {
  f = await startOrderFixture();
});
after(async () => {
  await f.close();
});

test('place, modify and cancel one order', async () => {
  const placed = await f.orders.place(sbinLimit());
  assert.equal(placed.status, 'done', placed.note);
  await f.tick();
  const modified = await f.orders.modify({ id: placed.orderId!, qty: 2, limitPrice: 801 });
  assert.equal(modified.status, 'done', modified.note + JSON.stringify(modified.error));
  const row = await f.broker.getOrder(placed.orderId!);
  assert.equal(row?.qty, 2);
  assert.equal(row?.limitPrice, 801);
  const cancelled = await f.orders.cancel(placed.orderId!);
  assert.equal(cancelled.status, 'done', JSON.stringify(cancelled.error));
  assert.equal((await f.broker.getOrder(placed.orderId!))?.status, 1);
});

test('multi place, multi modify and multi cancel', async () => {
  const placed = await f.orders.placeMany([
    sbinLimit({ limitPrice: 790 }),
    sbinLimit({ limitPrice: 791 }),
  ]);
  assert.deepEqual(
    placed.map((i) => i.status),
    ['done', 'done'],
  );
  await f.tick();
  const ids = placed.map((i) => i.orderId!);
  f.orders.observeOrders(await f.broker.getOrders());
  const modified = await f.orders.modifyMany(ids.map((id, k) => ({ id, limitPrice: 792 + k })));
  assert.deepEqual(
    modified.map((i) => i.status),
    ['done', 'done'],
    JSON.stringify(modified.map((m) => m.error)),
  );
  const rows = await f.broker.getOrdersByIds(ids);
  assert.deepEqual(rows.map((r) => r.limitPrice).sort(), [792, 793]);
  const cancelled = await f.orders.cancelMany(ids);
  assert.deepEqual(
    cancelled.map((i) => i.status),
    ['done', 'done'],
  );
  assert.ok((await f.broker.getOrdersByIds(ids)).every((o) => o.status === 1));
});

test('a broker refusal is a clean failure; the same request is not offered again', async () => {
  const ack = await f.orders.cancel('424242');
  assert.equal(ack.status, 'failed');
  assert.equal(ack.error?.code, -51);
  // A definite refusal would be refused again (issue 8 finding 11): no "Send again".
  assert.equal(ack.resendAllowed, false);
});

test('market buy fills, converts part to CNC, exits one position, then exits all', async () => {
  const buy = await f.orders.place(sbinLimit({ type: 2, limitPrice: 0, qty: 5 }));
  assert.equal(buy.status, 'done');
  const rel = await f.orders.place(
    sbinLimit({ symbol: 'NSE:RELIANCE-EQ', type: 2, limitPrice: 0, qty: 3 }),
  );
  assert.equal(rel.status, 'done');
  await f.tick(3);
  const pos = await f.broker.getPositions();
  const sbin = pos.positions.find((p) => p.id === 'NSE:SBIN-EQ-INTRADAY');
  assert.equal(sbin?.netQty, 5, JSON.stringify(pos));
  const conv = await f.orders.convert({
    symbol: 'NSE:SBIN-EQ',
    positionSide: 1,
    convertQty: 2,
    convertFrom: 'INTRADAY',
    convertTo: 'CNC',
  });
  assert.equal(conv.status, 'done', JSON.stringify(conv.error));
  const after = await f.broker.getPositions();
  assert.equal(after.positions.find((p) => p.id === 'NSE:SBIN-EQ-CNC')?.netQty, 2);
  const exitOne = await f.orders.exit('NSE:SBIN-EQ-INTRADAY');
  assert.equal(exitOne.status, 'done', JSON.stringify(exitOne.error));
  await f.tick(3);
  assert.equal(
    (await f.broker.getPositions()).positions.find((p) => p.id === 'NSE:SBIN-EQ-INTRADAY')
      ?.netQty ?? 0,
    0,
  );
  const exitAll = await f.orders.exit(null);
  assert.equal(exitAll.status, 'done', JSON.stringify(exitAll.error));
  await f.tick(3);
  assert.ok((await f.broker.getPositions()).positions.every((p) => p.netQty === 0));
});

test('the journal holds every step and no secret', async () => {
  await f.orders.idle();
  const text = await readFile(f.journalPath, 'utf8');
  const entries = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { step: string; intentId: string });
  assert.ok(entries.length > 20);
  for (const step of ['intent', 'request', 'response', 'outcome'])
    assert.ok(
      entries.some((e) => e.step === step),
      step,
    );
  assert.ok(!text.includes(f.creds.accessToken));
  assert.ok(!text.includes(f.creds.appId + ':'));
});
