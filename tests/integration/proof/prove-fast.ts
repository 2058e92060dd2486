/**
 * One safety proof at its fast size as a test: every figure must meet its goal on every CI
 * run (`npm run proof` repeats them at full size). Each proof has a test file of its own, so
 * each gets the runner's whole per-file time and runs beside the other integration files:
 * six proofs in one file outgrew that time once the Budget and Faults sections grew. A
 * section proven per broker dialect has a test file per dialect (`faults-v3.test.ts`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_DIALECT, type BrokerDialectId } from '../../../shared/broker/dialect';
import { loadProof } from '../../proof/proof-files';

/** Registers the test for `file` (a tests/proof/*.proof.ts name) on `dialect`. */
export function proveFast(file: string, dialect: BrokerDialectId = DEFAULT_DIALECT): void {
  test(`proof ${file} on ${dialect} (fast): every figure at its goal`, async () => {
    // The proof's own lines (its MISS lines name each case off goal) go into the failure.
    const lines: string[] = [];
    const proof = await loadProof(file);
    assert.ok(
      dialect === DEFAULT_DIALECT || proof.dialects?.includes(dialect),
      `${file} is not proven on ${dialect}`,
    );
    const section = await proof.run({
      size: 'fast',
      dialect,
      log: (line) => void lines.push(line),
    });
    const missed = section.figures.filter((f) => !f.met);
    assert.ok(section.figures.length > 0, `${file} reported no figures`);
    assert.deepEqual(
      missed.map((f) => `${f.name}: ${f.value} (goal ${f.goal})`),
      [],
      `${section.title}: figures off their goal\n${lines.slice(-40).join('\n')}`,
    );
  });
}
