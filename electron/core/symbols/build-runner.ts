/**
 * Where the parse-and-index work runs. Measured on the full generated master (about 25 MB,
 * 139k rows; numbers from tests/bench/symbols.bench.ts on the 2-core dev machine):
 *
 * - building takes roughly 270-400 ms; on the Electron main process that would freeze IPC
 *   (and with it the order ticket) for that long, so a cold build runs in a worker thread.
 *   The worker hands its typed arrays back as transferables: no copy, a few ms of overhead;
 *   the main thread's longest event-loop stall during a worker build stays in the
 *   single-digit milliseconds.
 * - a warm start (reading the binary cache) is a file read plus views, about 10-20 ms, so
 *   it runs on the main thread: a worker's start-up alone would cost more.
 * - a query takes well under a millisecond (p99 under 2 ms), so search runs on the main
 *   thread too; a round trip to a worker per keystroke would add more than it saves.
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
