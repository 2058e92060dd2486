/**
 * The official v3 SDK (fyers-api-v3 1.9.0) as a test peer of the sandbox's option chain
 * (issue 22 #3): `getOptionChain` reaches `/data/options-chain-v3` on the data host; the rows
 * carry the prices the quotes carry; Greeks come only when asked, and then agree with the
 * sandbox's own prices (the broker's IV reprices its option to the quoted premium, its delta
 * obeys put-call parity). A failure means the sandbox's chain disagrees with the broker's client
 * or with its own market.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { black76 } from '../../../shared/options/black76';
import { CARRY_RATE } from '../../../sandbox/market/price-model';
import { MARKET_OPEN } from '../sandbox/helpers';
import { startSdkPeer, type SdkPeer } from './sdk-peer';

type Row = Record<string, unknown> & {
  symbol: string;
  option_type: string;
  strike_price: number;
  ltp: number;
  greeks?: { delta: number; gamma: number; theta: number; vega: number; iv: number };
};

let peer: SdkPeer;
const UNDERLYING = 'NSE:NIFTY50-INDEX';

async function chain(req: Record<string, unknown>) {
  const a = await peer.call('getOptionChain', req);
  assert.equal(a.s, 'ok', JSON.stringify(a));
  const data = a.data as {
    optionsChain: Row[];
    expiryData: { date: string; expiry: string }[];
    callOi: number;
    putOi: number;
  };
  return data;
}

before(async () => {
  peer = await startSdkPeer();
});
after(async () => {
  await peer?.close();
});

test('getOptionChain answers the underlying first, then calls and puts around the money, without Greeks unless asked', async () => {
  const data = await chain({ symbol: UNDERLYING, strikecount: 3 });
  const [head, ...rows] = data.optionsChain;
  assert.equal(head!.symbol, UNDERLYING);
  assert.equal(head!.option_type, '');
  assert.equal(head!.strike_price, -1);
  assert.ok(head!.ltp > 0);
  assert.ok(data.expiryData.length >= 1, 'the expiries are listed');
  assert.match(data.expiryData[0]!.date, /^\d\d-\d\d-\d{4}$/);
  const strikes = [...new Set(rows.map((r) => r.strike_price))];
  assert.ok(strikes.length >= 2 && strikes.length <= 7, `3 strikes a side at most: ${strikes}`);
  assert.ok(rows.some((r) => r.option_type === 'CE') && rows.some((r) => r.option_type === 'PE'));
  assert.ok(
    rows.every((r) => r.greeks === undefined),
    'no row carries Greeks when greeks is not asked for',
  );
  // The chain's prices are the quotes' prices: one market.
  const probe = rows[0]!;
  const q = await peer.call('getQuotes', [probe.symbol]);
  const item = (q.d as { v: { lp: number } }[])[0]!;
  assert.equal(probe.ltp, item.v.lp);
});

test('with greeks=1 each contract carries the broker IV and Greeks, consistent with its own prices', async () => {
  const data = await chain({ symbol: UNDERLYING, strikecount: 2, greeks: 1 });
  const expiry = Number(data.expiryData[0]!.expiry);
  const [head, ...rows] = data.optionsChain;
  assert.equal(head!.greeks, undefined, 'the underlying row carries no Greeks');
  const years = (expiry * 1000 - MARKET_OPEN.getTime()) / (365 * 86_400_000);
  const forward = head!.ltp * Math.exp(CARRY_RATE * years);
  for (const r of rows) {
    const g = r.greeks;
    assert.ok(g, `${r.symbol} carries greeks`);
    assert.ok(g.iv > 1 && g.iv < 100, `${r.symbol}: IV in percent, got ${g.iv}`);
    // The broker's IV prices the option at (about) its quoted premium: the surface the prices come from.
    const model = black76({
      right: r.option_type as 'CE' | 'PE',
      forward,
      strike: r.strike_price,
      years,
      rate: CARRY_RATE,
      vol: g.iv / 100,
    });
    assert.ok(
      Math.abs(model - r.ltp) <= Math.max(1, r.ltp * 0.05),
      `${r.symbol}: the broker IV ${g.iv}% reprices to ${model.toFixed(2)}, quoted ${r.ltp}`,
    );
    assert.ok(g.gamma > 0 && g.vega > 0 && g.theta < 0, `${r.symbol}: ${JSON.stringify(g)}`);
    if (r.option_type === 'CE') assert.ok(g.delta > 0 && g.delta < 1);
    else assert.ok(g.delta < 0 && g.delta > -1);
  }
  // Put-call parity in delta: call delta − put delta = e^(−rT) at each strike.
  for (const ce of rows.filter((r) => r.option_type === 'CE')) {
    const pe = rows.find((r) => r.option_type === 'PE' && r.strike_price === ce.strike_price)!;
    assert.ok(
      Math.abs(ce.greeks!.delta - pe.greeks!.delta - Math.exp(-CARRY_RATE * years)) < 0.002,
    );
  }
});

test('a named expiry is answered; an unknown expiry, strike count or symbol is refused by name', async () => {
  const first = await chain({ symbol: UNDERLYING });
  const ts = first.expiryData[first.expiryData.length - 1]!.expiry;
  const named = await chain({ symbol: UNDERLYING, timestamp: ts, strikecount: 1 });
  assert.ok(named.optionsChain.length > 1);
  const badTs = await peer.call('getOptionChain', { symbol: UNDERLYING, timestamp: '12345' });
  assert.equal(badTs.s, 'error');
  assert.match(String(badTs.message), /timestamp/);
  const badCount = await peer.call('getOptionChain', { symbol: UNDERLYING, strikecount: 500 });
  assert.equal(badCount.s, 'error');
  assert.match(String(badCount.message), /strikecount/);
  const badSymbol = await peer.call('getOptionChain', { symbol: 'NSE:NOSUCH-INDEX' });
  assert.equal(badSymbol.s, 'error');
  assert.match(String(badSymbol.message), /NOSUCH/);
});
