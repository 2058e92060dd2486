/**
 * Hostile input: what the renderer sends and what the broker answers are both untrusted.
 * (1) Malformed inputs on every IPC channel go through the composed app's real router: each
 * must come back as a typed error (`invalid-input` with the field), never `internal`, never
 * a throw, never reaching a handler; and hostile strings (control characters, U+2028, lone
 * surrogates, huge text, prototype keys) in every string field, where a well-formed input
 * must still never answer `internal` nor bring a control character or a lone surrogate to a
 * handler. (2) Mutated copies of real sandbox answers go through
 * every response normalizer, the market-data ones included (quotes, depth, order-socket
 * updates, binary price frames): each must give a clean model (valid against the IPC schema,
 * every number finite, no price or candle time after now + skew) or a typed BrokerError, never
 * another exception; acks are also fed what is not an object at all (null, a list, text).
 * Run per broker dialect: (2) and (3) read that dialect's answers and sockets (v3: its own
 * paths and data host, its order-socket messages and HSM binary frames); (1) runs once, in
 * v2's column: the app is not logged in for it, so no dialect is involved.
 */
import { run as runHostileFeed } from './support/hostile-feed';
import fc from 'fast-check';
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
} from '../../shared/broker/models';
import { CandleHistory } from '../../shared/marketdata/candle';
import { channelNames, contract } from '../../shared/ipc/contract';
import { IpcError } from '../../shared/ipc/errors';
import { isBrokerError } from '../../electron/core/broker/broker-error';
import * as acks from '../../electron/core/broker/normalize/acks';
import * as edis from '../../electron/core/broker/normalize/edis';
import { normalizeFunds } from '../../electron/core/broker/normalize/funds';
import { normalizeHoldings } from '../../electron/core/broker/normalize/holdings';
import { normalizeMarketStatus } from '../../electron/core/broker/normalize/market-status';
import { normalizeOrderBook } from '../../electron/core/broker/normalize/orders';
import { normalizePositions } from '../../electron/core/broker/normalize/positions';
import { normalizeProfile } from '../../electron/core/broker/normalize/profile';
import { normalizeTradeBook } from '../../electron/core/broker/normalize/trades';
import { startSession } from '../integration/broker/sandbox-session';
import { startComposedApp } from '../integration/app/composed-app';
import {
  futureTimes,
  marketDataTargets,
  outsideOwnRange,
  type Target,
} from './support/market-data-targets';
import { v3MarketDataTargets } from './support/v3-market-data-targets';
import { BrokerDialectId, DEFAULT_DIALECT } from '../../shared/broker/dialect';
import {
  FYERS_V3_DATA_ROUTES,
  FYERS_V3_ROUTES,
} from '../../electron/core/broker/dialects/fyers-v3/routes';
import { V3_DATA_PREFIX } from '../../sandbox/v3/addresses';

/** Proven on every broker dialect: each has its own answers and sockets. */
export const dialects = BrokerDialectId.options;

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
import { normalizeCandles } from '../../electron/core/marketdata/history';
import { MAX_FUTURE_SKEW_MS } from '../../electron/core/marketdata/broker-time';
import {
  candleTimesAfter,
  FAR_FUTURE,
  HOSTILE_STRINGS,
  sendHostileStrings,
  type HostileStringCounts,
} from './support/hostile-strings';
import { zeroGoal, atLeast, type ProofContext, type ProofSection } from './types';

/** Values that have broken parsers before: overflow text, NaN, prototype keys, odd types. */
const NASTY: unknown[] = [
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

/** A small deterministic PRNG, so a failing seed can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of `seed` with 1-4 random changes: a value replaced, a key removed, a list or row broken. */
function mutate(seed: unknown, rnd: () => number, pool: unknown[]): unknown {
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

/** True when every number anywhere in `v` is finite. */
function allFinite(v: unknown, depth = 0): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (!v || typeof v !== 'object' || depth > 20) return true;
  return Object.values(v).every((x) => allFinite(x, depth + 1));
}

async function sandboxSeeds(pool: unknown[], dialect: BrokerDialectId): Promise<Target[]> {
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

/** Random values of every kind structured clone can carry across Electron IPC. */
const anyValue = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
});

