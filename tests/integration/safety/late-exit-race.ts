/**
 * The race both late-exit tests (late-arrival-baseline, late-arrival-unseen) set up, in one
 * place: the composed app on a virtual clock shared with a sandbox whose every answered
 * request the test can watch, and the moment the exit's final look is answered ("still
 * open"), when the trader's burst of refused orders makes the journal's disk busy and the
 * broker lands the exit (`land`). Issue 18's unrecognised late exit.
 */
import { after, before } from 'node:test';
import type { OrderIntent } from '../../../shared/broker/models';
import type { SandboxHandle } from '../../../sandbox/index';
import { sbinBuy, startComposedApp, startDemoSandbox, type ComposedApp } from './composed-app';
import { virtualClock, type VirtualClock } from './virtual-clock';

/** When the broker carries the exit out: long after the 30 s of checking. */
export const LATE_MS = 60_000;

/** The app, its clock and the hook on the sandbox's answered requests. */
export interface LateExitFixture {
  readonly app: ComposedApp;
  readonly clock: VirtualClock;
  /** Called with each request the sandbox answered (method, path, status, real ms). */
  onRequest: (line: string) => void;
}

/** Starts the app before the file's tests and closes it after them. */
export function lateExitFixture(): LateExitFixture {
  const clock = virtualClock(Date.now(), 20);
  let sandbox: SandboxHandle;
  let app: ComposedApp | undefined;
  const f = {
    clock,
    onRequest: (_line: string) => {},
    get app(): ComposedApp {
      if (!app) throw new Error('the app starts in before()');
      return app;
    },
  };
  before(async () => {
    sandbox = await startDemoSandbox(clock, (line) => f.onRequest(line));
    app = await startComposedApp({ clock, sandbox });
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });
  return f;
}

/**
 * Arms the race for an exit sent from now on: once its final look (the second positions and
 * book reads from 30 s after sending) has been answered, `burst` orders the pre-checks refuse
 * are queued (each one journalled, so the "not done" write waits behind them), and, once the
 * app has taken the answers in, the clock jumps `LATE_MS` and `land()` runs. Returns the
 * burst's intents and the promise of `land()` (null until the final look came).
 */
export function armFinalLook<T>(
  f: LateExitFixture,
  burst: number,
  land: () => Promise<T>,
): { burst: Promise<OrderIntent>[]; landed: () => Promise<T> | null } {
  const sentAt = f.clock.now();
  const late = { positions: 0, orders: 0 };
  const intents: Promise<OrderIntent>[] = [];
  let landed: Promise<T> | null = null;
  f.onRequest = (line) => {
    if (f.clock.now() - sentAt < 30_000 || landed) return;
    if (line.startsWith('GET /api/v2/positions ')) late.positions++;
    else if (line.startsWith('GET /api/v2/orders ')) late.orders++;
    if (late.positions < 2 || late.orders < 2) return;
    for (let k = 0; k < burst; k++)
      intents.push(f.app.core.orders.place(sbinBuy(500, { qty: 0 }), { confirmGuards: true }));
    landed = (async () => {
      // Once the app has taken the answers in (jumping time under a request still being
      // read would fire its timeout instead).
      while (f.app.core.scheduler.getState().inFlight > 0)
        await new Promise((r) => setImmediate(r));
      f.clock.skip(LATE_MS);
      return land();
    })();
  };
  return { burst: intents, landed: () => landed };
}
