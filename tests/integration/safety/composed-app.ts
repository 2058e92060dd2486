/**
 * The app as the trader runs it, for the no-duplicate tests and proofs: `createAppCore` in
 * Demo mode (real settings, real symbol runtime, the embedded sandbox over HTTP with its
 * fault controls), logged in, NSE cash pinned open. Optionally on a virtual clock shared
 * by core and sandbox, and on a sandbox that outlives the core (crash and restart).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';
import type { VirtualClock } from './virtual-clock';
import type { OrderDraft } from '../../../shared/broker/rules';
import { Exchange, OrderType, Segment, Side } from '../../../shared/broker/enums';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../sandbox/index';
import { DEMO_APP_ID, freeLoopbackPort } from '../../../sandbox/demo-app';
import { randomBytes } from 'node:crypto';
import { inProcessDemo } from '../../support/in-process-demo';
import { assertDialect, chooseDemoDialect } from '../../support/demo-dialect';
import type { BrokerDialectId } from '../../../shared/broker/dialect';

/**
 * Starts a Demo-mode sandbox a core can be started on (and restarted on); `requestLog` sees
 * each request; `extra` sets more sandbox options (`tickMs: 0`: the market moves only when
 * the test ticks it).
 */
export async function startDemoSandbox(
  clock?: VirtualClock,
  requestLog?: (line: string) => void,
  extra: Partial<SandboxOptions> = {},
): Promise<SandboxHandle> {
  const handle = await startSandbox({
    ...extra,
    // One line per request it answered: what the proofs count duplicates by.
    ...(requestLog ? { requestLog } : {}),
    autoApprove: true,
    testControls: true,
    // Demo's app with a loopback port of its own: the default apps share one fixed redirect
    // port, which two test files running at once would both try to listen on.
    apps: [
      {
        app_id: DEMO_APP_ID,
        secret: randomBytes(8).toString('hex').toUpperCase(),
        redirect_uri: `http://127.0.0.1:${await freeLoopbackPort()}/callback`,
        template: 'orders',
      },
    ],
    ...(clock ? { timeSource: () => clock.now(), simSleep: (ms) => clock.sleep(ms) } : {}),
  });
  if (!clock) return handle;
  // A request still on the wire sleeps its simulated latency on the virtual clock, and closing
  // the server waits for it: once no app drives the clock, that close waited forever (a test
  // file hung after its last test when a background read was in flight at the app's close).
  const close = handle.close.bind(handle);
  handle.close = async () => {
    const stop = clock.drive(() => false);
    try {
      await close();
    } finally {
      stop();
    }
  };
  return handle;
}

/** A plain intraday limit buy of SBIN far below the market, so it stays pending. */
export const sbinBuy = (limitPrice: number, over: Partial<OrderDraft> = {}): OrderDraft => ({
  symbol: 'NSE:SBIN-EQ',
  qty: 1,
  type: OrderType.Limit,
  side: Side.Buy,
  productType: 'INTRADAY',
  limitPrice,
  stopPrice: 0,
  disclosedQty: 0,
  validity: 'DAY',
  offlineOrder: false,
  stopLoss: 0,
  takeProfit: 0,
  ...over,
});

/** What a composed-app test drives. */
export interface ComposedApp {
  core: AppCore;
  dataDir: string;
  events: { name: string; payload: unknown }[];
  /** POSTs a sandbox test control, e.g. control('faults', {...}). */
  control(path: string, body: unknown): Promise<unknown>;
  /** Stops the core; the data folder (and a sandbox handed in) stay unless `wipe`. */
  close(wipe?: boolean): Promise<void>;
}

/** Starts the composed core (Demo on `dialect` when given), logs in and pins NSE cash open. */
export async function startComposedApp(
  opts: {
    clock?: VirtualClock;
    sandbox?: SandboxHandle;
    dataDir?: string;
    dialect?: BrokerDialectId;
  } = {},
): Promise<ComposedApp> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'tickdesk-safety-')));
  const core = await createAppCore({
    appName: 'Tickdesk',
    version: '0.0.0-test',
    platform: process.platform,
    host: 'harness',
    environment: 'demo',
    dataDir,
    openExternal: async () => {
      throw new Error('Demo mode must not open the system browser');
    },
    keychain: async () => ({ keychain: null, reason: 'test: memory only' }),
    ...(opts.clock ? { clock: opts.clock } : {}),
    demo: { testControls: true },
    // The sandbox in this process, on the clock the core runs on (or one that outlives it).
    demoProcess: inProcessDemo({
      ...(opts.clock
        ? { timeSource: () => opts.clock!.now(), simSleep: (ms) => opts.clock!.sleep(ms) }
        : {}),
      ...(opts.sandbox ? { running: opts.sandbox } : {}),
    }),
  });
  const stopClock = opts.clock?.drive(() => core.scheduler.getState().inFlight > 0);
  const events: ComposedApp['events'] = [];
  core.attachEmitter((name, payload) => events.push({ name, payload }));
  const base = core.demoBrokerUrl;
  if (!base) throw new Error('Demo mode started without its sandbox');
  async function control(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(new URL(`/__sandbox/${path}`, base!), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { s: string; message?: string };
    if (json.s !== 'ok') throw new Error(`control ${path}: ${json.message}`);
    return json;
  }
  if (opts.dialect) await chooseDemoDialect(core, opts.dialect);
  const s = await core.session.login();
  if (s.status !== 'active') throw new Error(`login failed: ${JSON.stringify(s.lastError)}`);
  if (opts.dialect) assertDialect(core, opts.dialect);
  await core.symbols.ready();
  await control('market', {
    exchange: Exchange.NSE,
    segment: Segment.CapitalMarket,
    status: 'OPEN',
  });
  return {
    core,
    dataDir,
    events,
    control,
    async close(wipe = true) {
      await core.close();
      stopClock?.();
      if (wipe && !opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
