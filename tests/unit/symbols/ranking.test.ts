import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseQuery } from '../../../electron/core/symbols/query-parse';
import { SymbolSearch, withinOneEdit } from '../../../electron/core/symbols/search';
import { SymbolDb } from '../../../electron/core/symbols/symbol-db';
import { QUERY_FIXTURE, fullMaster } from './helpers';

const { built, resolver } = fullMaster();
const search = new SymbolSearch(new SymbolDb(built.data));

test('the tuning set has at least 130 queries, each naming an instrument that exists', () => {
  assert.ok(QUERY_FIXTURE.queries.length >= 130, `${QUERY_FIXTURE.queries.length} queries`);
  for (const { want } of QUERY_FIXTURE.queries) assert.ok(resolver.resolve(want));
});

test('no unit test reads the held-out labelled set (only the bench scores it)', () => {
  const dir = join(import.meta.dirname, '..');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.ts'),
  );
  assert.ok(files.length > 10);
  const readers = files.filter((f) =>
    readFileSync(join(dir, f), 'utf8').includes('symbol-queries-heldout'),
  );
  // This file names it only in the assertion below; any other test must not.
  assert.deepEqual(
    readers.filter((f) => !f.endsWith('ranking.test.ts')),
    [],
  );
});

for (const { q, want, why } of QUERY_FIXTURE.queries) {
  const expect = resolver.resolve(want);
  test(`"${q}" ranks ${expect} first (${why})`, () => {
    const hits = search.search(q).map((h) => h.ticker);
    assert.equal(hits[0], expect, `got ${hits.slice(0, 5).join(', ')}`);
  });
}

test('ranking rules: equities before derivatives, nearer expiries first, at most 20', () => {
  const rel = search.search('reliance').map((h) => h.ticker);
  assert.equal(rel.length, 20);
  assert.deepEqual(rel.slice(0, 5), [
    'NSE:RELIANCE-EQ',
    'BSE:RELIANCE-A',
    'NSE:RELIANCE25NOVFUT',
    'NSE:RELIANCE25DECFUT',
    'NSE:RELIANCE26JANFUT',
  ]);
  const pre = search.search('rel').map((h) => h.ticker);
  const firstDerivative = pre.findIndex((t) => /FUT$|[CP]E$/.test(t));
  const lastCash = pre.map((t) => /-(EQ|A|B|T|X|XT|M|Z|BE)$/.test(t)).lastIndexOf(true);
  assert.ok(
    firstDerivative === -1 || lastCash < firstDerivative,
    `cash after derivatives: ${pre.join(' ')}`,
  );
  const ce = search.search('nifty 24000 ce');
  const expiries = ce.map((h) => h.expiry ?? 0);
  assert.deepEqual(
    expiries,
    [...expiries].sort((a, b) => a - b),
  );
  assert.ok(ce.every((h) => h.strike === 24000 && h.optionType === 'CE'));
});

test('typing any labelled query one character at a time always answers, never more than 20', () => {
  for (const { q } of QUERY_FIXTURE.queries) {
    for (let n = 1; n <= q.length; n++) {
      const hits = search.searchIndices(q.slice(0, n));
      assert.ok(hits.length <= 20);
      assert.equal(new Set(hits).size, hits.length, `duplicates for "${q.slice(0, n)}"`);
    }
  }
  assert.deepEqual(search.search(''), []);
  assert.deepEqual(search.search('   '), []);
  assert.ok(
    search.search('banknifty fu').every((h) => h.ticker.endsWith('FUT')),
    'a half-typed "fut" already filters',
  );
});

test('query understanding', () => {
  const q = parseQuery('nifty 25 dec 24500 pe');
  assert.deepEqual(
    [q.terms, q.month, q.yearOrDay, q.strike, q.optionType],
    [['nifty'], 12, [25], 24500, 2],
  );
  assert.deepEqual(parseQuery('NIFTY25DEC24000CE').terms, ['nifty']);
  assert.equal(parseQuery('NIFTY25DEC24000CE').strike, 24000);
  assert.equal(parseQuery('nse:sbin-eq').exchange, 10);
  assert.equal(parseQuery('nse:sbin-eq').kind, 'cash');
  assert.equal(parseQuery('banknifty futures').kind, 'fut');
  assert.equal(parseQuery('gold 2026 jan').year, 26);
  assert.deepEqual(parseQuery('dec').terms, ['dec'], 'the first word is always a name');
  assert.equal(parseQuery('nifty 24000 put').optionType, 2);
  assert.equal(parseQuery('crude mini').size, 'mini');
  assert.deepEqual(parseQuery('crude mini').terms, ['crude']);
  assert.equal(parseQuery('silver micro').size, 'micro');
  assert.equal(parseQuery('nifty next month fut').expiryOffset, 1);
  assert.deepEqual(parseQuery('nifty next month fut').terms, ['nifty']);
  assert.deepEqual(parseQuery('nifty next 50').terms, ['nifty', 'next'], '"next" alone is a word');
  assert.deepEqual(parseQuery('infosys ltd').terms, ['infosys'], 'stop words are dropped');
  assert.deepEqual(parseQuery('ltd eq').terms, ['ltd'], 'but never the first word');
  const bare = parseQuery('24000 ce');
  assert.deepEqual([bare.terms, bare.strike, bare.optionType], [[], 24000, 1]);
  assert.ok(withinOneEdit('relaince', 'reliance'));
  assert.ok(withinOneEdit('infyy', 'infy'));
  assert.ok(!withinOneEdit('tcs', 'itc'));
});

test('a bare strike reaches only index chains, NSE first by liquidity; a bare number alone too', () => {
  const hits = search.search('24000 ce');
  assert.equal(hits.length, 20);
  assert.ok(hits.every((h) => h.strike === 24000 && h.optionType === 'CE'));
  assert.equal(hits[0]?.underlying, 'NIFTY');
  assert.deepEqual(search.search('24000 fut'), [], 'futures have no strike');
  assert.ok(search.search('2400').every((h) => String(h.strike).startsWith('2400')));
});

test('size words: "gold mini" never answers GOLD itself first, "alu mini" finds ALUMINI', () => {
  assert.equal(search.search('gold mini')[0]?.underlying, 'GOLDM');
  assert.equal(search.search('alu mini')[0]?.underlying, 'ALUMINI');
  assert.equal(search.search('nifty mini')[0]?.underlying, 'NIFTY', 'no mini: the name still wins');
});
