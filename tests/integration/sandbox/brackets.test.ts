import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { order, session, type Session } from './helpers';

let s: Session;
before(async () => {
  s = await session();
});
after(() => s.sb.close());
beforeEach(async () => {
  await s.control('reset');
  await s.control('clock', { set: '2026-11-23T10:00:00+05:30' });
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
});

type Row = Record<string, unknown>;
const all = async () => (await s.call('GET', '/api/v2/orders')).json.orderBook as Row[];
const byId = async (id: string) => (await all()).find((o) => o.id === id)!;
const positions = async () =>
  (await s.call('GET', '/api/v2/positions')).json as { netPositions: Row[]; overall: Row };
const tick = (n = 1) => s.control('tick', { n });

test('bracket order: entry -BO-1, then stop leg -BO-2 (type 3) and target leg -BO-3 (limit) with parentId; target fill cancels the stop', async () => {
  const r = await s.call(
    'POST',
    '/api/v2/orders',
    order({ productType: 'BO', stopLoss: 10, takeProfit: 20 }),
  );
  assert.equal(r.json.code, 1101);
  const id = String(r.json.id);
  assert.match(id, /^\d{14}-BO-1$/);
  await tick();
  const entry = await byId(id);
  assert.equal(entry.status, 2);
  const fam = id.replace(/-BO-1$/, '');
  const stop = await byId(`${fam}-BO-2`);
  const target = await byId(`${fam}-BO-3`);
  const avg = Number(entry.tradedPrice);
  assert.deepEqual([stop.type, stop.side, stop.parentId, stop.status], [3, -1, id, 6]);
  assert.deepEqual([target.type, target.side, target.parentId, target.status], [1, -1, id, 6]);
  assert.ok(Math.abs(Number(stop.stopPrice) - (avg - 10)) < 0.051);
  assert.ok(Math.abs(Number(target.limitPrice) - (avg + 20)) < 0.051);
  // cancelling an exit leg is refused: exit the position instead
  assert.equal((await s.call('DELETE', '/api/v2/orders', { id: stop.id })).json.code, -99);
  // trailing the stop leg is allowed
  const trail = await s.call('PUT', '/api/v2/orders', {
    id: stop.id,
    stopLoss: Number(stop.stopPrice) + 1,
  });
  assert.equal(trail.json.code, 1101);
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: avg + 30 });
  await tick();
  assert.equal((await byId(`${fam}-BO-3`)).status, 2);
  const cancelled = await byId(`${fam}-BO-2`);
  assert.equal(cancelled.status, 1);
  assert.match(String(cancelled.message), /other exit leg/);
  const p = (await positions()).netPositions.find((x) => x.id === 'NSE:SBIN-EQ-BO')!;
  assert.equal(p.netQty, 0);
  assert.ok(Number(p.realized_profit) > 0);
});

test('cover order: -CO-2 stop leg at the absolute stopLoss; stop fill closes the position', async () => {
  const r = await s.call('POST', '/api/v2/orders', order({ productType: 'CO', stopLoss: 780 }));
  const id = String(r.json.id);
  assert.match(id, /-CO-1$/);
  await tick();
  const leg = await byId(id.replace(/-1$/, '-2'));
  assert.deepEqual([leg.type, leg.stopPrice, leg.parentId, leg.status], [3, 780, id, 6]);
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 770 });
  await tick();
  assert.equal((await byId(String(leg.id))).status, 2);
  const p = (await positions()).netPositions.find((x) => x.id === 'NSE:SBIN-EQ-CO')!;
  assert.equal(p.netQty, 0);
  assert.ok(Number(p.realized_profit) < 0);
});

test('intraday products are squared off before the close; CNC is not', async () => {
  await s.call('POST', '/api/v2/orders', order({ productType: 'INTRADAY', qty: 5 }));
  await s.call('POST', '/api/v2/orders', order({ productType: 'CNC', qty: 3 }));
  await s.call(
    'POST',
    '/api/v2/orders',
    order({ productType: 'BO', stopLoss: 10, takeProfit: 20, qty: 2 }),
  );
  await tick();
  const pending = String(
    (await s.call('POST', '/api/v2/orders', order({ type: 1, limitPrice: 700 }))).json.id,
  );
  await tick();
  await s.control('clock', { set: '2026-11-23T15:21:00+05:30' }); // equity cash square-off: 10 min before 15:30
  const ps = (await positions()).netPositions;
  assert.equal(ps.find((p) => p.id === 'NSE:SBIN-EQ-INTRADAY')!.netQty, 0);
  assert.equal(ps.find((p) => p.id === 'NSE:SBIN-EQ-BO')!.netQty, 0);
  assert.equal(ps.find((p) => p.id === 'NSE:SBIN-EQ-CNC')!.netQty, 3);
  const o = await byId(pending);
  assert.equal(o.status, 1);
  assert.match(String(o.message), /square-off/);
  const sq = (await all()).filter((x) => x.source === 'RMS');
  assert.equal(sq.length, 2);
  assert.ok(sq.every((x) => x.status === 2 && x.type === 2));
});

test('after the square-off has begun, new intraday orders are refused; CNC still works', async () => {
  await s.control('clock', { set: '2026-11-23T15:22:00+05:30' });
  const r = await s.call('POST', '/api/v2/orders', order({ productType: 'INTRADAY' }));
  assert.deepEqual([r.status, r.json.code], [400, -99]);
  assert.match(String(r.json.message), /closed for the day.*square-off/);
  assert.equal(
    (await s.call('POST', '/api/v2/orders', order({ productType: 'CNC' }))).json.code,
    1101,
  );
});
