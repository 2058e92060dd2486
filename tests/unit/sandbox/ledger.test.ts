import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PositionLedger, figures } from '../../../sandbox/account/position-ledger';
import { fixtureInstruments } from '../../../sandbox/market/fixture-instruments';
import type { SimTrade } from '../../../sandbox/orders/model';
import { appIdHash, parseAppFlag, redirectMatches } from '../../../sandbox/auth/apps';
import { createHash } from 'node:crypto';
import { next0600Ist, fmtDdMmmYyyy, fmtDdMmYyyy } from '../../../sandbox/time/ist';

const sbin = fixtureInstruments()[0]!;
const trade = (
  side: 1 | -1,
  qty: number,
  price: number,
  productType: SimTrade['productType'] = 'INTRADAY',
): SimTrade => ({
  id: 't',
  slNo: 1,
  orderId: 'o',
  exchangeOrderNo: 'e',
  tradeNumber: 'n',
  instrument: sbin,
  side,
  productType,
  orderType: 2,
  qty,
  price,
  at: 0,
});

test('position figures: averages, realized on the closed part, unrealized on the open part', () => {
  const l = new PositionLedger();
  l.applyTrade(trade(1, 10, 100));
  l.applyTrade(trade(1, 10, 110));
  l.applyTrade(trade(-1, 5, 120));
  const f = figures(l.list()[0]!, 130);
  assert.equal(f.netQty, 15);
  assert.equal(f.buyAvg, 105);
  assert.equal(f.realized, 5 * (120 - 105));
  assert.equal(f.unrealized, 15 * (130 - 105));
  assert.equal(f.netAvg, 105);
  const short = new PositionLedger();
  short.applyTrade(trade(-1, 4, 50));
  const s = figures(short.list()[0]!, 45);
  assert.deepEqual([s.netQty, s.unrealized, s.netAvg], [-4, 20, 50]);
});

test('conversion moves quantity at its average and leaves realized P&L alone', () => {
  const l = new PositionLedger();
  l.applyTrade(trade(1, 10, 100));
  l.applyTrade(trade(-1, 4, 90));
  const before = figures(l.get('NSE:SBIN-EQ-INTRADAY')!, 95).realized;
  l.convert(sbin, 'INTRADAY', 'CNC', 1, 6);
  const from = figures(l.get('NSE:SBIN-EQ-INTRADAY')!, 95);
  const to = figures(l.get('NSE:SBIN-EQ-CNC')!, 95);
  assert.equal(from.netQty, 0);
  assert.equal(to.netQty, 6);
  assert.equal(to.buyAvg, 100);
  assert.equal(from.realized, before);
});

test('carry-in of demat shares realizes against the cost price', () => {
  const l = new PositionLedger();
  l.carryInHolding(sbin, 5, 700);
  l.applyTrade(trade(-1, 5, 800, 'CNC'));
  const f = figures(l.get('NSE:SBIN-EQ-CNC')!, 810);
  assert.deepEqual([f.netQty, f.realized, f.carriedQty], [0, 500, 5]);
});

test('apps: appIdHash, --app parsing, exact redirect matching, RFC 8252 any-port as an option', () => {
  const app = parseAppFlag('ABC-100:SECRET:http://127.0.0.1:8080/cb:orders');
  assert.equal(appIdHash(app), createHash('sha256').update('ABC-100:SECRET').digest('hex'));
  // Exact by default: not one byte of normalisation.
  assert.equal(redirectMatches('https://app.example/cb', 'https://app.example/cb'), true);
  assert.equal(redirectMatches('https://app.example/cb', 'https://app.example/cb/'), false);
  assert.equal(redirectMatches('https://app.example', 'https://app.example/'), false);
  assert.equal(redirectMatches('https://App.example/cb', 'https://app.example/cb'), false);
  assert.equal(redirectMatches('https://app.example/cb?x=1', 'https://app.example/cb'), false);
  assert.equal(redirectMatches('https://app.example/cb', 'https://app.example:444/cb'), false);
  assert.equal(redirectMatches('http://127.0.0.1:8080/cb', 'http://127.0.0.1:51234/cb'), false);
  // With loopbackAnyPort only the port of a loopback URI may differ.
  const any = { loopbackAnyPort: true };
  assert.equal(redirectMatches('http://127.0.0.1:8080/cb', 'http://127.0.0.1:51234/cb', any), true);
  assert.equal(redirectMatches('http://127.0.0.1/cb?a=1', 'http://127.0.0.1:5/cb?a=1', any), true);
  assert.equal(redirectMatches('http://[::1]:8080/cb', 'http://[::1]:9/cb', any), true);
  assert.equal(
    redirectMatches('http://127.0.0.1:8080/cb', 'http://127.0.0.1:51234/cb2', any),
    false,
  );
  assert.equal(
    redirectMatches('http://127.0.0.1:8080/cb', 'http://127.0.0.1:51234/cb/', any),
    false,
  );
  assert.equal(redirectMatches('http://127.0.0.1:8080/cb', 'http://localhost:8080/cb', any), false);
  assert.equal(redirectMatches('https://app.example/cb', 'https://app.example:444/cb', any), false);
  assert.equal(
    redirectMatches('http://127.0.0.1:8080/cb', 'http://127.0.0.1:8080@evil/cb', any),
    false,
  );
});

test('IST helpers: token expiry at the next 06:00 IST, the two date formats', () => {
  assert.equal(
    new Date(next0600Ist(Date.parse('2026-11-23T10:00:00+05:30'))).toISOString(),
    '2026-11-24T00:30:00.000Z',
  );
  assert.equal(
    new Date(next0600Ist(Date.parse('2026-11-23T05:00:00+05:30'))).toISOString(),
    '2026-11-23T00:30:00.000Z',
  );
  const t = Date.parse('2026-01-05T09:07:03+05:30');
  assert.equal(fmtDdMmmYyyy(t), '05-Jan-2026 09:07:03');
  assert.equal(fmtDdMmYyyy(t), '05-01-2026 09:07:03');
});
