/**
 * The eDIS warning of a CNC-sell GTT (electron/core/gtt/gtt-demat.ts): said only for a CNC
 * sell on an account without DDPI (with DDPI only a sell of more than is held is said), today's authorization offered only when it does not cover
 * the larger leg, DDPI read once per account (a failed read asked again).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Side } from '../../../shared/broker/enums';
import type { GttDraft } from '../../../shared/broker/gtt';
import type { PrecheckViolation } from '../../../shared/broker/models';
import type { OrderDraft } from '../../../shared/broker/rules';
import { createGttDemat } from '../../../electron/core/gtt/gtt-demat';

const oco = (side: GttDraft['side'], product: GttDraft['productType'] = 'CNC'): GttDraft => ({
  kind: 'oco',
  symbol: 'NSE:INFY-EQ',
  side,
  productType: product,
  target: { triggerPrice: 1100, limitPrice: 1100, qty: 4 },
  stop: { triggerPrice: 900, limitPrice: 900, qty: 6 },
});

const edis = (authorizeQty: number): PrecheckViolation => ({
  code: -99,
  field: 'edis',
  guard: null,
  message: 'needs eDIS',
  authorizeQty,
});

test('a CNC sell without DDPI is warned, confirmable, with today offered for the larger leg', async () => {
  const seen: OrderDraft[] = [];
  const d = createGttDemat({
    ddpi: async () => false,
    check: async (o) => {
      seen.push(o);
      return [edis(o.qty)];
    },
  });
  const out = await d.warn(oco(Side.Sell));
  assert.equal(out.length, 1);
  assert.equal(out[0]!.field, 'edis');
  assert.equal(out[0]!.confirmable, true);
  assert.equal(out[0]!.authorizeQty, 6);
  assert.match(out[0]!.message, /Your account has no DDPI/);
  assert.equal(seen[0]?.qty, 6, 'the stop leg (6) is the larger sell');
});

test('no warning for a buy, a MARGIN sell, or an account with DDPI', async () => {
  let checks = 0;
  const deps = (ddpi: boolean) => ({
    ddpi: async () => ddpi,
    check: async (o: OrderDraft) => {
      checks++;
      return [edis(o.qty)];
    },
  });
  assert.deepEqual(await createGttDemat(deps(false)).warn(oco(Side.Buy)), []);
  assert.deepEqual(await createGttDemat(deps(false)).warn(oco(Side.Sell, 'MARGIN')), []);
  assert.equal(checks, 0);
  assert.deepEqual(await createGttDemat(deps(true)).warn(oco(Side.Sell)), []);
});

test('with DDPI, a sell of more than is held is still warned (only the eDIS part goes)', async () => {
  const over: PrecheckViolation = {
    code: -99,
    field: 'qty',
    guard: null,
    message: 'You can sell at most 3 shares.',
  };
  const d = createGttDemat({ ddpi: async () => true, check: async () => [over, edis(6)] });
  const out = await d.warn(oco(Side.Sell));
  assert.deepEqual(
    out.map((c) => c.field),
    ['qty'],
  );
  assert.match(out[0]!.message, /at most 3 shares\. If that is still so when the GTT triggers/);
});

test('DDPI unknown: still warned, in words that do not claim either; covered today: nothing offered', async () => {
  const d = createGttDemat({ ddpi: async () => null, check: async () => [] });
  const [w] = await d.warn(oco(Side.Sell));
  assert.match(w!.message, /Unless your account has DDPI/);
  assert.equal(w!.authorizeQty, undefined);
  assert.doesNotMatch(w!.message, /Today is not covered/);
});

test('DDPI is read once per account; a failed read is asked again; reset reads it again', async () => {
  let reads = 0;
  let fail = true;
  const d = createGttDemat({
    ddpi: async () => {
      reads++;
      if (fail) throw new Error('down');
      return true;
    },
    check: async () => [],
  });
  assert.equal((await d.warn(oco(Side.Sell))).length, 1, 'unknown: warned');
  fail = false;
  assert.deepEqual(await d.warn(oco(Side.Sell)), [], 'read again, DDPI');
  await d.warn(oco(Side.Sell));
  assert.equal(reads, 2);
  d.reset();
  await d.warn(oco(Side.Sell));
  assert.equal(reads, 3);
});
