/**
 * The v3 market-data parsers as hostile-input targets, beside v2's (market-data-targets.ts):
 * the order socket's text message (`parseV3OrderUpdate`, seeded with a real order-book row
 * renamed to the wire by the shared table, as the sandbox sends it; one in three cut short) and the HSM data socket's
 * binary Data frames (the decoder as the feed runs it, then `tickToQuote`), as a topic's first
 * snapshot and as later full and lite updates of a topic already known. The HSM mutations are
 * value-level (hostile int32s, scales and precisions, prices far outside the day's range or
 * the circuit band, times far ahead) and byte-level (flipped bytes, cut frames).
 */
import { z } from 'zod';
import { Order } from '../../../shared/broker/models';
import type { OrderStatusCode } from '../../../shared/broker/enums';
import { Quote } from '../../../shared/marketdata/quote';
import {
  ORDER_WIRE_TO_REST,
  REST_STATUS_TO_SOCKET,
  restToWire,
} from '../../../shared/broker/v3/order-socket-wire';
import {
  encodeConnectAnswer,
  encodeData,
  type HsmPacket,
} from '../../../shared/marketdata/v3/hsm-frames';
import {
  HSM_DEPTH_FIELDS,
  HSM_INDEX_FIELDS,
  HSM_INDEX_TIME_SHIFT_S,
  HSM_NO_VALUE,
  HSM_SCRIP_FIELDS,
  hsmFieldMap,
} from '../../../shared/marketdata/v3/hsm-protocol';
import { createHsmDecoder } from '../../../electron/core/marketdata/v3/hsm-decoder';
import { parseV3OrderUpdate } from '../../../electron/core/marketdata/v3/order-update';
import { tickToQuote } from '../../../electron/core/marketdata/socket-normalize';
import type { Target } from './market-data-targets';

/** A depth level out of the decoder: finite and never negative. */
const Level = z.object({
  price: z.number().finite().nonnegative(),
  volume: z.number().finite().nonnegative(),
  orders: z.number().finite().nonnegative(),
});

/** What one decoded HSM frame gives the app: quotes (as the feed makes them) and books. */
const HsmOutput = z.object({
  quotes: z.array(Quote),
  depths: z.array(z.object({ topic: z.string(), bids: z.array(Level), asks: z.array(Level) })),
});

/** Int32 values that have broken binary decoders: extremes, the no-value marker's neighbours. */
const HOSTILE_INTS = [
  0,
  -1,
  1,
  -0x80000000 + 1,
  0x7fffffff,
  -0x7fffffff,
  100,
  1_000_000_000,
  -80_005,
  65_535,
];

const scripValues = (nowS: number, over: Record<string, number> = {}) =>
  HSM_SCRIP_FIELDS.map(
    (f) =>
      ({
        ltp: 80_005,
        v: 1_250_000,
        ltt: nowS,
        fdtm: nowS,
        bq: 100,
        bs: 50,
        bp: 80_000,
        sp: 80_010,
        ltq: 5,
        tbq: 40_000,
        tsq: 38_000,
        ap: 80_020,
        oi: 0,
        lo: 79_500,
        h: 80_500,
        lcl: 71_910,
        ucl: 87_890,
        op: 79_950,
        c: 79_900,
        ...over,
      })[f.fld] ?? HSM_NO_VALUE,
  );

/** The seed packets: SBIN's prices, NIFTY 50, SBIN's book (topic ids 1, 2, 3). */
function snapshotPackets(nowS: number): HsmPacket[] {
  return [
    {
      kind: 'snapshot',
      topicId: 1,
      topic: 'sf|nse_cm|3045',
      values: scripValues(nowS),
      multiplier: 1,
      precision: 2,
      strings: ['nse_cm', '3045', 'NSE:SBIN-EQ'],
    },
    {
      kind: 'snapshot',
      topicId: 2,
      topic: 'if|nse_cm|NIFTY50',
      values: HSM_INDEX_FIELDS.map(
        (f) =>
          ({
            iv: 2_400_000,
            ic: 2_390_000,
            tvalue: nowS + HSM_INDEX_TIME_SHIFT_S,
            highPrice: 2_410_000,
            lowPrice: 2_380_000,
            openingPrice: 2_391_000,
          })[f.fld] ?? HSM_NO_VALUE,
      ),
      multiplier: 1,
      precision: 2,
      strings: ['nse_cm', 'NIFTY50', 'NSE:NIFTY50-INDEX'],
    },
    {
      kind: 'snapshot',
      topicId: 3,
      topic: 'dp|nse_cm|3045',
      values: HSM_DEPTH_FIELDS.map((f) =>
        f.dataType === 'ConvNumber' ? 80_000 + (f.fld.startsWith('s') ? 10 : -5) : 10,
      ),
      multiplier: 1,
      precision: 2,
      strings: ['nse_cm', '3045', 'NSE:SBIN-EQ'],
    },
  ];
}

/** The seed updates of known topics: a full update of SBIN and NIFTY, a lite SBIN price. */
function updatePackets(nowS: number): HsmPacket[] {
  const upd = scripValues(nowS, {}).map(() => HSM_NO_VALUE);
  upd[HSM_SCRIP_FIELDS.findIndex((f) => f.fld === 'ltp')] = 80_100;
  upd[HSM_SCRIP_FIELDS.findIndex((f) => f.fld === 'fdtm')] = nowS;
  return [
    { kind: 'update', topicId: 1, values: upd },
    { kind: 'update', topicId: 2, values: [2_401_000] },
    { kind: 'lite', topicId: 1, values: [80_105] },
  ];
}

