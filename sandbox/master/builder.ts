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

  /**
   * The file text: no header, one line per row, LF line ends, trailing newline. Written as
   * bytes into one buffer and decoded once: concatenating 137k rows of strings made ~40
   * rope nodes per row and spent most of its time in the garbage collector.
   */
  toCsv(): string {
    const w = new AsciiWriter(this.rows.length * 200);
    const mid = `,${this.session},${this.lastUpdate},`;
    const codes = `,${this.exchange},${this.segment},`;
    const num = numberText();
    for (let i = 0; i < this.rows.length; i++) {
      const r = this.rows[i] as Instrument;
      w.str(r.token);
      w.byte(COMMA);
      w.str(csvField(r.name));
      w.byte(COMMA);
      w.int(r.instrumentType);
      w.byte(COMMA);
      w.int(r.lotSize);
      w.byte(COMMA);
      w.str(num(r.tickSize));
      w.byte(COMMA);
      w.str(r.isin);
      w.str(mid);
      if (r.expiry !== null) w.int(r.expiry);
      w.byte(COMMA);
      w.str(r.ticker);
      w.str(codes);
      w.int(r.scripCode);
      w.byte(COMMA);
      w.str(r.underlying);
      w.byte(COMMA);
      w.int(r.underlyingScripCode);
      w.byte(COMMA);
      w.str(num(r.strike));
      w.byte(COMMA);
      w.str(r.optionType);
      w.byte(COMMA);
      w.str(r.underlyingToken);
      w.str(',,,\n');
    }
    return w.text();
  }
}

const COMMA = 44;

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

/** Appends text (UTF-8) and whole numbers to a growable byte buffer. */
class AsciiWriter {
  private buf: Uint8Array;
  private len = 0;
  constructor(capacity: number) {
    this.buf = new Uint8Array(Math.max(1024, capacity));
  }
  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
  byte(c: number): void {
    this.ensure(1);
    this.buf[this.len++] = c;
  }
  str(s: string): void {
    this.ensure(s.length);
    const b = this.buf;
    let at = this.len;
    for (let k = 0; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (c > 127) {
        // Rare: non-ASCII text goes through the UTF-8 encoder.
        this.len = at;
        const rest = Buffer.from(s.slice(k), 'utf8');
        this.ensure(rest.length);
        this.buf.set(rest, this.len);
        this.len += rest.length;
        return;
      }
      b[at++] = c;
    }
    this.len = at;
  }
  int(n: number): void {
    if (n < 0 || !Number.isSafeInteger(n)) {
      this.str(String(n));
      return;
    }
    this.ensure(16);
    let digits = 1;
    for (let v = n; v >= 10; v = Math.floor(v / 10)) digits++;
    const b = this.buf;
    let v = n;
    for (let k = this.len + digits - 1; k >= this.len; k--) {
      b[k] = 48 + (v % 10);
      v = Math.floor(v / 10);
    }
    this.len += digits;
  }
  text(): string {
    return Buffer.from(this.buf.buffer, this.buf.byteOffset, this.len).toString('utf8');
  }
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
