/**
 * The core's send-once guard on its own (the composed-app tests in
 * tests/integration/safety/send-once.test.ts count what reaches the broker): held targets,
 * the exit-all wildcard, spent send ids, letting go after a failure, and the repeat window.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OrderIntent } from '../../../shared/broker/models';
import { AppError } from '../../../shared/ipc/errors';
import { SEND_REPEAT_WINDOW_MS, SendRefusal } from '../../../shared/orders/send-once';
import { SendOnceGuard } from '../../../electron/core/orders/actions/send-once';

const intent = (status: OrderIntent['status'], intentId = 'i1') =>
  ({ intentId, status }) as OrderIntent;

function guard(now = () => 0, settled = (id: string) => Promise.resolve(intent('done', id))) {
  return new SendOnceGuard(settled, now);
}

const refusedAs = (kind: string) => (e: unknown) => e instanceof AppError && e.kind === kind;

test('a second action on a held target is refused while the first is on its way', async () => {
  const g = guard();
  let finish!: (i: OrderIntent) => void;
  const first = g.run({ keys: ['order:1'], what: 'the cancel of order 1' }, () => {
    return new Promise<OrderIntent>((r) => (finish = r));
  });
  await assert.rejects(
    g.run({ keys: ['order:1'], what: 'the cancel of order 1' }, async () => intent('done')),
    refusedAs(SendRefusal.inFlight),
  );
  // Another order is another target.
  await g.run({ keys: ['order:2'], what: 'x' }, async () => intent('done', 'i2'));
  finish(intent('done'));
  await first;
  assert.equal(g.heldCount(), 0);
});

test('exit all holds every position, and an exit of one holds exit all off', async () => {
  const g = guard();
  let finish!: (i: OrderIntent) => void;
  const all = g.run({ keys: ['position:*'], what: 'the exit of all positions' }, () => {
    return new Promise<OrderIntent>((r) => (finish = r));
  });
  await assert.rejects(
    g.run({ keys: ['position:NSE:SBIN-EQ-INTRADAY'], what: 'y' }, async () => intent('done')),
    refusedAs(SendRefusal.inFlight),
  );
  finish(intent('done'));
  await all;
});

test('a send id is carried out once, even after its outcome', async () => {
  const g = guard();
  await g.run({ keys: ['send:abc'], what: 'this basket', sendId: 'abc' }, async () => [
    intent('done'),
  ]);
  await assert.rejects(
    g.run({ keys: ['send:abc'], what: 'this basket', sendId: 'abc' }, async () => [intent('done')]),
    refusedAs(SendRefusal.alreadySent),
  );
});

test('an unconfirmed action holds its target until settled; a throw lets go at once', async () => {
  let settle!: (i: OrderIntent) => void;
  const g = guard(
    () => 0,
    () => new Promise((r) => (settle = r)),
  );
  await g.run({ keys: ['position:p'], what: 'the exit of p' }, async () => intent('unconfirmed'));
  assert.equal(g.heldCount(), 1);
  settle(intent('confirmed-not-done'));
  await new Promise((r) => setImmediate(r));
  assert.equal(g.heldCount(), 0);
  await assert.rejects(
    g.run({ keys: ['order:9'], what: 'z' }, async () => {
      throw new Error('transport');
    }),
  );
  assert.equal(g.heldCount(), 0);
});

test('the very same action just after it happened is a repeat; later, or different, or after "not done", it goes', async () => {
  let now = 1000;
  const g = guard(() => now);
  const cancel = { keys: ['order:1'], what: 'the cancel of order 1', same: 'cancel ["1"]' };
  await g.run(cancel, async () => intent('done'));
  await assert.rejects(
    g.run(cancel, async () => intent('done')),
    refusedAs(SendRefusal.justSent),
  );
  await g.run({ ...cancel, same: 'modify {"id":"1","limitPrice":5}' }, async () =>
    intent('failed'),
  );
  // A failed action opens no window: the same again is a new try.
  await g.run({ ...cancel, same: 'modify {"id":"1","limitPrice":5}' }, async () => intent('done'));
  now += SEND_REPEAT_WINDOW_MS;
  await g.run(cancel, async () => intent('done'));
});
