/**
 * The safety proofs at their fast size, inside `npm test`: every figure must meet its goal
 * on every CI run, and `npm run proof` repeats them at full size.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadProof, proofFiles } from '../../proof/proof-files';

const files = proofFiles();
if (files.length === 0)
  test('no proof files yet', { skip: 'tests/proof has no *.proof.ts' }, () => {});

for (const file of files) {
  test(`proof ${file} (fast): every figure at its goal`, async () => {
    const section = await (await loadProof(file)).run({ size: 'fast', log: () => {} });
    const missed = section.figures.filter((f) => !f.met);
    assert.ok(section.figures.length > 0, `${file} reported no figures`);
    assert.deepEqual(
      missed.map((f) => `${f.name}: ${f.value} (goal ${f.goal})`),
      [],
      `${section.title}: figures off their goal`,
    );
  });
}
