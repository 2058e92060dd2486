/** The market view's words: statuses with the pre-open auction, hours, and the profile masks. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { maskEmail, maskPan } from '../../../shared/format/mask';
import { istToEpoch } from '../../../shared/format/ist';
import {
  hoursText,
  sessionHours,
  squareOffText,
  statusLabel,
} from '../../../renderer/src/market/session-hours';

const ist = (day: number, hour: number, minute: number) =>
  istToEpoch({ year: 2026, month: 11, day, hour, minute, second: 0 });

it('a closed cash market is "Pre-open" only in the weekday pre-open window', () => {
  assert.equal(statusLabel('OPEN', 10, ist(24, 3, 0)), 'Open', 'the broker’s OPEN wins');
  assert.equal(statusLabel('CLOSE', 10, ist(24, 9, 3)), 'Pre-open');
  assert.equal(statusLabel('CLOSE', 10, ist(24, 9, 8)), 'Closed', 'the window ends at 09:08');
  assert.equal(statusLabel('CLOSE', 10, ist(29, 9, 3)), 'Closed', 'a Sunday');
  assert.equal(statusLabel('CLOSE', 11, ist(24, 9, 3)), 'Closed', 'F&O has no pre-open');
  assert.equal(statusLabel('CLOSE', 99, ist(24, 9, 3)), 'Closed', 'an unknown segment');
});

it('the live API’s richer statuses read as their phase; an unfamiliar one keeps its text', () => {
  assert.equal(statusLabel('PREOPEN', 10, ist(24, 9, 3)), 'Pre-open');
  assert.equal(statusLabel('POSTCLOSE_START', 10, ist(24, 15, 45)), 'Post-close');
  assert.equal(statusLabel('POSTCLOSE_CLOSED', 10, ist(24, 16, 5)), 'Post-close');
  assert.equal(statusLabel('CLOSED', 10, ist(24, 18, 0)), 'Closed');
  assert.equal(statusLabel('HALTED', 10, ist(24, 11, 0)), 'HALTED (unfamiliar status)');
  assert.equal(statusLabel('', 10, ist(24, 11, 0)), 'Not reported');
});

it('hours and the square-off start in IST', () => {
  const cash = sessionHours(10)!;
  assert.equal(hoursText(cash), '09:15–15:30 (pre-open 09:00–09:08)');
  assert.equal(squareOffText(cash), '15:20');
  assert.equal(squareOffText(sessionHours(20)!), '23:05');
  assert.equal(sessionHours(99), null);
});

it('PAN and e-mail are masked to what lets the trader recognise them', () => {
  assert.equal(maskPan('ABCDE1234F'), '••••••234F');
  assert.equal(maskPan(' ab '), '••');
  assert.equal(maskEmail('ravi.k@example.com'), 'r•••@example.com');
  assert.equal(maskEmail('no-at-sign'), '••••••••');
  assert.equal(maskEmail(''), '');
});
