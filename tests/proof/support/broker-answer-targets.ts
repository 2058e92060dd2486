/**
 * The broker answers the hostile-input proof mutates: each reader of a broker answer (account,
 * orders, eDIS, acks, history candles) seeded with a real answer of the sandbox's on one
 * dialect's own paths, plus that dialect's market-data readers (REST quotes and depth for
 * both, v2's socket update and binary frame, v3's order-socket message and HSM frames), and
 * the generic mutation with the values that have broken parsers before.
 */
import type { z } from 'zod';
import {
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
  Trade,
} from '../../../shared/broker/models';
import { CandleHistory } from '../../../shared/marketdata/candle';
import type { BrokerDialectId } from '../../../shared/broker/dialect';
import * as acks from '../../../electron/core/broker/normalize/acks';
import * as edis from '../../../electron/core/broker/normalize/edis';
import { normalizeFunds } from '../../../electron/core/broker/normalize/funds';
import { normalizeHoldings } from '../../../electron/core/broker/normalize/holdings';
import { normalizeMarketStatus } from '../../../electron/core/broker/normalize/market-status';
import { normalizeOrderBook } from '../../../electron/core/broker/normalize/orders';
import { normalizePositions } from '../../../electron/core/broker/normalize/positions';
import { normalizeProfile } from '../../../electron/core/broker/normalize/profile';
import { normalizeTradeBook } from '../../../electron/core/broker/normalize/trades';
import {
  FYERS_V3_DATA_ROUTES,
  FYERS_V3_ROUTES,
} from '../../../electron/core/broker/dialects/fyers-v3/routes';
import { normalizeCandles } from '../../../electron/core/marketdata/history';
import { V3_DATA_PREFIX } from '../../../sandbox/v3/addresses';
import { startSession } from '../../integration/broker/sandbox-session';
import { FAR_FUTURE } from './hostile-strings';
import { marketDataTargets, type Target } from './market-data-targets';
import { v3MarketDataTargets } from './v3-market-data-targets';

/** Where each dialect's seed answers are read on the sandbox (its own call table and data host). */
const SEED_PATHS: Record<BrokerDialectId, { reads: string[]; history: string }> = {
  'fyers-v2': {
    reads: [
      '/api/v2/profile',
      '/api/v2/funds',
      '/api/v2/holdings',
      '/api/v2/orders',
      '/api/v2/positions',
      '/api/v2/tradebook',
      '/api/v2/market-status',
      '/api/v2/details',
    ],
    history: '/data-rest/v2/history/',
  },
  'fyers-v3': {
    reads: [
      FYERS_V3_ROUTES.profile.path,
      FYERS_V3_ROUTES.funds.path,
      FYERS_V3_ROUTES.holdings.path,
      FYERS_V3_ROUTES.orders.path,
      FYERS_V3_ROUTES.positions.path,
      FYERS_V3_ROUTES.tradebook.path,
      `${V3_DATA_PREFIX}${FYERS_V3_ROUTES.marketStatus.path}`,
      FYERS_V3_ROUTES.edisDetails.path,
    ],
    history: `${V3_DATA_PREFIX}${FYERS_V3_DATA_ROUTES.history}`,
  },
};
/** Values that have broken parsers before: overflow text, NaN, prototype keys, odd types. */
export const NASTY: unknown[] = [
  '1e999',
  '-1e999',
  'NaN',
  'Infinity',
  '',
  ' ',
  '0x10',
  '1,2,3',
  '١٢٣',
  'True',
  'null',
  null,
  true,
  false,
  0,
  -0,
  -1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  0.1 + 0.2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  {},
  [],
  [[]],
  { __proto__: { polluted: 1 } },
  JSON.parse('{"__proto__":{"x":1},"constructor":{"prototype":{"y":2}}}'),
  'x'.repeat(100_000),
  '\u0000',
  '<script>',
  '../../etc/passwd',
  '\u2028',
  '\ud800',
  'a\udc00b',
  '\u0001',
  '__proto__',
  4_102_444_800,
  32_503_680_000,
  '4102444800',
  3,
  '3',
  'MTF',
  'B',
  'S',
];

/** A copy of `seed` with 1-4 random changes: a value replaced, a key removed, a list or row broken. */
export function mutate(seed: unknown, rnd: () => number, pool: unknown[]): unknown {
  const copy: unknown = structuredClone(seed);
  const holder = { root: copy } as Record<string, unknown>;
  const changes = 1 + Math.floor(rnd() * 4);
  for (let i = 0; i < changes; i++) {
    // Walk to a random container.
    let parent: Record<string, unknown> | unknown[] = holder;
    let key: string | number = 'root';
    for (let depth = 0; depth < 6; depth++) {
      const v: unknown = (parent as Record<string, unknown>)[key as string];
      if (!v || typeof v !== 'object') break;
      const proto: unknown = Object.getPrototypeOf(v);
      if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) break;
      const keys: string[] = Object.keys(v);
      if (keys.length === 0 || rnd() < 0.25) break;
      parent = v as Record<string, unknown>;
      key = keys[Math.floor(rnd() * keys.length)]!;
    }
    const r = rnd();
    const target = parent as Record<string, unknown>;
    const put = (value: unknown) =>
      Object.defineProperty(target, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    if (r < 0.15) delete target[key as string];
    else if (r < 0.7) put(NASTY[Math.floor(rnd() * NASTY.length)]);
    else put(pool[Math.floor(rnd() * pool.length)]);
  }
  return holder.root;
}

