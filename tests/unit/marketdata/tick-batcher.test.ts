/**
 * The main → renderer pacing of prices (electron/core/marketdata/tick-batcher.ts): however
 * many ticks land in a frame, the renderer gets one entry per symbol per frame carrying its
 * latest price, and nothing that changed is lost from one frame to the next. A fake clock
 * stands in for the frame timer; the quote cache is the real one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createQuoteCache } from '../../../electron/core/marketdata/quote-cache';
import {
  batchTicks,
  FRAME_MS,
  MAX_QUOTES_PER_EVENT,
} from '../../../electron/core/marketdata/tick-batcher';
import { EMPTY_QUOTE_FIELDS, type Quote } from '../../../shared/marketdata/quote';
import { FakeClock } from '../limiter/fake-clock';

function setup() {
  const clock = new FakeClock();
  const quotes = createQuoteCache({ clock });
  const frames: Quote[][] = [];
  const stop = batchTicks({ quotes, clock, emit: (q) => frames.push(q) });
  let at = clock.now();
  /** One socket tick, a millisecond of exchange time after the last. */
  const tick = (symbol: string, ltp: number) =>
    quotes.put({ ...EMPTY_QUOTE_FIELDS, symbol, ltp, at: ++at, source: 'socket' });
  return { clock, frames, stop, tick };
}

const summary = (frame: Quote[]) =>
  Object.fromEntries(frame.map((q) => [q.symbol, q.ltp] as const));

test('many ticks of the same symbols within a frame: one entry per symbol, the latest wins', async () => {
  const { clock, frames, stop, tick } = setup();
  try {
    for (let k = 1; k <= 50; k++) {
      tick('NSE:SBIN-EQ', 800 + k / 20);
      tick('NSE:TCS-EQ', 4_000 + k);
      tick('NSE:INFY-EQ', 1_500 + k);
    }
    assert.equal(frames.length, 0, 'nothing sent before the frame ends');
    await clock.advance(FRAME_MS);
    assert.equal(frames.length, 1, 'one message for the frame');
    assert.equal(frames[0]!.length, 3, 'one entry per symbol, not one per tick');
    assert.deepEqual(summary(frames[0]!), {
      'NSE:SBIN-EQ': 802.5,
      'NSE:TCS-EQ': 4_050,
      'NSE:INFY-EQ': 1_550,
    });
    await clock.advance(FRAME_MS * 5);
    assert.equal(frames.length, 1, 'a quiet frame sends nothing');
  } finally {
    stop();
  }
});

test('nothing is lost across frames: each frame carries what changed in it', async () => {
  const { clock, frames, stop, tick } = setup();
  try {
    tick('NSE:SBIN-EQ', 801);
    tick('NSE:TCS-EQ', 4_001);
    await clock.advance(FRAME_MS - 1);
    tick('NSE:SBIN-EQ', 802); // still within the first frame
    await clock.advance(1);
    tick('NSE:SBIN-EQ', 803); // the next frame
    tick('NSE:INFY-EQ', 1_501);
    await clock.advance(FRAME_MS);
    tick('NSE:TCS-EQ', 4_002);
    await clock.advance(FRAME_MS);
    assert.deepEqual(frames.map(summary), [
      { 'NSE:SBIN-EQ': 802, 'NSE:TCS-EQ': 4_001 },
      { 'NSE:SBIN-EQ': 803, 'NSE:INFY-EQ': 1_501 },
      { 'NSE:TCS-EQ': 4_002 },
    ]);
    // Every symbol's last price reached the renderer.
    const last = Object.assign({}, ...frames.map(summary)) as Record<string, number>;
    assert.deepEqual(last, { 'NSE:SBIN-EQ': 803, 'NSE:TCS-EQ': 4_002, 'NSE:INFY-EQ': 1_501 });
  } finally {
    stop();
  }
});

test('500 symbols ticking 2,000 times in one frame still make one message of 500 entries', async () => {
  const { clock, frames, stop, tick } = setup();
  try {
    for (let k = 0; k < 2_000; k++) tick(`NSE:S${k % 500}-EQ`, 100 + k);
    await clock.advance(FRAME_MS);
    assert.equal(frames.length, 1);
    assert.equal(frames[0]!.length, 500);
    const ltp = summary(frames[0]!);
    assert.equal(ltp['NSE:S0-EQ'], 100 + 1_500, 'the last of its four ticks');
    assert.equal(ltp['NSE:S499-EQ'], 100 + 1_999);
  } finally {
    stop();
  }
});

test('a frame of more symbols than one event holds goes out as several bounded events', async () => {
  const { clock, frames, stop, tick } = setup();
  try {
    for (let k = 0; k < 2_500; k++) tick(`NSE:S${k}-EQ`, 100 + k);
    await clock.advance(FRAME_MS);
    assert.deepEqual(
      frames.map((f) => f.length),
      [MAX_QUOTES_PER_EVENT, MAX_QUOTES_PER_EVENT, 500],
    );
    assert.equal(new Set(frames.flat().map((q) => q.symbol)).size, 2_500, 'every symbol once');
  } finally {
    stop();
  }
});

test('stopping cancels the pending frame and forwards nothing more', async () => {
  const { clock, frames, stop, tick } = setup();
  tick('NSE:SBIN-EQ', 801);
  stop();
  assert.equal(clock.pending(), 0, 'the frame timer is cleared');
  tick('NSE:SBIN-EQ', 802);
  await clock.advance(FRAME_MS * 3);
  assert.deepEqual(frames, []);
});

test('a page that is behind: frames wait, each symbol held once at its latest, all sent when it catches up', async () => {
  const clock = new FakeClock();
  const quotes = createQuoteCache({ clock });
  const frames: Quote[][] = [];
  let busy = true;
  const stop = batchTicks({ quotes, clock, emit: (q) => frames.push(q), busy: () => busy });
  let at = clock.now();
  try {
    for (let k = 1; k <= 200; k++) {
      for (const s of ['NSE:SBIN-EQ', 'NSE:TCS-EQ'])
        quotes.put({ ...EMPTY_QUOTE_FIELDS, symbol: s, ltp: 100 + k, at: ++at, source: 'socket' });
      await clock.advance(FRAME_MS);
    }
    assert.equal(frames.length, 0, 'nothing piles up for a page that is not reading');
    busy = false;
    await clock.advance(FRAME_MS);
    assert.equal(frames.length, 1, 'one message once the page reads again');
    assert.deepEqual(summary(frames[0]!), { 'NSE:SBIN-EQ': 300, 'NSE:TCS-EQ': 300 });
  } finally {
    stop();
  }
});
