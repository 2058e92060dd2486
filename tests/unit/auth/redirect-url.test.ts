import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LoginError } from '../../../electron/core/auth/errors';
import {
  classifyRedirectUrl,
  isRedirectTo,
  readRedirectParams,
  redirectUriToSend,
} from '../../../electron/core/auth/redirect-url';

test('the registered redirect URL chooses the capture', () => {
  assert.equal(classifyRedirectUrl('http://127.0.0.1:8765/callback').kind, 'loopback');
  assert.equal(classifyRedirectUrl('http://127.0.0.1:8765/callback').registeredPort, 8765);
  // No port written, or `:80` (which URL parsing drops): the broker sends the reply to port 80.
  assert.equal(classifyRedirectUrl('http://127.0.0.1/callback').registeredPort, 80);
  assert.equal(classifyRedirectUrl('http://127.0.0.1:80/callback').registeredPort, 80);
  assert.equal(classifyRedirectUrl('https://example.com/tickdesk/done').kind, 'window');
  assert.equal(classifyRedirectUrl('tickdesk://auth/callback').kind, 'protocol');
});

test('redirect URLs we cannot receive safely are refused with a typed error', () => {
  for (const bad of [
    'http://example.com/cb',
    'http://localhost:9/cb',
    'ftp://x/cb',
    'not a url',
    'https://u:p@example.com/cb',
  ]) {
    assert.throws(
      () => classifyRedirectUrl(bad),
      (e: unknown) => e instanceof LoginError && e.reason === 'bad-redirect-url',
      bad,
    );
  }
});

test('loopback redirects match any port (RFC 8252 §7.3) but only the exact path', () => {
  const t = classifyRedirectUrl('http://127.0.0.1:8765/callback');
  assert.equal(isRedirectTo('http://127.0.0.1:40111/callback?auth_code=x', t), true);
  assert.equal(isRedirectTo('http://127.0.0.1:40111/callback/x', t), false);
  assert.equal(isRedirectTo('http://127.0.0.2:40111/callback', t), false);
});

test('the redirect_uri sent is the registered string byte for byte', () => {
  for (const registered of [
    'https://App.Example.com',
    'https://app.example.com/cb/',
    'https://app.example.com/cb?from=tickdesk',
    'https://app.example.com/cb?',
    'tickdesk://Auth/Done',
    'http://127.0.0.1:17878/Callback/?x=1',
  ]) {
    assert.equal(redirectUriToSend(registered), registered);
  }
  // A loopback login on another port changes the port's digits and nothing else.
  assert.equal(
    redirectUriToSend('http://127.0.0.1:17878/Callback/?x=1', 50123),
    'http://127.0.0.1:50123/Callback/?x=1',
  );
  assert.equal(redirectUriToSend('http://127.0.0.1/cb', 50123), 'http://127.0.0.1:50123/cb');
  assert.throws(() => redirectUriToSend('https://app.example.com/cb', 1), LoginError);
});

test('https redirects must match host, port and path', () => {
  const t = classifyRedirectUrl('https://example.com/tickdesk/done');
  assert.equal(isRedirectTo('https://example.com/tickdesk/done?auth_code=x&state=y', t), true);
  assert.equal(isRedirectTo('https://example.com:8443/tickdesk/done', t), false);
  assert.equal(isRedirectTo('http://example.com/tickdesk/done', t), false);
  assert.equal(isRedirectTo('https://evil.example.com/tickdesk/done', t), false);
  assert.equal(isRedirectTo('https://example.com/other', t), false);
});

test('redirect params come from the query or the hash; `code` is not the auth code', () => {
  assert.deepEqual(
    readRedirectParams('http://127.0.0.1:1/cb?s=ok&code=200&auth_code=AC&state=ST'),
    {
      authCode: 'AC',
      state: 'ST',
      error: null,
    },
  );
  assert.deepEqual(readRedirectParams('tickdesk://auth/cb#auth_code=AC2&state=ST2'), {
    authCode: 'AC2',
    state: 'ST2',
    error: null,
  });
  assert.equal(readRedirectParams('http://127.0.0.1:1/cb?code=200').authCode, null);
  assert.equal(
    readRedirectParams('http://127.0.0.1:1/cb?s=error&code=-352&message=bad%20app&state=x').error,
    'bad app',
  );
  assert.equal(
    readRedirectParams('http://127.0.0.1:1/cb?error=access_denied&state=x').error,
    'access_denied',
  );
});
