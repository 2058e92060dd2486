/**
 * An in-memory broker for order-service unit tests: a book of orders and positions and a
 * programmable failure for the next action, so each ambiguous case can be staged exactly.
 */
import { BrokerError } from '../../../electron/core/broker/broker-error';
import type { OrderBroker } from '../../../electron/core/orders/actions/order-context';
import type { MultiItemResult, Order, OrderAck, Positions } from '../../../shared/broker/models';
import type { OrderDraft } from '../../../shared/broker/rules';

/** What the next write does. */
export type Mode = 'ok' | 'commit-then-timeout' | 'timeout-before-commit' | 'ack201' | 'reject';

export class FakeBroker {
  book: Order[] = [];
  positions: Positions = {
    positions: [],
    overall: { count: 0, openCount: 0, plTotal: 0, plRealized: 0, plUnrealized: 0 },
  };
  mode: Mode = 'ok';
  /** The broker's clock minus the app's (order times are stamped on the broker's clock). */
  clockOffsetMs = 0;
  failReads = 0;
  /** Multi place requests (1-based, in order) whose whole answer is lost after the orders are placed. */
  loseMultiAnswer = new Set<number>();
  /** How many orders each multi place request carried. */
  multiSizes: number[] = [];
  calls: string[] = [];
  private seq = 100;
  constructor(private readonly now: () => number) {}

  private commit(d: OrderDraft): Order {
    const id = String(++this.seq);
    const o: Order = {
      id,
      exchangeOrderId: '',
      symbol: d.symbol,
      qty: d.qty,
      remainingQty: d.qty,
      filledQty: 0,
      status: 6,
      slNo: this.seq,
      message: '',
      segment: 10,
      exchange: 10,
      instrument: 0,
      limitPrice: d.limitPrice,
      stopPrice: d.stopPrice,
      productType: d.productType,
      type: d.type,
      side: d.side,
      disclosedQty: 0,
      disclosedQtyRemaining: null,
      validity: d.validity,
      placedAt: new Date(Math.floor((this.now() + this.clockOffsetMs) / 1000) * 1000).toISOString(),
      parentId: null,
      tradedPrice: 0,
      source: 'API',
      token: '',
      offline: false,
      ltp: null,
    };
    this.book.push(o);
    return o;
  }

  private write<T>(commit: () => T, ack: (r: T) => OrderAck): OrderAck {
    const mode = this.mode;
    if (mode === 'timeout-before-commit') throw BrokerError.timeout(1000);
    if (mode === 'reject') throw BrokerError.fromEnvelope(400, -99, 'rejected by RMS');
    const r = commit();
    if (mode === 'commit-then-timeout') throw BrokerError.timeout(1000);
    const a = ack(r);
    return mode === 'ack201' ? { ...a, code: 201, unacknowledged: true } : a;
  }

  private read<T>(v: () => T): T {
    if (this.failReads > 0) {
      this.failReads--;
      throw BrokerError.network('ECONNRESET', true);
    }
    return v();
  }

  api(): OrderBroker {
    const b: OrderBroker = {
      placeOrder: async (d) => {
        this.calls.push('place');
        return this.write(
          () => this.commit(d),
          (o) => ({ id: o.id, code: 1101, message: 'placed', unacknowledged: false }),
        );
      },
      placeOrders: async (ds) => {
        this.calls.push('placeMany');
        this.multiSizes.push(ds.length);
        if (this.loseMultiAnswer.has(this.multiSizes.length)) {
          for (const d of ds) this.commit(d);
          throw BrokerError.network('ECONNRESET', true);
        }
        return ds.map((d, index): MultiItemResult => {
          try {
            const ack = this.write(
              () => this.commit(d),
              (o) => ({ id: o.id, code: 1101, message: 'placed', unacknowledged: false }),
            );
            return { index, httpStatus: 200, ok: true, ack, error: null };
          } catch (e) {
            return {
              index,
              httpStatus: 500,
              ok: false,
              ack: null,
              error: (e as BrokerError).toJSON(),
            };
          }
        });
      },
      modifyOrder: async (m) => {
        this.calls.push('modify');
        return this.write(
          () => {
            const o = this.book.find((x) => x.id === m.id)!;
            Object.assign(
              o,
              m.qty !== undefined ? { qty: m.qty } : {},
              m.limitPrice !== undefined ? { limitPrice: m.limitPrice } : {},
            );
            return o;
          },
          (o) => ({ id: o.id, code: 1101, message: 'modified', unacknowledged: false }),
        );
      },
      modifyOrders: async () => {
        throw new Error('not used');
      },
      cancelOrder: async (id) => {
        this.calls.push('cancel');
        return this.write(
          () => {
            const o = this.book.find((x) => x.id === id)!;
            o.status = 1;
            return o;
          },
          (o) => ({ id: o.id, code: 1103, message: 'cancelled', unacknowledged: false }),
        );
      },
      cancelOrders: async () => {
        throw new Error('not used');
      },
      exitPosition: async (id) => {
        this.calls.push('exit');
        const a = this.write(
          () => {
            const p = this.positions.positions.find((x) => x.id === id)!;
            p.netQty = 0;
            return p;
          },
          () => ({ id: '', code: 200, message: 'exited', unacknowledged: false }),
        );
        return { code: a.code, message: a.message };
      },
      exitAllPositions: async () => {
        throw new Error('not used');
      },
      convertPosition: async () => {
        throw new Error('not used');
      },
      getOrders: async () => {
        this.calls.push('getOrders');
        return this.read(() => this.book.map((o) => ({ ...o })));
      },
      getOrder: async (id) => {
        this.calls.push('getOrder');
        return this.read(() => {
          const o = this.book.find((x) => x.id === id);
          return o ? { ...o } : null;
        });
      },
      getPositions: async () => {
        this.calls.push('getPositions');
        return this.read(() => structuredClone(this.positions));
      },
    };
    return b;
  }
}

/** The order most tests send: a 10-share SBIN intraday limit buy at 812.50, on the tick grid. */
export const sbinLimitBuy: OrderDraft = {
  symbol: 'NSE:SBIN-EQ',
  qty: 10,
  type: 1,
  side: 1,
  productType: 'INTRADAY',
  limitPrice: 812.5,
  stopPrice: 0,
  disclosedQty: 0,
  validity: 'DAY',
  offlineOrder: false,
  stopLoss: 0,
  takeProfit: 0,
};
