import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox } from '../../../sandbox/index';
import { order, session, type Session } from './helpers';

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
const ordersCount = async () =>
  ((await s.call('GET', '/api/v2/orders')).json.orderBook as Row[]).length;
const fault = (body: Row) => s.control('faults', body);

test('controls are absent (404) without testControls', async () => {
  const plain = await startSandbox({ tickMs: 0, master: 'fixture' });
  try {
    for (const p of ['clock', 'market', 'price', 'faults', 'reset', 'tick']) {
      const r = await fetch(`${plain.url}/__sandbox/${p}`, { method: 'POST', body: '{}' });
      assert.equal(r.status, 404, p);
    }
  } finally {
    await plain.close();
  }
});

test('clock set/advance, market override, price and tick report their state; bad input is 400', async () => {
  const c = await s.control('clock', { set: '2026-11-23T11:00:00+05:30' });
  assert.equal(c.now, '2026-11-23T05:30:00.000Z');
  const a = await s.control('clock', { advanceMs: 60_000 });
  assert.equal(a.now, '2026-11-23T05:31:00.000Z');
  assert.equal(
    (await s.control('market', { exchange: 10, segment: 11, status: 'CLOSE' })).status,
    'CLOSE',
  );
  assert.equal(
    (await s.control('market', { exchange: 10, segment: 11, status: 'AUTO' })).status,
    'OPEN',
  );
  assert.equal((await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 812.53 })).ltp, 812.55);
  const t = await s.control('tick', { n: 5 });
  assert.equal(typeof t.step, 'number');
  for (const [p, body] of [
    ['clock', { set: 'not a date' }],
    ['market', { exchange: 99, segment: 10, status: 'OPEN' }],
    ['price', { symbol: 'NSE:NOPE-EQ', ltp: 1 }],
    ['faults', { route: 'POST /api/v2/orders', mode: 'explode' }],
    ['tick', { n: 0 }],
  ] as const) {
    const r = await fetch(`${s.sb.url}/__sandbox/${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(r.status, 400, p);
  }
  await s.control('clock', { set: '2026-11-23T10:00:00+05:30' });
});

describe('faults', () => {
  test('the control counts faults that fired, not faults armed', async () => {
    const fired = async () =>
      (
        (await (await fetch(`${s.sb.url}/__sandbox/faults`)).json()) as {
          fired: { total: number; byMode: Row };
        }
      ).fired;
    const before = await fired();
    await fault({ route: 'POST /api/v2/orders', mode: 'http500', times: 3 });
    assert.equal((await s.call('POST', '/api/v2/orders', order())).status, 500);
    await fault({ route: 'GET /api/v2/funds', mode: 'delay', delayMs: 0 });
    await s.call('GET', '/api/v2/funds');
    const after = await fired();
    assert.equal(after.total - before.total, 1, 'one of three armed fired; a zero delay is none');
    assert.equal(Number(after.byMode.http500 ?? 0) - Number(before.byMode.http500 ?? 0), 1);
    await fault({ route: 'POST /api/v2/orders', mode: 'delay', delayMs: 0 });
  });

  test('drop-before: the connection drops and nothing is placed', async () => {
    await fault({ route: 'POST /api/v2/orders', mode: 'drop-before' });
    await assert.rejects(s.call('POST', '/api/v2/orders', order()));
    assert.equal(await ordersCount(), 0);
    assert.equal((await s.call('POST', '/api/v2/orders', order())).json.code, 1101); // times defaults to 1
  });

  test('drop-after-commit: the connection drops but the order exists', async () => {
    await fault({ route: 'POST /api/v2/orders', mode: 'drop-after-commit' });
    await assert.rejects(s.call('POST', '/api/v2/orders', order()));
    assert.equal(await ordersCount(), 1);
  });

  test('http500: 500 with the failure envelope, nothing placed', async () => {
    await fault({ route: 'POST /api/v2/orders', mode: 'http500', times: 2 });
    for (let k = 0; k < 2; k++) {
      const r = await s.call('POST', '/api/v2/orders', order());
      assert.deepEqual([r.status, r.json.s, r.json.code], [500, 'error', -201]);
    }
    assert.equal(await ordersCount(), 0);
  });

  test('ack201: the order is placed, the answer says 201 with no acknowledgement', async () => {
    await fault({ route: 'POST /api/v2/orders', mode: 'ack201' });
    const r = await s.call('POST', '/api/v2/orders', order());
    assert.deepEqual([r.status, r.json.s, r.json.code], [201, 'ok', 201]);
    assert.match(String(r.json.message), /check the order book/i);
    assert.equal(await ordersCount(), 1);
  });

  test('malformed: the action happens and the body is not JSON', async () => {
    await fault({ route: 'DELETE /api/v2/positions', mode: 'malformed' });
    await s.call('POST', '/api/v2/orders', order());
    await s.control('tick');
    const r = await fetch(`${s.sb.url}/api/v2/positions`, {
      method: 'DELETE',
      headers: { authorization: `${s.appId}:${s.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const text = await r.text();
    assert.throws(() => JSON.parse(text));
    const p = (await s.call('GET', '/api/v2/positions')).json.overall as Row;
    assert.equal(p.count_open, 0);
  });

  test('delay: the answer comes after delayMs', async () => {
    await fault({ route: 'GET /api/v2/profile', mode: 'delay', delayMs: 150 });
    const t0 = Date.now();
    const r = await s.call('GET', '/api/v2/profile');
    assert.equal(r.status, 200);
    assert.ok(Date.now() - t0 >= 140);
  });

  test('reset clears orders, positions and armed faults', async () => {
    await s.call('POST', '/api/v2/orders', order());
    await fault({ route: 'GET /api/v2/orders', mode: 'http500' });
    await s.control('reset');
    const r = await s.call('GET', '/api/v2/orders');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.orderBook, []);
  });
});

