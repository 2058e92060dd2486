/**
 * Read access to a built symbol master: exact lookups by ticker and token, tick and lot
 * size for the order rules, and Instrument objects built on demand. The data stays in
 * flat arrays; only what a caller asks for becomes a JS object.
 */
import type { ExchangeCode, Instrument, SegmentCode } from '../../../shared/broker/instrument';
import type { InstrumentRules } from '../../../shared/broker/rules';
import { freezeQtyFor, priceBandKindOf } from '../../../shared/broker/exchange-limits';
import { hashLookup } from './hash-index';
import { OPTION_CODES, StringColumn, type SymbolData } from './symbol-data';

/** The order-rule inputs of one instrument, plus its ticker for messages. */
export interface InstrumentRulesWithTicker extends InstrumentRules {
  ticker: string;
}

/** Query interface over SymbolData; cheap to construct (no per-row work). */
export class SymbolDb {
  readonly tickers: StringColumn;
  readonly names: StringColumn;
  readonly tokens: StringColumn;
  readonly underlyings: StringColumn;
  readonly rootSymbols: StringColumn;
  readonly keys: StringColumn;
  readonly words: StringColumn;
  private readonly isins: StringColumn;
  private readonly underlyingTokens: StringColumn;
  private readonly dict: StringColumn;

  constructor(readonly data: SymbolData) {
    const a = data.arrays;
    this.tickers = new StringColumn(a.tickerBytes, a.tickerOffsets);
    this.names = new StringColumn(a.nameBytes, a.nameOffsets);
    this.tokens = new StringColumn(a.tokenBytes, a.tokenOffsets);
    this.underlyings = new StringColumn(a.underlyingBytes, a.underlyingOffsets);
    this.isins = new StringColumn(a.isinBytes, a.isinOffsets);
    this.underlyingTokens = new StringColumn(a.underlyingTokenBytes, a.underlyingTokenOffsets);
    this.dict = new StringColumn(a.dictBytes, a.dictOffsets);
    this.rootSymbols = new StringColumn(a.rootSymbolBytes, a.rootSymbolOffsets);
    this.keys = new StringColumn(a.keyBytes, a.keyOffsets);
    this.words = new StringColumn(a.wordBytes, a.wordOffsets);
  }

  /** Number of instruments. */
  get size(): number {
    return this.data.meta.count;
  }

  /** Row of a ticker (exact, case-sensitive as in the file), or -1. */
  indexOfTicker(ticker: string): number {
    const a = this.data.arrays;
    return hashLookup(a.tickerHash, a.tickerBytes, a.tickerOffsets, Buffer.from(ticker, 'utf8'));
  }

  /** Row of a token, or -1. */
  indexOfToken(token: string): number {
    const a = this.data.arrays;
    return hashLookup(a.tokenHash, a.tokenBytes, a.tokenOffsets, Buffer.from(token, 'utf8'));
  }

  /** ISIN of row i ('' for derivatives and indices). */
  isinOf(i: number): string {
    return this.isins.get(i);
  }

  /** The full record of row i. */
  instrument(i: number): Instrument {
    const a = this.data.arrays;
    const exp = a.expiry[i] as number;
    return {
      token: this.tokens.get(i),
      name: this.names.get(i),
      instrumentType: a.instrumentType[i] as number,
      lotSize: a.lotSize[i] as number,
      tickSize: a.tickSize[i] as number,
      isin: this.isins.get(i),
      session: this.dict.get(a.sessionRef[i] as number),
      lastUpdate: this.dict.get(a.lastUpdateRef[i] as number),
      expiry: exp === exp ? exp : null,
      ticker: this.tickers.get(i),
      exchange: a.exchange[i] as ExchangeCode,
      segment: a.segment[i] as SegmentCode,
      scripCode: a.scripCode[i] as number,
      underlying: this.underlyings.get(i),
      underlyingScripCode: a.underlyingScripCode[i] as number,
      strike: a.strike[i] as number,
      optionType: OPTION_CODES[a.optionType[i] as number] ?? 'XX',
      underlyingToken: this.underlyingTokens.get(i),
    };
  }

  /**
   * The token of a ticker, or undefined: one hash lookup and one string, for callers that need
   * nothing else (a data socket subscribing thousands of symbols at once).
   */
  tokenOfTicker(ticker: string): string | undefined {
    const i = this.indexOfTicker(ticker);
    return i < 0 ? undefined : this.tokens.get(i);
  }

  /** Instrument by ticker (NSE:SBIN-EQ). */
  byTicker(ticker: string): Instrument | undefined {
    const i = this.indexOfTicker(ticker);
    return i < 0 ? undefined : this.instrument(i);
  }

  /** Instrument by token. */
  byToken(token: string): Instrument | undefined {
    const i = this.indexOfToken(token);
    return i < 0 ? undefined : this.instrument(i);
  }

  /**
   * What shared/broker/rules.ts checkOrder needs for a ticker: tick, lot, exchange,
   * segment, and the exchange's freeze quantity and price band where they apply.
   */
  rules(ticker: string): InstrumentRulesWithTicker | undefined {
    const i = this.indexOfTicker(ticker);
    if (i < 0) return undefined;
    const a = this.data.arrays;
    const segment = a.segment[i] as SegmentCode;
    const underlying = this.underlyings.get(i);
    const freezeQty = freezeQtyFor(underlying, segment);
    const band = priceBandKindOf({
      segment,
      underlying,
      optionType: OPTION_CODES[a.optionType[i] as number] ?? 'XX',
    });
    return {
      ticker,
      tickSize: a.tickSize[i] as number,
      lotSize: a.lotSize[i] as number,
      exchange: a.exchange[i] as ExchangeCode,
      segment,
      ...(freezeQty === undefined ? {} : { freezeQty }),
      ...(band === undefined ? {} : { band }),
    };
  }

  /** Root id of an underlying name (NIFTY, SBIN, NIFTY50, usdinr), or -1. */
  rootOf(underlying: string): number {
    const q = Buffer.from(underlying.toLowerCase(), 'utf8');
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys.compare(mid, q) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo < keys.length && keys.compare(lo, q) === 0
      ? (this.data.arrays.keyRoot[lo] as number)
      : -1;
  }

  /** Rows of a root, in ranked order (cash, futures by expiry, options by expiry). */
  members(root: number): Int32Array {
    const a = this.data.arrays;
    return a.rootMembers.subarray(a.rootMemberStart[root], a.rootMemberStart[root + 1]);
  }
}