/**
 * Every broker-answer reader with a real answer of the sandbox's as its seed, read on
 * `dialect`'s own paths (its call table and data host), and the market-data readers of that
 * dialect; `pool` feeds the generic mutation.
 */
export async function brokerAnswerTargets(
  pool: unknown[],
  dialect: BrokerDialectId,
): Promise<Target[]> {
  const s = await startSession();
  try {
    await s.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    const draft = {
      symbol: 'NSE:SBIN-EQ',
      qty: 1,
      type: 2 as const,
      side: 1 as const,
      productType: 'INTRADAY' as const,
      limitPrice: 0,
      stopPrice: 0,
      disclosedQty: 0,
      validity: 'DAY' as const,
      offlineOrder: false,
      stopLoss: 0,
      takeProfit: 0,
    };
    await s.broker.placeOrder(draft);
    await s.broker.placeOrder({ ...draft, type: 1, limitPrice: 1 });
    await s.control('tick', { n: 5 });
    const get = (path: string) => s.transport.request({ method: 'GET', path });
    const [profile, funds, holdings, orders, positions, trades, market, details] =
      await Promise.all(SEED_PATHS[dialect].reads.map(get));
    // The reads above spent this second's 10 requests.
    await new Promise((r) => setTimeout(r, 1_100));
    const now = Math.floor(Date.now() / 1000);
    const history = await s.transport.request({
      method: 'GET',
      path: SEED_PATHS[dialect].history,
      query: {
        symbol: 'NSE:SBIN-EQ',
        resolution: '5',
        date_format: '0',
        range_from: String(now - 5 * 86_400),
        range_to: String(now),
        cont_flag: '1',
      },
    });
    const orderRow: unknown = Array.isArray(orders!.orderBook) ? orders!.orderBook[0] : {};
    const env = (x: unknown) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {});
    return [
      { name: 'profile', seed: profile!.data, run: normalizeProfile, model: Profile },
      { name: 'funds', seed: funds!.fund_limit, run: normalizeFunds, model: Funds },
      {
        name: 'holdings',
        seed: holdings,
        run: (r) => normalizeHoldings(env(r), () => {}),
        model: Holdings,
      },
      {
        name: 'order book',
        seed: orders!.orderBook,
        run: (r) => normalizeOrderBook(r, () => {}),
        model: (Order as z.ZodType).array(),
      },
      {
        name: 'positions',
        seed: positions,
        run: (r) => normalizePositions(env(r), () => {}),
        model: Positions,
      },
      {
        name: 'trade book',
        seed: trades!.tradeBook,
        run: (r) => normalizeTradeBook(r, () => {}),
        model: (Trade as z.ZodType).array(),
      },
      {
        name: 'market status',
        seed: market!.marketStatus,
        run: normalizeMarketStatus,
        model: (MarketStatus as z.ZodType).array(),
      },
      {
        name: 'eDIS details',
        seed: details!.data,
        run: edis.normalizeEdisDetails,
        model: (EdisDetail as z.ZodType).array(),
      },
      {
        name: 'eDIS form',
        seed: '<form action="https://cdsl.example/x"></form>',
        run: edis.normalizeEdisForm,
        model: EdisForm,
      },
      {
        name: 'eDIS inquiry',
        seed: { FAILED_CNT: 0, SUCEESS_CNT: 1 },
        run: edis.normalizeEdisInquiry,
        model: EdisInquiry,
      },
      {
        name: 'order ack',
        seed: { s: 'ok', code: 1101, message: 'Order submitted', id: '26112300001' },
        run: (r) => acks.normalizeOrderAck(r),
        model: OrderAck,
      },
      {
        name: 'multi-order results',
        seed: [
          { statusCode: 200, body: { s: 'ok', code: 1101, message: 'ok', id: '1' } },
          {
            statusCode: 400,
            statusDescription: 'Bad',
            body: { s: 'error', code: -392, message: 'tick' },
          },
        ],
        run: (r) => acks.normalizeMultiResults(r, 2),
        model: (MultiItemResult as z.ZodType).array(),
      },
      {
        name: 'exit ack',
        seed: { s: 'ok', code: 200, message: 'exited' },
        run: (r) => acks.normalizeExitAck(r),
        model: PositionExitAck,
      },
      {
        name: 'convert ack',
        seed: { s: 'ok', code: 200, message: 'ok', positionDetails: 1 },
        run: (r) => acks.normalizeConvertAck(r),
        model: ConvertAck,
      },
      {
        name: 'history candles',
        seed: history!.candles,
        // Half the mutations also stamp one candle far in the future (2100, 3000, ms as s).
        mutate: (seed, rnd) => {
          const out = mutate(seed, rnd, pool);
          if (Array.isArray(out) && out.length > 0 && rnd() < 0.5) {
            const row = out[Math.floor(rnd() * out.length)] as unknown;
            if (Array.isArray(row)) row[0] = FAR_FUTURE[Math.floor(rnd() * FAR_FUTURE.length)];
          }
          return out;
        },
        run: (r) => ({ symbol: 'NSE:SBIN-EQ', resolution: 5, ...normalizeCandles(r, Date.now()) }),
        model: CandleHistory,
      },
      // The REST quotes and depth readers serve both dialects; the sockets are each dialect's.
      ...marketDataTargets(orderRow).filter((t) => dialect === 'fyers-v2' || !t.v2Socket),
      ...(dialect === 'fyers-v3' ? v3MarketDataTargets(orderRow) : []),
    ];
  } finally {
    await s.close();
  }
}
