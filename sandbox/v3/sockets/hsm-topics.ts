/**
 * What a data-socket topic names and what it shows: `sf|nse_cm|3045` (a scrip's prices),
 * `dp|nse_cm|3045` (its five-level book) and `if|nse_cm|Nifty 50` (an index), resolved to the
 * sandbox's instruments, and each topic's field values built from the same MarketView the
 * REST quotes read, which is what makes a decoded price equal the quote's.
 */
import type { Instrument } from '../../../shared/broker/instrument';
import {
  HSM_INDEX_TIME_SHIFT_S,
  HSM_NO_VALUE,
  HSM_SEGMENT_OF_TOKEN_PREFIX,
  HsmTopic,
  hsmTokenPart,
  type HsmTopicPrefix,
} from '../../../shared/marketdata/v3/hsm-protocol';
import type { InstrumentIndex } from '../../market/instrument-index';
import type { MarketView } from '../../market/market-view';

/** A resolved topic. */
export interface ResolvedTopic {
  prefix: HsmTopicPrefix;
  instrument: Instrument;
  /** The three strings of its snapshot: segment name, token part as asked, ticker. */
  strings: [string, string, string];
}

const INT32_MAX = 0x7fffffff;

/** The segment name of an instrument's topics, or undefined for an unknown token prefix. */
export function segmentNameOf(i: Instrument): string | undefined {
  return HSM_SEGMENT_OF_TOKEN_PREFIX[i.token.slice(0, 4)];
}

/** Resolves topic names against one instrument index (lookup tables built on first use). */
export class TopicResolver {
  private byToken: Map<string, Instrument> | undefined;
  private byIndexName: Map<string, Instrument> | undefined;

  constructor(private readonly index: InstrumentIndex) {}

  private tables(): { byToken: Map<string, Instrument>; byIndexName: Map<string, Instrument> } {
    if (!this.byToken || !this.byIndexName) {
      this.byToken = new Map();
      this.byIndexName = new Map();
      for (const i of this.index.all) {
        const seg = segmentNameOf(i);
        if (!seg) continue;
        if (i.ticker.endsWith('-INDEX')) {
          // An index topic names the index: by its display name (what the SDK sends, e.g.
          // "Nifty 50") or by the ticker's stem ("NIFTY50"); case is not significant.
          this.byIndexName.set(`${seg}|${i.name.toLowerCase()}`, i);
          const stem = i.ticker.slice(i.ticker.indexOf(':') + 1, -'-INDEX'.length);
          this.byIndexName.set(`${seg}|${stem.toLowerCase()}`, i);
        } else this.byToken.set(`${seg}|${hsmTokenPart(i.token)}`, i);
      }
    }
    return { byToken: this.byToken, byIndexName: this.byIndexName };
  }

  /** The instrument a topic names, or undefined (unknown, malformed, or depth of an index). */
  resolve(topic: string): ResolvedTopic | undefined {
    const [prefix, seg, part, extra] = topic.split('|');
    if (!prefix || !seg || !part || extra !== undefined) return undefined;
    const t = this.tables();
    if (prefix === HsmTopic.Index) {
      const i = t.byIndexName.get(`${seg}|${part.toLowerCase()}`);
      return i ? { prefix, instrument: i, strings: [seg, part, i.ticker] } : undefined;
    }
    if (prefix !== HsmTopic.Scrip && prefix !== HsmTopic.Depth) return undefined;
    const i = t.byToken.get(`${seg}|${part}`);
    return i ? { prefix, instrument: i, strings: [seg, part, i.ticker] } : undefined;
  }
}

/** Decimal places of an instrument's prices on the socket (2, or 4 for currency). */
export function precisionOf(v: MarketView): number {
  return Math.round(Math.log10(v.priceConv));
}

/** The field values of a topic now, in the field map's order, as 32-bit integers. */
export function topicValues(prefix: HsmTopicPrefix, v: MarketView): number[] {
  const scale = 10 ** precisionOf(v);
  const price = (p: number | null | undefined) =>
    p === null || p === undefined || !Number.isFinite(p) ? HSM_NO_VALUE : Math.round(p * scale);
  const count = (n: number | null | undefined) =>
    n === null || n === undefined || !Number.isFinite(n)
      ? HSM_NO_VALUE
      : Math.min(INT32_MAX, Math.max(0, Math.round(n)));
  const secs = Math.floor(v.at / 1000);
  if (prefix === HsmTopic.Index)
    return [
      price(v.ltp),
      price(v.prevClose),
      secs + HSM_INDEX_TIME_SHIFT_S,
      price(v.high),
      price(v.low),
      price(v.open),
    ];
  if (prefix === HsmTopic.Depth) {
    const side = (
      levels: MarketView['bids'],
      pick: (l: MarketView['bids'][number]) => number,
      p: boolean,
    ) =>
      [0, 1, 2, 3, 4].map((k) => {
        const l = levels[k];
        return l ? (p ? price(pick(l)) : count(pick(l))) : HSM_NO_VALUE;
      });
    return [
      ...side(v.bids, (l) => l.price, true),
      ...side(v.asks, (l) => l.price, true),
      ...side(v.bids, (l) => l.volume, false),
      ...side(v.asks, (l) => l.volume, false),
      ...side(v.bids, (l) => l.orders, false),
      ...side(v.asks, (l) => l.orders, false),
    ];
  }
  return [
    price(v.ltp),
    count(v.volume),
    secs,
    secs,
    count(v.bids[0]?.volume),
    count(v.asks[0]?.volume),
    price(v.bids[0]?.price),
    price(v.asks[0]?.price),
    count(v.lastQty),
    count(v.totalBuyQty),
    count(v.totalSellQty),
    price(v.avgPrice),
    count(v.openInterest),
    price(v.low),
    price(v.high),
    HSM_NO_VALUE,
    HSM_NO_VALUE,
    price(v.lowerCircuit),
    price(v.upperCircuit),
    price(v.open),
    price(v.prevClose),
  ];
}
