/**
 * The transport's safety rules with the real platform fetch over real sockets: a redirect
 * is refused (the other origin never sees the Authorization header), a server that never
 * answers hits the time limit, and a connection reset mid-request is an ambiguous failure.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpTransport } from '../../../electron/core/broker/http-transport';
import type { BrokerError } from '../../../electron/core/broker/broker-error';

const creds = () => ({ appId: 'APP-1', accessToken: 'secret-token' });
let broker: Server;
let other: Server;
let brokerUrl = '';
let otherUrl = '';
const otherSaw: IncomingHttpHeaders[] = [];

async function listen(s: Server): Promise<string> {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

before(async () => {
  other = createServer((req, res) => {
    otherSaw.push(req.headers);
    res.end('{"s":"ok"}');
  });
  otherUrl = await listen(other);
  broker = createServer((req, res) => {
    if (req.url === '/api/v2/redirect') {
      res.writeHead(302, { location: `${otherUrl}/steal` });
      res.end();
    } else if (req.url === '/api/v2/hang') {
      // never answers
    } else if (req.url === '/api/v2/reset') {
      req.socket.destroy();
    }
  });
  brokerUrl = await listen(broker);
});
after(async () => {
  broker.closeAllConnections();
  other.closeAllConnections();
  await Promise.all([new Promise((r) => broker.close(r)), new Promise((r) => other.close(r))]);
});

test('a redirect to another origin is not followed and the token never leaves', async () => {
  const t = createHttpTransport({ baseUrl: brokerUrl, credentials: creds });
  await assert.rejects(
    t.request({ method: 'GET', path: '/api/v2/redirect' }),
    (e: BrokerError) => e.kind === 'redirect' && e.httpStatus === 302,
  );
  assert.equal(otherSaw.length, 0);
});

test('a broker that never answers hits the time limit', async () => {
  const t = createHttpTransport({ baseUrl: brokerUrl, credentials: creds, timeoutMs: 300 });
  const t0 = Date.now();
  await assert.rejects(
    t.request({ method: 'POST', path: '/api/v2/hang', body: {} }),
    (e: BrokerError) => e.kind === 'timeout' && e.ambiguous,
  );
  assert.ok(Date.now() - t0 < 2000);
});

test('a connection reset after sending is an ambiguous network failure', async () => {
  const t = createHttpTransport({ baseUrl: brokerUrl, credentials: creds });
  await assert.rejects(
    t.request({ method: 'POST', path: '/api/v2/reset', body: {} }),
    (e: BrokerError) => e.kind === 'network' && e.ambiguous,
  );
});

test('a refused connection is a network failure that certainly sent nothing', async () => {
  const closed = createServer();
  const url = await listen(closed);
  await new Promise((r) => closed.close(r));
  const t = createHttpTransport({ baseUrl: url, credentials: creds });
  await assert.rejects(
    t.request({ method: 'POST', path: '/api/v2/orders', body: {} }),
    (e: BrokerError) => e.kind === 'network' && !e.ambiguous,
  );
});