test('alwaysOpen pins every market OPEN, even on a Saturday night, and survives reset', async () => {
  const o = await session({
    alwaysOpen: true,
    now: new Date('2026-11-28T22:00:00+05:30'),
    master: 'fixture',
  });
  try {
    const st = async () =>
      ((await o.call('GET', '/api/v2/market-status')).json.marketStatus as Row[]).map(
        (m) => m.status,
      );
    assert.ok((await st()).every((x) => x === 'OPEN'));
    await o.control('reset');
    assert.ok((await st()).every((x) => x === 'OPEN'));
    assert.equal((await o.call('POST', '/api/v2/orders', order())).json.code, 1101);
  } finally {
    await o.sb.close();
  }
});

test('the request log names method, path and status, never query strings or tokens', async () => {
  const lines: string[] = [];
  const o = await session({ master: 'fixture', requestLog: (l) => lines.push(l) });
  try {
    await o.call('GET', '/api/v2/profile');
    await new Promise((r) => setTimeout(r, 20));
    assert.ok(
      lines.some((l) => /^GET \/api\/v2\/generate-authcode 302 \d+ms$/.test(l)),
      lines.join('\n'),
    );
    assert.ok(lines.some((l) => /^GET \/api\/v2\/profile 200 \d+ms$/.test(l)));
    assert.ok(lines.every((l) => !l.includes('?') && !l.includes(o.token)));
  } finally {
    await o.sb.close();
  }
});

test('the profile control sets the personal details the profile and order rows answer with', async () => {
  const o = await session({ master: 'fixture' });
  try {
    const person = { name: 'Qa Canary', email: 'qa.c@example.invalid', pan: 'QZVXC7315K' };
    await o.control('profile', { ...person, mobile: '9123407788', svc_id: 'QZ7315VX' });
    const p = (await o.call('GET', '/api/v2/profile')).json.data as Row;
    assert.deepEqual(
      [p.name, p.email_id, p.PAN, p.mobile_number, p.svc_id],
      [person.name, person.email, person.pan, '9123407788', 'QZ7315VX'],
    );
    await o.call('POST', '/api/v2/orders', order());
    const row = ((await o.call('GET', '/api/v2/orders')).json.orderBook as Row[])[0];
    assert.equal(row?.clientId, 'QZ7315VX');
    // Only the personal details: never a credential, never an empty or oversized value.
    for (const body of [{ pin: '9999' }, { password: 'x' }, { name: '' }, { pan: 7 }]) {
      const r = await fetch(`${o.sb.url}/__sandbox/profile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(r.status, 400, JSON.stringify(body));
    }
    // Another sandbox in the same process still answers the demo user's own details.
    const other = await session({ master: 'fixture' });
    try {
      const q = (await other.call('GET', '/api/v2/profile')).json.data as Row;
      assert.notEqual(q.name, person.name);
    } finally {
      await other.sb.close();
    }
  } finally {
    await o.sb.close();
  }
});
