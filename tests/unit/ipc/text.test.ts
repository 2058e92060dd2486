import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  notOneLineReason,
  singleLine,
  unsafeTextIn,
  unsafeTextReason,
} from '../../../shared/ipc/text';

test('text any input may carry: tab, newlines, C1, separators and surrogate pairs yes; C0, DEL, lone surrogates no', () => {
  for (const ok of ['', 'SBIN', 'a\tb', 'line\nline\r\n', 'a\u0085b', 'a\u2028b', 'निफ्टी', '😀'])
    assert.equal(unsafeTextReason(ok), null, JSON.stringify(ok));
  for (const bad of [
    '\u0000',
    'a\u0001',
    '\u001b[31m',
    '\u007f',
    '\ud800',
    'x\udbff',
    '\udc00x',
    '\udfff\ud800',
  ])
    assert.notEqual(unsafeTextReason(bad), null, JSON.stringify(bad));
});

test('one line of text: also no newline, tab, C1 or U+2028/2029', () => {
  assert.equal(notOneLineReason('/watch/निफ्टी/😀'), null);
  for (const bad of ['a\nb', 'a\tb', 'a\rb', 'a\u0085b', 'a\u2028b', 'a\u2029b', '\ud800'])
    assert.notEqual(notOneLineReason(bad), null, JSON.stringify(bad));
  const schema = singleLine(10);
  assert.equal(schema.safeParse('/orders').success, true);
  assert.equal(schema.safeParse('/orders\u2028').success, false);
  assert.equal(schema.safeParse('x'.repeat(11)).success, false, 'the length bound still holds');
});

test('unsafeTextIn finds the first bad string or key, with its path', () => {
  assert.equal(unsafeTextIn({ a: 'ok', b: ['fine', { c: 'also' }] }), null);
  assert.deepEqual(unsafeTextIn({ a: 'ok', b: ['fine', { c: 'x\u0000' }] })?.path, 'b.1.c');
  assert.deepEqual(unsafeTextIn({ ['k\ud800']: 1 })?.path, 'k\ud800');
  assert.match(unsafeTextIn({ ['k\u0001']: 1 })?.reason ?? '', /key/);
  assert.deepEqual(unsafeTextIn('\u0007'), { path: '', reason: 'contains a control character' });
  assert.equal(unsafeTextIn(5), null);
});
