/**
 * A crash of the core between request and answer: the journal as it is on disk once the
 * request is written is what a killed process leaves, while the real request is still in
 * flight at the sandbox (held by a delay fault). The next core starts on the same sandbox
 * and data folder, recovers the action from the journal and must reconcile it. Place,
 * modify and cancel are crashed this way; each is judged against the sandbox's book.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { istDayKey } from '../../../shared/format/ist';
import { journalFileFor } from '../../../electron/core/orders/journal/daily-order-journal';
import type { SandboxHandle } from '../../../sandbox/index';
import { OrderStatus } from '../../../shared/broker/enums';
import type { Order, OrderIntent } from '../../../shared/broker/models';
import { sbinBuy, startComposedApp, type ComposedApp } from '../../integration/safety/composed-app';
import type { VirtualClock } from '../../integration/safety/virtual-clock';
import type { BrokerDialectId } from '../../../shared/broker/dialect';
import { faultRoute } from './fault-actions';

/** What one crash showed. */
export interface CrashResult {
  app: ComposedApp;
  duplicates: number;
  wrongBelief: boolean;
  unresolved: boolean;
  detail: string;
  /** False when no request was in flight to crash (the action stopped before sending). */
  staged?: boolean;
}

/** The order actions a crash is staged for. */
export type CrashAction = 'place' | 'modify' | 'cancel';

/** Places at `price`, crashes once the request is journaled, restarts, and judges. */
export function crashDuringPlace(o: CrashOptions): Promise<CrashResult> {
  return crashDuring('place', o);
}

/** What a crash needs: the running app and what outlives it. */
export interface CrashOptions {
  app: ComposedApp;
  clock: VirtualClock;
  sandbox: SandboxHandle;
  dataDir: string;
  price: number;
  /** The dialect the app runs (default v2): where the crash's request goes. */
  dialect?: BrokerDialectId;
}

/**
 * Runs `action` (for modify and cancel on a pending order placed first at `price`), crashes
 * the core once the request is journaled and while it is in flight, restarts it on the same
 * sandbox and data folder, and judges the recovered belief against the book.
 */
export async function crashDuring(action: CrashAction, o: CrashOptions): Promise<CrashResult> {
  const file = join(o.dataDir, 'journal', journalFileFor(istDayKey(o.clock.now())));
  let targetId = '';
  if (action !== 'place') {
    const placed = await o.app.core.orders.place(sbinBuy(o.price), { confirmGuards: true });
    if (placed.status !== 'done' || !placed.orderId)
      return {
        app: o.app,
        duplicates: 0,
        wrongBelief: false,
        unresolved: false,
        detail: `setup ${placed.status}`,
      };
    targetId = placed.orderId;
    // The exchange takes it from Transit to Pending on the next ticks (modify needs Pending).
    await o.app.control('tick', { n: 3 });
  }
  const newPrice = Math.round((o.price + 60) * 100) / 100;
  await o.app.control('faults', {
    route: faultRoute(action, o.dialect ?? 'fyers-v2'),
    mode: 'delay',
    delayMs: 800,
  });
  const acting: Promise<OrderIntent> =
    action === 'place'
      ? o.app.core.orders.place(sbinBuy(o.price), { confirmGuards: true })
      : action === 'modify'
        ? o.app.core.orders.modify({ id: targetId, limitPrice: newPrice }, { confirmGuards: true })
        : o.app.core.orders.cancel(targetId);
  const marker = action === 'place' ? `"limitPrice":${o.price}` : `"${targetId}"`;
  let image = '';
  let intentId = '';
  let answered: OrderIntent | null = null;
  void acting.then((i) => (answered = i));
  while (!intentId) {
    // Answered with no request journaled (a check stopped it): nothing was in flight to crash.
    if (answered)
      return {
        app: o.app,
        duplicates: 0,
        wrongBelief: false,
        unresolved: false,
        detail: `${action}: not sent (${(answered as OrderIntent).status} ${JSON.stringify((answered as OrderIntent).violations)})`,
        staged: false,
      };
    await new Promise((r) => setTimeout(r, 2));
    image = await readFile(file, 'utf8').catch(() => ''); // not written yet
    const line = image
      .split('\n')
      .find(
        (l) =>
          l.includes('"step":"request"') &&
          l.includes(`"action":"${action}"`) &&
          l.includes(marker),
      );
    if (line) intentId = (JSON.parse(line) as { intentId: string }).intentId;
  }
  // The crash: the disk as it is now, while the request is still at the sandbox.
  await acting;
  await o.app.close(false);
  await writeFile(file, image);

  const app = await startComposedApp({
    clock: o.clock,
    sandbox: o.sandbox,
    dataDir: o.dataDir,
    ...(o.dialect ? { dialect: o.dialect } : {}),
  });
  const deadline = Date.now() + 10_000;
  while (!app.core.orders.list().some((i) => i.intentId === intentId)) {
    if (Date.now() > deadline)
      return {
        app,
        duplicates: 0,
        wrongBelief: true,
        unresolved: true,
        detail: `${action}: not recovered`,
      };
    await new Promise((r) => setTimeout(r, 5));
  }
  const settled = await app.core.orders.settled(intentId);
  const book = await app.core.broker.getOrders({ fresh: true });
  const believedDone = settled.status === 'confirmed-done';
  const detail = `${action} @${o.price}: recovered ${settled.status} "${settled.note}"`;
  if (action === 'place') {
    const rows = book.filter((r) => r.limitPrice === o.price).length;
    return {
      app,
      duplicates: Math.max(0, rows - 1),
      wrongBelief: rows !== (believedDone ? 1 : 0),
      unresolved: false,
      detail: `${detail}; book ${rows}`,
    };
  }
  const row: Order | undefined = book.find((r) => r.id === targetId);
  const happened =
    action === 'modify' ? row?.limitPrice === newPrice : row?.status === OrderStatus.Canceled;
  // Clean up a still-pending order so later cases start from a quiet book.
  if (row && row.status === OrderStatus.Pending) await app.core.orders.cancel(targetId);
  return {
    app,
    duplicates:
      book.filter((r) => r.limitPrice === o.price || r.limitPrice === newPrice).length > 1 ? 1 : 0,
    wrongBelief: happened !== believedDone,
    unresolved: false,
    detail: `${detail}; book ${row ? `status ${row.status} @${row.limitPrice}` : 'no row'}`,
  };
}
