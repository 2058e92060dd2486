/**
 * The updater's policy (issue 23 #2): never restart in market hours (IST, from the segments'
 * session times) or with an order action unsettled; checks at start and every few hours,
 * none when the trader turned them off.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { istToEpoch } from '../../../shared/format/ist';
import {
  HoldReason,
  UPDATE_CHECK_EVERY_MS,
  inMarketHours,
  installDecision,
  shouldCheck,
  unsettledCount,
} from '../../../electron/core/updates/update-policy';

/** 2026-11-27 is a Friday; 2026-11-28 a Saturday. */
const ist = (day: number, hour: number, minute: number): number =>
  istToEpoch({ year: 2026, month: 11, day, hour, minute, second: 0 });

test('market hours run from 08:45 to 23:45 IST on weekdays (first open and last close, widened)', () => {
  assert.equal(inMarketHours(ist(27, 8, 44)), false);
  assert.equal(inMarketHours(ist(27, 8, 45)), true);
  assert.equal(inMarketHours(ist(27, 12, 0)), true, 'equity session');
  assert.equal(inMarketHours(ist(27, 20, 0)), true, 'MCX evening session');
  assert.equal(inMarketHours(ist(27, 23, 44)), true);
  assert.equal(inMarketHours(ist(27, 23, 45)), false);
  assert.equal(inMarketHours(ist(28, 12, 0)), false, 'Saturday');
  assert.equal(inMarketHours(ist(29, 12, 0)), false, 'Sunday');
});

test('a day no exchange trades (Christmas 2026: NSE, BSE and MCX closed) has no market hours; a day MCX trades in the evening keeps them', () => {
  const dec25 = istToEpoch({ year: 2026, month: 12, day: 25, hour: 11, minute: 0, second: 0 });
  assert.equal(inMarketHours(dec25), false, 'Christmas Day');
  assert.deepEqual(installDecision({ now: dec25, trigger: 'quit', unsettled: 0 }), {
    install: true,
  });
  // 24 Nov 2026 (Guru Nanak Jayanti): NSE and BSE closed, MCX's evening session trades.
  assert.equal(inMarketHours(ist(24, 20, 0)), true, 'MCX evening on an equity holiday');
});

test('an install waits in market hours, for a quit and for the trader alike, and says until when', () => {
  for (const trigger of ['quit', 'trader'] as const) {
    const d = installDecision({ now: ist(27, 10, 0), trigger, unsettled: 0 });
    assert.equal(d.install, false);
    assert.equal(d.install === false && d.reason, HoldReason.MarketHours);
    assert.match(d.install === false ? d.message : '', /Markets are open .* after 23:45 IST/);
  }
  assert.deepEqual(installDecision({ now: ist(27, 23, 50), trigger: 'quit', unsettled: 0 }), {
    install: true,
  });
  assert.deepEqual(installDecision({ now: ist(28, 11, 0), trigger: 'trader', unsettled: 0 }), {
    install: true,
  });
});

test('an install waits while an order action is unsettled, even after hours', () => {
  const one = installDecision({ now: ist(28, 11, 0), trigger: 'trader', unsettled: 1 });
  assert.equal(one.install === false && one.reason, HoldReason.OrderUnconfirmed);
  assert.match(one.install === false ? one.message : '', /^An order is still being confirmed/);
  const two = installDecision({ now: ist(27, 23, 50), trigger: 'quit', unsettled: 2 });
  assert.match(two.install === false ? two.message : '', /^2 orders are still being confirmed/);
  assert.equal(
    unsettledCount([
      { status: 'sending' },
      { status: 'unconfirmed' },
      { status: 'done' },
      { status: 'failed' },
      { status: 'confirmed-done' },
      { status: 'confirmed-not-done' },
      { status: 'blocked' },
    ]),
    2,
  );
});

test('checks run at start and every few hours, never when turned off', () => {
  const now = ist(27, 9, 0);
  assert.equal(shouldCheck({ enabled: true, now, lastCheckAt: null }), true, 'at start');
  assert.equal(shouldCheck({ enabled: true, now, lastCheckAt: now - 60_000 }), false);
  assert.equal(shouldCheck({ enabled: true, now, lastCheckAt: now - UPDATE_CHECK_EVERY_MS }), true);
  assert.equal(shouldCheck({ enabled: false, now, lastCheckAt: null }), false, 'turned off');
  assert.ok(
    UPDATE_CHECK_EVERY_MS >= 60 * 60 * 1000 && UPDATE_CHECK_EVERY_MS <= 12 * 60 * 60 * 1000,
  );
});
