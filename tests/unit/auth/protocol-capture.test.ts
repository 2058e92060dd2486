import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkDeepLink,
  findProtocolUrlInArgv,
  waitForProtocolRedirect,
  type ProtocolEventSource,
} from '../../../electron/core/auth/protocol-capture';
import { classifyRedirectUrl } from '../../../electron/core/auth/redirect-url';
import { LoginError } from '../../../electron/core/auth/errors';
import { FakeTime } from '../session/fake-time';

class FakeSource implements ProtocolEventSource {
  listeners = new Set<(u: string) => void>();
  onUrl(l: (u: string) => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  emit(url: string) {
    for (const l of [...this.listeners]) l(url);
  }
}

const target = classifyRedirectUrl('tickdesk://auth/callback');

test('deep links may change only query and hash', () => {
  assert.deepEqual(checkDeepLink('tickdesk://auth/callback?auth_code=a&state=b', target), {
    ok: true,
    url: 'tickdesk://auth/callback?auth_code=a&state=b',
  });
  assert.equal(checkDeepLink('tickdesk://auth/callback#auth_code=a', target).ok, true);
  assert.deepEqual(checkDeepLink('tickdesk://auth/orders?auth_code=a', target), {
    ok: false,
    why: 'path-not-allowed',
  });
  assert.deepEqual(checkDeepLink('tickdesk://auth/callback/../x', target), {
    ok: false,
    why: 'path-not-allowed',
  });
  assert.deepEqual(checkDeepLink('tickdesk://other/callback', target), {
    ok: false,
    why: 'path-not-allowed',
  });
  assert.deepEqual(checkDeepLink('https://auth/callback', target), {
    ok: false,
    why: 'wrong-scheme',
  });
  assert.deepEqual(checkDeepLink('tickdesk://u:p@auth/callback', target), {
    ok: false,
    why: 'credentials',
  });
  assert.deepEqual(checkDeepLink('::::', target), { ok: false, why: 'not-a-url' });
});

test('the capture ignores links with another path and resolves on the right one', async () => {
  const time = new FakeTime(0);
  const source = new FakeSource();
  const rejected: string[] = [];
  const cap = waitForProtocolRedirect({
    source,
    target,
    timeoutMs: 300_000,
    timers: time,
    onRejected: (w) => rejected.push(w),
  });
  source.emit('tickdesk://auth/settings?auth_code=evil&state=x');
  source.emit('tickdesk://auth/callback?auth_code=AC&state=ST');
  assert.equal(await cap.result, 'tickdesk://auth/callback?auth_code=AC&state=ST');
  assert.deepEqual(rejected, ['path-not-allowed']);
  assert.equal(source.listeners.size, 0, 'unsubscribed once done');
  assert.equal(time.pendingCount, 0);
});

test('the capture times out', async () => {
  const time = new FakeTime(0);
  const source = new FakeSource();
  const cap = waitForProtocolRedirect({ source, target, timeoutMs: 1000, timers: time });
  time.advance(1000);
  await assert.rejects(
    cap.result,
    (e: unknown) => e instanceof LoginError && e.reason === 'timeout',
  );
  assert.equal(source.listeners.size, 0);
});

test('the deep link is found in a second instance argv', () => {
  assert.equal(
    findProtocolUrlInArgv([
      '/opt/Tickdesk/tickdesk',
      '--flag',
      'tickdesk://auth/callback?auth_code=1',
    ]),
    'tickdesk://auth/callback?auth_code=1',
  );
  assert.equal(findProtocolUrlInArgv(['/opt/Tickdesk/tickdesk', '--flag']), null);
});
