import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, appendFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createOrderJournal,
  scrubSecrets,
} from '../../../electron/core/orders/journal/order-journal';

test('appends JSON lines in order, survives reopen, tolerates a torn last line', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tickdesk-journal-'));
  try {
    const path = join(dir, 'nested', 'orders.jsonl');
    const j = createOrderJournal(path);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        j.append({
          at: `t${i}`,
          intentId: `i${i}`,
          step: 'intent',
          action: 'place',
          data: { n: i },
        }),
      ),
    );
    await j.close();
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    assert.equal(lines.length, 20);
    assert.deepEqual(
      lines.map((l) => (JSON.parse(l) as { intentId: string }).intentId),
      Array.from({ length: 20 }, (_, i) => `i${i}`),
    );
    assert.equal((await stat(path)).mode & 0o777, 0o600, 'only the user can read the journal');
    await appendFile(path, '{"at":"torn');
    const again = createOrderJournal(path);
    const all = await again.readAll();
    assert.equal(all.length, 20);
    await again.append({ at: 'x', intentId: 'after', step: 'outcome', action: 'place' });
    await again.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('secret-looking keys never reach the journal', async () => {
  const scrubbed = scrubSecrets({
    body: {
      symbol: 'NSE:SBIN-EQ',
      access_token: 'a',
      nested: [{ tpin: '1234', Authorization: 'x', qty: 1 }],
    },
    password: 'p',
  });
  assert.deepEqual(scrubbed, { body: { symbol: 'NSE:SBIN-EQ', nested: [{ qty: 1 }] } });
  const dir = await mkdtemp(join(tmpdir(), 'tickdesk-journal-'));
  try {
    const j = createOrderJournal(join(dir, 'j.jsonl'));
    await j.append({
      at: 'a',
      intentId: 'i',
      step: 'request',
      action: 'place',
      data: { appSecret: 's3cret', code_verifier: 'v', qty: 1 },
    });
    await j.close();
    const text = await readFile(join(dir, 'j.jsonl'), 'utf8');
    assert.ok(!text.includes('s3cret') && !text.includes('"v"'));
    assert.match(text, /"qty":1/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('readAll on a journal that does not exist yet is empty', async () => {
  const j = createOrderJournal(join(tmpdir(), `tickdesk-missing-${process.pid}`, 'none.jsonl'));
  assert.deepEqual(await j.readAll(), []);
  await j.close();
});
