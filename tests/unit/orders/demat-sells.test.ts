import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDematSell } from '../../../shared/broker/demat-sell';
import type { EdisDetail, Holdings, Order, Positions } from '../../../shared/broker/models';
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import type { OrderDraft } from '../../../shared/broker/rules';
import {
  authorizedLeft,
  createDematSells,
  type DematSellsDeps,
} from '../../../electron/core/orders/checks/demat-sells';

const NOW = Date.UTC(2026, 10, 27, 5, 0); // 10:30 IST, 27 Nov 2026
const TODAY = '2026-11-27';
const ISIN = 'INE467B01029';

const sell = (qty: number, over: Partial<OrderDraft> = {}): OrderDraft => ({
  symbol: 'NSE:TCS-EQ',
  qty,
  type: OrderType.Market,
  side: Side.Sell,
  productType: 'CNC',
  limitPrice: 0,
  stopPrice: 0,
  disclosedQty: 0,
  validity: 'DAY',
  offlineOrder: false,
  stopLoss: 0,
  takeProfit: 0,
  ...over,
});

const holdings = (remainingQty: number, symbol = 'NSE:TCS-EQ'): Holdings => ({
  holdings: [
    {
      id: 1,
      symbol,
      holdingType: 'HLD',
      qty: remainingQty,
      remainingQty,
      costPrice: 3000,
      marketValue: 0,
      ltp: 3100,
      pl: 0,
      token: '',
      exchange: 10,
    },
  ],
  overall: { count: 1, investment: 0, currentValue: 0, pl: 0, plPercent: 0 },
});

const auth = (qty: number, used: number, over: Partial<EdisDetail> = {}): EdisDetail => ({
  clientId: 'X',
  isin: ISIN,
  qty,
  qtyUtilized: used,
  enteredAt: null,
  startDate: TODAY,
  endDate: TODAY,
  days: 1,
  source: 'API',
  status: 'SUCCESS',
  reason: '',
  internalTxnId: '',
  dpTxnId: '',
  errCode: '',
  errorCount: '0',
  transactionId: 'T',
  ...over,
});

function deps(over: Partial<DematSellsDeps> & { h?: Holdings; e?: EdisDetail[] } = {}) {
  const calls = { holdings: 0, edis: 0 };
  const d: DematSellsDeps = {
    reads: {
      getHoldings: async () => {
        calls.holdings++;
        return over.h ?? holdings(10);
      },
      getEdisDetails: async () => {
        calls.edis++;
        return over.e ?? [];
      },
    },
    isinOf: (t) => (t.includes('TCS') ? ISIN : undefined),
    orders: () => [] as Order[],
    positions: () => undefined as Positions | undefined,
    now: () => NOW,
    ...over,
  };
  return { d, calls };
}

