import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { order, session, type Session } from './helpers';
import { ErrorCode } from '../../../shared/broker/errors';

let s: Session;
let nifty: string; // a NIFTY future ticker from the generated master (lot > 1)
let niftyLot: number;
before(async () => {
  s = await session();
  const fut = s.sb.instruments.find(
    (i) => i.segment === 11 && /^NSE:NIFTY\d{2}[A-Z]{3}FUT$/.test(i.ticker),
  )!;
  nifty = fut.ticker;
  niftyLot = fut.lotSize;
});
after(() => s.sb.close());
beforeEach(async () => {
  await s.control('reset');
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
});

type Row = Record<string, unknown>;
const place = (o: Row = {}) => s.call('POST', '/api/v2/orders', order(o));
const book = async (id: string): Promise<Row> => {
  const r = await s.call('GET', `/api/v2/orders?id=${encodeURIComponent(id)}`);
  return (r.json.orderBook as Row[])[0]!;
};
const tick = (n = 1) => s.control('tick', { n });
const trades = async () => (await s.call('GET', '/api/v2/tradebook')).json.tradeBook as Row[];

describe('placement', () => {
  test('a market order answers 1101 with the id, is Transit, then Traded after a tick', async () => {
    const r = await place();
    assert.equal(r.status, 200);
    assert.equal(r.json.s, 'ok');
    assert.equal(r.json.code, 1101);
    const id = String(r.json.id);
    assert.match(id, /^\d{14}$/);
    assert.match(String(r.json.message), new RegExp(id));
    assert.equal((await book(id)).status, 4);
    await tick();
    const o = await book(id);
    assert.equal(o.status, 2);
    assert.equal(o.filledQty, 10);
    assert.equal(o.remainingQuantity, 0);
    const t = (await trades()).filter((x) => x.orderNumber === id);
    assert.equal(t.length, 1);
    assert.equal(t[0]!.tradedQty, 10);
    assert.equal(t[0]!.tradePrice, o.tradedPrice);
  });

  test('a limit buy waits until the price crosses, then fills at or below the limit', async () => {
    const id = String((await place({ type: 1, limitPrice: 780 })).json.id);
    await tick(3);
    assert.equal((await book(id)).status, 6);
    await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 770 });
    await tick();
    const o = await book(id);
    assert.equal(o.status, 2);
    assert.ok(Number(o.tradedPrice) <= 780);
  });

  test('a stop (SL-M) buy triggers when the price rises through the stop', async () => {
    const id = String((await place({ type: 3, stopPrice: 820 })).json.id);
    await tick(2);
    assert.equal((await book(id)).status, 6);
    await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 830 });
    await tick();
    assert.equal((await book(id)).status, 2);
  });

  test('a stop limit sell triggers below the stop and fills only at or above its limit', async () => {
    const id = String(
      (await place({ type: 4, side: -1, stopPrice: 780, limitPrice: 775 })).json.id,
    );
    await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 760 }); // triggers, but below the limit
    await tick();
    const mid = await book(id);
    assert.equal(mid.status, 6);
    await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 790 });
    await tick();
    const o = await book(id);
    assert.equal(o.status, 2);
    assert.ok(Number(o.tradedPrice) >= 775);
  });

  test('a large order walks the book: partial fills over several ticks, one trade per level, never below the ask', async () => {
    // Five levels of at most 400 shares each: 2,500 shares cannot fill in one step.
    const id = String((await place({ qty: 2500 })).json.id);
    await tick();
    let o = await book(id);
    assert.equal(o.status, 6);
    assert.ok(Number(o.filledQty) > 0 && Number(o.filledQty) < 2500, `filled ${o.filledQty}`);
    for (let n = 0; n < 30 && o.status !== 2; n++) {
      await tick();
      o = await book(id);
    }
    assert.deepEqual([o.status, o.filledQty], [2, 2500]);
    const mine = (await trades()).filter((t) => t.orderNumber === id);
    assert.ok(mine.length >= 5, `only ${mine.length} trades`);
    assert.equal(
      mine.reduce((n, t) => n + Number(t.tradedQty), 0),
      2500,
    );
    const avg = mine.reduce((n, t) => n + Number(t.tradedQty) * Number(t.tradePrice), 0) / 2500;
    assert.ok(Math.abs(Number(o.tradedPrice) - avg) < 0.01, `${o.tradedPrice} vs ${avg}`);
    assert.ok(new Set(mine.map((t) => t.tradePrice)).size > 1, 'one price: no walk');
  });

  test('IOC: the unfilled rest is cancelled at once', async () => {
    const far = String((await place({ type: 1, limitPrice: 700, validity: 'IOC' })).json.id);
    const big = String((await place({ qty: 2500, validity: 'IOC' })).json.id);
    await tick();
    const a = await book(far);
    assert.deepEqual([a.status, a.filledQty], [1, 0]);
    const b = await book(big);
    assert.equal(b.status, 1);
    assert.ok(Number(b.filledQty) > 0 && Number(b.filledQty) < 2500, `filled ${b.filledQty}`);
  });

  test('DAY orders expire when the market closes', async () => {
    const id = String((await place({ type: 1, limitPrice: 700, productType: 'CNC' })).json.id);
    await tick();
    await s.control('market', { exchange: 10, segment: 10, status: 'CLOSE' });
    const o = await book(id);
    assert.equal(o.status, 7);
    await s.control('market', { exchange: 10, segment: 10, status: 'AUTO' });
  });

  test('market closed: plain orders are refused, after-market orders wait for the open', async () => {
    await s.control('market', { exchange: 10, segment: 10, status: 'CLOSE' });
    const refused = await place();
    assert.deepEqual([refused.status, refused.json.code], [400, -99]);
    assert.match(String(refused.json.message), /market is closed.*offlineOrder/);
    const amo = await place({ offlineOrder: 'True' });
    assert.equal(amo.json.code, 1101);
    const id = String(amo.json.id);
    await tick(3);
    let o = await book(id);
    assert.deepEqual([o.status, o.offlineOrder, o.filledQty], [6, 'True', 0]);
    await s.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await tick();
    o = await book(id);
    assert.equal(o.status, 2);
    await s.control('market', { exchange: 10, segment: 10, status: 'AUTO' });
  });

  test('offlineOrder True while open is -328; IOC after-market is -326', async () => {
    const r = await place({ offlineOrder: 'TRUE' });
    assert.deepEqual([r.status, r.json.code], [400, -328]);
    await s.control('market', { exchange: 10, segment: 10, status: 'CLOSE' });
    const ioc = await place({ offlineOrder: 'True', validity: 'IOC' });
    assert.equal(ioc.json.code, -326);
    await s.control('market', { exchange: 10, segment: 10, status: 'AUTO' });
  });

  test('insufficient funds: rejected (-99) and kept in the book as Rejected', async () => {
    const r = await place({ qty: 100_000, productType: 'CNC' });
    assert.deepEqual([r.status, r.json.code], [400, -99]);
    assert.match(String(r.json.message), /Insufficient funds/);
    const o = await book(String(r.json.id));
    assert.equal(o.status, 5);
  });

  test('every placement rule answers its code and names the field', async () => {
    const cases: [Row, number, RegExp][] = [
      [{ symbol: 'NSE:NOSUCH-EQ' }, -300, /Invalid symbol/],
      [{ type: 1 }, -308, /Limit price is required/],
      [{ type: 1, limitPrice: 800, stopPrice: 790 }, -309, /takes no trigger price/],
      [{ limitPrice: 801 }, -308, /takes no limit price/],
      [{ type: 3, stopPrice: 700 }, -390, /Trigger price .* below the last price/],
      [{ type: 4, stopPrice: 830, limitPrice: 820 }, -309, /below the limit price/],
      [{ symbol: 'NIFTY', qty: 7 }, -310, /lots of \d+/],
      [{ symbol: 'NIFTY', qty: 0 }, -310, /whole number above 0/],
      [{ symbol: 'NIFTY', productType: 'CNC' }, -314, /CNC \(delivery\) is only for equity/],
      [{ productType: 'MARGIN' }, -314, /MARGIN is only for derivative/],
      [
        { productType: 'CO', type: 3, stopPrice: 820, stopLoss: 790 },
        -305,
        /CO orders must be market or limit/,
      ],
      [{ productType: 'CO' }, -311, /Stop loss is required/],
      [{ productType: 'CO', stopLoss: 810 }, -311, /must not be above the last price/],
      [{ productType: 'BO', stopLoss: 5 }, -325, /Take profit is required/],
      [
        { productType: 'BO', stopLoss: 5, takeProfit: 5, validity: 'IOC' },
        -326,
        /Validity must be DAY/,
      ],
      [{ symbol: 'NIFTY', disclosedQty: 1 }, -327, /Disclosed quantity is allowed only for equity/],
      [{ type: 1, limitPrice: 800.03 }, -392, /Limit price must be a multiple of ₹0\.05/],
      [{ side: 0 }, -313, /Side must be/],
      [{ type: 7 }, -101, /Order type must be/],
      [{ productType: 'XYZ' }, -314, /Product must be/],
      [{ validity: 'GTC' }, -326, /Validity must be/],
      [{ offlineOrder: 'maybe' }, -328, /offlineOrder must be/],
      [{ qty: '10' }, -310, /qty must be a number/],
      [{ qty: undefined }, -50, /qty is required/],
      [{ symbol: undefined }, -50, /symbol is required/],
    ];
    for (const [o, code, re] of cases) {
      const body = { ...o };
      if (body.symbol === 'NIFTY') {
        body.symbol = nifty;
        if (!('qty' in o)) body.qty = niftyLot;
      }
      const r = await place(body);
      assert.equal(r.status, 400, JSON.stringify(o));
      assert.deepEqual(
        [r.json.s, r.json.code],
        ['error', code],
        `${JSON.stringify(o)} -> ${JSON.stringify(r.json)}`,
      );
      assert.match(String(r.json.message), re, JSON.stringify(o));
    }
  });

  test('a body that is not JSON is -50', async () => {
    const r = await fetch(new URL('/api/v2/orders', s.sb.url), {
      method: 'POST',
      headers: { authorization: `${s.appId}:${s.token}`, 'content-type': 'application/json' },
      body: '{"symbol":',
    });
    assert.equal(r.status, 400);
    assert.equal(((await r.json()) as Row).code, -50);
  });
});