/** Runs the proof. */
export async function run(ctx: ProofContext): Promise<ProofSection> {
  const perChannel = ctx.size === 'fast' ? 300 : 10_000;
  const perNormalizer = ctx.size === 'fast' ? 500 : 10_000;
  const seed = 20261123;

  // (1) IPC: malformed inputs through the real router of the composed app.
  let ipcSent = 0;
  let ipcInternal = 0;
  let ipcUntyped = 0;
  let ipcReachedHandler = 0;
  let ipcThrew = 0;
  const ipcExamples: string[] = [];
  const perChannelStrings = ctx.size === 'fast' ? 40 : 400;
  let strings: HostileStringCounts = {
    sent: 0,
    channels: 0,
    wellFormed: 0,
    internal: 0,
    untyped: 0,
    unsafeReached: 0,
    threw: 0,
  };
  // Not logged in, the app calls no broker for these: one run serves every dialect (v2's column).
  const ipc = ctx.dialect === DEFAULT_DIALECT;
  if (ipc) {
    const app = await startComposedApp({ login: false });
    try {
      const pool = fc.sample(anyValue, { numRuns: 2_000, seed });
      for (const [i, name] of channelNames.entries()) {
        const schema = contract[name].input as z.ZodType;
        const shape = objectShape(schema);
        const rnd = prng(seed + i);
        let made = 0;
        for (let n = 0; made < perChannel && n < perChannel * 20; n++) {
          const input = hostileInput(shape, rnd, pool);
          if (schema.safeParse(input).success) continue; // well-formed: not this proof's subject
          made++;
          ipcSent++;
          let r;
          try {
            r = await app.dispatch(name, input);
          } catch {
            ipcThrew++;
            continue;
          }
          if (r.ok) ipcReachedHandler++;
          else if (r.error.kind === 'internal') ipcInternal++;
          else if (!IpcError.safeParse(r.error).success || r.error.kind !== 'invalid-input') {
            ipcUntyped++;
            if (ipcExamples.length < 5) ipcExamples.push(`${name}: ${JSON.stringify(r.error)}`);
          }
        }
      }

      // (1b) Hostile strings in every string field of every object input.
      strings = await sendHostileStrings(app, {
        perChannel: perChannelStrings,
        seed: seed + 5000,
        prng,
        objectShape,
        examples: ipcExamples,
      });
    } finally {
      await app.close();
    }
  }

  // (2) Response normalizers: mutated real answers.
  const pool = fc.sample(anyValue, { numRuns: 2_000, seed: seed + 1 });
  const targets = await sandboxSeeds(pool, ctx.dialect);
  let normRuns = 0;
  let escapes = 0;
  let nonFinite = 0;
  let outsideModel = 0;
  let typedRefusals = 0;
  let futureTimed = 0;
  let futureCandles = 0;
  let outOfRange = 0;
  const normExamples: string[] = [];
  for (const [i, t] of targets.entries()) {
    const rnd = prng(seed + 1000 + i);
    for (let n = 0; n < perNormalizer; n++) {
      const raw = t.mutate ? t.mutate(t.seed, rnd) : mutate(t.seed, rnd, pool);
      normRuns++;
      let out: unknown;
      try {
        out = t.run(raw);
      } catch (err) {
        if (isBrokerError(err)) typedRefusals++;
        else {
          escapes++;
          if (normExamples.length < 5) normExamples.push(`${t.name}: ${String(err).slice(0, 200)}`);
        }
        continue;
      }
      if (candleTimesAfter(out, Date.now() + MAX_FUTURE_SKEW_MS) > 0) {
        futureCandles++;
        if (normExamples.length < 5) normExamples.push(`${t.name}: a candle after now + skew`);
      }
      if (futureTimes(out, Date.now()) > 0) {
        futureTimed++;
        if (normExamples.length < 5) normExamples.push(`${t.name}: a price time after now + skew`);
      }
      if (t.bandChecked && outsideOwnRange(out) > 0) {
        outOfRange++;
        if (normExamples.length < 5) normExamples.push(`${t.name}: a price outside its day range`);
      }
      if (!allFinite(out)) nonFinite++;
      else if (!t.model.safeParse(out).success) {
        outsideModel++;
        if (normExamples.length < 5)
          normExamples.push(
            `${t.name}: outside the model: ${JSON.stringify(t.model.safeParse(out).error?.issues[0])?.slice(0, 300)}`,
          );
      }
    }
  }
  for (const e of [...ipcExamples, ...normExamples]) ctx.log(e);

  // (3) A hostile market-data feed through the composed app (support/hostile-feed.ts).
  const feed = await runHostileFeed(ctx);
  const ipcFigures = () => [
    atLeast('malformed IPC inputs sent', ipcSent, channelNames.length * perChannel),
    zeroGoal('IPC answers `internal`', ipcInternal),
    zeroGoal('IPC errors not typed invalid-input', ipcUntyped),
    zeroGoal('malformed IPC inputs that reached a handler', ipcReachedHandler),
    zeroGoal('IPC dispatches that threw', ipcThrew + strings.threw),
    atLeast('inputs with hostile strings sent', strings.sent, strings.channels * perChannelStrings),
    zeroGoal('hostile-string inputs answered `internal`', strings.internal),
    zeroGoal('hostile-string inputs answered an untyped error', strings.untyped),
    zeroGoal('control characters / lone surrogates that reached a handler', strings.unsafeReached),
  ];

  return {
    title: 'Hostile input',
    figures: [
      ...(ipc ? ipcFigures() : []),
      atLeast('mutated broker answers normalized', normRuns, targets.length * perNormalizer),
      zeroGoal('normalizer escapes (not a BrokerError)', escapes),
      zeroGoal('non-finite numbers out of a normalizer', nonFinite),
      zeroGoal('price times after now + clock skew', futureTimed),
      zeroGoal('candle times after now + clock skew', futureCandles),
      zeroGoal('socket prices outside their own day range', outOfRange),
      zeroGoal('normalizer outputs outside the IPC model', outsideModel),
      ...feed.figures,
    ],
    notes: [
      ...(ipc
        ? [
            `${channelNames.length} channels × ${perChannel} malformed inputs (fast-check values incl. bigint, Map, Date, typed arrays, null-prototype objects, plus the channel's own keys with hostile values), seed ${seed}`,
            `${strings.channels} channels with object inputs × ${perChannelStrings} inputs of hostile strings (${HOSTILE_STRINGS.length} kinds: C0/DEL/C1 controls, U+2028/2029, lone surrogates, 1 MB text, prototype keys); ${strings.wellFormed} of them well-formed by the channel's schema`,
          ]
        : [
            `IPC inputs not repeated on ${ctx.dialect}: the app is not logged in for them, so they reach no dialect (see ${DEFAULT_DIALECT}'s column)`,
          ]),
      `${targets.length} normalizers of ${ctx.dialect}'s answers (account, orders, eDIS, acks fed non-objects too, history candles stamped far ahead; market data: ${targets
        .slice(-(ctx.dialect === DEFAULT_DIALECT ? 4 : 5))
        .map((t) => t.name)
        .join(
          ', ',
        )}) × ${perNormalizer} mutations of real sandbox answers (frames byte- and value-level); ${typedRefusals} refused with a typed BrokerError`,
      ...feed.notes,
    ],
    json: { examples: [...ipcExamples, ...normExamples] },
  };
}

/** The keys of an object input schema (through optional/default wrappers), or null. */
function objectShape(schema: z.ZodType): string[] | null {
  let s: unknown = schema;
  for (let i = 0; i < 4; i++) {
    const def = (s as { _zod?: { def?: { type?: string; shape?: object; innerType?: unknown } } })
      ._zod?.def;
    if (!def) return null;
    if (def.type === 'object' && def.shape) return Object.keys(def.shape);
    if (!def.innerType) return null;
    s = def.innerType;
  }
  return null;
}

/** A random input: any value, or the channel's own keys filled with hostile values. */
function hostileInput(shape: string[] | null, rnd: () => number, pool: unknown[]): unknown {
  const r = rnd();
  if (!shape || r < 0.4)
    return r < 0.2
      ? NASTY[Math.floor(rnd() * NASTY.length)]
      : pool[Math.floor(rnd() * pool.length)];
  const out: Record<string, unknown> = {};
  for (const k of shape) {
    if (rnd() < 0.15) continue;
    out[k] =
      rnd() < 0.5 ? NASTY[Math.floor(rnd() * NASTY.length)] : pool[Math.floor(rnd() * pool.length)];
  }
  if (rnd() < 0.1) out.__proto__ = { admin: true };
  return out;
}
