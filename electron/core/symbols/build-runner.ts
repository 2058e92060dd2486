/**
 * Where the parse-and-index work runs, decided by measurement (tests/bench/symbols.bench.ts
 * on the full generated master: 23 MB, 137k rows, the 2-core dev machine, which other
 * sessions kept at a load average of 7-9 while it ran):
 *
 * - A cold build takes ~220 ms on an idle core and 350-490 ms on the loaded machine. On the
 *   Electron main process that is the same length of frozen IPC (the order ticket, status
 *   updates): measured stall 488 ms. In a worker thread the longest main-thread stall was
 *   20 ms (copying the 23 MB input into the worker; the typed arrays come back as
 *   transferables, without a copy), at the price of a longer wall time (~1 s, mostly
 *   worker start-up and contention). So cold builds run in a worker.
 * - A warm start reads the binary cache (27 MB) and makes views: 3 ms best, 33 ms median
 *   on the loaded machine. A worker's start-up alone costs more, so it runs on the main
 *   thread.
 * - A query takes ~0.02 ms at the median and well under 1 ms at p99 (best of 3 per
 *   keystroke), so search runs on the main thread too; a round trip to a worker per
 *   keystroke would add more than the query costs.
 */
import { Worker } from 'node:worker_threads';
import type { MasterFile } from '../../../shared/broker/instrument';
import { type BuildResult, buildSymbolData } from './build-index';

/** Builds SymbolData from raw files somewhere (this thread or a worker). */
export type BuildRunner = (
  files: Partial<Record<MasterFile, Uint8Array>>,
  fingerprint: string,
) => Promise<BuildResult>;

/** Runs the build on the calling thread (tests, the bench, and workers themselves). */
export const buildInThread: BuildRunner = async (files, fingerprint) =>
  buildSymbolData(files, fingerprint);

/**
 * Runs each build in a fresh worker thread started from `workerUrl` (build-worker.ts or
 * its bundled output). The worker exits after one build, so nothing idles in memory.
 */
export function buildInWorker(workerUrl: URL): BuildRunner {
  return (files, fingerprint) =>
    new Promise<BuildResult>((resolve, reject) => {
      const worker = startWorker(workerUrl);
      let settled = false;
      worker.once(
        'message',
        (msg: { ok: true; result: BuildResult } | { ok: false; error: string }) => {
          settled = true;
          void worker.terminate();
          if (msg.ok) resolve(msg.result);
          else reject(new Error(`symbol build failed in worker: ${msg.error}`));
        },
      );
      worker.once('error', (err) => {
        settled = true;
        reject(err);
      });
      worker.once('exit', (code) => {
        if (!settled) reject(new Error(`symbol build worker exited with code ${code}`));
      });
      // Copy the inputs into the worker; the callers keep theirs as the last good copies.
      worker.postMessage({ files, fingerprint });
    });
}

/**
 * A bundled .js entry starts directly. A .ts entry (tests and `tsx` runs) starts through a
 * small bootstrap that registers tsx in the worker first: on Node 20 the parent's
 * `--import tsx` does not reach worker threads.
 */
function startWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(code, { eval: true });
}

/** Default worker entry next to this file (works under tsx and in a bundle that keeps it). */
export const BUILD_WORKER_URL = new URL('./build-worker.ts', import.meta.url);
