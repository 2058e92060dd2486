/**
 * The only bridge between the sandboxed renderer and the main process. It exposes one
 * named method per contract channel and one subscribe function per event, built from the
 * contract's names: no generic invoke or send, no Electron objects, no secrets.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildApi } from '../shared/ipc/api-shape';
import { channelNames, eventNames } from '../shared/ipc/contract';
import type { IpcResult } from '../shared/ipc/errors';

const api = buildApi(channelNames, eventNames, {
  call: (channel, input) => ipcRenderer.invoke(channel, input) as Promise<IpcResult<unknown>>,
  subscribe(name, listener) {
    const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(name, handler);
    return () => {
      ipcRenderer.removeListener(name, handler);
    };
  },
});

contextBridge.exposeInMainWorld('tickdesk', api);
