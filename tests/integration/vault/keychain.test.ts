// A round trip through the real OS keychain via @napi-rs/keyring/keytar. CI runs tests
// under dbus-run-session with an unlocked gnome-keyring. If that ambient keychain is not
// usable (no Secret Service, or a login keyring left locked by an earlier run with another
// password), the test repeats the round trip in a private dbus-run-session with a fresh
// keyring in a temp folder; only when those tools are missing too does it skip, printing why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keychainRoundTrip } from './keychain-roundtrip';

const script = fileURLToPath(new URL('./keychain-roundtrip.ts', import.meta.url));

function hasTool(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).status === 0;
}

test('vault round trip through the OS keychain (Secret Service)', async (t) => {
  const ambient = await keychainRoundTrip();
  if (ambient.ok) return;

  if (
    process.platform !== 'linux' ||
    !hasTool('dbus-run-session') ||
    !hasTool('gnome-keyring-daemon')
  ) {
    const why = `${ambient.unavailable}; and no dbus-run-session/gnome-keyring-daemon to start a private one`;
    console.log(`# keychain test skipped: ${why}`);
    t.skip(why);
    return;
  }
  console.log(
    `# ambient keychain unusable (${ambient.unavailable}); using a private D-Bus session and keyring`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-keyring-'));
  try {
    const child = spawnSync(
      'dbus-run-session',
      [
        '--',
        'sh',
        '-c',
        'printf tickdesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$0" --import tsx "$1"',
        process.execPath,
        script,
      ],
      { encoding: 'utf8', env: { ...process.env, XDG_DATA_HOME: dir }, timeout: 60_000 },
    );
    const last = child.stdout.trim().split('\n').at(-1) ?? '';
    let result: { ok?: boolean; unavailable?: string; error?: string } = {};
    try {
      result = JSON.parse(last) as typeof result;
    } catch {
      assert.fail(
        `keychain child printed no result (status ${child.status}): ${child.stdout}\n${child.stderr}`,
      );
    }
    if (result.unavailable) {
      const why = `no usable keychain even in a private session: ${result.unavailable}`;
      console.log(`# keychain test skipped: ${why}`);
      t.skip(why);
      return;
    }
    assert.equal(result.ok, true, result.error ?? child.stderr);
    assert.equal(child.status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
