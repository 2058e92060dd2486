/**
 * Reads the v3 data socket's frames (docs/broker-v3.md, "Data socket") into what the v2
 * packet decoder gives: a DecodedTick per scrip or index topic (so `tickToQuote` turns it
 * into the app's Quote), and the five levels of a depth topic. The broker sends its field
 * map when the connection is accepted; positions are looked up in that map by key, never
 * assumed. A topic's values persist between packets (an update carries only what moved), so
 * the decoder keeps them per topic id. Bad frames give a reason, never a throw; a packet whose
 * values fail v2's checks (hsm-checks.ts) is refused by reason and its topic keeps its last
 * good values, so a bad packet never becomes a wrong price.
 */
import {
  decodeData,
  decodeMessage,
  hsmHasValue,
  HsmFrameError,
  answerOk,
} from '../../../../shared/marketdata/v3/hsm-frames';
import {
  HSM_INDEX_TIME_SHIFT_S,
  HsmMessageType,
  HsmTopic,
  type HsmField,
} from '../../../../shared/marketdata/v3/hsm-protocol';
import type { DecodedTick } from '../packet-decoder';
import { checkHsmValues, hsmScale, type HsmRejectReason } from './hsm-checks';

/** One decoded depth topic: five levels each side, best first (price 0: empty level). */
export interface HsmDepth {
  topic: string;
  bids: { price: number; volume: number; orders: number }[];
  asks: { price: number; volume: number; orders: number }[];
}

/** What one frame gave. */
export type HsmFrameResult =
  | { kind: 'connected'; ok: boolean }
  | { kind: 'answer'; type: number; ok: boolean }
  | {
      kind: 'data';
      ticks: { topic: string; tick: DecodedTick }[];
      depths: HsmDepth[];
      /** Packets refused by their values, and the first reason (null: none). */
      rejected: number;
      reason: HsmRejectReason | null;
    }
  | { kind: 'malformed'; reason: string }
  | { kind: 'other' };

interface FieldMap {
  scrip: string[];
  index: string[];
  depth: string[];
  liteScrip: number;
  liteIndex: number;
}

interface TopicState {
  topic: string;
  prefix: string;
  values: number[];
  scale: number;
  /** False after a lite packet: the day range held may be stale until the next snapshot. */
  rangeKnown: boolean;
}

/** Reads the connection answer's field map into key lists (undefined when unreadable). */
function readFieldMap(json: unknown): FieldMap | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const j = json as Record<string, unknown>;
  const fields = Array.isArray(j.fields) ? (j.fields as HsmField[]) : [];
  const byId = new Map(fields.map((x) => [x.fid, x.fld]));
  const keys = (list: unknown) =>
    Array.isArray(list) ? list.map((fid) => byId.get(String(fid)) ?? '') : [];
  const lite = (v: unknown) => {
    const n = Number((v as { hfid?: unknown } | undefined)?.hfid);
    return Number.isInteger(n) && n >= 0 ? n : 1;
  };
  return {
    scrip: keys(j.scrip),
    index: keys(j.index),
    depth: keys(j.depth),
    liteScrip: lite(j.scrip_lite),
    liteIndex: lite(j.index_lite),
  };
}