describe('modify and cancel', () => {
  test('modify a pending limit order: price and qty change, 1101', async () => {
    const id = String((await place({ type: 1, limitPrice: 700 })).json.id);
    const transit = await s.call('PUT', '/api/v2/orders', { id, limitPrice: 710 });
    assert.deepEqual([transit.json.code, transit.status], [-99, 400]);
    assert.match(String(transit.json.message), /transit/);
    await tick();
    const r = await s.call('PUT', '/api/v2/orders', { id, limitPrice: 710, qty: 20 });
    assert.deepEqual([r.status, r.json.code, r.json.id], [200, 1101, id]);
    const o = await book(id);
    assert.deepEqual([o.limitPrice, o.qty], [710, 20]);
    const tickBad = await s.call('PUT', '/api/v2/orders', { id, limitPrice: 710.01 });
    assert.equal(tickBad.json.code, -392);
    const toMarket = await s.call('PUT', '/api/v2/orders', { id, type: 2 });
    assert.equal(toMarket.json.code, 1101);
    await tick();
    assert.equal((await book(id)).status, 2);
    const traded = await s.call('PUT', '/api/v2/orders', { id, limitPrice: 700 });
    assert.deepEqual([traded.status, traded.json.code], [400, -162]);
    const cancelTraded = await s.call('DELETE', '/api/v2/orders', { id });
    assert.equal(cancelTraded.json.code, -162);
  });

  test('modify a stop order: the spec names the trigger stopLoss', async () => {
    const id = String((await place({ type: 3, stopPrice: 820 })).json.id);
    await tick();
    const r = await s.call('PUT', '/api/v2/orders', { id, stopLoss: 840 });
    assert.equal(r.json.code, 1101);
    assert.equal((await book(id)).stopPrice, 840);
  });

  test('a modify whose stopPrice and stopLoss disagree is refused: neither reading is guessed', async () => {
    // The spec's modify table names the trigger stopLoss, everything else stopPrice; a client
    // sending both (as Tickdesk does) must send one value, and a broker could honour either.
    const id = String((await place({ type: 3, stopPrice: 820 })).json.id);
    await tick();
    const r = await s.call('PUT', '/api/v2/orders', { id, stopPrice: 845, stopLoss: 850 });
    assert.deepEqual(
      [r.status, r.json.code],
      [400, ErrorCode.InvalidStopPrice],
      JSON.stringify(r.json),
    );
    assert.match(String(r.json.message), /stopPrice and stopLoss disagree/);
    assert.equal((await book(id)).stopPrice, 820, 'the order is left as it was');
    const same = await s.call('PUT', '/api/v2/orders', { id, stopPrice: 845, stopLoss: 845 });
    assert.equal(same.json.code, 1101, JSON.stringify(same.json));
    assert.equal((await book(id)).stopPrice, 845);
  });

  test('cancel: 1103, then -161 on the cancelled order; rejected orders -164; unknown ids -51', async () => {
    const id = String((await place({ type: 1, limitPrice: 700 })).json.id);
    await tick();
    const r = await s.call('DELETE', '/api/v2/orders', { id });
    assert.deepEqual([r.status, r.json.code, r.json.id], [200, 1103, id]);
    assert.equal((await book(id)).status, 1);
    assert.equal((await s.call('DELETE', '/api/v2/orders', { id })).json.code, -161);
    assert.equal((await s.call('PUT', '/api/v2/orders', { id, limitPrice: 1 })).json.code, -161);
    const rej = String((await place({ qty: 100_000, productType: 'CNC' })).json.id);
    assert.equal((await s.call('DELETE', '/api/v2/orders', { id: rej })).json.code, -164);
    assert.equal(
      (await s.call('PUT', '/api/v2/orders', { id: 'nope', limitPrice: 1 })).json.code,
      -51,
    );
    assert.equal((await s.call('DELETE', '/api/v2/orders', { id: 'nope' })).json.code, -51);
    const g = await s.call('GET', '/api/v2/orders?id=nope');
    assert.deepEqual([g.status, g.json.code], [400, -51]);
    const noId = await s.call('DELETE', '/api/v2/orders', {});
    assert.equal(noId.json.code, -50, JSON.stringify(noId.json));
  });
});

