/**
 * The commodity multipliers from the broker's JSON masters (contract-sizes.ts): read per
 * ticker, once a day, kept on disk, and a failed download leaves the last copy in use.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ContractSizes, parseJsonMaster } from '../../../electron/core/symbols/contract-sizes';

const quiet = { info() {}, warn() {} };
const BASE = 'http://127.0.0.1:9/sym_details';

test('parseJsonMaster reads qtyMultiplier per ticker and skips rows without one', () => {
  const text = JSON.stringify({
    'MCX:CRUDEOIL26JANFUT': { symTicker: 'MCX:CRUDEOIL26JANFUT', qtyMultiplier: 100 },
    'MCX:GOLD26FEBFUT': { symTicker: 'MCX:GOLD26FEBFUT', qtyMultiplier: '100.0' },
    'MCX:ODD26JANFUT': { symTicker: 'MCX:ODD26JANFUT', qtyMultiplier: 0 },
    'MCX:NONE26JANFUT': { symTicker: 'MCX:NONE26JANFUT' },
  });
  assert.deepEqual(parseJsonMaster(text), {
    sizes: { 'MCX:CRUDEOIL26JANFUT': 100, 'MCX:GOLD26FEBFUT': 100 },
    skipped: 2,
  });
  assert.throws(() => parseJsonMaster('[]'), /keyed by ticker/);
});

test('downloads once a day, keeps the copy on disk, and keeps it when a download fails', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tickdesk-sizes-'));
  try {
    let now = new Date('2026-11-27T04:00:00Z');
    let fail = false;
    const asked: string[] = [];
    const fetchFake = (async (url: URL | string) => {
      asked.push(String(url));
      if (fail) return new Response('down', { status: 503 });
      const crude = { 'MCX:CRUDEOIL26DECFUT': { qtyMultiplier: 100 } };
      const brent = { 'NSE:BRCRUDE26DECFUT': { qtyMultiplier: 100 } };
      const usd = { 'NSE:USDINR26DECFUT': { qtyMultiplier: 1000 } };
      const u = String(url);
      const doc = u.includes('MCX_COM') ? crude : u.includes('NSE_CD') ? usd : brent;
      return new Response(JSON.stringify(doc), {
        status: 200,
      });
    }) as typeof fetch;
    const make = () => new ContractSizes({ dir, fetch: fetchFake, now: () => now, logger: quiet });
    const sizes = make();
    await sizes.load();
    assert.equal(sizes.of('MCX:CRUDEOIL26DECFUT'), undefined, 'unknown before any download');
    await sizes.refresh(BASE);
    assert.equal(sizes.of('MCX:CRUDEOIL26DECFUT'), 100);
    assert.equal(sizes.of('NSE:USDINR26DECFUT'), 1000, 'the currency master is read too');
    assert.ok(
      asked.some((u) => u.endsWith('/MCX_COM_sym_master.json')),
      asked.join(' '),
    );
    const n = asked.length;
    await sizes.refresh(BASE);
    assert.equal(asked.length, n, 'not again the same IST day');
    // The next day the broker is down: the last copy stays in use, and a restart reads it.
    now = new Date('2026-11-28T04:00:00Z');
    fail = true;
    await sizes.refresh(BASE);
    assert.ok(asked.length > n, 'tried again the next day');
    assert.equal(sizes.of('MCX:CRUDEOIL26DECFUT'), 100);
    assert.deepEqual(sizes.failed(), [
      'MCX_COM_sym_master.json',
      'NSE_COM_sym_master.json',
      'NSE_CD_sym_master.json',
    ]);
    const restarted = make();
    await restarted.load();
    assert.equal(restarted.of('MCX:CRUDEOIL26DECFUT'), 100);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
