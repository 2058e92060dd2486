/**
 * sandbox/ is a package others can run by itself: built by the root build into runnable JS
 * (scripts/lib/sandbox-bundle.mjs), packed with `npm pack`, extracted in a folder outside
 * the repository next to nothing but the dependencies its package.json declares, and run
 * from its `bin` with plain Node (no tsx, no `shared/` beside it): it prints its JSON start
 * line, answers REST calls and stops on SIGTERM.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSandboxPackage } from '../../../scripts/lib/sandbox-bundle.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

interface Manifest {
  name: string;
  main: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  engines: { node: string };
}

/** npm's own JavaScript entry, run with this Node (an `npm.cmd` shim needs a shell on Windows). */
function npmCli(): string | null {
  const candidates = [
    process.env.npm_execpath,
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    join(dirname(process.execPath), 'node_modules', 'npm', 'bin', 'npm-cli.js'),
  ];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    candidates.push(join(dir, 'npm'), join(dir, 'node_modules', 'npm', 'bin', 'npm-cli.js'));
  }
  for (const c of candidates) {
    if (!c || !existsSync(c)) continue;
    const real = realpathSync(c);
    if (/npm-cli\.js$/.test(real)) return real;
  }
  return null;
}

/** Reads the child's stdout until its first line; fails if it exits first. */
async function firstLine(child: ReturnType<typeof spawn>, stderr: () => string): Promise<string> {
  let out = '';
  child.stdout!.setEncoding('utf8');
  while (!out.includes('\n')) {
    const [chunk] = (await Promise.race([
      once(child.stdout!, 'data'),
      once(child, 'exit').then(() => {
        throw new Error(`the packed sandbox exited before its start line: ${stderr()}`);
      }),
    ])) as [string];
    out += chunk;
  }
  return out.split('\n')[0]!;
}

test('the packed sandbox installs outside the repository and runs by itself', async (t) => {
  const npm = npmCli();
  if (!npm) {
    t.skip('npm-cli.js not found next to this Node or on PATH, so `npm pack` cannot run');
    console.log('# skipped: npm-cli.js not found next to this Node or on PATH');
    return;
  }
  await buildSandboxPackage();
  const work = mkdtempSync(join(tmpdir(), 'tickdesk-sandbox-pack-'));
  try {
    const pack = spawnSync(
      process.execPath,
      [npm, 'pack', '--json', '--ignore-scripts', '--pack-destination', work],
      { cwd: join(root, 'sandbox'), encoding: 'utf8' },
    );
    assert.equal(pack.status, 0, `npm pack failed: ${pack.stderr}`);
    const [packed] = JSON.parse(pack.stdout) as [{ filename: string; files: { path: string }[] }];
    const files = packed.files.map((f) => f.path);
    assert.ok(files.includes('dist/cli.js'), `dist/cli.js packed (${files.join(', ')})`);
    assert.deepEqual(
      files.filter((f) => f.endsWith('.ts')),
      [],
      'no TypeScript sources ship: the package runs without tsx',
    );

    const install = join(work, 'install');
    mkdirSync(install);
    const tar = spawnSync('tar', ['-xzf', join(work, packed.filename), '-C', install], {
      encoding: 'utf8',
    });
    assert.equal(tar.status, 0, `tar failed: ${tar.stderr}`);
    const pkgDir = join(install, 'package');
    const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as Manifest;
    assert.deepEqual(Object.keys(manifest.dependencies).sort(), ['ws', 'zod']);
    const rootEngines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest)
      .engines.node;
    assert.equal(manifest.engines.node, rootEngines, 'one Node version for app and sandbox');
    assert.match(manifest.main, /\.js$/);

    // Its declared dependencies, and nothing else, beside it: the repository's installed copies
    // of exactly the declared versions (no registry in a test).
    const deps = join(pkgDir, 'node_modules');
    mkdirSync(deps);
    for (const [name, version] of Object.entries(manifest.dependencies)) {
      const src = join(root, 'node_modules', name);
      const installed = (
        JSON.parse(readFileSync(join(src, 'package.json'), 'utf8')) as { version: string }
      ).version;
      assert.equal(installed, version, `${name}: the declared version is the one installed`);
      symlinkSync(src, join(deps, name), 'junction');
    }
    assert.deepEqual(readdirSync(deps).sort(), ['ws', 'zod']);

    const bin = join(pkgDir, manifest.bin['tickdesk-sandbox']!);
    let stderr = '';
    const child = spawn(process.execPath, [bin, '--test-controls', '--seed', '3'], {
      cwd: install,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => (stderr += d));
    try {
      const line = JSON.parse(await firstLine(child, () => stderr)) as {
        base_url: string;
        socketUrl: string;
        apps: unknown[];
      };
      assert.match(line.base_url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.match(line.socketUrl, /^ws:\/\/127\.0\.0\.1:\d+\//);
      assert.ok(line.apps.length > 0);

      const clock = await fetch(new URL('/__sandbox/clock', line.base_url));
      assert.equal(clock.status, 200);
      assert.equal(typeof ((await clock.json()) as { now?: unknown }).now, 'string');
      const profile = await fetch(new URL('/api/v2/profile', line.base_url));
      assert.equal(profile.status, 401, 'an unauthenticated call is refused, in the API shape');
      assert.equal(((await profile.json()) as { s?: string }).s, 'error');
    } finally {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code, signal] = (await exited) as [number | null, string | null];
      if (process.platform !== 'win32')
        assert.equal(code, 0, `stops cleanly on SIGTERM (signal ${signal}): ${stderr}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