/** A stateful decoder for one connection (make a new one per connection). */
export function createHsmDecoder(): { decode(bytes: Uint8Array): HsmFrameResult } {
  let map: FieldMap | undefined;
  const topics = new Map<number, TopicState>();

  const keysOf = (prefix: string) =>
    prefix === HsmTopic.Index ? map!.index : prefix === HsmTopic.Depth ? map!.depth : map!.scrip;

  function tickOf(t: TopicState): DecodedTick {
    const keys = keysOf(t.prefix);
    const get = (k: string) => {
      const at = keys.indexOf(k);
      const v = at < 0 ? undefined : t.values[at];
      return hsmHasValue(v) ? v : NaN;
    };
    const price = (k: string) => get(k) / t.scale;
    // After a lite packet the day's high and low held may be stale: none rather than wrong.
    const range = (k: string) => (t.rangeKnown ? price(k) : NaN);
    const isIndex = t.prefix === HsmTopic.Index;
    const time = isIndex ? get('tvalue') - HSM_INDEX_TIME_SHIFT_S : get('fdtm');
    return {
      token: 0,
      time: Number.isFinite(time) ? time : 0,
      code: 0,
      isIndex,
      oiOnly: false,
      ltp: price(isIndex ? 'iv' : 'ltp'),
      open: price(isIndex ? 'openingPrice' : 'op'),
      high: range(isIndex ? 'highPrice' : 'h'),
      low: range(isIndex ? 'lowPrice' : 'lo'),
      prevClose: price(isIndex ? 'ic' : 'c'),
      volume: get('v'),
      lastQty: get('ltq'),
      avgPrice: price('ap'),
      totalBuyQty: get('tbq'),
      totalSellQty: get('tsq'),
      bid: price('bp'),
      ask: price('sp'),
      openInterest: get('oi'),
      prevOpenInterest: NaN,
      hasDepth: false,
      bidLevels: new Float64Array(0),
      askLevels: new Float64Array(0),
    };
  }

  function depthOf(t: TopicState): HsmDepth {
    const keys = map!.depth;
    const get = (k: string) => {
      const v = t.values[keys.indexOf(k)];
      return hsmHasValue(v) ? v : 0;
    };
    const side = (p: string, q: string, o: (k: number) => string) =>
      [0, 1, 2, 3, 4].map((k) => {
        const s = k === 0 ? '' : String(k);
        return {
          price: get(`${p}${s}`) / t.scale,
          volume: get(`${q}${s}`),
          orders: get(o(k)),
        };
      });
    return {
      topic: t.topic,
      bids: side('bp', 'bq', (k) => `bno${k + 1}`),
      asks: side('sp', 'bs', (k) => `sno${k + 1}`),
    };
  }

  function data(m: ReturnType<typeof decodeMessage>): HsmFrameResult {
    if (!map) return { kind: 'malformed', reason: 'hsm-data-before-field-map' };
    const packets = decodeData(m, (id) => {
      const t = topics.get(id);
      if (!t) return undefined;
      return t.prefix === HsmTopic.Index ? map!.liteIndex : map!.liteScrip;
    });
    const touched = new Set<TopicState>();
    let rejected = 0;
    let reason: HsmRejectReason | null = null;
    const refuse = (why: HsmRejectReason) => {
      rejected++;
      reason ??= why;
    };
    for (const p of packets) {
      if (p.kind === 'snapshot') {
        const prefix = p.topic.split('|')[0] ?? '';
        const scale = hsmScale(p);
        const why =
          typeof scale === 'number'
            ? checkHsmValues(prefix, keysOf(prefix), p.values, true)
            : scale;
        if (why !== null || typeof scale !== 'number') {
          // A refused snapshot leaves no topic: its updates are dropped until a good one.
          if (topics.get(p.topicId)) touched.delete(topics.get(p.topicId)!);
          topics.delete(p.topicId);
          refuse(why ?? 'hsm-bad-price-scale');
          continue;
        }
        const t: TopicState = {
          topic: p.topic,
          prefix,
          values: [...p.values],
          scale,
          rangeKnown: true,
        };
        topics.set(p.topicId, t);
        touched.add(t);
        continue;
      }
      const t = topics.get(p.topicId);
      if (!t) continue;
      const next = [...t.values];
      p.values.forEach((v, k) => {
        if (hsmHasValue(v)) next[k] = v;
      });
      const keys = keysOf(t.prefix);
      const restated = (k: string) => hsmHasValue(p.values[keys.indexOf(k)]);
      const rangeKnown =
        p.kind !== 'lite' &&
        (t.rangeKnown ||
          (t.prefix === HsmTopic.Index
            ? restated('lowPrice') && restated('highPrice')
            : restated('lo') && restated('h')));
      const why = checkHsmValues(t.prefix, keys, next, rangeKnown);
      if (why !== null) {
        refuse(why);
        continue;
      }
      t.values = next;
      t.rangeKnown = rangeKnown;
      touched.add(t);
    }
    const ticks: { topic: string; tick: DecodedTick }[] = [];
    const depths: HsmDepth[] = [];
    for (const t of touched)
      if (t.prefix === HsmTopic.Depth) depths.push(depthOf(t));
      else ticks.push({ topic: t.topic, tick: tickOf(t) });
    return { kind: 'data', ticks, depths, rejected, reason };
  }

  return {
    decode(bytes) {
      try {
        const m = decodeMessage(bytes);
        if (m.type === HsmMessageType.Connection) {
          const ok = answerOk(m);
          if (ok) {
            const raw = m.fields.get(3);
            map = raw ? readFieldMap(JSON.parse(Buffer.from(raw).toString('utf8'))) : undefined;
            topics.clear();
            if (!map) return { kind: 'malformed', reason: 'hsm-connect-without-field-map' };
          }
          return { kind: 'connected', ok };
        }
        if (m.type === HsmMessageType.Data) return data(m);
        if (m.fields.size > 0) return { kind: 'answer', type: m.type, ok: answerOk(m) };
        return { kind: 'other' };
      } catch (e) {
        if (e instanceof HsmFrameError || e instanceof SyntaxError)
          return { kind: 'malformed', reason: 'hsm-frame-truncated' };
        throw e;
      }
    },
  };
}