describe('multi requests', () => {
  test('multi place answers per item; more than 10 is -50', async () => {
    const r = await s.call('POST', '/api/v2/orders-multi', [
      order(),
      order({ symbol: 'NSE:NOSUCH-EQ' }),
      order({ type: 1, limitPrice: 700 }),
    ]);
    assert.equal(r.status, 200);
    assert.equal(r.json.s, 'ok');
    const data = r.json.data as Row[];
    assert.equal(data.length, 3);
    assert.deepEqual(
      data.map((d) => d.statusCode),
      [200, 400, 200],
    );
    assert.deepEqual(
      data.map((d) => (d.body as Row).code),
      [1101, -300, 1101],
    );
    assert.deepEqual(
      data.map((d) => d.statusDescription),
      ['OK', 'Bad Request', 'OK'],
    );
    assert.match(String((data[0]!.body as Row).id), /^\d{14}$/);
    const eleven = await s.call(
      'POST',
      '/api/v2/orders-multi',
      Array.from({ length: 11 }, () => order()),
    );
    assert.deepEqual([eleven.status, eleven.json.code], [400, -50]);
    assert.match(String(eleven.json.message), /at most 10/);
    assert.equal((await s.call('POST', '/api/v2/orders-multi', order())).json.code, -50);
  });

  test('multi modify, multi cancel and orders-multi by ids', async () => {
    const a = String((await place({ type: 1, limitPrice: 700 })).json.id);
    const b = String((await place({ type: 1, limitPrice: 701 })).json.id);
    await tick();
    const m = await s.call('PUT', '/api/v2/orders-multi', [
      { id: a, type: 1, limitPrice: 705, qty: 10 },
      { id: 'nope', type: 1, limitPrice: 705, qty: 10 },
    ]);
    assert.deepEqual(
      (m.json.data as Row[]).map((d) => [d.statusCode, (d.body as Row).code, (d.body as Row).id]),
      [
        [200, 1101, a],
        [400, -51, 'nope'],
      ],
    );
    const got = await s.call('GET', `/api/v2/orders-multi?id=${a},${b}`);
    assert.deepEqual(
      (got.json.orderBook as Row[]).map((o) => [o.id, o.limitPrice]),
      [
        [a, 705],
        [b, 701],
      ],
    );
    const c = await s.call('DELETE', '/api/v2/orders-multi', [{ id: a }, { id: b }, { id: a }]);
    assert.deepEqual(
      (c.json.data as Row[]).map((d) => (d.body as Row).code),
      [1103, 1103, -161],
    );
  });
});

