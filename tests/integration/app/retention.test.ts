/**
 * Retention through the composed core: old logs, request logs, journals (orders and GTT) and bundles beyond
 * the settings are removed at start and when the setting changes; everything newer stays.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';
import { istDayKey } from '../../../shared/format/ist';

const DAY = 86_400_000;

describe('retention in the composed app', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-retention-'));
  const now = Date.now();
  const day = (back: number) => istDayKey(now - back * DAY);
  let core: AppCore;

  before(async () => {
    mkdirSync(join(dataDir, 'logs'), { recursive: true });
    mkdirSync(join(dataDir, 'journal'), { recursive: true });
    mkdirSync(join(dataDir, 'support'), { recursive: true });
    for (const back of [0, 1, 2, 3, 4, 10]) {
      writeFileSync(join(dataDir, 'logs', `tickdesk-${day(back)}.log`), '{}\n');
      writeFileSync(join(dataDir, 'logs', `requests-${day(back)}.log`), '{}\n');
      writeFileSync(join(dataDir, 'journal', `orders-${day(back)}.jsonl`), '');
      writeFileSync(join(dataDir, 'journal', `gtt-${day(back)}.jsonl`), '');
    }
    writeFileSync(join(dataDir, 'logs', `tickdesk-${day(4)}.log.1`), '{}\n');
    writeFileSync(join(dataDir, 'logs', `requests-${day(1)}.log.1`), '{}\n');
    writeFileSync(join(dataDir, 'logs', 'notes.txt'), 'not ours\n');
    for (const back of [0, 1, 3, 8]) {
      const f = join(dataDir, 'support', `tickdesk-support-${back}.zip`);
      writeFileSync(f, 'zip');
      const t = new Date(now - back * DAY - 60_000);
      utimesSync(f, t, t);
    }
    writeFileSync(
      join(dataDir, 'settings.json'),
      JSON.stringify({
        version: 1,
        preferences: { retention: { logDays: 3, journalDays: 5, bundleDays: 2 } },
      }),
    );
    core = await createAppCore({
      appName: 'Tickdesk',
      version: '0.0.0-test',
      platform: process.platform,
      host: 'harness',
      environment: 'demo',
      dataDir,
      openExternal: async () => {},
      keychain: async () => ({ keychain: null, reason: 'test: memory only' }),
    });
  });

  after(async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const names = (sub: string) => readdirSync(join(dataDir, sub)).sort();

  it('removes what is older than each setting at start and keeps the rest', () => {
    assert.deepEqual(core.settings.get().preferences.retention, {
      logDays: 3,
      journalDays: 5,
      bundleDays: 2,
    });
    const logs = names('logs');
    for (const back of [0, 1, 2]) {
      assert.ok(logs.includes(`tickdesk-${day(back)}.log`), `app log ${back} days back kept`);
      assert.ok(logs.includes(`requests-${day(back)}.log`), `request log ${back} days back kept`);
    }
    for (const back of [3, 4, 10]) {
      assert.ok(!logs.includes(`tickdesk-${day(back)}.log`), `app log ${back} days back removed`);
      assert.ok(!logs.includes(`requests-${day(back)}.log`));
    }
    assert.ok(!logs.includes(`tickdesk-${day(4)}.log.1`), 'an old rotated part goes too');
    assert.ok(logs.includes(`requests-${day(1)}.log.1`), "a kept day's rotated part stays");
    assert.ok(logs.includes('notes.txt'), 'files that are not ours stay');
    assert.deepEqual(
      names('journal'),
      [0, 1, 2, 3, 4].flatMap((b) => [`orders-${day(b)}.jsonl`, `gtt-${day(b)}.jsonl`]).sort(),
      'journals (orders and GTT): five days kept, the tenth-day ones removed',
    );
    assert.deepEqual(names('support'), ['tickdesk-support-0.zip', 'tickdesk-support-1.zip']);
  });

  it('applies a shorter setting as soon as it is saved', async () => {
    await core.settings.updatePreferences({
      retention: { logDays: 1, journalDays: 2, bundleDays: 1 },
    });
    assert.deepEqual(
      names('logs').filter((n) => n.endsWith('.log')),
      [`requests-${day(0)}.log`, `tickdesk-${day(0)}.log`].sort(),
    );
    assert.ok(!names('logs').includes(`requests-${day(1)}.log.1`), 'its rotated part goes with it');
    assert.deepEqual(
      names('journal'),
      [0, 1].flatMap((b) => [`orders-${day(b)}.jsonl`, `gtt-${day(b)}.jsonl`]).sort(),
    );
    assert.deepEqual(names('support'), ['tickdesk-support-0.zip']);
  });

  it('refuses a journal retention under two days (a restart reconciles yesterday)', async () => {
    await assert.rejects(
      core.settings.updatePreferences({
        retention: { logDays: 1, journalDays: 1, bundleDays: 1 },
      }),
      /journalDays/,
    );
  });
});
