/** Finds the proof files, so the runner and the `npm test` entry run the same set. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProofModule } from './types';

/** Every tests/proof/*.proof.ts, sorted, optionally only those whose name starts with one of `only`. */
export function proofFiles(only: readonly string[] = []): string[] {
  return readdirSync(import.meta.dirname)
    .filter((f) => f.endsWith('.proof.ts'))
    .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
    .sort();
}

/** Loads one proof file. */
export async function loadProof(file: string): Promise<ProofModule> {
  return (await import(pathToFileURL(join(import.meta.dirname, file)).href)) as ProofModule;
}
