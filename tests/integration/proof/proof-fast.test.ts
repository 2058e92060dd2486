/**
 * Every proof runs at its fast size inside `npm test`, each from a test file of its own
 * (prove-fast.ts), and a section proven per broker dialect from one file per dialect: this
 * test fails when a proof or one of its dialects has none, so neither can be left out of CI
 * by accident.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DIALECT } from '../../../shared/broker/dialect';
import { loadProof, proofFiles } from '../../proof/proof-files';

test('every proof file, on each of its dialects, has its fast test in npm test', async () => {
  const files = proofFiles();
  assert.ok(files.length > 0, 'tests/proof has proofs');
  const here = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.test.ts'));
  const texts = here.map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'));
  for (const file of files) {
    const testFile = join(import.meta.dirname, file.replace(/\.proof\.ts$/, '.test.ts'));
    assert.ok(existsSync(testFile), `${file} has no ${testFile}`);
    const name = file.replace('.', '\\.');
    assert.match(readFileSync(testFile, 'utf8'), new RegExp(`proveFast\\('${name}'\\)`));
    for (const dialect of (await loadProof(file)).dialects ?? []) {
      if (dialect === DEFAULT_DIALECT) continue;
      const call = new RegExp(`proveFast\\('${name}', '${dialect}'\\)`);
      assert.ok(
        texts.some((t) => call.test(t)),
        `${file} is proven on ${dialect} but no test file runs it there`,
      );
    }
  }
});
