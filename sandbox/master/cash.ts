/**
 * Cash-market files (NSE_CM, BSE_CM): equities, SME, ETFs, indices, gold bonds, G-secs,
 * T-bills and corporate bonds. Debt rows are most of the real files' bulk, and search must
 * rank equities above them, so they are generated here too.
 */
import { INSTRUMENT_TYPE } from '../../shared/broker/instrument';
import { type FileBuilder, equityTick, roundToTick } from './builder';
import type { Company } from './companies';
import { withCheckDigit } from './isin';
import type { Rng } from './rng';
import { AMCS, BOND_ISSUERS, ETF_THEMES, type IndexSpec, SERIES_CHARS } from './indices';

export { BSE_INDICES, NSE_INDICES, type IndexSpec } from './indices';

/** Adds equities of the companies listed on this exchange, with NSE series or BSE group suffixes. */
export function addEquities(
  b: FileBuilder,
  companies: readonly Company[],
  ex: 'NSE' | 'BSE',
  rng: Rng,
): void {
  for (const c of companies) {
    if (ex === 'NSE' ? !c.nse : !c.bse) continue;
    let suffix = c.bseGroup;
    if (ex === 'NSE') {
      const r = rng.next();
      suffix =
        c.lot > 0 || c.bseGroup === 'A'
          ? 'EQ'
          : r < 0.78
            ? 'EQ'
            : r < 0.88
              ? 'BE'
              : r < 0.92
                ? 'BZ'
                : r < 0.97
                  ? 'SM'
                  : 'ST';
    }
    b.add({
      name: c.name,
      instrumentType: INSTRUMENT_TYPE.EQ,
      lotSize: 1,
      tickSize: equityTick(c.price),
      isin: c.isin,
      expiry: null,
      expiryDay: null,
      ticker: `${ex}:${c.symbol}-${suffix}`,
      underlying: c.symbol,
      underlyingScripCode: ex === 'NSE' ? c.nseToken : c.bseCode,
      scripCode: ex === 'NSE' ? c.nseToken : c.bseCode,
      strike: -1,
      optionType: 'XX',
      underlyingToken: '',
      price: roundToTick(c.price, equityTick(c.price)),
    });
  }
}

/** Adds index rows (not tradable, but searchable and the underlying of index derivatives). */
export function addIndices(b: FileBuilder, indices: readonly IndexSpec[], ex: 'NSE' | 'BSE'): void {
  for (const x of indices) {
    b.add({
      name: x.name,
      instrumentType: INSTRUMENT_TYPE.INDEX,
      lotSize: 1,
      tickSize: 0.01,
      isin: '',
      expiry: null,
      expiryDay: null,
      ticker: `${ex}:${x.ticker}-INDEX`,
      underlying: x.ticker,
      underlyingScripCode: x.scrip,
      scripCode: x.scrip,
      strike: -1,
      optionType: 'XX',
      underlyingToken: '',
      price: x.price,
    });
  }
}

