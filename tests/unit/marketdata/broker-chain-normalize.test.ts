/**
 * The broker's option-chain answer into the shared BrokerChain (issue 22 #3): IV from percent
 * to a fraction, the underlying's row skipped, and each unreadable contract named with a reason
 * a trader can read while the rest still arrive (one bad row never blanks the chain).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BROKER_CHAIN_REFUSALS,
  normalizeBrokerChain,
} from '../../../electron/core/marketdata/broker-chain-normalize';
import { BrokerChain } from '../../../shared/marketdata/broker-chain';

const ASKED = { symbol: 'NSE:NIFTY50-INDEX', expiry: 1_767_000_000 };
const row = (symbol: unknown, type: string, greeks?: unknown) => ({
  symbol,
  option_type: type,
  strike_price: 24000,
  ltp: 100,
  ...(greeks === undefined ? {} : { greeks }),
});
const G = { delta: 0.52, gamma: 0.0004, theta: -9.1, vega: 12.3, iv: 14.5 };

test('reads IV as a fraction and each Greek, skipping the underlying row', () => {
  const out = normalizeBrokerChain(
    {
      data: {
        optionsChain: [
          { symbol: 'NSE:NIFTY50-INDEX', option_type: '', strike_price: -1, ltp: 24010 },
          row('NSE:NIFTY25DEC24000CE', 'CE', G),
          row('NSE:NIFTY25DEC24000PE', 'PE', { ...G, delta: -0.47, iv: '15.2' }),
        ],
      },
    },
    ASKED,
    1000,
  );
  assert.ok(BrokerChain.safeParse(out).success, 'the IPC schema accepts it');
  assert.deepEqual(out.rejected, []);
  assert.equal(out.rows.length, 2);
  assert.deepEqual(out.rows[0], {
    ticker: 'NSE:NIFTY25DEC24000CE',
    iv: 0.145,
    delta: 0.52,
    gamma: 0.0004,
    theta: -9.1,
    vega: 12.3,
  });
  assert.equal(out.rows[1]!.iv, 0.152);
});

test('one bad row is named and the others still arrive; a row without figures is kept empty', () => {
  const out = normalizeBrokerChain(
    {
      data: {
        optionsChain: [
          row('NSE:NIFTY25DEC24000CE', 'CE', { ...G, delta: 7 }),
          row('NSE:NIFTY25DEC24000PE', 'PE', { ...G, iv: 'n/a' }),
          row('', 'CE', G),
          row('NSE:NIFTY25DEC24100CE', 'CE', { ...G, vega: 'x' }),
          row('NSE:NIFTY25DEC24100PE', 'PE', { ...G, iv: 0 }),
          row('NSE:NIFTY25DEC24200CE', 'CE'),
        ],
      },
    },
    ASKED,
    1000,
  );
  assert.ok(BrokerChain.safeParse(out).success);
  assert.deepEqual(out.rejected, [
    { row: 'NSE:NIFTY25DEC24000CE', reason: BROKER_CHAIN_REFUSALS.badDelta },
    { row: 'NSE:NIFTY25DEC24000PE', reason: BROKER_CHAIN_REFUSALS.badIv },
    { row: 'row 3', reason: BROKER_CHAIN_REFUSALS.noTicker },
    { row: 'NSE:NIFTY25DEC24100CE', reason: BROKER_CHAIN_REFUSALS.badGreek },
  ]);
  // IV 0 is the broker's "none": kept, with no IV.
  assert.deepEqual(
    out.rows.map((r) => [r.ticker, r.iv, r.delta]),
    [
      ['NSE:NIFTY25DEC24100PE', null, 0.52],
      ['NSE:NIFTY25DEC24200CE', null, null],
    ],
  );
  for (const r of out.rejected) assert.doesNotMatch(r.reason, /greeks|option_type|strike_price|\//);
});

test('an answer with no contracts says so; one whose chain is not a list is refused', () => {
  const empty = normalizeBrokerChain({ data: { optionsChain: [] } }, ASKED, 1000);
  assert.deepEqual(empty.rows, []);
  assert.deepEqual(empty.rejected, [{ row: 'the answer', reason: BROKER_CHAIN_REFUSALS.noRows }]);
  assert.throws(() => normalizeBrokerChain({ data: { optionsChain: 'x' } }, ASKED, 1000));
});
