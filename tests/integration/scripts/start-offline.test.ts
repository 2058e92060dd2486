/**
 * `npm start` where the Electron binary cannot be downloaded, and under a Node older than
 * package.json's engines (issue 23 #4). The download is made to fail as on a machine that
 * cannot reach github.com: the mirror is a loopback port nothing listens on, the proxies point
 * there too, the cache is an empty temporary folder, and ELECTRON_OVERRIDE_DIST_PATH hides any
 * binary this machine already has. The script must say what it tried, from where, and the
 * ways on — never a stack trace.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronInstaller, electronVersion } from '../../../scripts/lib/electron-binary.mjs';
import { electronDownloadPlan } from '../../../scripts/lib/electron-download.mjs';
import { nodeTooOld } from '../../../scripts/lib/node-version.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const engines = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    engines: { node: string };
  }
).engines.node;

/** A loopback port that was free a moment ago: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

async function runStart(
  env: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
  node = process.execPath,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(node, [...nodeArgs, 'scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

function offlineEnv(dir: string, mirror: string): NodeJS.ProcessEnv {
  mkdirSync(join(dir, 'dist'), { recursive: true });
  return {
    ELECTRON_MIRROR: mirror,
    HTTP_PROXY: mirror,
    HTTPS_PROXY: mirror,
    http_proxy: mirror,
    https_proxy: mirror,
    NO_PROXY: '',
    electron_config_cache: join(dir, 'cache'),
    ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'dist'),
  };
}

test('npm start without a reachable Electron download says what it tried, from where, and what to do', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-start-'));
  try {
    const mirror = `http://127.0.0.1:${await closedPort()}/`;
    const { code, stdout, stderr } = await runStart(offlineEnv(dir, mirror));
    const version = electronVersion();
    const file = `electron-v${version}-${process.platform}-${process.arch}.zip`;

    assert.equal(code, 1, `exits with 1:\n${stderr}`);
    assert.match(stdout, /Downloading the Electron \d+\.\d+\.\d+ binary \(first launch only\)/);
    assert.match(
      stderr,
      new RegExp(
        `^npm start: could not download Electron ${version.replaceAll('.', '\\.')} for ${process.platform}-${process.arch} \\(.*ECONNREFUSED.*\\)\\.$`,
        'm',
      ),
    );
    assert.ok(
      stderr.includes(`Tried: ${mirror}v${version}/${file} (from ELECTRON_MIRROR)`),
      `names the address:\n${stderr}`,
    );
    assert.ok(stderr.includes(`Cache: ${join(dir, 'cache')}`), `names the cache:\n${stderr}`);
    assert.match(stderr, /set ELECTRON_MIRROR/);
    assert.match(stderr, new RegExp(`copy ${file.replaceAll('.', '\\.')} .* to `));
    assert.match(stderr, /npm run harness runs Tickdesk in your browser/);
    assert.ok(!/^\s+at /m.test(stderr), `no stack trace:\n${stderr}`);
    assert.ok(
      !/TypeError: fetch failed\n/.test(stderr),
      `the installer's own trace is not passed on`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the cache file the message names is the one the installer reads', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-start-'));
  try {
    const mirror = `http://127.0.0.1:${await closedPort()}/`;
    const env = offlineEnv(dir, mirror);
    const plan = electronDownloadPlan({
      version: electronVersion(),
      platform: process.platform,
      arch: process.arch,
      env: { ...env },
    });
    // Not a real zip: the installer finds it there (its debug log says "Cache hit"), refuses its
    // checksum and falls back to the network, which is closed.
    mkdirSync(dirname(plan.cachePath), { recursive: true });
    writeFileSync(plan.cachePath, 'not electron');
    const run = spawnSync(process.execPath, [electronInstaller()], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', ...env, DEBUG: '@electron/get:*' },
    });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /Cache hit/, run.stderr);
    assert.match(run.stderr, /didn't match checksums/, run.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm start under an older Node says so before anything else', async () => {
  // The script runs on this Node with process.version set to an old one before it starts.
  const pretend = `data:text/javascript,Object.defineProperty(process,"version",{value:"v20.11.1"})`;
  const { code, stdout, stderr } = await runStart({}, ['--import', pretend]);
  assert.equal(code, 1);
  assert.equal(stdout, '', 'nothing else was printed or started');
  assert.equal(
    stderr.trim(),
    `npm start: ${nodeTooOld('v20.11.1', engines)}`,
    'one line, and only that line',
  );
  assert.match(stderr, /needs Node 22\.12\.0 or later .* this is Node 20\.11\.1/);
});

test('npm start under a real older Node on this machine says so too', (t) => {
  const candidate =
    process.env.TICKDESK_OLD_NODE ?? (process.platform === 'win32' ? '' : '/usr/bin/node');
  const version = candidate
    ? spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout?.trim()
    : undefined;
  if (!version || !nodeTooOld(version, engines)) {
    t.skip(
      `no Node older than ${engines} found (set TICKDESK_OLD_NODE to one to run this); the test above pretends one`,
    );
    return;
  }
  const run = spawnSync(candidate, ['scripts/start.mjs'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  assert.equal(run.status, 1);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /^npm start: Tickdesk needs Node 22\.12\.0 or later/);
});
