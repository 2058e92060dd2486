/**
 * The GTT service alone, over a fake GTT client (issue 21 #1): an account without GTT is
 * refused in words with nothing sent; a GTT turning triggered is reported once, never for
 * the book found at login; a refused create is failed, not retried; the alert names the GTT.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Gtt, GttDraft } from '../../../shared/broker/gtt';
import { GTT_NEEDS_V3 } from '../../../shared/broker/gtt';
import { Exchange, Segment, Side } from '../../../shared/broker/enums';
import { BrokerError } from '../../../electron/core/broker/broker-error';
import type { GttClient } from '../../../electron/core/broker/gtt-client';
import { createGttService } from '../../../electron/core/gtt/gtt-service';
import { DEFAULT_FAT_FINGER_LIMITS } from '../../../electron/core/orders/checks/fat-finger-guards';
import { memoryJournal } from '../../../electron/core/orders/journal/order-journal';
import { gttAlertText } from '../../../electron/core/alerts/gtt-alert-text';
import type { Clock } from '../../../electron/core/limiter/clock';

const clock: Clock = {
  now: () => 1_700_000_000_000,
  setTimeout: () => 0,
  clearTimeout: () => undefined,
};
const rules = {
  tickSize: 0.05,
  lotSize: 1,
  exchange: Exchange.NSE,
  segment: Segment.CapitalMarket,
};
const draft: GttDraft = {
  kind: 'oco',
  symbol: 'NSE:SBIN-EQ',
  side: Side.Sell,
  productType: 'CNC',
  target: { triggerPrice: 850, limitPrice: 850, qty: 5 },
  stop: { triggerPrice: 760, limitPrice: 760, qty: 5 },
};
const gtt = (status: Gtt['status'], message = ''): Gtt => ({
  id: '26112790000001',
  symbol: 'NSE:SBIN-EQ',
  side: Side.Sell,
  productType: 'CNC',
  kind: 'oco',
  leg1: draft.target,
  leg2: draft.stop,
  status,
  message,
  createdAt: 0,
  expiresAt: 0,
});

function fakeClient(books: Gtt[][], create?: () => Promise<never>): GttClient & { sent: number } {
  let read = 0;
  const c = {
    sent: 0,
    list: async () => ({ gtts: books[Math.min(read++, books.length - 1)] ?? [], skipped: 0 }),
    create: async () => {
      c.sent++;
      if (create) return create();
      return { id: '1', code: 1101, message: 'ok', unacknowledged: false };
    },
    modify: async () => ({ id: '1', code: 1102, message: 'ok', unacknowledged: false }),
    cancel: async () => ({ id: '1', code: 1103, message: 'ok', unacknowledged: false }),
  };
  return c;
}

function service(client: GttClient | null, triggered: Gtt[] = []) {
  return createGttService({
    clock,
    client: () => client,
    instruments: {
      rulesFor: () => rules,
      lastPrice: () => ({ ltp: 800, ageMs: 0, stale: false, source: 'quote' as const }),
    },
    limits: () => DEFAULT_FAT_FINGER_LIMITS,
    journal: memoryJournal(),
    onChange: () => undefined,
    onTriggered: (g) => triggered.push(g),
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
}

test('an account without GTT (API v2) is refused in words: nothing is sent', async () => {
  const s = service(null);
  assert.equal(s.view().available, false);
  assert.equal(s.view().unavailable, GTT_NEEDS_V3);
  const a = await s.create(draft, { confirmed: true });
  assert.equal(a.status, 'blocked');
  assert.match(a.note, /API v3/);
  assert.doesNotMatch(a.note, /\/api\//, 'no API path in a trader-facing message');
});

test('a GTT turning triggered is reported once; the book found at login is a baseline', async () => {
  const triggered: Gtt[] = [];
  const client = fakeClient([
    [gtt('triggered', 'old')],
    [gtt('active')],
    [gtt('triggered', 'GTT/OCO stop leg triggered: order 1 placed.')],
    [gtt('triggered', 'GTT/OCO stop leg triggered: order 1 placed.')],
  ]);
  const s = service(client, triggered);
  await s.refresh();
  assert.equal(triggered.length, 0, 'already triggered at login: no alert');
  s.reset();
  await s.refresh();
  await s.refresh();
  await s.refresh();
  assert.equal(triggered.length, 1);
  assert.equal(triggered[0]?.id, '26112790000001');
  await s.dispose();
});

test('a create the broker refuses plainly is failed, once, with its reason', async () => {
  const client = fakeClient([[]], async () => {
    throw BrokerError.fromEnvelope(400, -99, 'Target trigger is not above the last price');
  });
  const s = service(client);
  const a = await s.create(draft, { confirmed: true });
  assert.equal(a.status, 'failed', JSON.stringify(a));
  assert.match(a.note, /Target trigger/);
  assert.equal(client.sent, 1);
  await s.dispose();
});

test('the alert of a triggered OCO names the GTT, the leg and its order', () => {
  const t = gttAlertText(
    gtt('triggered', 'GTT/OCO stop leg triggered: order 26112700000042 placed.'),
  );
  assert.match(t.title, /^GTT 26112790000001 triggered: Sell 5 NSE:SBIN-EQ$/);
  assert.match(t.body, /stop leg \(trigger ₹760\)/);
  assert.match(t.body, /order 26112700000042/);
});

test('a GTT whose order was rejected: the alert says so, with what to do for eDIS and the reason otherwise', () => {
  const edis = gttAlertText(
    gtt(
      'rejected',
      'GTT/OCO stop leg triggered, its order 26112700000043 was rejected: Selling 5 shares of NSE:SBIN-EQ from your demat account needs a depository authorization (eDIS) today, and none is given yet. Authorize them first.',
    ),
  );
  assert.match(
    edis.title,
    /^GTT 26112790000001 triggered, its order was rejected: Sell 5 NSE:SBIN-EQ$/,
  );
  assert.match(edis.body, /not authorized for sale that day \(eDIS\)/);
  assert.match(edis.body, /DDPI/);
  const funds = gttAlertText(
    gtt(
      'rejected',
      'GTT/OCO target leg triggered, its order 26112700000044 was rejected: Insufficient funds: margin required 4250.00, available 10.00',
    ),
  );
  assert.match(funds.body, /rejected the order it placed: Insufficient funds/);
  assert.doesNotMatch(funds.body, /eDIS/);
});

test("a refresh reads in the lane it is given (the trigger watch's background lane); order by default", async () => {
  const lanes: (string | undefined)[] = [];
  const c = fakeClient([[gtt('active')]]);
  const client: GttClient = {
    ...c,
    list: (o) => {
      lanes.push(o?.priority);
      return c.list(o);
    },
  };
  const s = service(client);
  await s.refresh();
  await s.refresh('background');
  assert.deepEqual(lanes, [undefined, 'background']);
  await s.dispose();
});
