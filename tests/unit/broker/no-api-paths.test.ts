import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BrokerError } from '../../../electron/core/broker/broker-error';
import { normalizeOrderBook } from '../../../electron/core/broker/normalize/orders';
import { rejectionText } from '../../../electron/core/alerts/order-alert-text';
import { toFailure } from '../../../electron/core/orders/actions/to-failure';
import { withoutApiPaths } from '../../../shared/broker/plain-reason';

/**
 * No message a trader sees contains an API path (issue 17 #3): the broker's reason enters
 * the app in two places, a failure envelope (BrokerError) and an order row's message, and
 * both leave it without paths, whatever the broker wrote.
 */
const EDIS_REFUSAL =
  'eDIS authorization required: selling 2 demat shares of INE009A01021 but only 0 are authorized; authorize them through /api/dev/index (TPIN) first';

test('a broker refusal naming a path reaches the ticket, the intent and the journal without it', () => {
  const e = BrokerError.fromEnvelope(400, -99, EDIS_REFUSAL);
  for (const text of [
    e.message,
    e.toIpc().message,
    e.toJSON().brokerMessage,
    toFailure(e).brokerMessage,
  ])
    assert.doesNotMatch(text, /\/api\//, text);
  assert.match(e.toJSON().brokerMessage, /eDIS authorization required/, 'the reason itself stays');
  const wrapped = toFailure(new Error(`fetch POST /api/v2/orders failed`));
  assert.doesNotMatch(wrapped.brokerMessage, /\/api\//);
});

test('an order row rejected with a path in its reason reads without it, in the book and the alert', () => {
  const [row] = normalizeOrderBook([
    {
      id: '26112700000001',
      symbol: 'NSE:INFY-EQ',
      qty: 2,
      remainingQuantity: 0,
      filledQty: 0,
      status: 5,
      message: EDIS_REFUSAL,
      segment: 10,
      exchange: 10,
      limitPrice: 0,
      stopPrice: 0,
      productType: 'CNC',
      type: 2,
      side: -1,
      orderValidity: 'DAY',
      orderDateTime: '27-Nov-2026 10:00:00',
      tradedPrice: 0,
    },
  ]);
  assert.ok(row, 'the row is read');
  assert.doesNotMatch(row.message, /\/api\//);
  assert.match(row.message, /eDIS authorization required/);
  const alert = rejectionText(row);
  assert.doesNotMatch(`${alert.title} ${alert.body}`, /\/api\//);
});

test('URLs keep their origin for support, never their path', () => {
  assert.equal(
    withoutApiPaths(
      'redirect to https://broker.example/api/v2/orders?id=1; exit the position (DELETE /api/v2/positions) instead',
    ),
    'redirect to https://broker.example; exit the position instead',
  );
});
