import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { strFromU8, unzipSync } from 'fflate';
import {
  BUNDLE_PARTS,
  exportSupportBundle,
  type SystemInfo,
} from '../../../electron/core/diagnostics/support-bundle';
import { escapeHtml } from '../../../electron/core/diagnostics/bundle-summary';
import { SecretRegistry } from '../../../electron/core/diagnostics/redact';

const system: SystemInfo = {
  platform: 'linux',
  release: '6.1',
  arch: 'x64',
  versions: { node: '20.20.2', electron: '41.7.1', chrome: '140.0' },
  locale: 'en-IN',
  timeZone: 'Asia/Kolkata',
};

test('support bundle: every part, compressed, redacted, with a summary naming the errors', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-bundle-'));
  try {
    const reg = new SecretRegistry();
    reg.add('live-token-abcdef');
    const path = join(dir, 'out', 'support.zip');
    const res = await exportSupportBundle(path, {
      appVersion: '0.1.0',
      clock: { now: () => Date.parse('2026-01-05T04:00:00Z') },
      madeBy: 'app',
      disk: {
        logLines: [
          '{"ts":"2026-01-05T03:00:00.000Z","level":"info","msg":"sent Authorization: APP:live-token-abcdef"}',
          '{"ts":"2026-01-05T03:00:01.000Z","level":"error","scope":"ipc","msg":"ipc: handler failed <script>x</script>"}',
          '{"msg":"ok ?auth_code=AC1&state=S1"}',
        ],
        requestLines: [
          '{"ts":"2026-01-05T03:00:02.000Z","method":"POST","path":"/api/v2/orders","status":400,"code":-392,"ms":12,"failure":null,"budget":{"second":1,"minute":1,"day":9},"intentIds":["int-1"]}',
          '{"ts":"2026-01-05T03:00:03.000Z","method":"GET","path":"/api/v2/orders","status":200,"code":200,"ms":8,"failure":null,"budget":null,"intentIds":[]}',
        ],
        journal: [
          {
            at: '2026-01-05T03:00:04.000Z',
            intentId: 'int-2',
            step: 'intent',
            action: 'place',
            data: { summary: 'BUY 1 SBIN' },
          },
          {
            at: '2026-01-05T03:00:05.000Z',
            intentId: 'int-2',
            step: 'request',
            action: 'place',
            data: {},
          },
        ],
        budgetDay: { day: '2026-01-05', count: 9 },
      },
      settings: () => ({
        version: 1,
        accounts: [{ id: 'a', appId: 'APP-1', label: 'Main', environment: 'live' }],
        activeAccountId: 'a',
        appSecret: 'oops',
      }),
      snapshots: {
        session: () => ({ status: 'active', accessToken: 'live-token-abcdef', expiresAt: 1 }),
        broken: () => {
          throw new Error('no limiter yet');
        },
      },
      system,
      registry: reg,
    });
    assert.equal(res.path, path);
    assert.deepEqual(readdirSync(join(dir, 'out')), ['support.zip'], 'no temp file left');
    const raw = readFileSync(path);
    assert.equal(res.bytes, raw.length);
    const files = new Map(
      Object.entries(unzipSync(new Uint8Array(raw))).map(([n, d]) => [n, strFromU8(d)]),
    );
    assert.deepEqual([...files.keys()].sort(), BUNDLE_PARTS.map(([n]) => n).sort());
    const all = [...files.values()].join('\n');
    assert.doesNotMatch(all, /live-token-abcdef|AC1|S1&|oops/);
    const sys = JSON.parse(files.get('system.json') ?? '{}') as Record<string, unknown>;
    assert.equal(sys.timeZone, 'Asia/Kolkata');
    assert.equal(sys.chromium, '140.0');
    const summary = files.get('summary.txt') ?? '';
    assert.match(summary, /POST \/api\/v2\/orders → 400 {2}code -392/);
    assert.match(summary, /price not a multiple of the tick size/);
    assert.match(summary, /place BUY 1 SBIN {2}intent int-2/, 'the open order action is listed');
    const html = files.get('summary.html') ?? '';
    assert.doesNotMatch(html, /<script>x<\/script>/, 'log text is escaped in the page');
    assert.match(html, /&lt;script&gt;x&lt;\/script&gt;/);
    assert.doesNotMatch(html, /<script|src=|href=/, 'self-contained: no scripts or outside links');
    const budget = JSON.parse(files.get('budget.json') ?? '{}') as {
      fromRequestLog: { requests: number; failed: number };
    };
    assert.deepEqual([budget.fromRequestLog.requests, budget.fromRequestLog.failed], [2, 1]);
    const snaps = JSON.parse(files.get('snapshots.json') ?? '{}') as Record<
      string,
      Record<string, unknown>
    >;
    assert.match(String(snaps.broken?.error), /no limiter yet/);
    const raw2 = raw.toString('latin1');
    assert.doesNotMatch(raw2, /tick size/, 'entries are compressed, not stored');

    // Where the system unzip exists, prove the archive opens with a standard tool.
    const unzip = spawnSync('unzip', ['-t', path], { encoding: 'utf8' });
    if (unzip.error)
      process.stdout.write(
        `# unzip not available (${unzip.error.message}); checked with fflate only\n`,
      );
    else assert.equal(unzip.status, 0, unzip.stdout + unzip.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('escapeHtml escapes markup and quotes', () => {
  assert.equal(
    escapeHtml(`<a href="x">'&'</a>`),
    '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
  );
});
