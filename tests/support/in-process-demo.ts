/**
 * The Demo broker hosted in the test's own process, behind the same DemoProcess port the app
 * uses for its own process (electron/core/demo/demo-process-port.ts). Tests that run the core
 * and the sandbox on one virtual clock, keep a sandbox across a core restart, or fix the Demo
 * app's secret use it as `demoProcess`: the core sees the same `ready` message the child
 * process (sandbox/child.ts) posts, and nothing else changes.
 */
import { randomBytes } from 'node:crypto';
import type { DemoChildMessage, DemoChildOptions } from '../../shared/demo/child-messages';
import type { DemoProcess, DemoProcessLauncher } from '../../electron/core/demo/demo-process-port';
import { DEMO_APP_ID, freeLoopbackPort } from '../../sandbox/demo-app';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../sandbox/index';

/** What an in-process Demo broker may do beyond the child's options. */
export interface InProcessDemoOptions {
  /** The sandbox's time source (core and sandbox on one fast clock). */
  timeSource?: () => number;
  /** Waits on that clock's own timer (see SandboxOptions.simSleep). */
  simSleep?: (ms: number) => Promise<void>;
  /** An already running sandbox (autoApprove) to use: it outlives the core (restart tests). */
  running?: SandboxHandle;
  /** The Demo app's secret (tests of the app-secret login); random otherwise. */
  appSecret?: string;
  /** Receives the sandbox's internal errors (default: the core's log, as the child does). */
  onInternalError?: (line: string) => void;
  /** Sandbox options the child does not take, e.g. `tickMs: 0` (the market moves only when told). */
  sandbox?: Pick<SandboxOptions, 'tickMs'>;
}

/** A launcher that starts (or adopts) a sandbox in this process and answers like the child. */
export function inProcessDemo(
  handleOrOptions: SandboxHandle | InProcessDemoOptions = {},
): DemoProcessLauncher {
  const opts: InProcessDemoOptions =
    'url' in handleOrOptions && 'close' in handleOrOptions
      ? { running: handleOrOptions as SandboxHandle }
      : (handleOrOptions as InProcessDemoOptions);
  return (childOptions: DemoChildOptions): DemoProcess => {
    const messageFns: ((msg: unknown) => void)[] = [];
    const exitFns: ((code: number | null) => void)[] = [];
    const pending: DemoChildMessage[] = [];
    let ended = false;
    const post = (msg: DemoChildMessage) => {
      if (ended) return;
      if (messageFns.length === 0) pending.push(msg);
      else for (const fn of messageFns) fn(msg);
    };
    let sandbox: SandboxHandle | null = null;
    const end = async (code: number | null) => {
      if (ended) return;
      ended = true;
      // A sandbox handed in outlives this core (a restart test starts the next core on it).
      if (sandbox && !opts.running) await sandbox.close().catch(() => undefined);
      for (const fn of exitFns) fn(code);
    };
    const started = (async () => {
      sandbox =
        opts.running ??
        (await startSandbox({
          autoApprove: true,
          apps: [
            {
              app_id: DEMO_APP_ID,
              secret: opts.appSecret ?? randomBytes(8).toString('hex').toUpperCase(),
              redirect_uri: `http://127.0.0.1:${await freeLoopbackPort()}/callback`,
              template: 'orders',
            },
          ],
          onInternalError: opts.onInternalError ?? ((line: string) => post({ type: 'log', line })),
          ...(childOptions.seed !== undefined ? { seed: childOptions.seed } : {}),
          ...(childOptions.testControls ? { testControls: true } : {}),
          ...(opts.timeSource ? { timeSource: opts.timeSource } : {}),
          ...(opts.simSleep ? { simSleep: opts.simSleep } : {}),
          ...opts.sandbox,
        }));
      if (ended) {
        if (!opts.running) await sandbox.close().catch(() => undefined);
        return;
      }
      post({
        type: 'ready',
        url: sandbox.url,
        symbolMasterBase: sandbox.symbolMasterBase,
        dataUrl: sandbox.dataUrl,
        historyUrl: sandbox.historyUrl,
        socketUrl: sandbox.socketUrl,
        v3: {
          apiBase: sandbox.v3.apiBase,
          dataUrl: sandbox.v3.dataUrl,
          orderSocketUrl: sandbox.v3.orderSocketUrl,
          dataSocketUrl: sandbox.v3.dataSocketUrl,
        },
        apps: sandbox.apps.map((a) => ({
          app_id: a.app_id,
          redirect_uri: a.redirect_uri,
          template: a.template,
        })),
      });
    })();
    started.catch((err: unknown) => {
      post({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
      void end(1);
    });
    return {
      send(msg) {
        if (msg.type === 'stop') void started.catch(() => undefined).then(() => end(0));
      },
      onMessage(fn) {
        messageFns.push(fn);
        for (const msg of pending.splice(0)) fn(msg);
      },
      onExit(fn) {
        exitFns.push(fn);
      },
      kill() {
        void end(null);
      },
    };
  };
}
