/** The app Demo registers with its sandbox, shared by the child process and in-process test hosts. */
import { createServer } from 'node:net';

/** The app Demo registers with its sandbox (Order Placement template). */
export const DEMO_APP_ID = 'SBXDEMO001-100';

/**
 * A port on 127.0.0.1 that is free now: bound, read and released. Another program could
 * take it before a Demo login binds it again; the login then fails with "Could not listen
 * on 127.0.0.1" and a restart of Tickdesk picks another.
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no loopback port'))));
    });
  });
}