/** Adds NSE ETFs (AMC x theme), gold bonds, G-secs and T-bills. */
export function addNseFunds(b: FileBuilder, rng: Rng, nextIsin: (kind: string) => string): void {
  for (const amc of AMCS) {
    for (const theme of ETF_THEMES) {
      const price = theme === 'LIQUID' ? 1000 : Math.round(20 + rng.next() * 600);
      b.add(
        cashRow(
          `${amc}${theme}ETF`,
          `${amc} ${theme} ETF`,
          'EQ',
          INSTRUMENT_TYPE.ETF,
          nextIsin('F01'),
          price,
          'NSE',
        ),
      );
    }
  }
  const months = ['JAN', 'FEB', 'MAR', 'MAY', 'JUN', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  for (let y = 26; y <= 33; y++) {
    for (const m of months.slice(0, 8)) {
      b.add(
        cashRow(
          `SGB${m}${y}`,
          `SOVEREIGN GOLD BONDS ${m} 20${y}`,
          'GB',
          INSTRUMENT_TYPE.SGB,
          nextIsin('GB'),
          12_000 + rng.int(0, 900),
          'NSE',
        ),
      );
    }
  }
  for (let y = 2026; y <= 2064; y++) {
    for (let k = 0; k < 4; k++) {
      const coupon = 600 + rng.int(0, 30) * 5;
      b.add(
        cashRow(
          `${coupon}GS${y}${k ? String.fromCharCode(64 + k) : ''}`,
          `GOI LOAN ${coupon / 100}% ${y}`,
          'GS',
          INSTRUMENT_TYPE.GSEC,
          nextIsin('GS'),
          95 + rng.next() * 10,
          'NSE',
        ),
      );
    }
  }
  for (let k = 0; k < 60; k++) {
    const days = [91, 182, 364][k % 3];
    b.add(
      cashRow(
        `${days}D${String(100 + k)}`,
        `GOI TBILL ${days}D SR ${k + 1}`,
        'TB',
        INSTRUMENT_TYPE.TBILL,
        nextIsin('TB'),
        97 + rng.next() * 2,
        'NSE',
      ),
    );
  }
}

/** Adds corporate bonds until the file reaches `target` rows (NSE series N0.., BSE group F). */
export function addBondsUntil(
  b: FileBuilder,
  target: number,
  ex: 'NSE' | 'BSE',
  rng: Rng,
  nextIsin: (kind: string) => string,
): void {
  const seen = new Set<string>();
  let n = 0;
  while (b.rows.length < target) {
    const issuer = BOND_ISSUERS[n % BOND_ISSUERS.length] as string;
    const coupon = 700 + rng.int(0, 56) * 5;
    const year = 26 + rng.int(0, 14);
    const series =
      ex === 'NSE'
        ? `${'NYZ'[Math.floor(n / 1600) % 3]}${SERIES_CHARS[Math.floor(n / BOND_ISSUERS.length) % 36]}`
        : 'F';
    const sym = `${coupon}${issuer}${year}`;
    n++;
    if (seen.has(`${sym}-${series}`)) continue;
    seen.add(`${sym}-${series}`);
    b.add(
      cashRow(
        sym,
        `${issuer} SEC RED NCD ${coupon / 100}% 20${year}`,
        series,
        INSTRUMENT_TYPE.DEBENTURES,
        nextIsin('07'),
        980 + rng.next() * 60,
        ex,
      ),
    );
  }
}

function cashRow(
  sym: string,
  name: string,
  series: string,
  type: number,
  isin: string,
  price: number,
  ex: 'NSE' | 'BSE',
) {
  const tick = 0.01;
  return {
    name,
    instrumentType: type,
    lotSize: 1,
    tickSize: tick,
    isin,
    expiry: null,
    expiryDay: null,
    ticker: `${ex}:${sym}-${series}`,
    underlying: sym,
    underlyingScripCode: 0,
    strike: -1,
    optionType: 'XX' as const,
    underlyingToken: '',
    price: roundToTick(price, tick),
  };
}

/** ISIN factory for non-equity rows; `kind` picks the security-type digits. */
export function isinFactory(): (kind: string) => string {
  let n = 0;
  return (kind) => {
    n++;
    if (kind === 'GS' || kind === 'TB')
      return withCheckDigit(
        `IN00${String(20_000 + n).padStart(5, '0')}${kind === 'GS' ? '16' : '17'}`.slice(0, 11),
      );
    const issuer = String(n % 1000).padStart(3, '0') + 'ZWXV'[Math.floor(n / 1000) % 4];
    const type = kind === 'GB' ? '13' : kind === 'F01' ? 'F0' : '07';
    return withCheckDigit(
      `INE${issuer}${type}${String(Math.floor(n / 4000) % 100).padStart(2, '0')}`.slice(0, 11),
    );
  };
}
