import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cashCharges, login, order, session, type Session } from './helpers';

let s: Session;
before(async () => {
  s = await session();
});
after(() => s.sb.close());

type Row = Record<string, unknown>;

test('at 06:00 IST the day rolls: CNC buys become T1 holdings, sold demat shares leave, cash (less the day’s charges) moves to the new start limit, AMOs survive', async () => {
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
  const start0 = Number(
    ((await s.call('GET', '/api/v2/funds')).json.fund_limit as Row[]).find((r) => r.id === 9)!
      .equityAmount,
  );
  await s.call(
    'POST',
    '/api/v2/orders',
    order({ symbol: 'NSE:TCS-EQ', productType: 'CNC', qty: 3 }),
  );
  await s.call('POST', '/api/v2/orders', order({ qty: 10 }));
  await s.control('tick');
  await s.call('POST', '/api/v2/orders', order({ qty: 10, side: -1 }));
  await s.control('tick');
  const tcs = ((await s.call('GET', '/api/v2/positions')).json.netPositions as Row[]).find(
    (p) => p.id === 'NSE:TCS-EQ-CNC',
  )!;
  const intraday = ((await s.call('GET', '/api/v2/positions')).json.netPositions as Row[]).find(
    (p) => p.id === 'NSE:SBIN-EQ-INTRADAY',
  )!;
  const tcsHoldingBefore = ((await s.call('GET', '/api/v2/holdings')).json.holdings as Row[]).find(
    (h) => h.symbol === 'NSE:TCS-EQ',
  );
  const charges = cashCharges((await s.call('GET', '/api/v2/orders')).json.orderBook as Row[]);
  assert.ok(charges > 0);
  // evening: an after-market order for tomorrow
  await s.control('clock', { set: '2026-11-23T20:00:00+05:30' });
  const amo = String(
    (
      await s.call(
        'POST',
        '/api/v2/orders',
        order({ type: 1, limitPrice: 700, offlineOrder: 'True', productType: 'CNC' }),
      )
    ).json.id,
  );
  await s.control('tick');
  // next morning
  await s.control('clock', { set: '2026-11-24T09:00:00+05:30' });
  const fresh = await login(s.sb, 'orders');
  const get = async (p: string) =>
    (await (
      await fetch(new URL(p, s.sb.url), {
        headers: { authorization: `${fresh.appId}:${fresh.token}` },
      })
    ).json()) as Row;
  const pos = await get('/api/v2/positions');
  assert.deepEqual(pos.netPositions, []);
  const ob = (await get('/api/v2/orders')).orderBook as Row[];
  assert.deepEqual(
    ob.map((o) => o.id),
    [amo],
  );
  assert.deepEqual((await get('/api/v2/tradebook')).tradeBook, []);
  const h = ((await get('/api/v2/holdings')).holdings as Row[]).find(
    (x) => x.symbol === 'NSE:TCS-EQ',
  )!;
  const had = tcsHoldingBefore ? Number(tcsHoldingBefore.quantity) : 0;
  assert.equal(h.quantity, had + 3);
  if (!tcsHoldingBefore) {
    assert.equal(h.holdingType, 'T1');
    assert.equal(h.costPrice, tcs.buyAvg);
  }
  const start1 = Number(
    ((await get('/api/v2/funds')).fund_limit as Row[]).find((r) => r.id === 9)!.equityAmount,
  );
  // The day's charges leave the cash with its realised P&L and CNC purchases.
  const expected = start0 + Number(intraday.realized_profit) - 3 * Number(tcs.buyAvg) - charges;
  assert.ok(Math.abs(start1 - expected) < 0.02, `start limit ${start1} vs ${expected}`);
});
