/**
 * Issue 20 #6 through the composed app (createAppCore in Demo mode, the real router, the
 * sandbox over HTTP), on Thursday 24 December 2026, the day before Christmas: the kill
 * switch's stop lasts until the next trading day's start, Monday 28 December 09:00 IST (not
 * Friday the 25th, a holiday of every exchange); and on the 25th itself the sandbox reports
 * the markets closed, as the exchanges are, where it used to report them open by the clock.
 * The core and the sandbox run on the real clock moved to that day (timers stay real).
 * Both read the one holiday table, shared/broker/exchange-holidays.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { systemClock } from '../../../electron/core/limiter/clock';
import { Exchange, Segment } from '../../../shared/broker/enums';
import { istToEpoch } from '../../../shared/format/ist';
import { startComposedApp, type ComposedApp } from '../app/composed-app';
import { inProcessDemo } from '../../support/in-process-demo';

/** An IST instant in December 2026. */
const dec = (day: number, hour: number, minute = 0) =>
  istToEpoch({ year: 2026, month: 12, day, hour, minute, second: 0 });

/** The composed app with the core and the sandbox on the real clock moved to `at`. */
async function startAt(at: number): Promise<ComposedApp> {
  const shift = at - Date.now();
  const now = () => Date.now() + shift;
  return startComposedApp({
    deps: {
      clock: { ...systemClock, now },
      demoProcess: inProcessDemo({
        timeSource: now,
        simSleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      }),
    },
  });
}

/** The market rows the app reads now that are open (or in a session before the open). */
async function openRows(app: ComposedApp): Promise<string[]> {
  const rows = await app.call('portfolio.marketStatus', { beforeSend: true });
  assert.ok(
    rows.some((r) => r.exchange === Exchange.NSE && r.segment === Segment.CapitalMarket),
    'NSE cash is listed',
  );
  return rows
    .filter((r) => r.phase !== 'closed' && r.phase !== 'post-close')
    .map((r) => `${r.exchange}:${r.segment} ${r.status}`);
}

describe('exchange holidays: Christmas Eve 2026 (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startAt(dec(24, 10));
  });
  after(() => app?.close());

  it('an ordinary Thursday: NSE cash is open at 10:00 IST', async () => {
    assert.ok((await openRows(app)).includes('10:10 OPEN'));
  });

  it('the kill switch used on Christmas Eve stops trading until Monday 09:00 IST, past the holiday and the weekend', async () => {
    const out = await app.call('risk.killSwitch', { confirm: 'STOP' });
    assert.equal(
      new Date(out.block.until).toISOString(),
      new Date(dec(28, 9)).toISOString(),
      'the stop ends at the next trading day’s start',
    );
    assert.equal((await app.call('risk.state')).block?.until, dec(28, 9));
  });
});

describe('exchange holidays: Christmas Day 2026 (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startAt(dec(25, 9, 30));
  });
  after(() => app?.close());

  it('the sandbox reports NSE, BSE and MCX closed all day', async () => {
    for (const [hour, minute] of [
      [9, 5],
      [9, 30],
      [11, 0],
      [15, 45],
      [19, 30],
    ] as const) {
      await app.control('clock', { set: new Date(dec(25, hour, minute)).toISOString() });
      assert.deepEqual(await openRows(app), [], `at ${hour}:${minute} IST on Christmas Day`);
    }
  });
});
