/**
 * The next trading day's start (electron/core/risk/trading-day.ts), read from the exchanges'
 * holiday calendar: past weekends and full holidays, 17:00 on a day only MCX's evening trades.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { istToEpoch } from '../../../shared/format/ist';
import { nextTradingDayStart } from '../../../electron/core/risk/trading-day';

const ist = (month: number, day: number, hour: number, minute = 0) =>
  istToEpoch({ year: 2026, month, day, hour, minute, second: 0 });

test('an ordinary weekday ends at the next weekday’s 09:00 IST; Friday at Monday’s', () => {
  assert.equal(nextTradingDayStart(ist(12, 22, 14)), ist(12, 23, 9));
  assert.equal(nextTradingDayStart(ist(12, 18, 23, 50)), ist(12, 21, 9));
});

test('a full holiday of every exchange is skipped: Christmas Eve (Thursday) ends on Monday 28 December', () => {
  assert.equal(nextTradingDayStart(ist(12, 24, 10)), ist(12, 28, 9));
  assert.equal(nextTradingDayStart(ist(10, 1, 10)), ist(10, 5, 9), 'Gandhi Jayanti, a Friday');
});

test('an equity holiday on which MCX trades its evening session starts at 17:00 IST', () => {
  // 24 Nov 2026, Guru Nanak Jayanti: NSE and BSE closed, MCX's morning closed, evening open.
  assert.equal(nextTradingDayStart(ist(11, 23, 10)), ist(11, 24, 17));
});
