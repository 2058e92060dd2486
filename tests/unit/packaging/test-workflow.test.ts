/**
 * The three-OS workflow (issue 23 #1): every push and pull request runs the whole `npm test` on
 * Windows, macOS and Linux, the real-Electron tests included and required (they must not skip
 * there), under Xvfb on Linux; the release workflow runs the same, then the packaged-app test,
 * before it publishes, and uploads the update feed files.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (f: string) => readFileSync(`${root}/.github/workflows/${f}`, 'utf8');

test('test.yml runs the whole npm test on the three OSes for pushes and pull requests', () => {
  const w = read('test.yml');
  assert.match(w, /^on:\n {2}push:\n {2}pull_request:/m);
  assert.match(w, /os: \[windows-latest, macos-latest, ubuntu-latest\]/);
  assert.match(w, /TICKDESK_REQUIRE_ELECTRON: '1'/, 'missing Electron fails, never skips');
  assert.match(w, /- run: npm ci\n/, 'installs as the README says');
  assert.match(w, /node node_modules\/electron\/install\.js/, 'downloads the Electron binary');
  assert.match(w, /xvfb-run .*\n.*npm test'/, 'Linux under Xvfb');
  assert.match(w, /run: npm test\n/, 'the other OSes');
  assert.doesNotMatch(w, /npm test -- /, 'the whole npm test, not some stages');
  // Every real-Electron spec is named (packaged.spec.ts runs in the release workflow).
  const specs = readdirSync(`${root}/tests/electron`).filter(
    (f) => f.endsWith('.spec.ts') && f !== 'packaged.spec.ts',
  );
  assert.ok(specs.includes('broker-windows.spec.ts'), 'the login and depository windows spec');
  for (const spec of specs) assert.ok(w.includes(spec), `names ${spec}`);
});

test('release.yml runs the same tests and the packaged-app test before it publishes', () => {
  const w = read('release.yml');
  const tests = w.indexOf('npm test');
  const dist = w.indexOf('npm run dist');
  const packaged = w.indexOf("TICKDESK_PACKAGED_APP: '1'");
  const publish = w.indexOf('gh release create');
  assert.ok(tests > 0 && tests < dist, 'npm test before packaging');
  assert.doesNotMatch(w, /npm test -- /, 'all stages');
  assert.ok(packaged > dist && packaged < publish, 'the packaged app is tested before publishing');
  assert.ok(w.includes('release/*.yml'), 'uploads the update feed (latest*.yml)');
});