describe('exchange limits', () => {
  test('freeze quantity of index derivatives and price bands of futures', async () => {
    await s.control('price', { symbol: nifty, ltp: 24000 });
    const over = niftyLot * Math.ceil(1801 / niftyLot);
    const frozen = await place({ symbol: nifty, qty: over, productType: 'MARGIN' });
    assert.deepEqual([frozen.status, frozen.json.code], [400, -310]);
    assert.match(String(frozen.json.message), /freeze quantity 1800/);
    const band = await place({
      symbol: nifty,
      qty: niftyLot,
      productType: 'MARGIN',
      type: 1,
      limitPrice: 25000,
    });
    assert.deepEqual([band.status, band.json.code], [400, -99]);
    assert.match(
      String(band.json.message),
      /limitPrice 25000 is outside the exchange price band 23520.00-24480.00/,
    );
    const inside = await place({
      symbol: nifty,
      qty: niftyLot,
      productType: 'MARGIN',
      type: 1,
      limitPrice: 23900,
    });
    assert.equal(inside.json.code, 1101);
  });
});

test('an IOC order still in Transit when the market closes is cancelled, not left pending', async () => {
  const id = String((await place({ validity: 'IOC', productType: 'CNC' })).json.id);
  await s.control('market', { exchange: 10, segment: 10, status: 'CLOSE' });
  await tick();
  const o = await book(id);
  assert.deepEqual([o.status, o.filledQty], [1, 0]);
  await s.control('market', { exchange: 10, segment: 10, status: 'AUTO' });
});
