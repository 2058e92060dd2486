/**
 * The 2026 static-IP rule's refusal as one typed, definite error (issue 19 #5): by its named
 * code, or by its words when a broker gives it another code; and the sandbox's check of
 * the registered IPs (order actions only, IPv4-mapped peers, bad lists refused).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ErrorCode } from '../../../shared/broker/errors';
import { BrokerError } from '../../../electron/core/broker/broker-error';
import { RegisteredIps } from '../../../sandbox/controls/registered-ips';
import { BrokerFailure } from '../../../sandbox/failure';
import { parseArgs } from '../../../sandbox/cli';

test('the named code is a definite refusal that says what to do, with nothing to press', () => {
  const e = BrokerError.fromEnvelope(403, ErrorCode.StaticIpNotRegistered, 'not registered');
  assert.equal(e.code, ErrorCode.StaticIpNotRegistered);
  assert.equal(e.ambiguous, false);
  assert.equal(e.action, 'none');
  assert.equal(e.isAuthFailure, false);
  assert.equal(e.retryAfterMs, null);
  assert.match(e.message, /static IP/);
  assert.match(e.message, /API dashboard/);
  assert.match(e.message, /broker's own terminal/);
  assert.equal(e.toIpc().action, 'none');
});

test('a refusal worded as an unregistered IP is the same error under another code', () => {
  for (const words of [
    'IP (2402:e280::1) is not allowed',
    'Request IP 49.36.1.2 not registered for this app',
    'Your IP address is not whitelisted',
    'Order rejected: IP mismatch',
  ]) {
    const e = BrokerError.fromEnvelope(400, ErrorCode.OrderRejected, words);
    assert.equal(e.code, ErrorCode.StaticIpNotRegistered, words);
    assert.equal(e.ambiguous, false, words);
  }
  // Other refusals keep their meaning: a server error stays ambiguous, a 401 a session error.
  assert.equal(BrokerError.fromEnvelope(500, null, 'IP not allowed').ambiguous, true);
  assert.equal(BrokerError.fromEnvelope(401, null, 'IP not allowed').isAuthFailure, true);
  assert.equal(
    BrokerError.fromEnvelope(400, ErrorCode.OrderRejected, 'Tipping point not reached').code,
    ErrorCode.OrderRejected,
  );
});

test('the sandbox refuses order actions from unregistered peers, and only order actions', () => {
  const ips = new RegisteredIps();
  const place = { access: 'user' as const, operation: 'Order Placement' };
  const read = { access: 'user' as const, operation: 'Orders' };
  ips.check(place, '10.0.0.1'); // no rule: allowed
  ips.set(['203.0.113.7', '127.0.0.1']);
  ips.check(place, '::ffff:127.0.0.1');
  ips.check(read, '10.0.0.1');
  assert.throws(
    () => ips.check(place, '10.0.0.1'),
    (e: unknown) =>
      e instanceof BrokerFailure && e.code === ErrorCode.StaticIpNotRegistered && e.http === 403,
  );
  assert.throws(() => ips.set(['not-an-ip']), /not an IP address/);
  assert.throws(() => ips.set([]), /1\.\.10/);
  ips.set(null);
  assert.equal(ips.list(), null);
  ips.check(place, '10.0.0.1');
});

test('the CLI takes the registered IPs as a comma list and refuses a bad one', () => {
  assert.deepEqual(parseArgs(['--registered-ips', '203.0.113.7,127.0.0.1']).registeredIps, [
    '203.0.113.7',
    '127.0.0.1',
  ]);
  assert.throws(() => parseArgs(['--registered-ips', '1.2.3']), /--registered-ips/);
});
