/**
 * Issue 19 #5, the 2026 rules, through the composed app: the broker accepts order actions
 * only from the static IPs registered for the API app. An order from any other address is a
 * definite refusal the trader can act on (register this machine's IP, or use the broker's
 * own terminal): never "unconfirmed", never retried, never offered a Resend, and journaled
 * as failed with that reason. Reads are not order actions and still work.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { OrderStatus } from '../../../shared/broker/enums';
import { ErrorCode } from '../../../shared/broker/errors';
import { istDayKey } from '../../../shared/format/ist';
import { AppError } from '../../../shared/ipc/errors';
import { journalFileFor } from '../../../electron/core/orders/journal/daily-order-journal';
import type { JournalEntry } from '../../../electron/core/orders/journal/order-journal';
import { sbinBuy, startComposedApp, type ComposedApp } from './composed-app';

let app: ComposedApp;
before(async () => {
  app = await startComposedApp();
});
after(async () => {
  await app.close();
});

/** How many requests of `route` ("POST /api/v2/orders") reached the sandbox. */
async function reached(route: string): Promise<number> {
  const res = await fetch(new URL('/__sandbox/requests', app.core.demoBrokerUrl!));
  const json = (await res.json()) as { requests: Record<string, number> };
  return json.requests[route] ?? 0;
}

async function journalOf(intentId: string): Promise<JournalEntry[]> {
  const file = join(app.dataDir, 'journal', journalFileFor(istDayKey(Date.now())));
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as JournalEntry)
    .filter((e) => e.intentId === intentId);
}

test('an order from an unregistered IP is refused for good: plain words, no retry, no Resend, journaled as failed', async () => {
  const { core } = app;
  // A pending order placed while this machine may still send, to try a cancel on later.
  const pending = await core.orders.place(sbinBuy(601), { confirmGuards: true });
  assert.equal(pending.status, 'done', `${pending.note} ${JSON.stringify(pending.error)}`);
  // A cancel is refused by the app while the order is in transit: wait until it rests.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = (await core.broker.getOrders({ fresh: true })).find(
      (o) => o.id === pending.orderId,
    );
    if (row?.status === OrderStatus.Pending) break;
    assert.ok(Date.now() < deadline, `order ${pending.orderId} never rested: ${row?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  // The app's registered static IP is another machine's (a documentation address).
  await app.control('registered-ips', { ips: ['203.0.113.7'] });
  const placesBefore = await reached('POST /api/v2/orders');
  const refused = await core.orders.place(sbinBuy(602), { confirmGuards: true });
  assert.equal(refused.status, 'failed', `${refused.note} ${JSON.stringify(refused.error)}`);
  const err = refused.error!;
  assert.equal(err.code, ErrorCode.StaticIpNotRegistered);
  assert.equal(err.ambiguous, false, 'a definite refusal, never unconfirmed');
  assert.equal(refused.resendAllowed, false, 'no Resend is offered');
  assert.match(err.explanation, /static IP/);
  assert.match(err.explanation, /API dashboard/);
  assert.match(err.explanation, /broker's own terminal/);
  assert.doesNotMatch(`${err.explanation} ${err.brokerMessage}`, /\/api\/|ips\b|orderAction/);

  const settled = await core.orders.settled(refused.intentId);
  assert.equal(settled.status, 'failed');
  await assert.rejects(
    core.orders.resend(refused.intentId),
    (e: unknown) => e instanceof AppError && e.kind === 'resend-refused',
  );
  assert.equal(
    (await reached('POST /api/v2/orders')) - placesBefore,
    1,
    'sent exactly once: neither retried nor resent',
  );

  // The journal says so: a failed outcome with the IP reason, never an unconfirmed step.
  const steps = await journalOf(refused.intentId);
  assert.ok(!steps.some((s) => s.step === 'unconfirmed' || s.step === 'reconcile'));
  const outcome = steps.find((s) => s.step === 'outcome');
  const data = outcome?.data as { status: string; error: { code: number; ambiguous: boolean } };
  assert.equal(data.status, 'failed');
  assert.equal(data.error.code, ErrorCode.StaticIpNotRegistered);
  assert.equal(data.error.ambiguous, false);

  // Every order action is refused (a cancel too); reads are not order actions.
  const cancel = await core.orders.cancel(pending.orderId!);
  assert.equal(cancel.status, 'failed', cancel.note);
  assert.equal(cancel.error?.code, ErrorCode.StaticIpNotRegistered);
  assert.equal(cancel.resendAllowed, false);
  // A basket's multi request is refused whole: each of its orders fails the same way.
  const basket = await core.orders.placeMany([sbinBuy(604), sbinBuy(605)], {
    confirmGuards: true,
  });
  for (const i of basket) {
    assert.equal(i.status, 'failed', i.note);
    assert.equal(i.error?.code, ErrorCode.StaticIpNotRegistered);
    assert.equal(i.resendAllowed, false);
  }
  const book = await core.broker.getOrders({ fresh: true });
  for (const price of [602, 604, 605])
    assert.ok(
      !book.some((o) => o.symbol === 'NSE:SBIN-EQ' && o.limitPrice === price),
      'not placed',
    );
  assert.ok(
    book.some((o) => o.id === pending.orderId),
    'the book still reads',
  );
});

test('once this machine is registered, orders go through again', async () => {
  const { core } = app;
  await app.control('registered-ips', { ips: ['203.0.113.7', '127.0.0.1'] });
  const placed = await core.orders.place(sbinBuy(603), { confirmGuards: true });
  assert.equal(placed.status, 'done', `${placed.note} ${JSON.stringify(placed.error)}`);
  await app.control('registered-ips', { ips: null });
});
