/**
 * The Demo broker's process entry: the desktop app starts it as an Electron utility process
 * (bundled as dist/sandbox/child.cjs), the harness and tests fork it with tsx. It starts the
 * sandbox with auto-approve, says where it listens, and closes cleanly when told to stop or
 * when its parent goes away, so the simulated market never ticks in the app's main process.
 */
import { randomBytes } from 'node:crypto';
import {
  DemoChildOptions,
  DemoParentMessage,
  type DemoChildMessage,
} from '../shared/demo/child-messages';
import { DEMO_APP_ID, freeLoopbackPort } from './demo-app';
import { startSandbox, type SandboxHandle } from './index';

/** The channel to the parent: Electron's `process.parentPort` or Node's IPC (`process.send`). */
interface ParentChannel {
  post(msg: DemoChildMessage): void;
  onMessage(fn: (msg: unknown) => void): void;
  onGone(fn: () => void): void;
}

interface ElectronParentPort {
  postMessage(msg: unknown): void;
  on(event: 'message', fn: (e: { data: unknown }) => void): void;
}

function parentChannel(): ParentChannel | null {
  const port = (process as { parentPort?: ElectronParentPort }).parentPort;
  if (port)
    return {
      post: (m) => port.postMessage(m),
      onMessage: (fn) => port.on('message', (e) => fn(e.data)),
      // Electron ends a utility process together with its parent.
      onGone: () => undefined,
    };
  const send = process.send?.bind(process);
  if (send)
    return {
      post: (m) => send(m),
      onMessage: (fn) => process.on('message', fn),
      onGone: (fn) => process.on('disconnect', fn),
    };
  return null;
}

async function main(): Promise<void> {
  const parent = parentChannel();
  if (!parent) {
    process.stderr.write(
      'sandbox/child: start me from the app (no parent channel); use cli.ts alone.\n',
    );
    process.exit(2);
  }
  let sandbox: SandboxHandle | null = null;
  // The sandbox's own timers are unref'd; this process lives until it is told to stop.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // A close that hangs (a client that never lets go of its socket) must not keep an orphan
    // alive: it would tick on and hold the pipes of whatever started it.
    setTimeout(() => process.exit(code), 3000).unref();
    await sandbox?.close().catch(() => undefined);
    clearInterval(keepAlive);
    process.exit(code);
  };
  parent.onMessage((raw) => {
    if (DemoParentMessage.safeParse(raw).success) void stop(0);
  });
  parent.onGone(() => void stop(0));
  try {
    const options = DemoChildOptions.parse(JSON.parse(process.argv[2] ?? '{}'));
    // The sandbox, like a real broker, wants the exact registered redirect_uri: Demo
    // registers the one port its loopback listener will use for every Demo login.
    sandbox = await startSandbox({
      autoApprove: options.loginPage !== true,
      apps: [
        {
          app_id: DEMO_APP_ID,
          // PKCE logins never send it; random so no two launches share one.
          secret: randomBytes(8).toString('hex').toUpperCase(),
          redirect_uri: `http://127.0.0.1:${await freeLoopbackPort()}/callback`,
          template: options.template ?? 'orders',
        },
      ],
      // Its internal errors belong in the app's (redacted) log, not on a console.
      onInternalError: (line: string) => parent.post({ type: 'log', line: line.slice(0, 4000) }),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.testControls ? { testControls: true } : {}),
    });
    if (stopping) return;
    parent.post({
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
  } catch (err) {
    parent.post({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
    await stop(1);
  }
}

void main();
