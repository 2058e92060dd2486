/**
 * The release configuration as `npm run dist` reads it, checked against the JSON schema
 * electron-builder itself validates with (app-builder-lib/scheme.json), so a misspelt or
 * misplaced option fails here and not on a release runner. Then the promises the README
 * makes about the installers.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const schema = JSON.parse(
  readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'),
) as object;
// strict: false as electron-builder's own validator has it (the schema uses keywords such
// as "tsType" that Ajv does not know); no type coercion, so a wrong type is an error.
const validate: ValidateFunction = new Ajv({ allErrors: true, strict: false }).compile(schema);
type Config = Record<string, unknown> & {
  mac: Record<string, unknown>;
  linux: Record<string, unknown>;
  win: Record<string, unknown>;
  protocols: { schemes: string[] }[];
  electronFuses: Record<string, boolean>;
  deb?: Record<string, unknown>;
};
const config = require('../../../build/electron-builder.config.cjs') as Config;

function errors(candidate: unknown): string {
  return validate(candidate)
    ? ''
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ');
}

describe('electron-builder configuration', () => {
  it("matches electron-builder's own schema", () => {
    assert.equal(errors(config), '');
  });

  it('the schema check can fail: a misspelt option and a wrong type are caught', () => {
    assert.notEqual(errors({ ...config, hardendRuntime: true }), '');
    assert.notEqual(errors({ ...config, mac: { ...config.mac, hardenedRuntime: 'yes' } }), '');
  });

  it('builds NSIS, dmg and zip (hardened runtime, entitlements), AppImage and deb', () => {
    assert.deepEqual(config.win.target, ['nsis']);
    assert.deepEqual(config.mac.target, ['dmg', 'zip']);
    assert.equal(config.mac.hardenedRuntime, true);
    for (const key of ['entitlements', 'entitlementsInherit'] as const) {
      const file = config.mac[key] as string;
      assert.ok(existsSync(`${root}/${file}`), `${key}: ${file} exists`);
      assert.match(readFileSync(`${root}/${file}`, 'utf8'), /com\.apple\.security\.cs\.allow-jit/);
    }
    assert.deepEqual(config.linux.target, ['AppImage', 'deb']);
  });

  it("registers tickdesk:// and keeps electron-builder's deb script (AppArmor profile)", () => {
    assert.deepEqual(
      config.protocols.flatMap((p) => p.schemes),
      ['tickdesk'],
    );
    assert.equal(config.deb?.afterInstall, undefined);
    const template = readFileSync(
      require.resolve('app-builder-lib/templates/linux/after-install.tpl'),
      'utf8',
    );
    assert.match(template, /apparmor_parser/, 'the default deb script installs the profile');
  });

  it('sets the fuses', () => {
    assert.equal(config.asar, true);
    assert.equal(config.electronFuses.runAsNode, false);
    assert.equal(config.electronFuses.enableNodeOptionsEnvironmentVariable, false);
    assert.equal(config.electronFuses.enableNodeCliInspectArguments, false);
    assert.equal(config.electronFuses.onlyLoadAppFromAsar, true);
    assert.equal(config.electronFuses.enableEmbeddedAsarIntegrityValidation, true);
  });

  it('the release workflow builds every target on its own OS and uploads what the config makes', () => {
    const workflow = readFileSync(`${root}/.github/workflows/release.yml`, 'utf8');
    assert.match(workflow, /tags: \['v\*'\]/, 'runs on a version tag');
    for (const [runner, flag] of [
      ['windows-latest', '--win'],
      ['macos-latest', '--mac'],
      ['ubuntu-latest', '--linux'],
    ]) {
      assert.match(workflow, new RegExp(`os: ${runner}\\s+platform: ${flag}`), runner);
    }
    assert.match(workflow, /npm run dist -- \$\{\{ matrix\.platform \}\}/);
    for (const ext of ['exe', 'dmg', 'zip', 'AppImage', 'deb']) {
      assert.ok(workflow.includes(`release/*.${ext}`), `uploads *.${ext}`);
    }
  });
});
