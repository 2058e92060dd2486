/**
 * The sandbox's socket test controls reach the v3 data socket too, as they reach v2's: a
 * price stamped a day ahead arrives at an HSM subscriber (the app reads it as "arrived now",
 * never as a future time) and the next market step restates the real price; an oversized
 * frame is refused by the app's connection, which reconnects. The hostile-input proof's feed
 * campaign relies on both when Demo runs v3's sockets.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { silentLogger } from '../../../electron/core/diagnostics/logger';
import { systemClock } from '../../../electron/core/limiter/clock';
import { createHsmFeed, type HsmFeed } from '../../../electron/core/marketdata/v3/hsm-feed';
import type { Quote } from '../../../shared/marketdata/quote';
import { hsmKeyOf } from '../../../shared/broker/v3/access-token';
import { session, type Session } from '../sandbox/helpers';

const SBIN = 'NSE:SBIN-EQ';
let s: Session;
let feed: HsmFeed;
const quotes: Quote[] = [];

async function until(cond: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

before(async () => {
  // The sandbox's clock frozen at real now: a day ahead of it is a day ahead of the app's clock.
  s = await session({ master: 'fixture', now: new Date() });
  await s.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
  const tokens = new Map(s.sb.instruments.map((i) => [i.ticker, i.token]));
  feed = createHsmFeed({
    url: () => s.sb.v3.dataSocketUrl,
    hsmKey: () => hsmKeyOf(s.token) ?? null,
    tokenOf: (sym) => tokens.get(sym),
    clock: systemClock,
    logger: silentLogger,
    minBackoffMs: 50,
    maxBackoffMs: 200,
    onQuote: (q) => quotes.push(q),
  });
  feed.start();
  feed.subscribe([SBIN]);
  await until(() => quotes.some((q) => q.symbol === SBIN), 'a first SBIN price');
});
after(async () => {
  feed?.stop();
  await s?.sb.close();
});

test('a future-stamped price reaches an HSM subscriber, read as arrived now; the next step restates the real one', async () => {
  const real = quotes.at(-1)!.ltp;
  const bogus = Math.round(real * 1.1 * 20) / 20;
  const from = quotes.length;
  const sentAt = Date.now();
  const r = await s.control('socket', {
    action: 'future',
    symbol: SBIN,
    ltp: bogus,
    aheadMs: 86_400_000,
  });
  assert.equal(r.affected, 1, 'one v3 data-socket connection reached');
  await until(() => quotes.slice(from).some((q) => q.ltp === bogus), 'the bogus price');
  const shown = quotes.slice(from).find((q) => q.ltp === bogus)!;
  assert.ok(
    shown.at <= Date.now() && shown.at >= sentAt - 1_000,
    `dated at its arrival, not a day ahead (${shown.at - sentAt} ms after sending)`,
  );
  await s.control('tick', { n: 1 });
  await until(() => quotes.at(-1)!.ltp !== bogus, 'the real price again');
});

test('an oversized frame on the HSM socket is refused and the connection comes back', async () => {
  const before = feed.reconnects();
  const r = await s.control('socket', { action: 'oversized', bytes: 60 * 1024 * 1024 });
  assert.ok(Number(r.affected) >= 1);
  await until(() => feed.reconnects() > before && feed.state() === 'open', 'a reconnect');
});
