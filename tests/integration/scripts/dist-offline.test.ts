/**
 * `npm run dist` where the Electron binary cannot be downloaded ends with one clear line, not
 * a stack trace (issue 10, "Release builds"). The run cannot reach any network: Electron's and
 * electron-builder's mirrors and the proxies point at a closed loopback port, and their
 * caches are empty temporary folders, so the Electron download fails at once, as it does on a
 * machine without access to github.com. (scripts/dist.mjs builds first, then packages.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** The discard port on loopback: nothing listens, every connection is refused. */
const NOWHERE = 'http://127.0.0.1:9';

test('npm run dist without the Electron binary fails with one line that says why', async () => {
  const caches = mkdtempSync(join(tmpdir(), 'tickdesk-dist-'));
  try {
    const child = spawn(process.execPath, ['scripts/dist.mjs', '--linux'], {
      cwd: root,
      env: {
        ...process.env,
        ELECTRON_MIRROR: `${NOWHERE}/`,
        ELECTRON_BUILDER_BINARIES_MIRROR: `${NOWHERE}/`,
        HTTP_PROXY: NOWHERE,
        HTTPS_PROXY: NOWHERE,
        http_proxy: NOWHERE,
        https_proxy: NOWHERE,
        NO_PROXY: '',
        electron_config_cache: join(caches, 'electron'),
        ELECTRON_BUILDER_CACHE: join(caches, 'electron-builder'),
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));

    assert.equal(code, 1, `exits with 1: ${stderr}`);
    const lines = stderr.split('\n').filter((l) => l.trim() !== '');
    const said = lines.filter((l) => l.startsWith('npm run dist:'));
    assert.equal(said.length, 1, `one line from dist.mjs:\n${stderr}`);
    assert.match(
      said[0]!,
      /^npm run dist: could not download Electron \d+\.\d+\.\d+ \(.*ECONNREFUSED.*\); installers need it from github\.com/,
    );
    assert.equal(lines.at(-1), said[0], 'it is the last thing printed');
    assert.ok(!/^\s+at /m.test(stderr), `no stack trace:\n${stderr}`);
  } finally {
    rmSync(caches, { recursive: true, force: true });
  }
});
