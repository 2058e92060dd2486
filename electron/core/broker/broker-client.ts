/**
 * One typed function per broker operation (spec plus gaps.md), for the Fyers-family
 * dialects: the call table (`routes`, v2 by default) says where each one goes.
 *
 * Each function sends through the request scheduler (so every request counts against the
 * one budget, with the right priority) and returns a clean model from shared/broker/models,
 * never the wire format. Reads of the same resource that overlap are coalesced by the
 * scheduler; order actions never are.
 */
import type {
  ConvertAck,
  EdisDetail,
  EdisForm,
  EdisInquiry,
  Funds,
  Holdings,
  MarketStatus,
  MultiItemResult,
  Order,
  OrderAck,
  PositionExitAck,
  Positions,
  Profile,
  TpinAck,
  Trade,
} from '../../../shared/broker/models';
import type { Priority, RequestScheduler } from '../limiter/request-scheduler';
import { BrokerError } from './broker-error';
import { ErrorCode } from '../../../shared/broker/errors';
import type { HttpTransport, TransportRequest } from './http-transport';
import {
  normalizeConvertAck,
  normalizeExitAck,
  normalizeMultiResults,
  normalizeOrderAck,
} from './normalize/acks';
import { num, obj, str } from './normalize/coerce';
import { normalizeEdisDetails, normalizeEdisForm, normalizeEdisInquiry } from './normalize/edis';
import { normalizeFunds } from './normalize/funds';
import { normalizeHoldings as holdingsOf } from './normalize/holdings';
import { normalizeMarketStatus } from './normalize/market-status';
import { normalizeOrderBook as orderBookOf } from './normalize/orders';
import { normalizePositions as positionsOf } from './normalize/positions';
import { normalizeProfile } from './normalize/profile';
import { rememberPersonalValues, type SecretRegistry } from '../diagnostics/redact';
import { normalizeTradeBook as tradeBookOf } from './normalize/trades';
import type { SkippedRowSink } from './normalize/rows';
import type {
  ConvertPositionInput,
  EdisRecord,
  ModifyOrderInput,
  PlaceOrderInput,
} from './order-requests';
import { convertBody, modifyBody, placeBody } from './order-requests';
import { multiLegBody } from './multileg-request';
import type { FyersRoutes, WireRoute } from './fyers-routes';
import type { ReportKind } from '../../../shared/reports/report-rows';
import { normalizeReportPage, type ReportPage } from './normalize/reports';
import type { SmartExitBody, SmartExitRow } from '../../../shared/risk/smart-exit';
import { readSmartExits } from './normalize/smart-exit';
import { FYERS_V2_ROUTES } from './dialects/fyers-v2/routes';

/** Most orders one multi request may carry (spec, Limits). */
export const MAX_MULTI_ORDERS = 10;

/** Per-call options of the read operations. */
export interface ReadOptions {
  /** 'background' for the refresher, 'order' for reconciliation reads; default 'user'. */
  priority?: Priority;
  /** Do not share an in-flight read: the answer must reflect state after this call began. */
  fresh?: boolean;
  signal?: AbortSignal;
}

/** One page of a history report: range (YYYY-MM-DD), page and an optional ticker. */
export interface ReportPageQuery {
  from: string;
  to: string;
  pageNo: number;
  pageSize: number;
  symbol?: string;
}

/** Per-call options of the order actions. */
export interface ActOptions {
  /** Told the clock time when the request leaves the budget queue (its real send time). */
  onSent?: (at: number) => void;
}

/** Constructor dependencies of the broker client. */
export interface BrokerClientOptions {
  transport: HttpTransport;
  /** The one request budget; without it requests go straight out (tests, tools). */
  scheduler?: Pick<RequestScheduler, 'schedule'>;
  /** Told of every row left out of a read because it could not be understood. */
  onSkippedRow?: SkippedRowSink;
  /** Where the profile's personal values go to be redacted from then on (default: the process's). */
  registry?: SecretRegistry;
  /** The dialect's call table (default: API v2, the spec). */
  routes?: FyersRoutes;
  /** The data host, for calls the dialect sends there (v3's market status); default: `transport`. */
  dataTransport?: HttpTransport;
}

/** The broker client type, so services can take it as a dependency and tests can fake it. */
export type BrokerClient = ReturnType<typeof createBrokerClient>;

