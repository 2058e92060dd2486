/**
 * The sandbox's market price protection band (inferred widths, docs/sandbox.md): wider for
 * cheap options, on the tick grid, never past the band's edge, and a sell never below a tick.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Side } from '../../../shared/broker/enums';
import {
  protectionPct,
  protectionPrice,
  withinProtection,
} from '../../../sandbox/market/market-protection';

const stock = { optionType: 'XX' as const, tickSize: 0.05 };
const option = { optionType: 'CE' as const, tickSize: 0.05 };

test('the band is wider for cheap instruments and for options', () => {
  assert.equal(protectionPct(stock, 50), 2);
  assert.equal(protectionPct(stock, 800), 1);
  assert.equal(protectionPct(stock, 2500), 0.5);
  assert.equal(protectionPct(option, 8), 20);
  assert.equal(protectionPct(option, 120), 2.5);
});

test('the protection price is on the tick grid and inside the band', () => {
  assert.equal(protectionPrice(stock, Side.Buy, 800), 808);
  assert.equal(protectionPrice(stock, Side.Sell, 800), 792);
  // 1% of 812.37 is 8.1237: the buy edge 820.4937 rounds down, the sell edge 804.2463 up.
  assert.equal(protectionPrice(stock, Side.Buy, 812.37), 820.45);
  assert.equal(protectionPrice(stock, Side.Sell, 812.37), 804.25);
  assert.equal(protectionPrice(option, Side.Sell, 0.05), 0.05);
  assert.ok(withinProtection(Side.Buy, 808, 808));
  assert.ok(!withinProtection(Side.Buy, 808.05, 808));
  assert.ok(withinProtection(Side.Sell, 792, 792));
  assert.ok(!withinProtection(Side.Sell, 791.95, 792));
});
