import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppCore, type CoreDeps } from '../../core/app/app-core';
import type { Logger } from '../../core/diagnostics/logger';
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
  /** The core's logger, for the host's own lines (the CLI's "would open" notes). */
  logger: Logger;
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
}): Promise<Harness> {
  const secret = randomBytes(24).toString('base64url');
  const server = createServer();
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolvePromise());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  const core = await createAppCore({ ...opts.deps, host: 'harness' });
  // The core's one redacting logger: refusals and handler failures reach the log file and the bundle.
  const logger = core.logger.child('harness');
  const router = createRouter({ handlers: createHandlers(core), trustedOrigins: [origin], logger });
  const bus = createEventBus(router, (name, err) =>
    logger.error('event payload outside the contract', { name, err: String(err) }),
  );
  core.attachEmitter(bus.emit, bus.busy);
  const ws = attachWsTransport({
    server,
    router,
    bus,
    origin,
    secret,
    onWarn: (msg, fields) => logger.warn(msg, fields),
  });
  const serveStatic = createStaticHandler(opts.rendererRoot, `ws://127.0.0.1:${port}`);
  server.on('request', (req, res) => {
    void serveStatic(req, res);
  });

  return {
    url: `${origin}/#secret=${secret}`,
    // Test controls are asked for by tests that drive the sandbox: start it for them now.
    sandboxUrl: opts.deps.demo?.testControls && core.demo ? (await core.demo.ensure()).url : null,
    logger: core.logger.child('harness'),
    async close() {
      ws.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await core.dispose();
    },
  };
}
