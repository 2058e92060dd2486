/**
 * Issue 11, "search that understands how traders type", through the composed app: the
 * symbol master the sandbox generates for today (contracts rolled to today's date), the
 * real symbol runtime, and the `symbols.search` channel the renderer calls. Expected
 * contracts are found from the same channel's own listings (e.g. every NIFTY 24000 CE),
 * never from a dated ticker, so the test holds whatever day it runs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SymbolInfo } from '../../../shared/ipc/channels/symbols';
import { startComposedApp, type ComposedApp } from './composed-app';

describe('symbol search in the composed app reads trader phrasing', () => {
  let app: ComposedApp;
  const search = async (query: string, limit = 50): Promise<SymbolInfo[]> =>
    app.call('symbols.search', { query, limit });
  /** Expiries (ISO dates) of the listed contracts, sorted and unique. */
  const expiries = (hits: SymbolInfo[]): string[] =>
    [...new Set(hits.map((h) => h.expiry ?? ''))].filter(Boolean).sort();

  before(async () => {
    app = await startComposedApp({ login: false });
    for (let k = 0; k < 600 && (await app.call('symbols.status')).state !== 'ready'; k++)
      await new Promise((r) => setTimeout(r, 100));
    assert.equal((await app.call('symbols.status')).state, 'ready');
  });
  after(() => app?.close());

  it('"24000 ce" (a strike and no name) is the nearest NIFTY 24000 CE', async () => {
    const [top] = await search('24000 ce');
    const chain = await search('nifty 24000 ce');
    assert.ok(chain.length > 1 && chain.every((h) => h.underlying === 'NIFTY'));
    assert.equal(top?.underlying, 'NIFTY');
    assert.equal(top?.strike, 24000);
    assert.equal(top?.optionType, 'CE');
    assert.equal(top?.expiry, expiries(chain)[0]);
  });

  it('a strike NIFTY does not list goes to the index that does ("57000 pe": Bank Nifty)', async () => {
    const [top] = await search('57000 pe');
    assert.equal(top?.underlying, 'BANKNIFTY');
    assert.equal(top?.strike, 57000);
    assert.equal(top?.optionType, 'PE');
    assert.equal(top?.expiry, expiries(await search('banknifty 57000 pe'))[0]);
  });

  it('spoken contract names: "crude mini", "gold mini", "silver mini", "next 50"', async () => {
    for (const [q, underlying] of [
      ['crude mini', 'CRUDEOILM'],
      ['gold mini', 'GOLDM'],
      ['silver mini', 'SILVERM'],
    ] as const) {
      const [top] = await search(q);
      assert.equal(top?.underlying, underlying, q);
      assert.equal(top?.optionType, null, `${q}: the future first`);
      const futures = (await search(`${underlying.toLowerCase()} fut`)).filter(
        (h) => h.underlying === underlying,
      );
      assert.equal(top?.expiry, expiries(futures)[0], `${q}: the nearest future`);
    }
    assert.equal((await search('next 50'))[0]?.ticker, 'NSE:NIFTYNXT50-INDEX');
    assert.equal((await search('midcap nifty'))[0]?.ticker, 'NSE:MIDCPNIFTY-INDEX');
  });

  it('"banknifty next month fut" is the second Bank Nifty future', async () => {
    const futures = await search('banknifty fut');
    const [top] = await search('banknifty next month fut');
    assert.equal(top?.underlying, 'BANKNIFTY');
    assert.equal(top?.expiry, expiries(futures)[1]);
  });

  it('misspelt and abbreviated second words find the company', async () => {
    for (const [q, ticker] of [
      ['hdfc bnk', 'NSE:HDFCBANK-EQ'],
      ['tata moters', 'NSE:TATAMOTORS-EQ'],
      ['infosys ltd', 'NSE:INFY-EQ'],
      ['relaince', 'NSE:RELIANCE-EQ'],
    ]) {
      assert.equal((await search(q as string))[0]?.ticker, ticker, q);
    }
  });
});
