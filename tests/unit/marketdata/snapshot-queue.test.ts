/**
 * First prices in the background (electron/core/marketdata/snapshot-queue.ts, issue 18 #9):
 * one round at a time of at most one quotes request, each symbol once, and only symbols
 * still needed when their round comes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSnapshotQueue } from '../../../electron/core/marketdata/snapshot-queue';

test('rounds run one at a time, each symbol once, skipping symbols no longer needed', async () => {
  const rounds: string[][] = [];
  let release: () => void = () => undefined;
  const gone = new Set<string>();
  const q = createSnapshotQueue({
    perRound: 2,
    needed: (s) => !gone.has(s),
    fetch: (symbols) => {
      rounds.push(symbols);
      return new Promise<void>((r) => (release = r));
    },
  });
  q.add(['A', 'B', 'C', 'D', 'A']);
  assert.deepEqual(rounds, [['A', 'B']], 'one round in flight');
  q.add(['B', 'E']);
  gone.add('C');
  release();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(rounds[1], ['D', 'B'], 'C was let go before its round; B queued again');
  release();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(rounds[2], ['E']);
  release();
  await new Promise((r) => setImmediate(r));
  assert.equal(q.pending(), 0);
  q.close();
  q.add(['F']);
  assert.equal(rounds.length, 3, 'nothing after close');
});
