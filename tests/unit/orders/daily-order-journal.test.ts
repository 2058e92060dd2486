import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDailyOrderJournal } from '../../../electron/core/orders/journal/daily-order-journal';
import { FakeClock } from '../limiter/fake-clock';

test('one file per IST day; reading covers yesterday and today only', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tickdesk-daily-'));
  try {
    const clock = new FakeClock(Date.parse('2026-11-19T10:00:00Z'));
    const j = createDailyOrderJournal(dir, clock);
    const e = (id: string) => ({
      at: new Date(clock.now()).toISOString(),
      intentId: id,
      step: 'intent' as const,
      action: 'place',
    });
    await j.append(e('d19'));
    clock.current = Date.parse('2026-11-20T10:00:00Z');
    await j.append(e('d20'));
    clock.current = Date.parse('2026-11-20T18:29:59Z'); // 23:59:59 IST, still the 20th
    await j.append(e('d20-late'));
    clock.current = Date.parse('2026-11-20T18:30:00Z'); // midnight IST: the 21st
    await j.append(e('d21'));
    await j.close();
    assert.deepEqual((await readdir(dir)).sort(), [
      'orders-2026-11-19.jsonl',
      'orders-2026-11-20.jsonl',
      'orders-2026-11-21.jsonl',
    ]);
    const again = createDailyOrderJournal(dir, clock);
    assert.deepEqual(
      (await again.readAll()).map((x) => x.intentId),
      ['d20', 'd20-late', 'd21'],
    );
    await again.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
