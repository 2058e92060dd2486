import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { exportSupportBundle } from '../../../electron/core/diagnostics/support-bundle';
import { buildZip, crc32 } from '../../../electron/core/diagnostics/zip-writer';
import { SecretRegistry } from '../../../electron/core/diagnostics/redact';

/** Read a stored-only zip back (what our writer produces), checking each CRC. */
function readZip(buf: Uint8Array): Map<string, string> {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const out = new Map<string, string>();
  const eocd = buf.length - 22;
  assert.equal(dv.getUint32(eocd, true), 0x06054b50);
  const count = dv.getUint16(eocd + 10, true);
  let p = dv.getUint32(eocd + 16, true);
  for (let i = 0; i < count; i++) {
    assert.equal(dv.getUint32(p, true), 0x02014b50);
    const crc = dv.getUint32(p + 16, true);
    const size = dv.getUint32(p + 20, true);
    const nameLen = dv.getUint16(p + 28, true);
    const local = dv.getUint32(p + 42, true);
    const name = new TextDecoder().decode(buf.subarray(p + 46, p + 46 + nameLen));
    const lNameLen = dv.getUint16(local + 26, true);
    const data = buf.subarray(local + 30 + lNameLen, local + 30 + lNameLen + size);
    assert.equal(crc32(data), crc, `crc of ${name}`);
    out.set(name, new TextDecoder().decode(data));
    p += 46 + nameLen;
  }
  return out;
}

test('crc32 matches the standard check value', () => {
  assert.equal(crc32(new TextEncoder().encode('123456789')), 0xcbf43926);
});

test('zip writer refuses unsafe or duplicate names', () => {
  assert.throws(() => buildZip([{ name: '../x', data: '' }]));
  assert.throws(() => buildZip([{ name: '/abs', data: '' }]));
  assert.throws(() =>
    buildZip([
      { name: 'a', data: '' },
      { name: 'a', data: '' },
    ]),
  );
});

test('support bundle: one zip with manifest, settings, snapshots and logs, all redacted', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-bundle-'));
  try {
    const reg = new SecretRegistry();
    reg.add('live-token-abcdef');
    const path = join(dir, 'out', 'support.zip');
    const res = await exportSupportBundle(path, {
      appVersion: '0.1.0',
      clock: { now: () => Date.parse('2026-01-05T04:00:00Z') },
      logLines: () => [
        '{"msg":"sent Authorization: APP:live-token-abcdef"}',
        '{"msg":"ok ?auth_code=AC1&state=S1"}',
      ],
      settings: () => ({
        version: 1,
        accounts: [{ id: 'a', appId: 'APP-1', label: 'Main' }],
        appSecret: 'oops',
      }),
      snapshots: {
        session: () => ({ status: 'active', accessToken: 'live-token-abcdef', expiresAt: 1 }),
        limiter: () => ({ usedSecond: 3, usedMinute: 50, usedDay: 900 }),
        broken: () => {
          throw new Error('no limiter yet');
        },
      },
      system: { platform: 'linux', release: '6.1', arch: 'x64', versions: { node: '20.20.2' } },
      registry: reg,
    });
    assert.equal(res.path, path);
    assert.deepEqual(readdirSync(join(dir, 'out')), ['support.zip'], 'no temp file left');
    const raw = readFileSync(path);
    assert.equal(res.bytes, raw.length);
    const files = readZip(new Uint8Array(raw));
    assert.deepEqual(
      [...files.keys()],
      ['manifest.json', 'settings.json', 'snapshots.json', 'logs.jsonl'],
    );
    const manifest = JSON.parse(files.get('manifest.json') ?? '{}') as {
      appVersion: string;
      system: { platform: string; node: string };
    };
    assert.equal(manifest.appVersion, '0.1.0');
    assert.equal(manifest.system.platform, 'linux');
    const all = [...files.values()].join('\n');
    assert.doesNotMatch(all, /live-token-abcdef|AC1|S1&|oops/);
    const snaps = JSON.parse(files.get('snapshots.json') ?? '{}') as Record<
      string,
      Record<string, unknown>
    >;
    assert.equal(snaps.limiter?.usedMinute, 50);
    assert.equal(snaps.session?.status, 'active');
    assert.match(String(snaps.broken?.error), /no limiter yet/);
    assert.equal(files.get('logs.jsonl')?.split('\n').filter(Boolean).length, 2);

    // Where the system unzip exists, prove the archive opens with a standard tool.
    const unzip = spawnSync('unzip', ['-t', path], { encoding: 'utf8' });
    if (unzip.error)
      console.log(
        `# unzip not available (${unzip.error.message}); checked with the built-in reader only`,
      );
    else assert.equal(unzip.status, 0, unzip.stdout + unzip.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
