import type { Api } from '../../../shared/ipc/api-shape';
import { electronApi } from './transport/preload-bridge';

/**
 * The renderer's one way to reach the main process: the typed api derived from the
 * contract. Inside Electron it is the preload bridge; in the harness build it is the
 * loopback WebSocket (that branch is compiled out of the Electron bundle).
 */
export async function connectApi(): Promise<Api> {
  const bridged = electronApi();
  if (bridged) return bridged;
  if (import.meta.env.MODE === 'harness') {
    const { harnessApi } = await import('./transport/harness');
    return harnessApi();
  }
  throw new Error('Tickdesk could not reach its main process (no preload bridge).');
}
