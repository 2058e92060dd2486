import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cashCharges, login, order, session, type Session } from './helpers';

let s: Session;
before(async () => {
  s = await session();
});
after(() => s.sb.close());
beforeEach(async () => {
  await s.control('reset');
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
});

type Row = Record<string, unknown>;
const tick = (n = 1) => s.control('tick', { n });
const positions = async () =>
  (await s.call('GET', '/api/v2/positions')).json as { netPositions: Row[]; overall: Row };
const funds = async () => {
  const rows = (await s.call('GET', '/api/v2/funds')).json.fund_limit as Row[];
  const first = (id: number) => Number(rows.find((r) => r.id === id)!.equityAmount);
  return {
    rows,
    total: first(1),
    utilized: first(2),
    realized: first(4),
    start: first(9),
    available: first(10),
  };
};
const pos = async (id: string) => (await positions()).netPositions.find((p) => p.id === id)!;

describe('positions', () => {
  test('trades drive averages, net, realized and unrealized P&L, and the overall', async () => {
    await s.call('POST', '/api/v2/orders', order({ qty: 10 }));
    await tick();
    const buyAvg = Number((await pos('NSE:SBIN-EQ-INTRADAY')).buyAvg);
    await s.call('POST', '/api/v2/orders', order({ qty: 4, side: -1 }));
    await tick();
    const p = await pos('NSE:SBIN-EQ-INTRADAY');
    const sellAvg = Number(p.sellAvg);
    const ltp = Number(p.ltp);
    assert.deepEqual([p.buyQty, p.sellQty, p.netQty, p.qty, p.side], [10, 4, 6, 6, 1]);
    assert.equal(p.netAvg, p.buyAvg);
    assert.ok(Math.abs(Number(p.realized_profit) - 4 * (sellAvg - buyAvg)) < 0.011);
    assert.ok(Math.abs(Number(p.unrealized_profit) - 6 * (ltp - buyAvg)) < 0.011);
    assert.ok(
      Math.abs(Number(p.pl) - Number(p.realized_profit) - Number(p.unrealized_profit)) < 0.011,
    );
    const { overall } = await positions();
    assert.deepEqual([overall.count_total, overall.count_open], [1, 1]);
    assert.equal(overall.pl_realized, p.realized_profit);
  });

  test('exit one position by id, exit all, and the error codes', async () => {
    assert.equal((await s.call('DELETE', '/api/v2/positions', {})).json.code, -352);
    await s.call('POST', '/api/v2/orders', order({ qty: 10 }));
    await s.call('POST', '/api/v2/orders', order({ qty: 5, productType: 'CNC' }));
    await tick();
    assert.equal(
      (await s.call('DELETE', '/api/v2/positions', { id: 'NSE:NOPE-EQ-INTRADAY' })).json.code,
      -53,
    );
    const one = await s.call('DELETE', '/api/v2/positions', { id: 'NSE:SBIN-EQ-INTRADAY' });
    assert.deepEqual([one.status, one.json.s, one.json.code], [200, 'ok', 200]);
    assert.equal((await pos('NSE:SBIN-EQ-INTRADAY')).netQty, 0);
    assert.equal((await pos('NSE:SBIN-EQ-CNC')).netQty, 5);
    assert.equal(
      (await s.call('DELETE', '/api/v2/positions', { id: 'NSE:SBIN-EQ-INTRADAY' })).json.code,
      -397,
    );
    const allExit = await s.call('DELETE', '/api/v2/positions', {});
    assert.equal(allExit.json.code, 200);
    assert.equal((await positions()).overall.count_open, 0);
  });

  test('convert: rules of the spec, and quantity moves at its average', async () => {
    await s.call('POST', '/api/v2/orders', order({ qty: 10 }));
    await tick();
    const before = await pos('NSE:SBIN-EQ-INTRADAY');
    const base = {
      symbol: 'NSE:SBIN-EQ',
      positionSide: 1,
      convertQty: 4,
      convertFrom: 'INTRADAY',
      convertTo: 'CNC',
    };
    const bad: [Row, number, RegExp][] = [
      [{ convertFrom: 'CNC', convertTo: 'INTRADAY' }, -50, /CNC positions cannot be converted/],
      [{ convertFrom: 'CO' }, -50, /CO positions cannot be converted/],
      [{ convertTo: 'BO' }, -50, /nothing can be converted into BO/],
      [{ convertTo: 'MARGIN' }, -50, /MARGIN is allowed only for derivatives/],
      [{ positionSide: -1 }, -50, /does not match the long/],
      [{ convertQty: 11 }, -50, /more than the open quantity 10/],
      [{ convertQty: undefined }, -50, /convertQty is required/],
      [{ symbol: 'NSE:NOPE-EQ' }, -300, /Invalid symbol/],
      [{ symbol: 'NSE:TCS-EQ' }, -398, /No open INTRADAY position/],
    ];
    for (const [o, code, re] of bad) {
      const r = await s.call('PUT', '/api/v2/positions', { ...base, ...o });
      assert.deepEqual([r.status, r.json.code], [400, code], JSON.stringify(o));
      assert.match(String(r.json.message), re);
    }
    const ok = await s.call('PUT', '/api/v2/positions', base);
    assert.deepEqual([ok.status, ok.json.code, ok.json.positionDetails], [200, 200, 1]);
    const a = await pos('NSE:SBIN-EQ-INTRADAY');
    const b = await pos('NSE:SBIN-EQ-CNC');
    assert.deepEqual([a.netQty, b.netQty], [6, 4]);
    assert.equal(b.buyAvg, before.buyAvg);
  });
});

