import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MASTER_FILES,
  MASTER_FILE_CODES,
  type Instrument,
} from '../../../shared/broker/instrument';
import { clearMasterCache, generateMaster } from '../../../sandbox/master/index';
import { isValidIsin, isinCheckDigit } from '../../../sandbox/master/isin';

const AS_OF = new Date('2025-11-20T04:00:00Z');
const master = generateMaster({ seed: 7, asOf: AS_OF });

function fileRows(text: string): string[][] {
  const lines = text.split('\n');
  assert.equal(lines.pop(), '', 'file ends with a newline');
  return lines.map((l) => l.split(','));
}

test('every file is headerless with exactly 21 columns per row and the right codes', () => {
  for (const f of MASTER_FILES) {
    const rows = fileRows(master.files[f]);
    assert.ok(rows.length > 1000, `${f} has ${rows.length} rows`);
    assert.match(rows[0]?.[0] ?? '', /^\d{11,}$/, `${f} first cell is a token, not a header`);
    const { exchange, segment } = MASTER_FILE_CODES[f];
    for (const [i, r] of rows.entries()) {
      assert.equal(r.length, 21, `${f} line ${i + 1}: ${r.join(',')}`);
      assert.equal(r[10], String(exchange), `${f} line ${i + 1} exchange`);
      assert.equal(r[11], String(segment), `${f} line ${i + 1} segment`);
    }
  }
});

test('sizes match the live files: >= 130k in all, NSE_FO the largest', () => {
  const counts = Object.fromEntries(
    MASTER_FILES.map((f) => [f, fileRows(master.files[f]).length]),
  ) as Record<(typeof MASTER_FILES)[number], number>;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  assert.ok(total >= 130_000, `total ${total}`);
  assert.equal(total, master.instruments.length);
  for (const f of MASTER_FILES)
    if (f !== 'NSE_FO') assert.ok(counts.NSE_FO > counts[f], `NSE_FO > ${f}`);
  assert.ok(counts.NSE_FO >= 70_000 && counts.NSE_FO <= 100_000, `NSE_FO ${counts.NSE_FO}`);
  assert.ok(Math.abs(counts.NSE_CM - 8_700) < 500, `NSE_CM ${counts.NSE_CM}`);
  assert.ok(Math.abs(counts.MCX_COM - 17_000) < 1_500, `MCX_COM ${counts.MCX_COM}`);
});

test('tickers and tokens are unique, and tokens follow exchange|segment|YYMMDD|scrip', () => {
  const tickers = new Set<string>();
  const tokens = new Set<string>();
  for (const i of master.instruments) {
    assert.ok(!tickers.has(i.ticker), `duplicate ticker ${i.ticker}`);
    assert.ok(!tokens.has(i.token), `duplicate token ${i.token}`);
    tickers.add(i.ticker);
    tokens.add(i.token);
    const expected = i.expiry === null ? '000000' : istYymmdd(i.expiry);
    assert.equal(i.token, `${i.exchange}${i.segment}${expected}${i.scripCode}`, i.ticker);
  }
});

function istYymmdd(unix: number): string {
  const d = new Date(unix * 1000 + 19_800_000);
  return d.toISOString().slice(2, 10).replace(/-/g, '');
}

test('real ticker shapes exist with real lot and tick sizes', () => {
  const get = (t: string): Instrument => {
    const i = master.byTicker(t);
    assert.ok(i, `missing ${t}`);
    return i;
  };
  const sbin = get('NSE:SBIN-EQ');
  assert.equal(sbin.isin, 'INE062A01020');
  assert.equal(sbin.lotSize, 1);
  assert.equal(sbin.expiry, null);
  const ce = get('NSE:NIFTY25DEC24000CE');
  assert.deepEqual(
    [ce.lotSize, ce.tickSize, ce.strike, ce.optionType, ce.underlying],
    [75, 0.05, 24000, 'CE', 'NIFTY'],
  );
  assert.equal(ce.underlyingToken, get('NSE:NIFTY50-INDEX').token);
  const weekly = get('NSE:NIFTY25D0924000CE'); // Tuesday 9 Dec 2025
  assert.equal(istYymmdd(weekly.expiry ?? 0), '251209');
  assert.equal(get('NSE:BANKNIFTY25DECFUT').lotSize, 35);
  assert.equal(get('MCX:CRUDEOIL25DECFUT').lotSize, 1);
  assert.equal(get('NSE:USDINR25DECFUT').tickSize, 0.0025);
  assert.equal(get('BSE:SENSEX-INDEX').scripCode, 1);
  assert.equal(get('NSE:SBIN25DECFUT').lotSize, 750);
  for (const i of master.instruments) {
    if (i.segment === 12 || i.segment === 20) assert.equal(i.lotSize, 1, `${i.ticker} lot`);
    if (i.optionType !== 'XX')
      assert.match(i.ticker, /^(NSE|BSE|MCX):[A-Z0-9&-]+\d\d([A-Z]{3}|[1-9OND]\d\d)[\d.]+(CE|PE)$/);
    else if (i.expiry !== null)
      assert.match(i.ticker, /^(NSE|BSE|MCX):[A-Z0-9&-]+\d\d[A-Z]{3}FUT$/);
    else assert.match(i.ticker, /^(NSE|BSE):[A-Z0-9&-]+-[A-Z0-9]{1,5}$/);
  }
});

