/**
 * Demo's registered login port is drawn outside the OS's ephemeral ranges, so a port handed
 * out for `listen(0)` or an outgoing connection cannot take it between the sandbox
 * registering it and the login binding it; a port already held is never returned.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { test } from 'node:test';
import { DEMO_LOGIN_PORTS, freeLoopbackPort } from '../../../sandbox/demo-app';

const listen = (port: number): Promise<Server> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => resolve(s));
  });

test('the port is below every default ephemeral range and can be bound', async () => {
  for (let i = 0; i < 5; i++) {
    const port = await freeLoopbackPort();
    assert.ok(port >= DEMO_LOGIN_PORTS.from && port <= DEMO_LOGIN_PORTS.to, `port ${port}`);
    assert.ok(port < 32_768, 'below the Linux, Windows and macOS ephemeral ranges');
    const s = await listen(port);
    await new Promise((r) => s.close(r));
  }
});

test('a port another program holds is never returned', async () => {
  const held = await listen(0);
  const address = held.address();
  assert.ok(address && typeof address === 'object');
  try {
    const port = await freeLoopbackPort({ from: address.port, to: address.port });
    assert.notEqual(port, address.port);
    const s = await listen(port);
    await new Promise((r) => s.close(r));
  } finally {
    await new Promise((r) => held.close(r));
  }
});
