/**
 * The GTT book's reading (electron/core/gtt/gtt-book.ts): a GTT created and triggered between
 * two reads is still reported (once); an older read that finishes after a newer one is not
 * applied, so a trigger is never reported twice; a read on its way when the account changes
 * is not applied to the next account.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Side } from '../../../shared/broker/enums';
import type { Gtt } from '../../../shared/broker/gtt';
import type { GttClient } from '../../../electron/core/broker/gtt-client';
import { createGttBook } from '../../../electron/core/gtt/gtt-book';
import { FakeClock } from '../limiter/fake-clock';

const leg = { triggerPrice: 850, limitPrice: 850, qty: 1 };
const gtt = (id: string, status: Gtt['status']): Gtt => ({
  id,
  symbol: 'NSE:SBIN-EQ',
  side: Side.Buy,
  productType: 'CNC',
  kind: 'single',
  leg1: leg,
  leg2: null,
  status,
  message: '',
  createdAt: 0,
  expiresAt: 0,
});

/** A client whose reads answer when the test says, in any order. */
function heldClient() {
  const waiting: ((gtts: Gtt[]) => void)[] = [];
  const client = {
    list: () =>
      new Promise<{ gtts: Gtt[]; skipped: number }>((resolve) =>
        waiting.push((gtts) => resolve({ gtts, skipped: 0 })),
      ),
  } as unknown as GttClient;
  return { client, answer: (i: number, gtts: Gtt[]) => waiting[i]!(gtts) };
}

function setup() {
  const fired: string[] = [];
  const book = createGttBook({
    clock: new FakeClock(),
    client: () => null,
    onTriggered: (g) => fired.push(`${g.id}:${g.status}`),
    changed: () => undefined,
    track: (p) => p,
    signal: new AbortController().signal,
    logger: { warn: () => undefined },
    pollMs: 15_000,
  });
  return { book, fired };
}

test('a GTT new to the book and already triggered is reported once; the baseline read reports nothing', async () => {
  const { book, fired } = setup();
  const c = heldClient();
  const r0 = book.read(c.client);
  c.answer(0, [gtt('old', 'triggered')]);
  await r0;
  assert.deepEqual(fired, [], 'the book found at login is a baseline');
  const r1 = book.read(c.client);
  c.answer(1, [gtt('old', 'triggered'), gtt('new', 'rejected')]);
  await r1;
  assert.deepEqual(fired, ['new:rejected']);
  const r2 = book.read(c.client);
  c.answer(2, [gtt('old', 'triggered'), gtt('new', 'rejected')]);
  await r2;
  assert.deepEqual(fired, ['new:rejected'], 'once');
});

test('an older read finishing after a newer one is not applied: no second report', async () => {
  const { book, fired } = setup();
  const c = heldClient();
  const r0 = book.read(c.client);
  c.answer(0, [gtt('a', 'active')]);
  await r0;
  const older = book.read(c.client);
  const newer = book.read(c.client);
  c.answer(2, [gtt('a', 'triggered')]);
  await newer;
  assert.deepEqual(fired, ['a:triggered']);
  c.answer(1, [gtt('a', 'active')]);
  assert.equal((await older)[0]?.status, 'triggered', 'the newer picture stays');
  const again = book.read(c.client);
  c.answer(3, [gtt('a', 'triggered')]);
  await again;
  assert.deepEqual(fired, ['a:triggered'], 'reported once');
});

test('a read on its way when the account changes is not applied to the next one', async () => {
  const { book, fired } = setup();
  const c = heldClient();
  const r0 = book.read(c.client);
  book.reset();
  c.answer(0, [gtt('x', 'active')]);
  await r0;
  assert.deepEqual(book.gtts(), []);
  assert.equal(book.armed(), false);
  assert.deepEqual(fired, []);
});

test('a row the last read could not read, read now as long fired, is not reported as a new trigger', async () => {
  const clock = new FakeClock();
  const fired: string[] = [];
  const book = createGttBook({
    clock,
    client: () => null,
    onTriggered: (g) => fired.push(g.id),
    changed: () => undefined,
    track: (p) => p,
    signal: new AbortController().signal,
    logger: { warn: () => undefined },
    pollMs: 15_000,
  });
  const answers: { gtts: Gtt[]; skipped: number }[] = [];
  const client = { list: async () => answers.shift()! } as unknown as GttClient;
  const daysAgo = clock.now() - 3 * 86_400_000;
  // Baseline, then a read that could not read one row (the one that fired days ago).
  answers.push({ gtts: [gtt('a', 'active')], skipped: 0 });
  await book.read(client);
  answers.push({ gtts: [gtt('a', 'active')], skipped: 1 });
  await book.read(client);
  await clock.advance(15_000);
  // Now it reads: fired long ago, so no alert; one created since the last read still alerts.
  answers.push({
    gtts: [
      gtt('a', 'active'),
      { ...gtt('old', 'triggered'), createdAt: daysAgo },
      { ...gtt('fresh', 'triggered'), createdAt: clock.now() - 1_000 },
    ],
    skipped: 0,
  });
  await book.read(client);
  assert.deepEqual(fired, ['fresh']);
});
