/**
 * The request-budget part of the market-data bench: order-book upkeep per minute through
 * the real refresher (simulated clock), and every request of the composed app against the
 * Demo sandbox, with the order socket live and with it unreachable.
 */
import { join } from 'node:path';
import { createBackgroundRefresher } from '../../../electron/core/limiter/background-refresher';
import { createRequestScheduler } from '../../../electron/core/limiter/request-scheduler';
import type { Order, Positions } from '../../../shared/broker/models';
import { FakeClock } from '../../unit/limiter/fake-clock';
import type { BenchContext } from '../types';

/** Requests one simulated minute of order-book upkeep makes, through the real refresher. */
export async function upkeepPerMinute(pendingOrders: number, pushLive: boolean): Promise<number> {
  const clock = new FakeClock();
  const scheduler = createRequestScheduler({ clock });
  let requests = 0;
  const book: Order[] = Array.from({ length: pendingOrders }, (_, i) => ({
    id: `O${i}`,
    status: 6,
    filledQty: 0,
  })) as unknown as Order[];
  const refresher = createBackgroundRefresher({
    source: {
      getOrders: () => {
        requests++;
        return Promise.resolve(book);
      },
      getPositions: () => {
        requests++;
        return Promise.resolve({ positions: [] } as unknown as Positions);
      },
    },
    budget: () => scheduler.getState(),
    clock,
    pushLive: () => pushLive,
  });
  refresher.start();
  await clock.advance(60_000); // settle into the steady pace
  const before = requests;
  for (let s = 0; s < 10 * 60; s++) await clock.advance(1_000);
  refresher.stop();
  scheduler.dispose();
  return (requests - before) / 10;
}

/**
 * Requests per minute the composed app (createAppCore, Demo sandbox over HTTP and its
 * socket) spends with nothing to do and with 5 pending orders, with the socket live and
 * with it unreachable (the account's socket URL pointed at a closed port): everything the
 * app sends counts, order-book polling and REST quote fallback included.
 */
export async function composedUpkeep(ctx: BenchContext): Promise<Record<string, number>> {
  const { createAppCore } = await import('../../../electron/core/app/app-core');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-bench-md-'));
  const core = await createAppCore({
    appName: 'Tickdesk',
    version: 'bench',
    platform: process.platform,
    host: 'harness',
    environment: 'demo',
    dataDir,
    openExternal: () => Promise.reject(new Error('no browser in the bench')),
    keychain: async () => ({ keychain: null, reason: 'bench' }),
    demo: { testControls: true },
  });
  const windowMs = ctx.quick ? 10_000 : 30_000;
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  try {
    await fetch(new URL('/__sandbox/market', core.demoBrokerUrl!), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ exchange: 10, segment: 10, status: 'OPEN' }),
    });
    const s = await core.session.login();
    if (s.status !== 'active') throw new Error(`login failed: ${JSON.stringify(s.lastError)}`);
    await core.symbols.ready();
    const demo = core.settings.get().accounts.find((a) => a.id === 'demo')!;
    const socketUrl = demo.socketUrl!;
    const setSocket = async (live: boolean) => {
      await core.settings.upsertAccount({
        ...demo,
        socketUrl: live ? socketUrl : 'ws://127.0.0.1:9/socket/v2/dataSock',
      });
      await wait(3_000); // reconnect (or give up) and the catch-up read settle
    };
    const measure = async () => {
      const before = core.scheduler.getState().day.used;
      await wait(windowMs);
      return ((core.scheduler.getState().day.used - before) * 60_000) / windowMs;
    };
    const out: Record<string, number> = {};
    await setSocket(true);
    out.socketIdle = await measure();
    await setSocket(false);
    out.pollingIdle = await measure();
    const ltp = (await core.broker.getPositions()) && 800;
    for (let i = 0; i < 5; i++) {
      const intent = await core.orders.place(
        {
          symbol: 'NSE:SBIN-EQ',
          qty: 1,
          type: 1,
          side: 1,
          productType: 'INTRADAY',
          limitPrice: Number(((core.quotes.get('NSE:SBIN-EQ')?.ltp ?? ltp) * 0.9).toFixed(1)),
          stopPrice: 0,
          disclosedQty: 0,
          validity: 'DAY',
          offlineOrder: false,
          stopLoss: 0,
          takeProfit: 0,
        },
        { confirmGuards: true },
      );
      if (intent.status !== 'done') throw new Error(`order not placed: ${JSON.stringify(intent)}`);
    }
    await wait(3_000);
    out.pollingPending5 = await measure();
    await setSocket(true);
    out.socketPending5 = await measure();
    ctx.log(`composed upkeep: ${JSON.stringify(out)}`);
    return out;
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
