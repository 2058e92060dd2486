/**
 * The settling checks of an ambiguous order action stop at once when the app quits: the
 * answer is `unresolved` (no outcome is guessed, so the next start reconciles the action from
 * the journal) and no further read is made. Without a stop they run their whole period.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { systemClock } from '../../../electron/core/limiter/clock';
import {
  resolveByReading,
  type CheckResult,
} from '../../../electron/core/orders/reconcile/ambiguity-resolver';

const unknown = async (): Promise<CheckResult> => ({ kind: 'unknown', note: 'not in the book' });

describe('resolveByReading', () => {
  it('stops waiting when the app quits, unresolved, with no read after the stop', async () => {
    const stop = new AbortController();
    let reads = 0;
    const t0 = Date.now();
    const pending = resolveByReading(
      async () => {
        reads++;
        return unknown();
      },
      systemClock,
      [0, 60_000, 120_000],
      undefined,
      stop.signal,
    );
    await new Promise((r) => setTimeout(r, 50));
    stop.abort();
    const res = await pending;
    assert.equal(res.kind, 'unresolved');
    assert.match(res.note, /next start/);
    assert.equal(reads, 1, 'the read before the stop, none after');
    assert.ok(Date.now() - t0 < 1_000, 'the 60 s wait did not hold it');
  });

  it('without a stop, a period of unknown reads ends in one final unfiltered read', async () => {
    const finals: boolean[] = [];
    const res = await resolveByReading(
      async (o) => {
        finals.push(o?.final === true);
        return unknown();
      },
      systemClock,
      [0, 10, 20],
    );
    assert.equal(res.kind, 'not-done');
    assert.deepEqual(finals, [false, false, false, true]);
  });
});
