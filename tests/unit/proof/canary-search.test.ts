/**
 * The secrets proof's search must be able to fail: a canary planted in a deflated bundle
 * entry, in a journal line or in a nested archive is found, and a raw byte search of the
 * same archive would not have found it (why the proof unzips).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { strToU8, zipSync } from 'fflate';
import { expandArchives, placesHolding } from '../../proof/support/canary-search';

const CANARY = 'CANARYTOKEN9ZQXW'.repeat(3);

test('a canary inside a deflated zip entry is found only once the archive is unpacked', () => {
  const zip = zipSync(
    { 'settings.json': strToU8(`{"note":"${CANARY}","pad":"${'x'.repeat(500)}"}`) },
    { level: 6 },
  );
  const file = { name: 'support/bundle.zip', bytes: zip };
  assert.deepEqual(placesHolding(CANARY, [file]), [], 'deflate hides it from a raw search');
  assert.deepEqual(placesHolding(CANARY, expandArchives([file])), [
    'support/bundle.zip!settings.json',
  ]);
});

test('nested archives and plain journal lines are searched too; clean data is clean', () => {
  const inner = zipSync({ 'journal.jsonl': strToU8(`{"step":"sent","x":"${CANARY}"}\n`) });
  const outer = zipSync({ 'inner.zip': inner, 'summary.txt': strToU8('nothing here') });
  const blobs = expandArchives([
    { name: 'b.zip', bytes: outer },
    { name: 'journal/orders-2026-11-24.jsonl', bytes: strToU8(`{"token":"${CANARY}"}\n`) },
    { name: 'logs/tickdesk.log', bytes: strToU8('{"msg":"clean"}\n') },
  ]);
  assert.deepEqual(placesHolding(CANARY, blobs).sort(), [
    'b.zip!inner.zip!journal.jsonl',
    'journal/orders-2026-11-24.jsonl',
  ]);
  assert.deepEqual(placesHolding('NOTPRESENT123', blobs), []);
});

test('an archive that cannot be unpacked stops the search instead of passing it', () => {
  const broken = zipSync({ 'a.txt': strToU8('a') }).slice(0, 20);
  assert.throws(
    () => expandArchives([{ name: 'bad.zip', bytes: broken }]),
    /cannot unzip bad\.zip/,
  );
});
