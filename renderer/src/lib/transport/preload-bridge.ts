import type { Api } from '../../../../shared/ipc/api-shape';

declare global {
  interface Window {
    /** Exposed by electron/preload.ts through contextBridge; absent in the browser harness. */
    tickdesk?: Api;
  }
}

/** The preload's bridge, when running inside Electron. */
export function electronApi(): Api | undefined {
  return window.tickdesk;
}