test('a CNC sell may take at most what is held, bought today and not already in open sells', () => {
  const stock = { held: 10, boughtToday: 3, pendingSells: 4, authorized: 100 };
  assert.deepEqual(checkDematSell(9, stock, 'NSE:TCS-EQ').violations, []);
  const [v] = checkDematSell(10, stock, 'NSE:TCS-EQ').violations;
  assert.equal(v?.field, 'qty');
  assert.match(v!.message, /at most 9 shares of NSE:TCS-EQ/);
  assert.match(v!.message, /10 in demat, 3 bought today, 4 already in open sell orders/);
  assert.doesNotMatch(v!.message, /qty|\/api\//);
});

test('shares bought today are sold first; the demat part needs the eDIS authorization', () => {
  const none = { held: 10, boughtToday: 2, pendingSells: 0, authorized: 0 };
  assert.deepEqual(checkDematSell(2, none, 'X').violations, [], 'bought today: no eDIS');
  const r = checkDematSell(5, none, 'X');
  assert.equal(r.fromDemat, 3);
  assert.equal(r.violations[0]?.field, 'edis');
  assert.equal(r.violations[0]?.authorizeQty, 3);
  assert.match(r.violations[0]!.message, /none is given yet/);
  const some = checkDematSell(5, { ...none, authorized: 1 }, 'X').violations[0];
  assert.equal(some?.authorizeQty, 2);
  assert.match(some!.message, /only 1 share is authorized today. Authorize 2 more/);
  assert.deepEqual(checkDematSell(5, { ...none, authorized: 3 }, 'X').violations, []);
  assert.deepEqual(
    checkDematSell(5, { ...none, authorized: null }, 'X').violations,
    [],
    'unknown authorization: the broker decides',
  );
});

test('the authorized quantity left counts only successful authorizations valid today, less what is used', () => {
  const rows = [
    auth(5, 2),
    auth(4, 0, { status: 'FAILED' }),
    auth(7, 0, { startDate: '2026-11-26', endDate: '2026-11-26' }),
    auth(3, 0, { isin: 'INE009A01021' }),
    auth(2, 0, { status: 'success', endDate: null, startDate: null }),
  ];
  assert.equal(authorizedLeft(rows, ISIN, NOW), 3 + 2);
  assert.equal(authorizedLeft(null, ISIN, NOW), null);
  assert.equal(authorizedLeft(rows, undefined, NOW), null);
});

test('the as-you-type check reads holdings and eDIS at most every 30 s; a send reads them afresh', async () => {
  let now = NOW;
  const { d, calls } = deps({ now: () => now });
  const demat = createDematSells(d);
  const v = await demat.check(sell(2));
  assert.equal(v[0]?.field, 'edis');
  assert.equal(v[0]?.guard, null, 'it blocks: it is not a fat-finger question');
  await demat.check(sell(3));
  assert.deepEqual(calls, { holdings: 1, edis: 1 });
  now += 31_000;
  await demat.check(sell(3));
  assert.deepEqual(calls, { holdings: 2, edis: 2 });
  await demat.check(sell(3), { fresh: true });
  assert.deepEqual(calls, { holdings: 3, edis: 3 });
  demat.invalidate();
  await demat.check(sell(3));
  assert.deepEqual(calls, { holdings: 4, edis: 4 });
  // Nothing to read for orders that do not draw on demat shares.
  await demat.check(sell(3, { productType: 'INTRADAY' }));
  await demat.check(sell(3, { side: Side.Buy }));
  assert.deepEqual(calls, { holdings: 4, edis: 4 });
});

test('open CNC sells and today’s CNC buys of the same shares count, on either exchange', async () => {
  const open = {
    symbol: 'BSE:TCS-A',
    productType: 'CNC',
    side: Side.Sell,
    status: OrderStatus.Pending,
    remainingQty: 6,
  } as unknown as Order;
  const { d } = deps({
    isinOf: (t) => (t.includes('TCS') ? ISIN : undefined),
    orders: () => [open],
    positions: () =>
      ({
        positions: [{ symbol: 'NSE:TCS-EQ', productType: 'CNC', netQty: 1 }],
      }) as unknown as Positions,
    e: [auth(100, 0)],
  });
  const demat = createDematSells(d);
  assert.deepEqual(await demat.check(sell(5)), []);
  const [v] = await demat.check(sell(6));
  assert.equal(v?.field, 'qty');
  assert.match(v!.message, /at most 5 shares/);
});

test('a basket cannot sell the same holding twice: each row counts the earlier ones', async () => {
  const { d } = deps({ e: [auth(6, 0)] });
  const demat = createDematSells(d);
  const [a, b, c] = await demat.checkMany([sell(4), sell(2), sell(1)]);
  assert.deepEqual(a, []);
  assert.deepEqual(b, []);
  assert.equal(c?.[0]?.field, 'edis', 'authorized 6, the first two rows use them all');
});

test('what cannot be read never blocks: no holdings, no check; no eDIS history, quantity only', async () => {
  const failing = createDematSells(
    deps({
      reads: {
        getHoldings: async () => Promise.reject(new Error('403')),
        getEdisDetails: async () => [],
      },
    }).d,
  );
  assert.deepEqual(await failing.check(sell(500)), []);
  const noEdis = createDematSells(
    deps({
      reads: {
        getHoldings: async () => holdings(10),
        getEdisDetails: async () => Promise.reject(new Error('403')),
      },
    }).d,
  );
  assert.deepEqual(await noEdis.check(sell(10)), []);
  assert.equal((await noEdis.check(sell(11)))[0]?.field, 'qty');
});

test('DDPI drops only the eDIS finding; unknown or a failed read asks for eDIS as before; read only when needed', async () => {
  /** The check over holdings of 10, no eDIS given, the profile's DDPI as `ddpi` (a throw: unreadable). */
  const withDdpi = (ddpi: () => boolean | null, given: EdisDetail[] = []) => {
    let profiles = 0;
    const demat = createDematSells(
      deps({
        reads: {
          getHoldings: async () => holdings(10),
          getEdisDetails: async () => given,
          getProfile: async () => {
            profiles++;
            return { ddpi: ddpi() };
          },
        },
      }).d,
    );
    return { demat, profiles: () => profiles };
  };
  const on = withDdpi(() => true);
  assert.deepEqual(await on.demat.check(sell(10)), []);
  assert.deepEqual(await on.demat.check(sell(4), { fresh: true }), []);
  const [over] = await on.demat.check(sell(11));
  assert.deepEqual(over?.field, 'qty', 'selling more than is held is still stopped under DDPI');
  assert.equal(on.profiles(), 2, 'once for the as-you-type snapshot, once for the fresh one');

  for (const ddpi of [
    () => false,
    () => null,
    () => {
      throw new Error('down');
    },
  ]) {
    const c = withDdpi(ddpi);
    assert.equal((await c.demat.check(sell(2)))[0]?.authorizeQty, 2);
  }
  // Nothing to authorize: the profile is not read at all.
  const covered = withDdpi(() => true, [auth(10, 0)]);
  assert.deepEqual(await covered.demat.check(sell(2)), []);
  assert.equal(covered.profiles(), 0);
});
