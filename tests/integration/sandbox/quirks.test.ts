import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { order, session, type Session } from './helpers';

let s: Session;
before(async () => {
  s = await session({ quirks: false });
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
  await s.call('POST', '/api/v2/orders', order());
  await s.control('tick');
});
after(() => s.sb.close());

type Row = Record<string, unknown>;

test('--quirks off: the spec table names and plain numbers everywhere', async () => {
  const p = (await s.call('GET', '/api/v2/profile')).json.data as Row;
  assert.ok('pan' in p && !('PAN' in p));
  assert.ok(
    'password_last_changed' in p && 'password_expiry_days' in p && !('pwd_change_date' in p),
  );
  const f = (await s.call('GET', '/api/v2/funds')).json.fund_limit as Row[];
  assert.deepEqual(
    f.map((r) => r.id),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  );
  assert.ok(
    f.every((r) => typeof r.equityAmount === 'number' && typeof r.commodityAmount === 'number'),
  );
  const h = (await s.call('GET', '/api/v2/holdings')).json.holdings as Row[];
  assert.ok(h.every((x) => typeof x.svctoken === 'string' && !('svcToken' in x)));
  const o = ((await s.call('GET', '/api/v2/orders')).json.orderBook as Row[])[0]!;
  assert.ok('disclosedQty' in o && !('discloseQty' in o) && !('orderNumStatus' in o));
  assert.match(String(o.orderDateTime), /^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
  const t = ((await s.call('GET', '/api/v2/tradebook')).json.tradeBook as Row[])[0]!;
  assert.ok('svctoken' in t && !('svcToken' in t));
  assert.match(String(t.orderDateTime), /^\d{2}-[A-Z][a-z]{2}-\d{4} /);
  const pos = ((await s.call('GET', '/api/v2/positions')).json.netPositions as Row[])[0]!;
  assert.ok(!('dummy' in pos) && !('avgPrice' in pos));
  const ms = (await s.call('GET', '/api/v2/market-status')).json.marketStatus as Row[];
  assert.ok(ms.every((m) => m.market_type === 'NL'));
});

test('quirks on (default): the sample spellings and the other date format', async () => {
  const q = await session();
  try {
    await q.call('POST', '/api/v2/orders', order());
    await q.control('tick');
    const t = ((await q.call('GET', '/api/v2/tradebook')).json.tradeBook as Row[])[0]!;
    assert.ok('svcToken' in t);
    assert.match(String(t.orderDateTime), /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    const o = ((await q.call('GET', '/api/v2/orders')).json.orderBook as Row[])[0]!;
    assert.equal(o.orderNumStatus, `${String(o.id)}:2`);
    assert.ok('discloseQty' in o && 'dqQtyRem' in o);
  } finally {
    await q.sb.close();
  }
});
