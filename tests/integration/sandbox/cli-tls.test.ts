import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { connect } from 'node:tls';
import { once } from 'node:events';
import { parseArgs } from '../../../sandbox/cli';

function peerFingerprint(url: string): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const sock = connect(
      { host: u.hostname, port: Number(u.port), rejectUnauthorized: false },
      () => {
        const fp = sock.getPeerCertificate().fingerprint256;
        sock.end();
        resolve(fp);
      },
    );
    sock.on('error', reject);
  });
}

test('the CLI prints one JSON line; --tls serves HTTPS with the announced certificate', async () => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'sandbox/cli.ts',
      '--tls',
      '--seed',
      '7',
      '--test-controls',
      '--app',
      'MYAPP-100:S3CRET:http://127.0.0.1:9/cb:orders',
    ],
    {
      cwd: new URL('../../../', import.meta.url),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    let out = '';
    child.stdout.setEncoding('utf8');
    while (!out.includes('\n')) {
      const [chunk] = (await Promise.race([
        once(child.stdout, 'data'),
        once(child, 'exit').then(() => {
          throw new Error('sandbox exited');
        }),
      ])) as [string];
      out += chunk;
    }
    const line = JSON.parse(out.split('\n')[0]!) as Record<string, unknown>;
    assert.deepEqual(Object.keys(line).sort(), [
      'apps',
      'base_url',
      'dataUrl',
      'depositoryUrl',
      'fingerprint',
      'historyUrl',
      'socketUrl',
      'symbol_master_base',
      'user',
      'v3',
    ]);
    assert.match(String(line.base_url), /^https:\/\/127\.0\.0\.1:\d+$/);
    // v2 history on the broker's origin; quotes and depth on a data host (an origin) of their own.
    assert.equal(line.historyUrl, `${String(line.base_url)}/data-rest/v2/`);
    assert.match(String(line.dataUrl), /^https:\/\/127\.0\.0\.1:\d+\/data\/$/);
    assert.notEqual(new URL(String(line.dataUrl)).port, new URL(String(line.base_url)).port);
    assert.match(String(line.socketUrl), /^wss:\/\/127\.0\.0\.1:\d+\/socket\/v2\/dataSock$/);
    assert.notEqual(new URL(String(line.socketUrl)).port, new URL(String(line.base_url)).port);
    assert.equal(await peerFingerprint(String(line.socketUrl)), line.fingerprint);
    // The same broker in the API v3 dialect: its trading base and data host, and its
    // sockets on the same (TLS) socket port.
    const socketOrigin = new URL(String(line.socketUrl)).origin.replace(/^https/, 'wss');
    assert.deepEqual(line.v3, {
      apiBase: `${String(line.base_url)}/api/v3`,
      dataUrl: `${String(line.base_url)}/data`,
      orderSocketUrl: `${socketOrigin}/trade/v3`,
      dataSocketUrl: `${socketOrigin}/hsm/v1-5/prod`,
    });
    // The eDIS depository: HTTPS on a port (an origin) of its own, with the same certificate.
    assert.match(String(line.depositoryUrl), /^https:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(new URL(String(line.depositoryUrl)).port, new URL(String(line.base_url)).port);
    assert.equal(await peerFingerprint(String(line.depositoryUrl)), line.fingerprint);
    const apps = line.apps as { app_id: string; template: string; redirect_uri: string }[];
    assert.deepEqual(
      apps.map((a) => a.template),
      ['basic', 'transactions', 'orders', 'orders'],
    );
    assert.equal(apps[3]!.redirect_uri, 'http://127.0.0.1:9/cb');
    assert.match(String(line.fingerprint), /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    assert.equal(await peerFingerprint(String(line.base_url)), line.fingerprint);
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

test('CLI flags parse; bad flags are refused with a message', () => {
  const { requestLog, ...parsed } = parseArgs([
    '--port',
    '8123',
    '--socket-port',
    '8124',
    '--depository-port',
    '8125',
    '--earlier-tokens',
    'keep',
    '--seed',
    '3',
    '--quirks',
    'off',
    '--auto-approve',
    '--test-controls',
    '--tls',
    '--always-open',
  ]);
  assert.deepEqual(parsed, {
    port: 8123,
    socketPort: 8124,
    depositoryPort: 8125,
    earlierTokens: 'keep',
    seed: 3,
    quirks: false,
    autoApprove: true,
    testControls: true,
    tls: true,
    alwaysOpen: true,
  });
  assert.equal(typeof requestLog, 'function');
  assert.equal(parseArgs(['--quiet']).requestLog, undefined);
  const withApp = parseArgs(['--app', 'A-1:SEC:http://127.0.0.1:5000/cb?x=1:transactions']);
  assert.deepEqual(withApp.apps, [
    {
      app_id: 'A-1',
      secret: 'SEC',
      redirect_uri: 'http://127.0.0.1:5000/cb?x=1',
      template: 'transactions',
    },
  ]);
  assert.throws(() => parseArgs(['--quirks', 'maybe']), /on or off/);
  assert.throws(() => parseArgs(['--earlier-tokens', 'sometimes']), /revoke or keep/);
  assert.throws(() => parseArgs(['--depository-port', '70000']), /0\.\.65535/);
  assert.throws(() => parseArgs(['--port']), /needs a value/);
  assert.throws(() => parseArgs(['--app', 'A:B:http://x/cb:admin']), /TEMPLATE must be/);
  assert.throws(() => parseArgs(['--bogus']), /unknown option/);
});
