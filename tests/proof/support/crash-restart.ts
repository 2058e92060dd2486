/**
 * A crash of the core between request and answer: the journal as it is on disk once the
 * request is written is what a killed process leaves. The next core starts on the same
 * sandbox and data folder, recovers the action from the journal and must reconcile it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { istDayKey } from '../../../shared/format/ist';
import { journalFileFor } from '../../../electron/core/orders/journal/daily-order-journal';
import type { SandboxHandle } from '../../../sandbox/index';
import { sbinBuy, startComposedApp, type ComposedApp } from '../../integration/safety/composed-app';
import type { VirtualClock } from '../../integration/safety/virtual-clock';

/** What one crash showed. */
export interface CrashResult {
  app: ComposedApp;
  duplicates: number;
  wrongBelief: boolean;
  unresolved: boolean;
  detail: string;
}

/** Places at `price`, crashes once the request is journaled, restarts, and judges. */
export async function crashDuringPlace(o: {
  app: ComposedApp;
  clock: VirtualClock;
  sandbox: SandboxHandle;
  dataDir: string;
  price: number;
}): Promise<CrashResult> {
  const file = join(o.dataDir, 'journal', journalFileFor(istDayKey(o.clock.now())));
  await o.app.control('faults', { route: 'POST /api/v2/orders', mode: 'delay', delayMs: 800 });
  const placing = o.app.core.orders.place(sbinBuy(o.price), { confirmGuards: true });
  const marker = `"limitPrice":${o.price}`;
  let image = '';
  let intentId = '';
  while (!intentId) {
    await new Promise((r) => setTimeout(r, 2));
    image = await readFile(file, 'utf8');
    const line = image
      .split('\n')
      .find((l) => l.includes('"step":"request"') && l.includes(marker));
    if (line) intentId = (JSON.parse(line) as { intentId: string }).intentId;
  }
  await placing;
  await o.app.close(false);
  await writeFile(file, image);

  const app = await startComposedApp({ clock: o.clock, sandbox: o.sandbox, dataDir: o.dataDir });
  const deadline = Date.now() + 10_000;
  while (!app.core.orders.list().some((i) => i.intentId === intentId)) {
    if (Date.now() > deadline)
      return { app, duplicates: 0, wrongBelief: true, unresolved: true, detail: 'not recovered' };
    await new Promise((r) => setTimeout(r, 5));
  }
  const settled = await app.core.orders.settled(intentId);
  const rows = (await app.core.broker.getOrders({ fresh: true })).filter(
    (r) => r.limitPrice === o.price,
  ).length;
  const believed = settled.status === 'confirmed-done' ? 1 : 0;
  return {
    app,
    duplicates: Math.max(0, rows - 1),
    wrongBelief: rows !== believed,
    unresolved: false,
    detail: `@${o.price}: book ${rows}, recovered ${settled.status} "${settled.note}"`,
  };
}
