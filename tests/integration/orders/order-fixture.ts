/**
 * Shared setup of the order integration tests: a logged-in session on the sandbox, an order
 * service with a real journal file, and instrument rules taken from the sandbox's master.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSession } from '../broker/sandbox-session';
import { createOrderService } from '../../../electron/core/orders/actions/order-service';
import type { OrderServiceOptions } from '../../../electron/core/orders/actions/order-service';
import { createOrderJournal } from '../../../electron/core/orders/journal/order-journal';
import type { OrderDraft } from '../../../shared/broker/rules';
import type { InstrumentLookup } from '../../../electron/core/orders/checks/order-prechecks';
import type { HttpTransportOptions } from '../../../electron/core/broker/http-transport';
import type { SandboxOptions } from '../../../sandbox/index';

/** A plain intraday limit buy of SBIN, the base of most test orders. */
export const sbinLimit = (over: Partial<OrderDraft> = {}): OrderDraft => ({
  symbol: 'NSE:SBIN-EQ',
  qty: 1,
  type: 1,
  side: 1,
  productType: 'INTRADAY',
  limitPrice: 800,
  stopPrice: 0,
  disclosedQty: 0,
  validity: 'DAY',
  offlineOrder: false,
  stopLoss: 0,
  takeProfit: 0,
  ...over,
});

/** Starts everything; `close` removes the journal directory and stops the sandbox. */
export async function startOrderFixture(
  opts: {
    sandbox?: SandboxOptions;
    transport?: Partial<HttpTransportOptions>;
    service?: Partial<OrderServiceOptions>;
  } = {},
) {
  const s = await startSession({ transport: opts.transport, sandbox: opts.sandbox });
  const dir = await mkdtemp(join(tmpdir(), 'tickdesk-orders-'));
  const journalPath = join(dir, 'orders.jsonl');
  const journal = createOrderJournal(journalPath);
  const prices = new Map<string, number>();
  const instruments: InstrumentLookup = {
    rulesFor(symbol) {
      const i = s.sb.instruments.find((x) => x.ticker === symbol);
      return i
        ? { tickSize: i.tickSize, lotSize: i.lotSize, exchange: i.exchange, segment: i.segment }
        : undefined;
    },
    lastPrice: (symbol) => {
      const ltp = prices.get(symbol);
      return ltp === undefined ? undefined : { ltp, source: 'quote', ageMs: 0, stale: false };
    },
  };
  const orders = createOrderService({
    broker: s.broker,
    instruments,
    journal,
    reconcileDelaysMs: [150, 500, 1500],
    // These tests are about sending and reconciling, not the trader's limits: wide ones.
    limits: {
      maxOrderQty: 100_000,
      maxOrderValue: 1e9,
      maxLtpDistancePct: 100,
      enforceFreezeQty: true,
    },
    ...opts.service,
  });
  async function setPrice(symbol: string, ltp: number) {
    prices.set(symbol, ltp);
    await s.control('price', { symbol, ltp });
  }
  await s.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
  await setPrice('NSE:SBIN-EQ', 812.5);
  await setPrice('NSE:RELIANCE-EQ', 168.2);
  return {
    ...s,
    orders,
    journal,
    journalPath,
    setPrice,
    tick: (n = 1) => s.control('tick', { n }),
    async close() {
      await orders.idle();
      await journal.close();
      await s.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