test('option chains are centred on the underlying with weekly and monthly expiries', () => {
  const nifty = master.instruments.filter((i) => i.underlying === 'NIFTY' && i.optionType === 'CE');
  const expiries = new Set(nifty.map((i) => i.expiry));
  assert.ok(expiries.size >= 8, `NIFTY expiries ${expiries.size}`);
  assert.ok(
    nifty.some((i) => /NIFTY\d\d[1-9OND]\d\d/.test(i.ticker)),
    'weekly tickers',
  );
  const spot = master.basePrice('NSE:NIFTY50-INDEX') ?? 0;
  const nearest = Math.min(...[...expiries].map((e) => e ?? Infinity));
  const near = nifty.filter((i) => i.expiry === nearest);
  const strikes = near.map((i) => i.strike);
  assert.ok(Math.min(...strikes) < spot && Math.max(...strikes) > spot, 'strikes straddle spot');
  const sbinStrikes = master.instruments
    .filter((i) => i.underlying === 'SBIN' && i.optionType === 'PE')
    .map((i) => i.strike);
  assert.ok(Math.min(...sbinStrikes) < 948 && Math.max(...sbinStrikes) > 948);
});

test('base prices are positive and on tick', () => {
  assert.equal(master.basePrices.length, master.instruments.length);
  for (const [k, i] of master.instruments.entries()) {
    const p = master.basePrices[k] ?? 0;
    assert.ok(p > 0, `${i.ticker} price ${p}`);
    const ticks = p / i.tickSize;
    assert.ok(
      Math.abs(ticks - Math.round(ticks)) < 1e-6,
      `${i.ticker} ${p} not on tick ${i.tickSize}`,
    );
  }
});

test('every ISIN has a valid check digit; equities are INE', () => {
  assert.equal(isinCheckDigit('INE002A0101'), 8); // RELIANCE INE002A01018
  assert.equal(isValidIsin('INE002A01019'), false);
  let equities = 0;
  for (const i of master.instruments) {
    if (i.isin === '') continue;
    assert.ok(isValidIsin(i.isin), `${i.ticker} ${i.isin}`);
    if (i.segment === 10 && i.instrumentType === 0) {
      equities++;
      assert.match(i.isin, /^INE[A-Z0-9]{4}01\d\d\d$/);
    }
  }
  assert.ok(equities > 5_000, `equities with ISIN: ${equities}`);
  const nseIsins = new Map<string, string>();
  for (const i of master.instruments) {
    if (i.exchange === 10 && i.segment === 10 && i.instrumentType === 0) {
      assert.ok(
        !nseIsins.has(i.isin),
        `ISIN ${i.isin} reused by ${i.ticker} and ${nseIsins.get(i.isin)}`,
      );
      nseIsins.set(i.isin, i.ticker);
    }
  }
});

test('same seed and day give identical files; another seed differs', () => {
  const first = MASTER_FILES.map((f) => master.files[f]);
  clearMasterCache();
  const again = generateMaster({ seed: 7, asOf: new Date('2025-11-20T12:00:00Z') });
  assert.notEqual(again, master, 'cache was cleared, so this is a fresh build');
  assert.deepEqual(
    MASTER_FILES.map((f) => again.files[f]),
    first,
  );
  const other = generateMaster({ seed: 8, asOf: AS_OF });
  assert.notEqual(other.files.NSE_CM, master.files.NSE_CM);
  assert.ok(other.byTicker('NSE:RELIANCE-EQ'), 'well-known names do not depend on the seed');
  assert.equal(generateMaster({ seed: 8, asOf: AS_OF }), other, 'cached per seed and day');
  clearMasterCache();
});
