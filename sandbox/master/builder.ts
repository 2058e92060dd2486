/**
 * Collects the rows of one master file and writes them in the live 21-column layout.
 * Kept apart from the segment generators so that every file gets the same token layout
 * (exchange, segment, expiry YYMMDD, exchange token) and the same CSV escaping.
 */
import type { ExchangeCode, Instrument, SegmentCode } from '../../shared/broker/instrument';
import { yymmdd, type Day } from './calendar';

/** What a segment generator supplies per row; the builder fills codes and token. */
export type RowInput = Omit<
  Instrument,
  'token' | 'exchange' | 'segment' | 'scripCode' | 'session' | 'lastUpdate'
> & {
  /** Expiry day for the token's YYMMDD part; null for cash. */
  expiryDay: Day | null;
  /** Exchange token; when absent the builder assigns the next free one. */
  scripCode?: number;
  price: number;
};

/** Row sink for one exchange-segment file. */
export class FileBuilder {
  readonly rows: Instrument[] = [];
  readonly prices: number[] = [];
  private nextScrip: number;
  private readonly prefix: string;
  private readonly dayPrefix = new Map<Day, string>();

  constructor(
    readonly exchange: ExchangeCode,
    readonly segment: SegmentCode,
    readonly session: string,
    readonly lastUpdate: string,
    firstScrip: number,
  ) {
    this.nextScrip = firstScrip;
    this.prefix = `${exchange}${segment}`;
  }

  /** Adds one instrument and returns it (so callers can link derivatives to it). */
  add(r: RowInput): Instrument {
    const scripCode = r.scripCode ?? this.nextScrip++;
    const inst: Instrument = {
      token: `${this.tokenPrefix(r.expiryDay)}${scripCode}`,
      name: r.name,
      instrumentType: r.instrumentType,
      lotSize: r.lotSize,
      tickSize: r.tickSize,
      isin: r.isin,
      session: this.session,
      lastUpdate: this.lastUpdate,
      expiry: r.expiry,
      ticker: r.ticker,
      exchange: this.exchange,
      segment: this.segment,
      scripCode,
      underlying: r.underlying,
      underlyingScripCode: r.underlyingScripCode,
      strike: r.strike,
      optionType: r.optionType,
      underlyingToken: r.underlyingToken,
    };
    // A cash row is its own underlying; the token is only known once built.
    if (inst.underlyingToken === '') {
      inst.underlyingToken = inst.token;
      if (inst.underlyingScripCode === 0) inst.underlyingScripCode = scripCode;
    }
    this.rows.push(inst);
    this.prices.push(r.price);
    return inst;
  }

  private tokenPrefix(day: Day | null): string {
    if (day === null) return `${this.prefix}000000`;
    let p = this.dayPrefix.get(day);
    if (p === undefined) {
      p = `${this.prefix}${yymmdd(day)}`;
      this.dayPrefix.set(day, p);
    }
    return p;
  }

  /** The file text: no header, one line per row, LF line ends, trailing newline. */
  toCsv(): string {
    const mid = `,${this.session},${this.lastUpdate},`;
    const codes = `,${this.exchange},${this.segment},`;
    const num = numberText();
    let out = '';
    const chunks: string[] = [];
    for (let i = 0; i < this.rows.length; i++) {
      const r = this.rows[i] as Instrument;
      out +=
        r.token +
        ',' +
        csvField(r.name) +
        ',' +
        r.instrumentType +
        ',' +
        r.lotSize +
        ',' +
        num(r.tickSize) +
        ',' +
        r.isin +
        mid +
        (r.expiry === null ? '' : r.expiry) +
        ',' +
        r.ticker +
        codes +
        r.scripCode +
        ',' +
        r.underlying +
        ',' +
        r.underlyingScripCode +
        ',' +
        num(r.strike) +
        ',' +
        r.optionType +
        ',' +
        r.underlyingToken +
        ',,,\n';
      // Flatten in blocks so the rope of concatenations stays shallow.
      if ((i & 1023) === 1023) {
        chunks.push(out);
        out = '';
      }
    }
    chunks.push(out);
    return chunks.join('');
  }
}

/** Number-to-text with a cache: strikes and tick sizes repeat thousands of times. */
function numberText(): (n: number) => string {
  const cache = new Map<number, string>();
  return (n) => {
    let s = cache.get(n);
    if (s === undefined) {
      s = String(n);
      cache.set(n, s);
    }
    return s;
  };
}

function csvField(s: string): string {
  if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) return s;
  return `"${s.replace(/"/g, '""')}"`;
}

/** Rounds a price to a tick, never below one tick, without float residue. */
export function roundToTick(price: number, tick: number): number {
  const n = Math.max(1, Math.round(price / tick));
  const scale = 10 ** decimalsOf(tick);
  return Math.round(n * tick * scale) / scale;
}

/** Decimal places of a step like 0.0025 (at most 4), for exact rounding. */
export function decimalsOf(step: number): number {
  if (step >= 1) return 0;
  if (step >= 0.1 - 1e-12 && Math.round(step * 10) === step * 10) return 1;
  if (Math.abs(Math.round(step * 100) - step * 100) < 1e-9) return 2;
  if (Math.abs(Math.round(step * 1000) - step * 1000) < 1e-9) return 3;
  return 4;
}

/** Cash-market tick size by price band (NSE's 2025 slabs). */
export function equityTick(price: number): number {
  if (price < 250) return 0.01;
  if (price < 1000) return 0.05;
  if (price < 5000) return 0.1;
  if (price < 10000) return 0.5;
  if (price < 20000) return 1;
  return 5;
}
