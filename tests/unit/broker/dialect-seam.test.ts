/**
 * The broker seam's own rules: an account stored before dialects existed is v2's, each call
 * goes to the dialect of the account logged in at that moment, and v3's call table sends each
 * operation where the official v3 SDK does (docs/broker-v3.md).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DIALECT_CAPABILITIES } from '../../../shared/broker/dialect';
import { createAccountBrokerClient } from '../../../electron/core/broker/account-dialect';
import { DIALECTS, dialectOf } from '../../../electron/core/broker/dialects';
import type { HttpTransport, TransportRequest } from '../../../electron/core/broker/http-transport';
import { AccountSettings } from '../../../electron/core/settings/schema';

/** A transport that records each request and answers an empty success. */
function recorder(name: string, seen: string[]): HttpTransport {
  const answer = (req: TransportRequest) => {
    seen.push(`${name} ${req.method} ${req.path}`);
    return { s: 'ok', code: 200, message: '', orderBook: [], marketStatus: [], id: '1' };
  };
  return {
    origin: 'http://127.0.0.1',
    request: async (req) => answer(req),
    send: async (req) => ({ status: 200, body: answer(req) }),
  };
}

test('an account stored without a broker field is fyers-v2', () => {
  const a = AccountSettings.parse({
    id: 'old',
    label: 'Old',
    environment: 'live',
    appId: 'APP-100',
    redirectUrl: 'http://127.0.0.1:8765/callback',
    template: 'orders',
  });
  assert.equal(a.broker, 'fyers-v2');
  assert.equal(dialectOf(a).id, 'fyers-v2');
  assert.equal(dialectOf(null).id, 'fyers-v2');
});

test('each call goes to the dialect of the account logged in when it is made', async () => {
  const seen: string[] = [];
  let current: 'fyers-v2' | 'fyers-v3' = 'fyers-v2';
  const client = createAccountBrokerClient({
    dialect: () => current,
    make: (d) =>
      d.createClient({
        transport: recorder('trading', seen),
        dataTransport: recorder('data', seen),
      }),
  });
  await client.getOrders();
  current = 'fyers-v3';
  await client.getOrders();
  await client.getMarketStatus();
  await client.cancelOrder('1');
  assert.deepEqual(seen, [
    'trading GET /api/v2/orders',
    'trading GET /api/v3/orders',
    'data GET /marketStatus',
    'trading DELETE /api/v3/orders/sync',
  ]);
});

test('v3 sends each order action where the SDK does; v2 keeps the spec paths', async () => {
  const seen: string[] = [];
  const v3 = DIALECTS['fyers-v3'].createClient({
    transport: recorder('t', seen),
    dataTransport: recorder('d', seen),
  });
  const draft = {
    symbol: 'NSE:SBIN-EQ',
    qty: 1,
    type: 1,
    side: 1,
    productType: 'INTRADAY',
    limitPrice: 700,
    stopPrice: 0,
    disclosedQty: 0,
    validity: 'DAY',
    offlineOrder: false,
    stopLoss: 0,
    takeProfit: 0,
  } as const;
  await v3.placeOrder(draft);
  await v3.modifyOrder({ id: '1', limitPrice: 701 });
  await v3.convertPosition({
    symbol: 'NSE:SBIN-EQ',
    positionSide: 1,
    convertQty: 1,
    convertFrom: 'INTRADAY',
    convertTo: 'CNC',
  });
  await v3.exitPosition('NSE:SBIN-EQ-INTRADAY');
  // No several-by-id read in v3: the book is read and filtered.
  await v3.getOrdersByIds(['1', '2']);
  assert.deepEqual(seen, [
    't POST /api/v3/orders/sync',
    't PATCH /api/v3/orders/sync',
    't POST /api/v3/positions',
    't DELETE /api/v3/positions',
    't GET /api/v3/orders',
  ]);
  assert.equal(DIALECT_CAPABILITIES['fyers-v3'].ordersByIds, false);
  assert.equal(DIALECTS['fyers-v3'].login.authorize, '/api/v3/generate-authcode');
  assert.equal(DIALECTS['fyers-v2'].login.token, '/api/v2/validate-authcode');
});
