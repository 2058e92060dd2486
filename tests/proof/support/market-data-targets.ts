/**
 * The market-data normalizers as hostile-input targets: a quotes item, a depth answer, an
 * order-socket text message and a binary price frame, each seeded with a realistic payload
 * (the frame by the sandbox's own encoder). A target may bring its own mutation (the frame's
 * is byte-level); every output must be a clean model with finite numbers and no price time
 * after now + the allowed clock skew.
 */
import { z } from 'zod';
import { Order } from '../../../shared/broker/models';
import { encodeFrame } from '../../support/marketdata-frames';
import { Quote } from '../../../shared/marketdata/quote';
import { QuoteDepth } from '../../../shared/marketdata/depth';
import { MAX_FUTURE_SKEW_MS } from '../../../electron/core/marketdata/broker-time';
import { normalizeQuoteItem } from '../../../electron/core/marketdata/data-client';
import { normalizeDepth } from '../../../electron/core/marketdata/depth-normalize';
import { createPacketDecoder } from '../../../electron/core/marketdata/packet-decoder';
import { parseOrderUpdate, tickToQuote } from '../../../electron/core/marketdata/socket-normalize';

/** One response normalizer with a seed answer and the model its output must match. */
export interface Target {
  name: string;
  seed: unknown;
  run(raw: unknown): unknown;
  model: z.ZodType;
  /** A mutation of its own (bytes instead of JSON values); the generic one otherwise. */
  mutate?(seed: unknown, rnd: () => number): unknown;
  /** A socket price decoder: every quote out of it must lie within its own day's range. */
  bandChecked?: boolean;
  /** What a v2 socket sends (a dialect without v2's sockets has targets of its own). */
  v2Socket?: boolean;
}

/** Quotes (objects with `ltp`, `low`, `high`) anywhere in `v` whose last price lies outside their day's range. */
export function outsideOwnRange(v: unknown, depth = 0): number {
  if (!v || typeof v !== 'object' || depth > 20) return 0;
  const q = v as Record<string, unknown>;
  if (typeof q.ltp === 'number' && typeof q.low === 'number' && typeof q.high === 'number')
    return q.low > 0 && q.high > 0 && (q.ltp < q.low || q.ltp > q.high) ? 1 : 0;
  return Object.values(q).reduce<number>((n, x) => n + outsideOwnRange(x, depth + 1), 0);
}

const rec = (x: unknown) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {});

/** Price times (`at`) anywhere in `v` later than now + the allowed skew. */
export function futureTimes(v: unknown, now: number, depth = 0): number {
  if (!v || typeof v !== 'object' || depth > 20) return 0;
  let n = 0;
  for (const [k, x] of Object.entries(v)) {
    if (k === 'at' && typeof x === 'number' && x > now + MAX_FUTURE_SKEW_MS) n++;
    else n += futureTimes(x, now, depth + 1);
  }
  return n;
}

/** Flips, zeroes or maxes 1-6 random bytes of a frame, and sometimes cuts it short. */
function mutateBytes(seed: unknown, rnd: () => number): Uint8Array {
  const bytes = new Uint8Array(seed as Uint8Array);
  const changes = 1 + Math.floor(rnd() * 6);
  for (let i = 0; i < changes; i++) {
    const at = Math.floor(rnd() * bytes.length);
    const r = rnd();
    bytes[at] = r < 0.3 ? 0 : r < 0.6 ? 0xff : Math.floor(rnd() * 256);
  }
  return rnd() < 0.1 ? bytes.slice(0, Math.floor(rnd() * bytes.length)) : bytes;
}

/** The four market-data targets; `orderRow` is a real order-book row from the sandbox. */
export function marketDataTargets(orderRow: unknown): Target[] {
  const nowS = () => Math.floor(Date.now() / 1000);
  const decoder = createPacketDecoder();
  return [
    {
      name: 'quotes item',
      seed: {
        n: 'NSE:SBIN-EQ',
        s: 'ok',
        v: {
          lp: 812.35,
          tt: nowS(),
          ch: 4.1,
          chp: 0.51,
          open_price: 808,
          high_price: 815,
          low_price: 805,
          prev_close_price: 808.25,
          volume: 1_250_000,
          bid: 812.3,
          ask: 812.4,
          fyToken: '10100000003045',
          symbol: 'NSE:SBIN-EQ',
        },
      },
      run: (r) => {
        const out = normalizeQuoteItem(rec(r), Date.now());
        return 'quote' in out ? out.quote : null;
      },
      model: Quote.nullable(),
    },
    {
      name: 'depth',
      seed: {
        s: 'ok',
        d: {
          'NSE:SBIN-EQ': {
            ltp: 812.35,
            ltt: nowS(),
            bids: [{ price: 812.3, volume: 100, ord: 2 }],
            ask: [{ price: 812.4, volume: 50, ord: 1 }],
            o: 808,
            h: 815,
            l: 805,
            c: 808.25,
            v: 1_250_000,
            ch: 4.1,
            chp: 0.51,
            lower_ckt: 727.45,
            upper_ckt: 889.05,
            oi: 0,
          },
        },
      },
      run: (r) => normalizeDepth('NSE:SBIN-EQ', rec(r).d, Date.now()),
      model: QuoteDepth.nullable(),
    },
    {
      name: 'order-socket update',
      seed: { s: 'ok', d: orderRow },
      v2Socket: true,
      run: (r) => {
        let text: string;
        try {
          text = JSON.stringify(r) ?? 'undefined';
        } catch {
          // Not JSON-able (a bigint, a cycle): the socket would carry a broken message instead.
          text = '{"s":"ok","d":';
        }
        const out = parseOrderUpdate(text);
        return 'order' in out ? out.order : null;
      },
      model: (Order as z.ZodType).nullable(),
    },
    {
      name: 'binary price frame',
      seed: encodeFrame([
        {
          token: 3045,
          time: nowS(),
          ltp: 812.35,
          bid: 812.3,
          ask: 812.4,
          prevClose: 808,
        },
        { token: 11536, time: nowS(), ltp: 4100, prevClose: 4000, high: 4120 },
      ]),
      mutate: mutateBytes,
      v2Socket: true,
      bandChecked: true,
      run: (r) => {
        const quotes: unknown[] = [];
        decoder.decode(r as Uint8Array, (t) =>
          quotes.push(t.oiOnly ? null : tickToQuote(t, 'NSE:SBIN-EQ', Date.now())),
        );
        return quotes.filter((q) => q !== null);
      },
      model: z.array(Quote),
    },
  ];
}
