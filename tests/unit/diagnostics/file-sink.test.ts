import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSink } from '../../../electron/core/diagnostics/file-sink';
import { createLogger } from '../../../electron/core/diagnostics/logger';
import { processSecretRegistry } from '../../../electron/core/diagnostics/redact';

test('file sink appends JSON lines, rotates by size within a day, keeps one previous part, owner-only mode', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-log-'));
  try {
    const at = Date.parse('2026-11-23T06:00:00Z');
    const sink = createFileSink({
      dir: join(dir, 'logs'),
      stem: 'tickdesk',
      maxBytes: 200,
      clock: { now: () => at },
    });
    const path = sink.currentPath();
    assert.equal(path, join(dir, 'logs', 'tickdesk-2026-11-23.log'));
    const log = createLogger({ sinks: [sink], clock: { now: () => 0 } });
    for (let i = 0; i < 10; i++) log.info(`line ${i}`);
    const current = readFileSync(path, 'utf8').trim().split('\n');
    const previous = readFileSync(`${path}.1`, 'utf8').trim().split('\n');
    assert.ok(statSync(path).size <= 200);
    const all = [...previous, ...current].map((l) => (JSON.parse(l) as { msg: string }).msg);
    assert.equal(all.at(-1), 'line 9');
    assert.deepEqual(
      all,
      all.slice().sort((a, b) => Number(a.split(' ')[1]) - Number(b.split(' ')[1])),
      'order kept',
    );
    if (process.platform !== 'win32') assert.equal(statSync(path).mode & 0o777, 0o600);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('file sink starts a new file at IST midnight and then deletes days beyond the setting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-log-'));
  try {
    // 2026-11-23 18:20 UTC is 23:50 IST; twenty minutes later it is the 24th in India.
    let now = Date.parse('2026-11-23T18:20:00Z');
    writeFileSync(join(dir, 'tickdesk-2026-11-22.log'), 'old\n');
    writeFileSync(join(dir, 'tickdesk-2026-11-21.log'), 'older\n');
    writeFileSync(join(dir, 'tickdesk-2026-11-21.log.1'), 'older part\n');
    writeFileSync(join(dir, 'other-2026-01-01.log'), 'not ours\n');
    let keep = 3;
    const sink = createFileSink({
      dir,
      stem: 'tickdesk',
      clock: { now: () => now },
      keepDays: () => keep,
    });
    sink.write('{"msg":"evening"}', 'info');
    assert.deepEqual(readdirSync(dir).sort(), [
      'other-2026-01-01.log',
      'tickdesk-2026-11-21.log',
      'tickdesk-2026-11-21.log.1',
      'tickdesk-2026-11-22.log',
      'tickdesk-2026-11-23.log',
    ]);
    keep = 2;
    now += 20 * 60_000;
    sink.write('{"msg":"after midnight"}', 'info');
    assert.deepEqual(readdirSync(dir).sort(), [
      'other-2026-01-01.log',
      'tickdesk-2026-11-23.log',
      'tickdesk-2026-11-24.log',
    ]);
    assert.match(readFileSync(join(dir, 'tickdesk-2026-11-24.log'), 'utf8'), /after midnight/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without an explicit registry, values the process registered are still scrubbed', () => {
  const lines: string[] = [];
  processSecretRegistry.add('process-wide-token-123456');
  try {
    createLogger({ sinks: [{ write: (l) => lines.push(l) }] }).warn(
      'used process-wide-token-123456',
    );
    assert.doesNotMatch(lines[0] ?? '', /process-wide-token/);
  } finally {
    processSecretRegistry.remove('process-wide-token-123456');
  }
});
