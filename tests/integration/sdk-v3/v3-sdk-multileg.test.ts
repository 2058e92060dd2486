/**
 * The broker's official v3 SDK (npm fyers-api-v3 1.9.0, unmodified) as the test peer of the
 * sandbox's multi-leg orders (issue 21 #3/#4): `place_multileg_order` sends two- and
 * three-leg orders of one underlying's futures and options, and each must be answered as a
 * placement and show its legs in the order book; a bad leg refuses the whole order, with no
 * leg left behind.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import type { Instrument } from '../../../shared/broker/instrument';
import { session, type Session } from '../sandbox/helpers';

type Answer = Record<string, unknown> & { s?: string; code?: number; message?: string };
type Row = Record<string, unknown>;
interface FyersModel {
  setAppId(id: string): void;
  setAccessToken(token: string): void;
  place_multileg_order(req: unknown): Promise<Answer>;
}

const require = createRequire(import.meta.url);
const config = (require('fyers-api-v3/config/config.js') as { Config: Record<string, string> })
  .Config;
const sdk = require('fyers-api-v3') as {
  fyersModel: new (p: { path: string; enableLogging: boolean }) => FyersModel;
};

let s: Session;
let fyers: FyersModel;
let logDir: string;
let futs: Instrument[];
let ce: Instrument;
let pe: Instrument;
let bank: Instrument;

before(async () => {
  s = await session();
  config.SYNC_API = s.sb.v3.apiBase;
  logDir = await mkdtemp(join(tmpdir(), 'tickdesk-sdkv3-ml-'));
  fyers = new sdk.fyersModel({ path: logDir, enableLogging: false });
  fyers.setAppId(s.appId);
  fyers.setAccessToken(s.token);
  const fno = s.sb.instruments.filter((i) => i.segment === 11);
  futs = fno.filter((i) => /^NSE:NIFTY\d{2}[A-Z]{3}FUT$/.test(i.ticker));
  ce = fno.find((i) => i.underlying === futs[0]!.underlying && i.ticker.endsWith('CE'))!;
  pe = fno.find((i) => i.underlying === futs[0]!.underlying && i.ticker.endsWith('PE'))!;
  bank = fno.find((i) => i.underlying !== futs[0]!.underlying && i.ticker.endsWith('FUT'))!;
  assert.ok(
    futs.length >= 2 && ce && pe && bank,
    'the master has NIFTY futures, options and another future',
  );
});
after(async () => {
  await s?.sb.close();
  if (logDir) await rm(logDir, { recursive: true, force: true });
});
beforeEach(() => s.control('reset'));

/** One leg: a limit order of one lot at a price the sandbox accepts (far from filling). */
async function leg(i: Instrument, side: 1 | -1): Promise<Row> {
  const q = await s.call('GET', `${s.sb.dataUrl}quotes?symbols=${encodeURIComponent(i.ticker)}`);
  const ltp = Number(((q.json.d as Row[])[0]!.v as Row).lp);
  return { symbol: i.ticker, qty: i.lotSize, side, type: 1, limitPrice: ltp };
}

async function place(req: unknown): Promise<Answer> {
  try {
    return await fyers.place_multileg_order(req);
  } catch (err) {
    return err as Answer;
  }
}

const book = async (): Promise<Row[]> =>
  (await s.call('GET', '/api/v3/orders')).json.orderBook as Row[];

test('a two-leg straddle and a three-leg order are placed as one each, their legs in the book', async () => {
  const two = await place({
    orderTag: 'spread',
    productType: 'MARGIN',
    offlineOrder: false,
    orderType: '2L',
    validity: 'IOC',
    legs: { leg1: await leg(ce, 1), leg2: await leg(pe, 1) },
  });
  assert.equal(two.s, 'ok', JSON.stringify(two));
  assert.equal(two.code, 1101);
  assert.match(String(two.id), /^\d{14}$/);
  let rows = await book();
  assert.equal(rows.length, 2);
  assert.deepEqual(
    rows.map((r) => [r.symbol, r.side, r.qty]).sort(),
    [
      [ce.ticker, 1, ce.lotSize],
      [pe.ticker, 1, pe.lotSize],
    ].sort(),
  );
  assert.ok(
    rows.some((r) => r.id === two.id),
    'the answer names the first leg',
  );

  const three = await place({
    productType: 'MARGIN',
    offlineOrder: false,
    orderType: '3L',
    validity: 'IOC',
    legs: { leg1: await leg(futs[0]!, 1), leg2: await leg(ce, -1), leg3: await leg(pe, 1) },
  });
  assert.equal(three.s, 'ok', JSON.stringify(three));
  rows = await book();
  assert.equal(rows.length, 5);
  for (const t of [ce.ticker, pe.ticker])
    assert.ok(
      rows.some((r) => r.symbol === t),
      t,
    );
});

test('a bad multi-leg order is refused whole: no leg is left in the book', async () => {
  const base = {
    productType: 'MARGIN',
    offlineOrder: false,
    validity: 'IOC',
  };
  const bad: [string, unknown][] = [
    [
      'three legs under 2L',
      {
        ...base,
        orderType: '2L',
        legs: { leg1: await leg(futs[0]!, 1), leg2: await leg(ce, 1), leg3: await leg(pe, 1) },
      },
    ],
    [
      'a cash leg',
      {
        ...base,
        orderType: '2L',
        legs: {
          leg1: await leg(futs[0]!, 1),
          leg2: { symbol: 'NSE:SBIN-EQ', qty: 1, side: 1, type: 1, limitPrice: 800 },
        },
      },
    ],
    [
      'two underlyings',
      {
        ...base,
        orderType: '2L',
        legs: { leg1: await leg(futs[0]!, 1), leg2: await leg(bank, -1) },
      },
    ],
    [
      'a DAY validity',
      {
        ...base,
        validity: 'DAY',
        orderType: '2L',
        legs: { leg1: await leg(futs[0]!, 1), leg2: await leg(futs[1]!, -1) },
      },
    ],
    [
      'a last leg off its lot size',
      {
        ...base,
        orderType: '3L',
        legs: {
          leg1: await leg(futs[0]!, 1),
          leg2: await leg(ce, 1),
          leg3: { ...(await leg(pe, 1)), qty: pe.lotSize + 1 },
        },
      },
    ],
  ];
  for (const [what, req] of bad) {
    const a = await place(req);
    assert.notEqual(a.s, 'ok', `${what}: ${JSON.stringify(a)}`);
    assert.ok(typeof a.message === 'string' && a.message.length > 0, what);
  }
  const live = (await book()).filter((r) => r.status === 4 || r.status === 6);
  assert.deepEqual(live, [], 'no leg of a refused order is working');
  // Refused for funds on its last leg, after two legs were placed: both are taken back.
  const big = await place({
    ...base,
    orderType: '3L',
    legs: {
      leg1: await leg(ce, 1),
      leg2: await leg(pe, 1),
      leg3: { ...(await leg(futs[0]!, 1)), qty: futs[0]!.lotSize * 20 },
    },
  });
  assert.notEqual(big.s, 'ok', JSON.stringify(big));
  const after = await book();
  assert.ok(after.length >= 2, 'the legs placed before the refusal are in the book');
  assert.deepEqual(
    after.filter((r) => r.status === 4 || r.status === 6),
    [],
    'and none of them is working',
  );
});
