/**
 * Issue 18 (review 7) through the composed app (createAppCore in Demo mode, the sandbox over
 * HTTP): the CNC-sell pre-check counts every exchange line of one ISIN as the same shares,
 * and just before sending it reads the order book afresh, so neither a purchase on the
 * other exchange nor a sell that ended unseen wrongly blocks a legitimate delivery sell.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Exchange, OrderType, Segment, Side, type SideCode } from '../../../shared/broker/enums';
import type { Holding } from '../../../shared/broker/models';
import type { SymbolInfo } from '../../../shared/ipc/channels/symbols';
import type { OrderDraft } from '../../../shared/broker/rules';
import { startComposedApp, type ComposedApp } from '../safety/composed-app';

let app: ComposedApp;
let h: Holding;
let bse: SymbolInfo;
before(async () => {
  app = await startComposedApp();
  await app.control('market', {
    exchange: Exchange.BSE,
    segment: Segment.CapitalMarket,
    status: 'OPEN',
  });
  const held = await app.core.broker.getHoldings({ fresh: true });
  // A settled holding whose company also trades on BSE (same ISIN, another ticker).
  for (const x of held.holdings.filter((y) => y.holdingType === 'HLD' && y.remainingQty >= 2)) {
    const nse = app.core.symbols.get(x.symbol);
    if (!nse?.isin) continue;
    const other = app.core.symbols
      .search(nse.underlying || nse.name, 50)
      .find((s) => s.exchange === Exchange.BSE && s.isin === nse.isin && s.ticker !== x.symbol);
    if (other) {
      h = x;
      bse = other;
      break;
    }
  }
  assert.ok(h && bse, 'the demo account holds shares of a company listed on NSE and BSE');
});
after(async () => {
  await app.close();
});

const cnc = (symbol: string, side: SideCode, qty: number, limitPrice = 0): OrderDraft => ({
  symbol,
  qty,
  type: limitPrice > 0 ? OrderType.Limit : OrderType.Market,
  side,
  productType: 'CNC',
  limitPrice,
  stopPrice: 0,
  disclosedQty: 0,
  validity: 'DAY',
  offlineOrder: false,
  stopLoss: 0,
  takeProfit: 0,
});

async function seePositions(): Promise<void> {
  app.core.orders.observePositions(await app.core.broker.getPositions({ fresh: true }));
}

test('shares bought today on BSE are sold as delivery on NSE without an eDIS authorization', async () => {
  const buy = await app.core.orders.place(cnc(bse.ticker, Side.Buy, 2), { confirmGuards: true });
  assert.equal(buy.status, 'done', buy.note);
  await app.control('tick', { n: 3 });
  await seePositions();
  const typed = await app.core.orders.precheck(cnc(h.symbol, Side.Sell, 2));
  assert.deepEqual(
    typed.filter((v) => v.guard === null),
    [],
    'the 2 bought today on BSE need no authorization',
  );
  const sell = await app.core.orders.place(cnc(h.symbol, Side.Sell, 2), { confirmGuards: true });
  assert.match(
    sell.status,
    /^(done|confirmed-done)$/,
    `${sell.note} ${JSON.stringify(sell.violations)}`,
  );
  await app.control('tick', { n: 3 });
  const row = (await app.core.broker.getOrders({ fresh: true })).find((o) => o.id === sell.orderId);
  assert.ok(row, 'the sell reached the broker');
  assert.doesNotMatch(row.message, /authoriz/i, 'the broker did not refuse it either');
  await seePositions();
  // Those shares are now sold: a third delivery sell from demat needs the authorization again.
  const next = await app.core.orders.precheck(cnc(h.symbol, Side.Sell, 1));
  assert.equal(next.find((v) => v.field === 'edis')?.authorizeQty, 1, JSON.stringify(next));
});

test('a CNC sell cancelled while the app did not see it no longer counts against the next one', async () => {
  const buy = await app.core.orders.place(cnc(h.symbol, Side.Buy, 2), { confirmGuards: true });
  assert.equal(buy.status, 'done', buy.note);
  await app.control('tick', { n: 3 });
  await seePositions();
  const ltp = (await app.core.broker.getPositions({ fresh: true })).positions.find(
    (p) => p.symbol === h.symbol && p.productType === 'CNC',
  )!.ltp;
  const high = Math.round(ltp * 1.05 * 20) / 20;
  const pending = await app.core.orders.place(cnc(h.symbol, Side.Sell, 2, high), {
    confirmGuards: true,
  });
  assert.equal(pending.status, 'done', `${pending.note} ${JSON.stringify(pending.violations)}`);
  await app.control('tick', { n: 1 });
  const stale = await app.core.broker.getOrders({ fresh: true });
  assert.equal(stale.find((o) => o.id === pending.orderId)?.remainingQty, 2, 'the sell is open');
  // Cancelled elsewhere (the broker's website) while pushed updates were not arriving: the
  // app's view of the book still shows the sell open.
  await app.core.broker.cancelOrder(pending.orderId!);
  await app.control('tick', { n: 1 });
  app.core.orders.observeOrders(stale);
  const typed = await app.core.orders.precheck(cnc(h.symbol, Side.Sell, 2));
  assert.equal(
    typed.find((v) => v.field === 'edis')?.authorizeQty,
    2,
    'as typed, the stale view counts the sell as open (the test is set up right)',
  );
  const sell = await app.core.orders.place(cnc(h.symbol, Side.Sell, 2), { confirmGuards: true });
  assert.match(
    sell.status,
    /^(done|confirmed-done)$/,
    `${sell.note} ${JSON.stringify(sell.violations)}`,
  );
});
