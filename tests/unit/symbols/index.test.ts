import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SymbolDb } from '../../../electron/core/symbols/symbol-db';
import {
  decodeSymbolCache,
  encodeSymbolCache,
  SymbolCacheError,
} from '../../../electron/core/symbols/cache-file';
import { expiriesOf, futuresOf, optionChain } from '../../../electron/core/symbols/contract-chains';
import { SymbolSearch } from '../../../electron/core/symbols/search';
import { fullMaster } from './helpers';

const { master, built } = fullMaster();
const db = new SymbolDb(built.data);

test('every ticker and every token finds its own row', () => {
  for (let i = 0; i < master.instruments.length; i += 7) {
    const inst = master.instruments[i];
    assert.ok(inst);
    assert.equal(db.indexOfTicker(inst.ticker), i, inst.ticker);
    assert.equal(db.indexOfToken(inst.token), i, inst.token);
  }
  assert.equal(db.indexOfTicker('NSE:NOSUCH-EQ'), -1);
  assert.equal(db.byToken('999'), undefined);
});

test('order rules: tick, lot, exchange, segment, and the exchange limits where they apply', () => {
  assert.deepEqual(db.rules('NSE:SBIN-EQ'), {
    ticker: 'NSE:SBIN-EQ',
    tickSize: 0.05,
    lotSize: 1,
    exchange: 10,
    segment: 10,
  });
  assert.deepEqual(db.rules('NSE:NIFTY25DEC24000CE'), {
    ticker: 'NSE:NIFTY25DEC24000CE',
    tickSize: 0.05,
    lotSize: 75,
    exchange: 10,
    segment: 11,
    freezeQty: 1800,
    band: 'option',
  });
  assert.equal(db.rules('NSE:SBIN-EQ')?.band, undefined, 'no band in the cash market');
  assert.equal(db.rules('NSE:SBIN25DECFUT')?.band, 'stock-future');
  assert.equal(db.rules('NSE:FINNIFTY25NOVFUT')?.band, 'index-future');
  assert.equal(db.rules('NSE:FINNIFTY25NOVFUT')?.freezeQty, 1800);
  assert.equal(db.rules('NSE:MIDCPNIFTY25NOVFUT')?.freezeQty, 2800);
  assert.equal(
    db.rules('NSE:SBIN25DECFUT')?.freezeQty,
    undefined,
    'no documented freeze for stock futures',
  );
  assert.equal(
    db.rules('NSE:NIFTY50-INDEX')?.freezeQty,
    undefined,
    'cash rows have no freeze quantity',
  );
  assert.equal(db.rules('MCX:CRUDEOIL25DECFUT')?.lotSize, 1);
  assert.equal(db.rules('NSE:NOPE-EQ'), undefined);
});

test('derivatives join the root of the cash row their underlying token names', () => {
  const root = db.rootOf('nifty');
  assert.ok(root >= 0);
  assert.equal(db.rootOf('NIFTY50'), root, 'the index and its derivatives share a root');
  const tickers = [...db.members(root)].map((i) => db.tickers.get(i));
  assert.equal(tickers[0], 'NSE:NIFTY50-INDEX', 'cash row first');
  assert.deepEqual(tickers.slice(1, 4), [
    'NSE:NIFTY25NOVFUT',
    'NSE:NIFTY25DECFUT',
    'NSE:NIFTY26JANFUT',
  ]);
  assert.equal(db.rootOf('banknifty'), db.rootOf('niftybank'));
  const sbin = [...db.members(db.rootOf('sbin'))].map((i) => db.tickers.get(i));
  assert.deepEqual(sbin.slice(0, 2), ['NSE:SBIN-EQ', 'BSE:SBIN-A'], 'NSE before BSE');
  const expected = master.instruments.filter(
    (x) => x.underlying === 'SBIN' || x.ticker.startsWith('BSE:SBIN-'),
  ).length;
  assert.equal(sbin.length, expected);
});

test('futures and option chains by underlying, expiry and strike', () => {
  const futs = futuresOf(db, 'BANKNIFTY').map((f) => f.ticker);
  assert.deepEqual(futs, [
    'NSE:BANKNIFTY25NOVFUT',
    'NSE:BANKNIFTY25DECFUT',
    'NSE:BANKNIFTY26JANFUT',
  ]);
  const exps = expiriesOf(db, 'NIFTY');
  assert.ok(exps.length >= 10);
  assert.deepEqual(
    exps.map((e) => e.expiry),
    [...exps.map((e) => e.expiry)].sort((a, b) => a - b),
  );
  assert.equal(exps[0]?.weekly, false, '25 Nov is the monthly');
  assert.equal(exps[1]?.weekly, true, '2 Dec is a weekly');
  const dec = master.byTicker('NSE:NIFTY25DEC24000CE');
  assert.ok(dec?.expiry);
  const chain = optionChain(db, 'NIFTY', dec.expiry);
  const row = chain.find((r) => r.strike === 24000);
  assert.deepEqual(row, {
    strike: 24000,
    ce: 'NSE:NIFTY25DEC24000CE',
    pe: 'NSE:NIFTY25DEC24000PE',
  });
  for (let k = 1; k < chain.length; k++)
    assert.ok((chain[k]?.strike ?? 0) > (chain[k - 1]?.strike ?? 0));
  const expectedStrikes = master.instruments.filter(
    (x) => x.underlying === 'NIFTY' && x.expiry === dec.expiry && x.optionType === 'CE',
  ).length;
  assert.equal(chain.length, expectedStrikes);
  assert.deepEqual(futuresOf(db, 'NOSUCH'), []);
});

test('the binary cache round-trips to identical answers', () => {
  const buf = encodeSymbolCache(built.data);
  const back = new SymbolDb(decodeSymbolCache(buf));
  assert.deepEqual(back.data.meta, built.data.meta);
  for (let i = 0; i < master.instruments.length; i += 503)
    assert.deepEqual(back.instrument(i), db.instrument(i));
  const a = new SymbolSearch(db);
  const b = new SymbolSearch(back);
  for (const q of ['reliance', 'nifty 24000 ce', 'crude dec'])
    assert.deepEqual(b.searchIndices(q), a.searchIndices(q));
});

test('a damaged, truncated or foreign cache is refused with SymbolCacheError', () => {
  const buf = encodeSymbolCache(built.data);
  assert.throws(() => decodeSymbolCache(buf.subarray(0, buf.length - 1000)), SymbolCacheError);
  assert.throws(() => decodeSymbolCache(Buffer.from('hello world, not a cache')), SymbolCacheError);
  const foreign = Buffer.from(buf);
  foreign.write('{"meta":{"version":0', 12, 'latin1');
  assert.throws(() => decodeSymbolCache(foreign), SymbolCacheError);
});
