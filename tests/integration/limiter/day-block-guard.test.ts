/**
 * Issue 18, finding 1, the last step before the block, through the composed app: a restart
 * on a day whose file already holds three breaches (the broker blocks at the fourth). The
 * app remembers them, refuses new order actions before sending with a typed, definite
 * failure (never "unconfirmed"), and still reads the book.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { DATA_LAYOUT } from '../../../electron/core/diagnostics/bundle-sources';
import { istDayKey } from '../../../shared/format/ist';
import { sbinBuy, startComposedApp, type ComposedApp } from '../safety/composed-app';

let app: ComposedApp;
let dataDir: string;
before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-day-block-'));
  await mkdir(dataDir, { recursive: true });
  await writeFile(
    join(dataDir, DATA_LAYOUT.budgetDay),
    JSON.stringify({ day: istDayKey(Date.now()), count: 40, clean: true, breaches: 3 }),
  );
  app = await startComposedApp({ dataDir });
});
after(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('three breaches today: order actions are refused unsent and typed, reads still go', async () => {
  const { core } = app;
  const st = core.scheduler.getState();
  // Three seen: no reserve left to assume unseen; the next one blocks.
  assert.deepEqual(st.breaches, { count: 3, unseen: 0, allowed: 3, level: 'stopped' });
  assert.equal(st.minute.ceiling, 50, 'only a quarter of the minute while one breach blocks');
  const before = await core.broker.getOrders({ fresh: true });

  const x = await core.orders.place(sbinBuy(611.5), { confirmGuards: true });
  assert.equal(x.status, 'failed', x.note);
  assert.equal(x.error?.kind, 'day-block-risk');
  assert.equal(x.error?.ambiguous, false);
  assert.match(
    x.error?.explanation ?? '',
    /^Not sent: .*block the account for the rest of the day/,
  );
  assert.doesNotMatch(x.error?.explanation ?? '', /\/api\/|429/);

  const book = await core.broker.getOrders({ fresh: true });
  assert.equal(book.length, before.length, 'nothing reached the broker');
  assert.equal(book.filter((o) => o.limitPrice === 611.5).length, 0);
});
