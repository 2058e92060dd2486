/**
 * Worker-thread entry for a cold build (see build-runner.ts for why builds run here).
 * Receives the raw files, builds, and transfers the typed arrays back without copying.
 */
import * as workerThreads from 'node:worker_threads';
import { buildSymbolData } from './build-index';

workerThreads.parentPort?.once(
  'message',
  (msg: { files: Parameters<typeof buildSymbolData>[0]; fingerprint: string }) => {
    try {
      const result = buildSymbolData(msg.files, msg.fingerprint);
      const buffers = new Set<ArrayBuffer>();
      for (const arr of Object.values(result.data.arrays)) {
        // Since Node 22 a view on Buffer's shared pool is marked untransferable and would fail
        // the whole postMessage: such a (small) array is copied by the clone instead.
        // (Node 20, still used by some, has no such mark and no such check.)
        if (!workerThreads.isMarkedAsUntransferable?.(arr.buffer))
          buffers.add(arr.buffer as ArrayBuffer);
      }
      workerThreads.parentPort?.postMessage({ ok: true, result }, [...buffers]);
    } catch (err) {
      workerThreads.parentPort?.postMessage({
        ok: false,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  },
);
