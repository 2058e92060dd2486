import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppCore, type CoreDeps } from '../../core/app/app-core';
import { createEventBus } from '../event-bus';
import { createHandlers } from '../handlers';
import { createRouter } from '../router';
import { createStaticHandler } from './static-server';
import { attachWsTransport } from './ws-transport';

/** A running harness: the URL to open (with its secret in the fragment) and how to stop it. */
export interface Harness {
  url: string;
  /** The embedded sandbox broker's base URL (Demo mode), for its test controls. */
  sandboxUrl: string | null;
  close(): Promise<void>;
}

/**
 * Runs the real main-process core and router in plain Node and serves the real renderer,
 * so the whole app can be driven in a browser on machines without the Electron binary.
 * Bound to 127.0.0.1 only; the secret travels in the URL fragment, which browsers never send.
 */
export async function startHarness(opts: {
  rendererRoot: string;
  port?: number;
  deps: Omit<CoreDeps, 'host'>;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}): Promise<Harness> {
  const log =
    opts.log ?? ((msg, fields) => process.stderr.write(JSON.stringify({ msg, ...fields }) + '\n'));
  const secret = randomBytes(24).toString('base64url');
  const server = createServer();
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolvePromise());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  const core = await createAppCore({ ...opts.deps, host: 'harness' });
  const logger = { warn: log, error: log };
  const router = createRouter({ handlers: createHandlers(core), trustedOrigins: [origin], logger });
  const bus = createEventBus(router, (name, err) =>
    log('event payload outside the contract', { name, err: String(err) }),
  );
  core.attachEmitter(bus.emit);
  const ws = attachWsTransport({ server, router, bus, origin, secret, onWarn: log });
  const serveStatic = createStaticHandler(opts.rendererRoot, `ws://127.0.0.1:${port}`);
  server.on('request', (req, res) => {
    void serveStatic(req, res);
  });

  return {
    url: `${origin}/#secret=${secret}`,
    // Test controls are asked for by tests that drive the sandbox: start it for them now.
    sandboxUrl: opts.deps.demo?.testControls && core.demo ? (await core.demo.ensure()).url : null,
    async close() {
      ws.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await core.dispose();
    },
  };
}
