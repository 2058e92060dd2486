/**
 * A chart the trader opens is the trader's own read, not a background refresh: through the
 * composed app (createAppCore in Demo mode, the sandbox over HTTP), late in a heavy day,
 * when background reads have spent their share of the day's budget, `marketdata.history`
 * still answers, while the day's MTM rebuild (a background read the trader did not ask for)
 * keeps waiting. Before, every data call ran in the background lane and the chart said
 * "Loading…" until the next IST day (or, with the minute's share spent, for up to a minute).
 * And quitting then does not wait for those queued reads: the scheduler's queue is closed
 * first (it held the background refresher, and so the quit, for its 20 s dispose timeout).
 */
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DATA_LAYOUT } from '../../../electron/core/diagnostics/bundle-sources';
import { istDayKey } from '../../../shared/format/ist';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';

describe('a chart read late in a heavy day (composed app)', () => {
  let app: ComposedApp;
  before(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-chart-priority-'));
    // 9,500 of the day's 10,000 spent (a restart keeps the count): over the background
    // lane's 90% share, under the trader's own 97%.
    await writeFile(
      join(dataDir, DATA_LAYOUT.budgetDay),
      JSON.stringify({ day: istDayKey(Date.now()), count: 9_500, clean: true }),
    );
    app = await startComposedApp({ dataDir });
  });
  after(async () => {
    await app?.close();
  });

  it('the trader’s chart is answered; a background read still waits for its share', async () => {
    const used = app.core.scheduler.getState().day.used;
    assert.ok(used >= 9_500, `the day's count was restored (${used})`);
    const h = await Promise.race([
      app.call('marketdata.history', { symbol: SBIN, resolution: 5 }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the chart was not answered in 10 s')), 10_000),
      ),
    ]);
    assert.equal(h.symbol, SBIN);
    assert.ok(h.candles.length > 5, `candles: ${h.candles.length}`);

    // The lane a price poll or the MTM rebuild uses is still closed: the policy stands.
    let ran = false;
    const background = app.core.scheduler.schedule({
      priority: 'background',
      key: 'test: background probe',
      label: 'test: background probe',
      run: async () => {
        ran = true;
        return null;
      },
    });
    background.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(ran, false, 'a background read waits while its share of the day is spent');
  });

  it('quitting does not wait for reads queued behind the spent budget', async () => {
    // The background refresher's reads are queued now (its share of the day is spent).
    const queued = app.core.scheduler.getState();
    assert.ok(queued.queued.background > 0, 'background reads are waiting');
    const t0 = performance.now();
    await app.close();
    const ms = performance.now() - t0;
    assert.ok(ms < 5_000, `quit took ${Math.round(ms)} ms (queued: ${JSON.stringify(queued)})`);
    assert.deepEqual(
      app.logLines.filter((l) => /dispose step timed out/.test(l)),
      [],
      'no service waited out its dispose timeout',
    );
  });
});
