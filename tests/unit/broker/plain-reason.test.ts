import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { plainBrokerReason } from '../../../shared/broker/plain-reason';
import { BrokerError } from '../../../electron/core/broker/broker-error';

describe('the broker reason in plain words', () => {
  it('drops request paths and addresses, keeps the reason', () => {
    assert.equal(
      plainBrokerReason(
        'Order 1 is an exit leg of 2; exit the position (DELETE /api/v2/positions) instead',
      ),
      'Order 1 is an exit leg of 2; exit the position instead',
    );
    assert.equal(
      plainBrokerReason('See https://api.example.com/api/v2/orders?id=1 for details.'),
      'See the broker for details.',
    );
    assert.equal(plainBrokerReason('Insufficient funds'), 'Insufficient funds');
  });

  it("an unknown rejection shows the broker's reason, not a status code or a path", () => {
    const e = BrokerError.fromEnvelope(
      400,
      null,
      'Scrip blocked for trading (POST /api/v2/orders)',
    );
    assert.equal(e.toIpc().message, 'The broker refused the request. (Scrip blocked for trading)');
    assert.doesNotMatch(e.toIpc().message, /\/api\/|HTTP/);
    const coded = BrokerError.fromEnvelope(400, -9999, 'Use PUT /api/v2/orders to change it');
    assert.match(coded.toIpc().message, /\(Use to change it\)$/);
  });
});