describe('funds and holdings', () => {
  test('funds: blocked margin follows open orders and positions; available = start + realized - charges - utilized', async () => {
    const f0 = await funds();
    assert.equal(f0.utilized, 0);
    assert.equal(f0.available, f0.start);
    const id = String(
      (
        await s.call(
          'POST',
          '/api/v2/orders',
          order({ type: 1, limitPrice: 700, qty: 100, productType: 'CNC' }),
        )
      ).json.id,
    );
    const f1 = await funds();
    assert.equal(f1.utilized, 70_000); // CNC blocks the full value at the limit price
    await s.call('DELETE', '/api/v2/orders', { id }).catch(() => undefined);
    await tick();
    await s.call('DELETE', '/api/v2/orders', { id });
    assert.equal((await funds()).utilized, 0);
    await s.call('POST', '/api/v2/orders', order({ qty: 10 }));
    await tick();
    await s.call('POST', '/api/v2/orders', order({ qty: 10, side: -1 }));
    await tick();
    const f2 = await funds();
    const p = await pos('NSE:SBIN-EQ-INTRADAY');
    assert.ok(Math.abs(f2.realized - Number(p.realized_profit)) < 0.011);
    // The day's charges come out of the balances (docs/sandbox.md), not out of realised P&L.
    const charges = cashCharges((await s.call('GET', '/api/v2/orders')).json.orderBook as Row[]);
    assert.ok(charges > 0, 'an intraday round trip has charges');
    assert.ok(
      Math.abs(f2.available - (f2.start + f2.realized - charges - f2.utilized)) < 0.011,
      `available ${f2.available}, charges ${charges}`,
    );
    assert.ok(Math.abs(f2.total - (f2.start + f2.realized - charges)) < 0.011);
  });

  test('quirks: duplicate id-3 row, ids 10-12 Available Balance, numeric and one-letter strings', async () => {
    const { rows } = await funds();
    assert.equal(rows.filter((r) => r.id === 3).length, 2);
    assert.deepEqual(
      rows.filter((r) => r.title === 'Available Balance').map((r) => r.id),
      [10, 11, 12],
    );
    assert.ok(
      rows.some((r) => typeof r.equityAmount === 'string' && /^\d+(\.\d+)?$/.test(r.equityAmount)),
    );
    assert.ok(
      rows.some((r) => typeof r.equityAmount === 'string' && /^[A-Z]$/.test(r.equityAmount)),
    );
  });

  test('holdings: seeded demo portfolio with ISINs; selling reduces remainingQuantity', async () => {
    const h = (await s.call('GET', '/api/v2/holdings')).json as { holdings: Row[]; overall: Row };
    assert.ok(h.holdings.length >= 3);
    for (const x of h.holdings) {
      assert.match(String(x.isin), /^INE[A-Z0-9]{9}$/);
      assert.match(String(x.symbol), /^NSE:[A-Z0-9&-]+-EQ$/);
      assert.ok('svcToken' in x);
      assert.equal(x.remainingQuantity, x.quantity);
    }
    assert.ok(
      h.holdings.some((x) => typeof x.svcToken === 'number') &&
        h.holdings.some((x) => typeof x.svcToken === 'string'),
    );
    assert.equal(h.overall.count_total, h.holdings.length);
    const inv = h.holdings.reduce((a, x) => a + Number(x.costPrice) * Number(x.quantity), 0);
    assert.ok(Math.abs(Number(h.overall.total_investment) - inv) < 0.05);
  });

  test('CNC sell beyond holdings is rejected with a clear message', async () => {
    const h = ((await s.call('GET', '/api/v2/holdings')).json.holdings as Row[])[0]!;
    const r = await s.call(
      'POST',
      '/api/v2/orders',
      order({ symbol: h.symbol, productType: 'CNC', side: -1, qty: Number(h.quantity) + 1 }),
    );
    assert.deepEqual([r.status, r.json.code], [400, -99]);
    assert.match(String(r.json.message), /You can sell at most .* as delivery/);
  });
});