/** A copy of packets with 1-4 hostile values, scales, times or topic ids. */
function mutatePackets(seed: HsmPacket[], rnd: () => number, nowS: number): HsmPacket[] {
  const ps = seed.map((p) => ({ ...p, values: [...p.values] })) as HsmPacket[];
  const changes = 1 + Math.floor(rnd() * 4);
  for (let i = 0; i < changes; i++) {
    const p = ps[Math.floor(rnd() * ps.length)]!;
    const r = rnd();
    const at = Math.floor(rnd() * Math.max(1, p.values.length));
    const values = p.values as number[];
    if (r < 0.45) values[at] = HOSTILE_INTS[Math.floor(rnd() * HOSTILE_INTS.length)]!;
    else if (r < 0.6) values[at] = Math.round(values[at]! * (rnd() < 0.5 ? 0.5 : 1.6));
    // A time from a clock that jumped: minutes to a year ahead.
    else if (r < 0.7) values[at] = nowS + [120, 3_600, 86_400, 31_536_000][Math.floor(rnd() * 4)]!;
    else if (r < 0.8 && p.kind === 'snapshot') {
      const s = p as { multiplier: number; precision: number };
      if (rnd() < 0.5) s.multiplier = [0, 3, 7, 1000, 65_535][Math.floor(rnd() * 5)]!;
      else s.precision = [0, 5, 8, 9, 200, 255][Math.floor(rnd() * 6)]!;
    } else if (r < 0.9) (p as { topicId: number }).topicId = Math.floor(rnd() * 5);
    else values.length = Math.floor(rnd() * values.length);
  }
  return ps;
}

/** Flips 1-4 bytes of a frame, and sometimes cuts it short. */
function mutateBytes(frame: Uint8Array, rnd: () => number): Uint8Array {
  const bytes = new Uint8Array(frame);
  for (let i = 0, n = 1 + Math.floor(rnd() * 4); i < n; i++)
    bytes[Math.floor(rnd() * bytes.length)] = Math.floor(rnd() * 256);
  return rnd() < 0.2 ? bytes.slice(0, Math.floor(rnd() * bytes.length)) : bytes;
}

const SYMBOL_OF: Record<string, string> = {
  'sf|nse_cm|3045': 'NSE:SBIN-EQ',
  'if|nse_cm|NIFTY50': 'NSE:NIFTY50-INDEX',
};

/** One frame through a decoder as the feed runs it (hsm-feed.ts): quotes and books. */
function feedFrame(
  decode: (b: Uint8Array) => ReturnType<ReturnType<typeof createHsmDecoder>['decode']>,
  frame: Uint8Array,
) {
  const r = decode(frame);
  const out = { quotes: [] as unknown[], depths: [] as unknown[] };
  if (r.kind !== 'data') return out;
  const now = Date.now();
  for (const { topic, tick } of r.ticks) {
    const symbol = SYMBOL_OF[topic];
    if (symbol && Number.isFinite(tick.ltp) && tick.ltp > 0)
      out.quotes.push(tickToQuote(tick, symbol, now));
  }
  out.depths.push(...r.depths);
  return out;
}

/** Encodes packets, or gives the bytes of a frame the encoder refuses to write (too long). */
function encodeOrBytes(ps: HsmPacket[]): Uint8Array {
  try {
    return encodeData(ps);
  } catch {
    return Uint8Array.of(0, 1, 6);
  }
}

/** The v3 targets; `orderRow` is a real order-book row from the sandbox (REST names). */
export function v3MarketDataTargets(orderRow: unknown): Target[] {
  const nowS = () => Math.floor(Date.now() / 1000);
  const row = (orderRow && typeof orderRow === 'object' ? orderRow : {}) as Record<string, unknown>;
  const wire = restToWire(row, ORDER_WIRE_TO_REST);
  wire.ord_status = REST_STATUS_TO_SOCKET[row.status as OrderStatusCode] ?? 22;
  const connect = encodeConnectAnswer(true, hsmFieldMap());
  const fresh = () => {
    const d = createHsmDecoder();
    d.decode(connect);
    return d;
  };
  const frameMutation = (seed: unknown, rnd: () => number): Uint8Array => {
    const frame = encodeOrBytes(mutatePackets(seed as HsmPacket[], rnd, nowS()));
    return rnd() < 0.25 ? mutateBytes(frame, rnd) : frame;
  };
  return [
    {
      name: 'v3 order-socket update',
      seed: { orders: wire },
      run: (r) => {
        let text: string;
        try {
          text = JSON.stringify(r) ?? 'undefined';
        } catch {
          text = '{"orders":';
        }
        // One message in three arrives cut short (a frame split or a dropped tail).
        if (text.length % 3 === 0) text = text.slice(0, Math.floor((text.length * 2) / 3));
        const out = parseV3OrderUpdate(text);
        return 'order' in out ? out.order : null;
      },
      model: (Order as z.ZodType).nullable(),
    },
    {
      name: 'HSM snapshot frame',
      seed: snapshotPackets(nowS()),
      mutate: frameMutation,
      bandChecked: true,
      run: (r) => {
        const d = fresh();
        return feedFrame((b) => d.decode(b), r as Uint8Array);
      },
      model: HsmOutput,
    },
    {
      name: 'HSM update frame (full and lite)',
      seed: updatePackets(nowS()),
      mutate: frameMutation,
      bandChecked: true,
      run: (r) => {
        const d = fresh();
        d.decode(encodeData(snapshotPackets(nowS())));
        return feedFrame((b) => d.decode(b), r as Uint8Array);
      },
      model: HsmOutput,
    },
  ];
}
