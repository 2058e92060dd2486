/**
 * The pure pieces of `npm start`'s first-launch messages (issue 23 #4): the Node version check
 * and the Electron download plan, worked out as @electron/get 5 does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { downloadError, electronDownloadPlan } from '../../../scripts/lib/electron-download.mjs';
import { minimumOf, nodeTooOld } from '../../../scripts/lib/node-version.mjs';

test('the engines range gives its lowest version; a range it cannot read lets the run go on', () => {
  assert.deepEqual(minimumOf('>=22.12'), [22, 12, 0]);
  assert.deepEqual(minimumOf('>= 22.12.1'), [22, 12, 1]);
  assert.equal(minimumOf('^22 || ^24'), undefined);
  assert.equal(nodeTooOld('v20.0.0', '^22 || ^24'), undefined);
});

test('Node older than the range is named with the version it needs; equal or newer passes', () => {
  assert.match(
    nodeTooOld('v22.11.9', '>=22.12')!,
    /needs Node 22\.12\.0 or later .* this is Node 22\.11\.9/,
  );
  assert.match(nodeTooOld('v18.20.4', '>=22.12')!, /Install Node 22 LTS/);
  assert.equal(nodeTooOld('v22.12.0', '>=22.12'), undefined);
  assert.equal(nodeTooOld('v24.1.0', '>=22.12'), undefined);
});

test('the download comes from GitHub unless a mirror is set, with the custom folder filled in', () => {
  const base = { version: '45.4.1', platform: 'linux', arch: 'x64' };
  const github = electronDownloadPlan({ ...base, env: { electron_config_cache: '/c' } });
  assert.equal(
    github.url,
    'https://github.com/electron/electron/releases/download/v45.4.1/electron-v45.4.1-linux-x64.zip',
  );
  assert.equal(github.mirrorSet, false);
  assert.ok(github.cachePath.startsWith(resolve('/c')), github.cachePath);
  assert.ok(github.cachePath.endsWith('electron-v45.4.1-linux-x64.zip'));
  const mirror = electronDownloadPlan({
    ...base,
    env: { ELECTRON_MIRROR: 'https://m.example/electron/', ELECTRON_CUSTOM_DIR: '{{ version }}' },
  });
  assert.equal(mirror.url, 'https://m.example/electron/45.4.1/electron-v45.4.1-linux-x64.zip');
  assert.equal(mirror.mirrorSet, true);
  assert.notEqual(mirror.cachePath, github.cachePath, 'each address has its own cache folder');
});

test("the installer's reason is kept and its stack trace dropped", () => {
  const stderr =
    'Error: Generated checksum for "electron-v45.4.1-linux-x64.zip" did not match expected checksum.\n' +
    '    at validateArtifact (file:///x/index.js:60:19)\n    at async downloadArtifact (file:///x/index.js:1:1)\n';
  assert.equal(
    downloadError(stderr),
    'Error: Generated checksum for "electron-v45.4.1-linux-x64.zip" did not match expected checksum.',
  );
  assert.equal(downloadError(''), 'no reason given');
});
