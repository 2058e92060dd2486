/**
 * The status bar's words for the day's limit breaches (issue 18, finding 1): silent on a
 * clear day, then how many breaches, how many more block the account until midnight, and
 * what Tickdesk holds back; never an API term.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { breachWords } from '../../../renderer/src/session/budget-words';
import type { BreachLevel, BudgetState } from '../../../shared/ipc/channels/budget';

function state(
  count: number,
  level: BreachLevel,
  unseen = 0,
  backgroundHeldUntil: string | null = null,
): BudgetState {
  return {
    at: '2026-11-20T05:00:00.000Z',
    second: { used: 0, limit: 10, ceiling: 8 },
    minute: { used: 0, limit: 200, ceiling: 150 },
    day: { used: 0, limit: 10_000, ceiling: 9_800, resetsAt: '2026-11-20T18:30:00.000Z' },
    queued: { order: 0, user: 0, background: 0 },
    inFlight: 0,
    pausedUntil: null,
    backgroundHeldUntil,
    rateLimitedCount: count,
    breaches: { count, unseen, allowed: 3, level },
  };
}

test('a clear day says nothing', () => {
  assert.equal(breachWords(state(0, 'clear')), null);
});

test('each level says how close the day is to the block and what is held back', () => {
  const one = breachWords(state(1, 'slowed'))!;
  assert.equal(one.short, 'Limit 1/3 today · 3 more block the account');
  assert.match(one.detail, /more than 3 times in a day/);
  assert.match(one.detail, /another app or device using this account counts too/);
  assert.match(one.detail, /sends more slowly/);
  const two = breachWords(state(2, 'held', 0, '2026-11-20T05:06:02.000Z'))!;
  assert.equal(two.short, 'Limit 2/3 today · 2 more block the account');
  assert.match(two.detail, /paused background refresh until 10:36:02 IST/);
  // After the cool-down the refresh is back; the words no longer say it is paused.
  const cooled = breachWords(state(2, 'held'))!;
  assert.equal(cooled.short, two.short);
  assert.doesNotMatch(cooled.detail, /paused/);
  assert.match(cooled.detail, /sends more slowly/);
  const three = breachWords(state(3, 'stopped'))!;
  assert.equal(three.short, 'Limit 3/3 today · orders stopped, next blocks the day');
  assert.match(three.detail, /the next one blocks the account until midnight/);
  assert.match(three.detail, /stopped sending orders until midnight/);
  const blocked = breachWords(state(4, 'blocked'))!;
  assert.equal(blocked.short, 'Blocked by the broker until midnight');
  for (const w of [one, two, three, blocked])
    assert.doesNotMatch(`${w.short} ${w.detail}`, /\/api\/|429|retry-after|breaches\b/i);
});

test('breaches assumed unseen (another app refused where only the broker sees) count towards the block', () => {
  const one = breachWords(state(1, 'held', 1, '2026-11-20T05:06:02.000Z'))!;
  assert.equal(one.short, 'Limit 2/3 today · 2 more block the account');
  assert.match(one.detail, /refused over the limit once today, and counts one more it cannot see/);
  assert.match(one.detail, /paused background refresh/);
  const two = breachWords(state(2, 'stopped', 1))!;
  assert.equal(two.short, 'Limit 3/3 today · orders stopped, next may block the day');
  assert.match(two.detail, /the next one may block the account until midnight/);
  for (const w of [one, two])
    assert.doesNotMatch(`${w.short} ${w.detail}`, /\/api\/|429|retry-after|breaches\b|unseen/i);
});
