import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MASTER_FILES } from '../../../shared/broker/instrument';
import { buildSymbolData } from '../../../electron/core/symbols/build-index';
import { parseNum } from '../../../electron/core/symbols/parse-master';
import { SymbolDb } from '../../../electron/core/symbols/symbol-db';
import { fullMaster } from './helpers';

const GOOD =
  '10100000003045,STATE BANK OF INDIA,0,1,0.05,INE062A01020,0915-1530|1815-1915:,2025-11-20,,NSE:SBIN-EQ,10,10,3045,SBIN,3045,-1,XX,10100000003045,,,';
const GOOD2 =
  '10100000002885,RELIANCE INDUSTRIES LTD,0,1,0.1,INE002A01018,0915-1530|1815-1915:,2025-11-20,,NSE:RELIANCE-EQ,10,10,2885,RELIANCE,2885,-1,XX,10100000002885,,,';

const bytes = (s: string) => Buffer.from(s, 'utf8');

test('every generated row parses back to the instrument the generator made', () => {
  const { master, built } = fullMaster();
  assert.equal(built.data.meta.badRows, 0);
  assert.equal(built.data.meta.count, master.instruments.length);
  const db = new SymbolDb(built.data);
  // Rows are in MASTER_FILES order in both; compare every 97th row and every file's first and last.
  const idx = new Set<number>();
  for (let i = 0; i < master.instruments.length; i += 97) idx.add(i);
  let start = 0;
  for (const f of MASTER_FILES) {
    const n = master.files[f].split('\n').length - 1;
    idx.add(start);
    idx.add(start + n - 1);
    start += n;
  }
  for (const i of idx) assert.deepEqual(db.instrument(i), master.instruments[i], `row ${i}`);
});

test('bad rows are counted with their line numbers and never stop the load', () => {
  const lines = [
    GOOD,
    'not,enough,columns',
    GOOD.replace('10100000003045,STATE', 'ABC,STATE'),
    GOOD2.replace(',0,1,0.1,', ',0,0,0.1,'),
    GOOD2.replace(',0,1,0.1,', ',0,1,abc,'),
    GOOD2.replace(',10,10,2885,', ',99,10,2885,'),
    GOOD2.replace(',-1,XX,', ',-1,ZZ,'),
    GOOD2.replace('NSE:RELIANCE-EQ', 'RELIANCE-EQ'),
    GOOD2.replace(',10,10,2885,', ',12,10,2885,'),
    GOOD2,
  ];
  const r = buildSymbolData({ NSE_CM: bytes(lines.join('\n') + '\n') }, 'x');
  assert.equal(r.data.meta.count, 2);
  assert.equal(r.data.meta.badRows, 8);
  assert.deepEqual(
    r.badRowSamples.map((b) => [b.file, b.line]),
    [2, 3, 4, 5, 6, 7, 8, 9].map((l) => ['NSE_CM', l]),
  );
  const reasons = r.badRowSamples.map((b) => b.reason);
  assert.match(reasons[0] ?? '', /expected 21 columns, got 3/);
  assert.match(reasons[1] ?? '', /token/);
  assert.match(reasons[2] ?? '', /lot size/);
  assert.match(reasons[3] ?? '', /tick size/);
  assert.match(reasons[4] ?? '', /exchange code 99/);
  assert.match(reasons[5] ?? '', /option type/);
  assert.match(reasons[6] ?? '', /EXCHANGE: prefix/);
  assert.match(reasons[7] ?? '', /does not belong/);
  const db = new SymbolDb(r.data);
  assert.equal(db.byTicker('NSE:RELIANCE-EQ')?.tickSize, 0.1);
  assert.equal(db.byTicker('NSE:SBIN-EQ')?.lotSize, 1);
});

test('CRLF line ends, a BOM, blank lines, no final newline and quoted names are handled', () => {
  const quoted = GOOD2.replace('RELIANCE INDUSTRIES LTD', '"RELIANCE INDUSTRIES, ""RIL"" LTD"');
  const text = '\uFEFF' + GOOD + '\r\n\r\n' + quoted;
  const r = buildSymbolData({ NSE_CM: bytes(text) }, 'x');
  assert.equal(r.data.meta.badRows, 0);
  const db = new SymbolDb(r.data);
  assert.equal(db.byTicker('NSE:SBIN-EQ')?.underlyingToken, '10100000003045');
  assert.equal(db.byTicker('NSE:RELIANCE-EQ')?.name, 'RELIANCE INDUSTRIES, "RIL" LTD');
});