/** A request and which host it goes to. */
type RoutedRequest = TransportRequest & { host?: 'data' };

const direct: Pick<RequestScheduler, 'schedule'> = {
  schedule: (job) => job.run(),
};

/** Creates the client; see the module comment for why every call goes through the scheduler. */
export function createBrokerClient(opts: BrokerClientOptions) {
  const { transport } = opts;
  const R = opts.routes ?? FYERS_V2_ROUTES;
  const scheduler = opts.scheduler ?? direct;
  const dataTransport = opts.dataTransport ?? transport;
  /** A route as a request; `host: 'data'` sends it to the data host. */
  const at = (r: WireRoute): RoutedRequest => ({
    method: r.method,
    path: r.path,
    ...(r.host ? { host: r.host } : {}),
  });
  const via = ({ host, ...req }: RoutedRequest) => ({
    t: host === 'data' ? dataTransport : transport,
    req,
  });
  const skip = opts.onSkippedRow;
  // The list readers keep good rows and report a bad one instead of failing the whole read.
  const normalizeOrderBook = (rows: unknown) => orderBookOf(rows, skip);
  const normalizePositions = (env: Record<string, unknown>) => positionsOf(env, skip);
  const normalizeHoldings = (env: Record<string, unknown>) => holdingsOf(env, skip);
  const normalizeTradeBook = (rows: unknown) => tradeBookOf(rows, skip);

  function read(req: RoutedRequest, o: ReadOptions = {}): Promise<Record<string, unknown>> {
    const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
    return scheduler.schedule({
      priority: o.priority ?? 'user',
      key: o.fresh ? undefined : `${req.method} ${req.path}${query}`,
      label: `${req.method} ${req.path}`,
      run: () => {
        const { t, req: r } = via(req);
        return t.request({ ...r, signal: o.signal });
      },
    });
  }

  function smartExitPath(which: 'trigger' | 'activate'): string {
    if (!R.smartExit)
      throw BrokerError.invalidInput(null, 'This broker connection has no smart exit trigger.');
    return R.smartExit[which];
  }
  const skipSmartExit = (reason: string) => skip?.({ view: 'positions', id: '', reason });
  function smartExitCall(req: TransportRequest): Promise<Record<string, unknown>> {
    return scheduler.schedule({
      priority: 'user',
      label: `${req.method} ${req.path}`,
      run: () => transport.request(req),
    });
  }

  function act(req: TransportRequest, o: ActOptions = {}): Promise<Record<string, unknown>> {
    return scheduler.schedule({
      priority: 'order',
      label: `${req.method} ${req.path}`,
      orderActions: 1,
      ...(o.onSent ? { onStart: o.onSent } : {}),
      run: () => transport.request(req),
    });
  }

  async function actMulti(
    req: TransportRequest & { body: unknown[] },
    o: ActOptions = {},
  ): Promise<MultiItemResult[]> {
    if (req.body.length === 0 || req.body.length > MAX_MULTI_ORDERS) {
      throw BrokerError.invalidInput(
        'order',
        `A multi-order request takes 1 to ${MAX_MULTI_ORDERS} orders (got ${req.body.length}).`,
      );
    }
    const res = await scheduler.schedule({
      priority: 'order',
      label: `${req.method} ${req.path}`,
      orderActions: req.body.length,
      ...(o.onSent ? { onStart: o.onSent } : {}),
      run: () => transport.send(req),
    });
    const env = obj(res.body);
    if (Array.isArray(env.data)) return normalizeMultiResults(env.data, req.body.length);
    const code = env.code === undefined ? null : num(env.code);
    throw BrokerError.fromEnvelope(res.status >= 400 ? res.status : 400, code, str(env.message));
  }

  return {
    /** The account holder. */
    async getProfile(o?: ReadOptions): Promise<Profile> {
      const profile = normalizeProfile((await read(at(R.profile), o)).data);
      rememberPersonalValues(profile, opts.registry);
      return profile;
    },
    /** Ledger lines and available balance. */
    async getFunds(o?: ReadOptions): Promise<Funds> {
      return normalizeFunds((await read(at(R.funds), o)).fund_limit);
    },
    /** Demat holdings with totals. */
    async getHoldings(o?: ReadOptions): Promise<Holdings> {
      return normalizeHoldings(await read(at(R.holdings), o));
    },
    /** The whole order book of the day. */
    async getOrders(o?: ReadOptions): Promise<Order[]> {
      return normalizeOrderBook((await read(at(R.orders), o)).orderBook);
    },
    /** One order by id, or null when the broker returns none. */
    async getOrder(id: string, o?: ReadOptions): Promise<Order | null> {
      let env: Record<string, unknown>;
      try {
        env = await read({ ...at(R.orders), query: { id } }, o);
      } catch (err) {
        // -51 "invalid order id" is the broker's way of saying there is no such order.
        if (err instanceof BrokerError && err.code === ErrorCode.InvalidOrderId) return null;
        throw err;
      }
      const rows = normalizeOrderBook(
        env.orderBook ?? (env.data !== undefined ? [env.data].flat() : []),
      );
      // Only the row with this id: a broker that ignores the filter answers with the whole
      // book, and any other row would make a modify or a reconciliation act on the wrong order.
      return rows.find((r) => r.id === id) ?? null;
    },
    /** Several orders by id in one request (gaps.md). */
    async getOrdersByIds(ids: string[], o?: ReadOptions): Promise<Order[]> {
      if (ids.length === 0) return [];
      if (!R.ordersByIds) {
        // No several-by-id read in this dialect: the book, filtered, is the same answer.
        const wanted = new Set(ids);
        const book = normalizeOrderBook((await read(at(R.orders), o)).orderBook);
        return book.filter((r) => wanted.has(r.id));
      }
      const env = await read({ ...at(R.ordersByIds), query: { id: ids.join(',') } }, o);
      return normalizeOrderBook(env.orderBook ?? env.data);
    },
    /** Net positions of the day with totals. */
    async getPositions(o?: ReadOptions): Promise<Positions> {
      return normalizePositions(await read(at(R.positions), o));
    },
    /** Fills of the day. */
    async getTradebook(o?: ReadOptions): Promise<Trade[]> {
      return normalizeTradeBook((await read(at(R.tradebook), o)).tradeBook);
    },
    /** Open/closed state per exchange segment. */
    async getMarketStatus(o?: ReadOptions): Promise<MarketStatus[]> {
      return normalizeMarketStatus((await read(at(R.marketStatus), o)).marketStatus);
    },

    /** Places one order. Callers wanting duplicate safety use the order service, not this. */
    async placeOrder(order: PlaceOrderInput, o?: ActOptions): Promise<OrderAck> {
      return normalizeOrderAck(await act({ ...at(R.place), body: placeBody(order) }, o));
    },
    /** Places up to 10 orders; each succeeds or fails alone. */
    placeOrders(orders: PlaceOrderInput[], o?: ActOptions): Promise<MultiItemResult[]> {
      return actMulti({ ...at(R.placeMulti), body: orders.map(placeBody) }, o);
    },
    /**
     * Places two or three legs as one multi-leg order (one answer: the first leg's id).
     * Callers wanting duplicate safety use the order service's placeMultiLeg, not this.
     */
    async placeMultiLeg(legs: PlaceOrderInput[], o?: ActOptions): Promise<OrderAck> {
      if (!R.placeMultiLeg)
        throw BrokerError.invalidInput(
          null,
          "This account's broker API cannot send multi-leg orders: send the legs as a basket.",
        );
      return normalizeOrderAck(await act({ ...at(R.placeMultiLeg), body: multiLegBody(legs) }, o));
    },
    /** Modifies one pending order. */
    async modifyOrder(m: ModifyOrderInput, o?: ActOptions): Promise<OrderAck> {
      return normalizeOrderAck(await act({ ...at(R.modify), body: modifyBody(m) }, o));
    },
    /** Modifies up to 10 pending orders. */
    modifyOrders(ms: ModifyOrderInput[], o?: ActOptions): Promise<MultiItemResult[]> {
      return actMulti({ ...at(R.modifyMulti), body: ms.map(modifyBody) }, o);
    },
    /** Cancels one pending order. */
    async cancelOrder(id: string, o?: ActOptions): Promise<OrderAck> {
      return normalizeOrderAck(await act({ ...at(R.cancel), body: { id } }, o));
    },
    /** Cancels up to 10 pending orders. */
    cancelOrders(ids: string[], o?: ActOptions): Promise<MultiItemResult[]> {
      return actMulti({ ...at(R.cancelMulti), body: ids.map((id) => ({ id })) }, o);
    },
    /** Exits one position by its id (<symbol>-<productType>). */
    async exitPosition(id: string, o?: ActOptions): Promise<PositionExitAck> {
      return normalizeExitAck(await act({ ...at(R.exitPosition), body: { id } }, o));
    },
    /** Exits every open position. */
    async exitAllPositions(o?: ActOptions): Promise<PositionExitAck> {
      return normalizeExitAck(await act({ ...at(R.exitPosition), body: {} }, o));
    },
    /** Converts a position to another product type. */
    async convertPosition(c: ConvertPositionInput, o?: ActOptions): Promise<ConvertAck> {
      return normalizeConvertAck(await act({ ...at(R.convertPosition), body: convertBody(c) }, o));
    },

    /**
     * One page of a history report (v3). Throws an invalid-input BrokerError where the
     * dialect has no history; callers check the `reports` capability first.
     */
    async getReportPage<K extends ReportKind>(
      kind: K,
      q: ReportPageQuery,
      o?: ReadOptions,
    ): Promise<ReportPage<K>> {
      const route = R.reports?.[kind];
      if (!route) throw BrokerError.invalidInput(null, 'This broker connection keeps no history.');
      const query: Record<string, string> = {
        from_date: q.from,
        to_date: q.to,
        page_size: String(q.pageSize),
        page_no: String(q.pageNo),
        ...(q.symbol ? { symbol: q.symbol } : {}),
      };
      const env = await read({ ...at(route), query }, o);
      return normalizeReportPage(kind, env, (q.pageNo - 1) * q.pageSize + 1);
    },

    /** The broker's smart exit triggers (v3); unreadable rows are left out and logged. */
    async listSmartExits(): Promise<SmartExitRow[]> {
      const env = await smartExitCall({ method: 'GET', path: smartExitPath('trigger') });
      return readSmartExits(env.data, skipSmartExit);
    },
    /** Creates a trigger (no flowId) or updates one; answers its flowId. */
    async putSmartExit(body: SmartExitBody, flowId: string | null): Promise<string> {
      const path = smartExitPath('trigger');
      const env = await smartExitCall(
        flowId
          ? { method: 'PUT', path, body: { flowId, ...body } }
          : { method: 'POST', path, body },
      );
      return flowId ?? str(obj(env.data).flowId);
    },
    /** Activates an inactive trigger or deactivates an active one (the broker's one toggle). */
    async toggleSmartExit(flowId: string): Promise<void> {
      await smartExitCall({ method: 'POST', path: smartExitPath('activate'), body: { flowId } });
    },

    /** Asks the depository to send the trader a TPIN. */
    async requestTpin(): Promise<TpinAck> {
      const env = await scheduler.schedule({
        priority: 'user',
        label: `${R.tpin.method} ${R.tpin.path}`,
        run: () => transport.request(at(R.tpin)),
      });
      return { code: num(env.code, 200), message: str(env.message) };
    },
    /** History of eDIS authorizations. */
    async getEdisDetails(o?: ReadOptions): Promise<EdisDetail[]> {
      return normalizeEdisDetails((await read(at(R.edisDetails), o)).data);
    },
    /** Starts an eDIS authorization; returns the depository form to post in its own window. */
    async edisIndex(records: EdisRecord[]): Promise<EdisForm> {
      const body = { recordLst: records.map((r) => ({ isin_code: r.isin, qty: r.qty })) };
      const env = await scheduler.schedule({
        priority: 'user',
        label: `${R.edisIndex.method} ${R.edisIndex.path}`,
        run: () => transport.request({ ...at(R.edisIndex), body }),
      });
      return normalizeEdisForm(env.data);
    },
    /** Outcome of an eDIS authorization. */
    async edisInquiry(transactionId: string): Promise<EdisInquiry> {
      const env = await scheduler.schedule({
        priority: 'user',
        label: `${R.edisInquiry.method} ${R.edisInquiry.path}`,
        run: () => transport.request({ ...at(R.edisInquiry), body: { transactionId } }),
      });
      return normalizeEdisInquiry(env.data);
    },
  };
}
