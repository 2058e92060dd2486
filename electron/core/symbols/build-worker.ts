/**
 * Worker-thread entry for a cold build (see build-runner.ts for why builds run here).
 * Receives the raw files, builds, and transfers the typed arrays back without copying.
 */
import { parentPort } from 'node:worker_threads';
import { buildSymbolData } from './build-index';

parentPort?.once(
  'message',
  (msg: { files: Parameters<typeof buildSymbolData>[0]; fingerprint: string }) => {
    try {
      const result = buildSymbolData(msg.files, msg.fingerprint);
      const buffers = new Set<ArrayBuffer>();
      for (const arr of Object.values(result.data.arrays)) buffers.add(arr.buffer as ArrayBuffer);
      parentPort?.postMessage({ ok: true, result }, [...buffers]);
    } catch (err) {
      parentPort?.postMessage({
        ok: false,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  },
);
