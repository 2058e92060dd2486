/**
 * Market-watch lists through the composed app: saved through `watchlists.save` into the
 * real settings file, read back by a new core on the same data folder, and refused with a
 * specific message beyond 250 symbols a list or 20 lists (by the contract and by the store).
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { defaultWatchlists, type Watchlists } from '../../../shared/settings/watchlists';
import { ChannelError, startComposedApp, type ComposedApp } from './composed-app';

const tickers = (n: number) => Array.from({ length: n }, (_, i) => `NSE:SYM${i}-EQ`);

describe('watch lists in the settings document', () => {
  let dataDir: string;
  let app: ComposedApp;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-watch-'));
    app = await startComposedApp({ login: false, dataDir });
  });
  after(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const refusal = async (lists: unknown): Promise<string> => {
    const r = await app.dispatch('watchlists.save', { lists });
    assert.equal(r.ok, false, 'refused');
    if (r.ok) return '';
    assert.equal(r.error.kind, 'invalid-input');
    return r.error.message;
  };

  it('a first run has one empty list', async () => {
    assert.deepEqual(await app.call('watchlists.get'), defaultWatchlists());
  });

  it('lists are saved to the settings file and survive a restart, in order', async () => {
    const lists: Watchlists = [
      { id: 'watch-1', name: 'Banks', symbols: ['NSE:SBIN-EQ', 'NSE:HDFCBANK-EQ'] },
      { id: 'it', name: 'IT', symbols: ['NSE:TCS-EQ', 'NSE:INFY-EQ', 'NSE:WIPRO-EQ'] },
    ];
    assert.deepEqual(await app.call('watchlists.save', { lists }), lists);
    const file = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as {
      watchlists: Watchlists;
    };
    assert.deepEqual(file.watchlists, lists);
    await app.close();
    app = await startComposedApp({ login: false, dataDir });
    assert.deepEqual(await app.call('watchlists.get'), lists);
  });

  it('250 symbols fit in a list; 251 are refused with a specific error', async () => {
    const full = [{ id: 'big', name: 'Big', symbols: tickers(250) }];
    assert.equal((await app.call('watchlists.save', { lists: full }))[0]!.symbols.length, 250);
    const message = await refusal([{ id: 'big', name: 'Big', symbols: tickers(251) }]);
    assert.match(message, /at most 250 symbols/);
    // The refused save changed nothing.
    assert.equal((await app.call('watchlists.get'))[0]!.symbols.length, 250);
  });

  it('20 lists fit; a 21st, a duplicate symbol, a duplicate name or no list at all are refused', async () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `l${i}`, name: `List ${i}`, symbols: [] }));
    assert.equal((await app.call('watchlists.save', { lists: many(20) })).length, 20);
    assert.match(await refusal(many(21)), /At most 20 watch lists/);
    assert.match(
      await refusal([{ id: 'a', name: 'A', symbols: ['NSE:SBIN-EQ', 'NSE:SBIN-EQ'] }]),
      /NSE:SBIN-EQ is already in A/,
    );
    assert.match(
      await refusal([
        { id: 'a', name: 'Banks', symbols: [] },
        { id: 'b', name: 'banks', symbols: [] },
      ]),
      /already a list called banks/,
    );
    assert.match(await refusal([]), /at least one watch list/);
    assert.match(
      await refusal([{ id: 'a', name: 'A', symbols: ['sbin'] }]),
      /a ticker such as NSE:SBIN-EQ/,
    );
  });

  it('the store itself refuses what the contract would (a caller inside the main process)', async () => {
    await assert.rejects(
      app.core.settings.setWatchlists([{ id: 'x', name: 'X', symbols: tickers(251) }]),
      /at most 250 symbols/,
    );
  });

  it('refusals name the problem, never a generic failure', async () => {
    await assert.rejects(
      app.call('watchlists.save', { lists: [{ id: 'x', name: ' ', symbols: [] }] }),
      (err: unknown) => err instanceof ChannelError && /needs a name/.test(err.error.message),
    );
  });
});
