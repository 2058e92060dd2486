import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSink } from '../../../electron/core/diagnostics/file-sink';
import { createLogger } from '../../../electron/core/diagnostics/logger';
import { processSecretRegistry } from '../../../electron/core/diagnostics/redact';

test('file sink appends JSON lines, rotates by size, keeps one previous file, owner-only mode', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-log-'));
  try {
    const path = join(dir, 'logs', 'tickdesk.log');
    const sink = createFileSink({ path, maxBytes: 200 });
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
