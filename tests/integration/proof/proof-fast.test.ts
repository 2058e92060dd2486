/**
 * Every proof runs at its fast size inside `npm test`, each from a test file of its own
 * (prove-fast.ts): this test fails when a proof file has none, so a new proof cannot be left
 * out of CI by accident.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { proofFiles } from '../../proof/proof-files';

test('every proof file has its fast test in npm test', () => {
  const files = proofFiles();
  assert.ok(files.length > 0, 'tests/proof has proofs');
  for (const file of files) {
    const testFile = join(import.meta.dirname, file.replace(/\.proof\.ts$/, '.test.ts'));
    assert.ok(existsSync(testFile), `${file} has no ${testFile}`);
    assert.match(
      readFileSync(testFile, 'utf8'),
      new RegExp(`proveFast\\('${file.replace('.', '\\.')}'\\)`),
    );
  }
});