test('market status lists every exchange segment with its session status', async () => {
  const first = await s.call('GET', '/api/v2/market-status');
  const ms = first.json.marketStatus as Row[];
  assert.ok(ms, JSON.stringify(first.json));
  assert.equal(ms.length, 7);
  assert.ok(ms.every((m) => m.status === 'OPEN'));
  await s.control('clock', { set: '2026-11-23T16:00:00+05:30' });
  const later = (await s.call('GET', '/api/v2/market-status')).json.marketStatus as Row[];
  const st = (e: number, g: number) =>
    later.find((m) => m.exchange === e && m.segment === g)!.status;
  // 16:00 ends the cash market's closing session: POSTCLOSE_CLOSED, as the live API says.
  assert.deepEqual(
    [st(10, 10), st(10, 11), st(10, 12), st(11, 20)],
    ['POSTCLOSE_CLOSED', 'CLOSE', 'OPEN', 'OPEN'],
  );
  for (const [at, cash] of [
    ['09:03', 'PREOPEN'],
    ['15:45', 'POSTCLOSE_START'],
    ['08:30', 'CLOSE'],
  ] as const) {
    await s.control('clock', { set: `2026-11-23T${at}:00+05:30` });
    const rows = (await s.call('GET', '/api/v2/market-status')).json.marketStatus as Row[];
    const of = (e: number, g: number) => rows.find((m) => m.exchange === e && m.segment === g)!;
    assert.equal(of(10, 10).status, cash, `NSE cash at ${at}`);
    assert.equal(of(12, 10).status, cash, `BSE cash at ${at}`);
    assert.equal(of(10, 11).status, 'CLOSE', `F&O has no such session (${at})`);
  }
  await s.control('clock', { set: '2026-11-28T11:00:00+05:30' }); // Saturday: yesterday's token has expired too
  assert.equal((await s.call('GET', '/api/v2/market-status')).json.code, -8);
  const fresh = await login(s.sb, 'transactions');
  const sat = await fetch(new URL('/api/v2/market-status', s.sb.url), {
    headers: { authorization: `${fresh.appId}:${fresh.token}` },
  });
  const satRows = ((await sat.json()) as { marketStatus: Row[] }).marketStatus;
  assert.ok(satRows.every((m) => m.status === 'CLOSE'));
  await s.control('clock', { set: '2026-11-23T10:00:00+05:30' });
});
