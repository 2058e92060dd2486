/** The app Demo registers with its sandbox, shared by the child process and in-process test hosts. */
import { createServer } from 'node:net';

/** The app Demo registers with its sandbox (Order Placement template). */
export const DEMO_APP_ID = 'SBXDEMO001-100';

/**
 * Where Demo's registered login port is drawn from: below every default ephemeral range
 * (Linux 32768–60999, Windows and macOS 49152–65535). A port the OS hands out for `listen(0)`
 * or for an outgoing connection comes from those ranges, so nothing picks Demo's port by
 * chance between the sandbox registering it and the login binding it (on a busy test machine
 * that gap lost logins with "Could not listen on 127.0.0.1").
 */
export const DEMO_LOGIN_PORTS = { from: 20_000, to: 32_767 } as const;

/** Random draws from `DEMO_LOGIN_PORTS` before falling back to an ephemeral port. */
const DRAWS = 20;

function probe(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const got = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(got || null));
    });
  });
}

/**
 * A port on 127.0.0.1 that is free now, drawn from `range` (default `DEMO_LOGIN_PORTS`):
 * bound, read and released. Only another program listening on that very port can take it
 * before a Demo login binds it; the login then fails with "Could not listen on 127.0.0.1"
 * and a restart of Tickdesk draws another. If every draw is taken, an ephemeral port.
 */
export async function freeLoopbackPort(
  range: { from: number; to: number } = DEMO_LOGIN_PORTS,
): Promise<number> {
  for (let i = 0; i < DRAWS; i++) {
    const port = range.from + Math.floor(Math.random() * (range.to - range.from + 1));
    const got = await probe(port);
    if (got) return got;
  }
  const any = await probe(0);
  if (!any) throw new Error('no loopback port');
  return any;
}