test('duplicate tickers keep the first row and are reported', () => {
  const r = buildSymbolData(
    { NSE_CM: bytes([GOOD, GOOD.replace('10100000003045,', '10100000009999,')].join('\n')) },
    'x',
  );
  assert.equal(r.duplicateTickers, 1);
  assert.equal(new SymbolDb(r.data).byTicker('NSE:SBIN-EQ')?.token, '10100000003045');
});

test('the 13-column header variant of the spec derives strike, option type and underlying from the ticker', () => {
  const header =
    'Svctoken,Symbol Details,Exchange Instrument type,Minimum lot size,Tick size,ISIN,Trading Session,Last update date,Expiry date,Symbol ticker,Exchange,Segment,Scrip code';
  const rows = [
    '101125123035001,NIFTY 25 Dec 24000 CE,14,75,0.05,,0915-1530|,2025-11-20,1767088800,NSE:NIFTY25DEC24000CE,10,11,35001',
    '101125120935002,NIFTY 25 Dec 09 24500 PE,14,75,0.05,,0915-1530|,2025-11-20,1765272600,NSE:NIFTY25D0924500PE,10,11,35002',
    '101125123035003,NIFTY 25 Dec FUT,11,75,0.1,,0915-1530|,2025-11-20,30-12-2025,NSE:NIFTY25DECFUT,10,11,35003',
    '101125123035004,BROKEN,14,x,0.05,,0915-1530|,2025-11-20,1767088800,NSE:NIFTY25DEC25000CE,10,11,35004',
  ];
  const r = buildSymbolData({ NSE_FO: bytes([header, ...rows].join('\n')) }, 'x');
  assert.equal(r.files[0]?.header, true);
  assert.equal(r.data.meta.count, 3);
  assert.deepEqual(
    r.badRowSamples.map((b) => [b.line, b.reason]),
    [[5, 'lot size is not a positive whole number']],
  );
  const db = new SymbolDb(r.data);
  const ce = db.byTicker('NSE:NIFTY25DEC24000CE');
  assert.deepEqual(
    [ce?.strike, ce?.optionType, ce?.underlying, ce?.lotSize],
    [24000, 'CE', 'NIFTY', 75],
  );
  const pe = db.byTicker('NSE:NIFTY25D0924500PE');
  assert.deepEqual([pe?.strike, pe?.optionType], [24500, 'PE']);
  const fut = db.byTicker('NSE:NIFTY25DECFUT');
  assert.deepEqual(
    [fut?.strike, fut?.optionType, fut?.expiry],
    [-1, 'XX', Date.parse('2025-12-30T15:30:00+05:30') / 1000],
  );
});

test('a header missing required columns makes every row bad, with a reason', () => {
  const r = buildSymbolData({ NSE_CM: bytes('Symbol Details,ISIN\nSBI,INE062A01020\n') }, 'x');
  assert.equal(r.data.meta.count, 0);
  assert.match(r.badRowSamples[0]?.reason ?? '', /header lacks column\(s\): token/);
});

test('byte-level number parsing agrees with Number() on decimal text', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -1e9, max: 1e9 }),
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 4 }),
      (int, frac, places) => {
        const text =
          places === 0 ? String(int) : `${int}.${String(frac).padStart(4, '0').slice(0, places)}`;
        const b = bytes(text);
        assert.equal(parseNum(b, 0, b.length), Number(text), text);
      },
    ),
  );
  for (const bad of ['', '-', '1e5', '1.2.3', 'abc', ' 1'])
    assert.ok(Number.isNaN(parseNum(bytes(bad), 0, bad.length)), bad);
});

test("a ticker's token alone is the token of its full record, and nothing for an unknown ticker", () => {
  const { master, built } = fullMaster();
  const db = new SymbolDb(built.data);
  for (let i = 0; i < master.instruments.length; i += 211) {
    const { ticker, token } = master.instruments[i]!;
    assert.equal(db.tokenOfTicker(ticker), token, ticker);
    assert.equal(db.tokenOfTicker(ticker), db.byTicker(ticker)?.token);
  }
  assert.equal(db.tokenOfTicker('NSE:NOSUCH-EQ'), undefined);
});
