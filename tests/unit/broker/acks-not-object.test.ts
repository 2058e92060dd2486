/**
 * An order-action answer that is not an object (null, a list, text) is a typed malformed
 * answer, never a TypeError: the order service treats a BrokerError as "the broker's answer
 * could not be read", but a TypeError would surface as an internal error.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  normalizeConvertAck,
  normalizeExitAck,
  normalizeOrderAck,
} from '../../../electron/core/broker/normalize/acks';
import { isBrokerError } from '../../../electron/core/broker/broker-error';

test('order, exit and convert acks refuse a non-object answer with a typed BrokerError', () => {
  for (const run of [normalizeOrderAck, normalizeExitAck, normalizeConvertAck]) {
    for (const answer of [null, undefined, [], 'ok', 5, true]) {
      assert.throws(
        () => run(answer),
        (err: unknown) => isBrokerError(err),
        `${run.name}(${JSON.stringify(answer)})`,
      );
    }
  }
  assert.equal(normalizeOrderAck({ s: 'ok', code: 1101, id: '7', message: 'ok' }).id, '7');
});
