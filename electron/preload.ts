/**
 * The only bridge between the sandboxed renderer and the main process. It exposes one
 * named method per contract channel and one subscribe function per event, built from the
 * contract's names: no generic invoke or send, no Electron objects, no secrets.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildApi } from '../shared/ipc/api-shape';
import { channelNames, eventNames } from '../shared/ipc/contract';
import type { IpcResult } from '../shared/ipc/errors';
import { EVENT_ACK_CHANNEL } from '../shared/ipc/event-ack';

// Every event is counted as it arrives, whether or not the page listens to it, and the
// count goes back to the main process once per turn of the event loop: a page that stops
// running stops answering, and the main process holds what it would send (event-ack.ts).
let received = 0;
let ackQueued = false;
const listeners = new Map<string, Set<(payload: unknown) => void>>();
for (const name of eventNames) {
  ipcRenderer.on(name, (_event: IpcRendererEvent, payload: unknown) => {
    received++;
    if (!ackQueued) {
      ackQueued = true;
      setTimeout(() => {
        ackQueued = false;
        ipcRenderer.send(EVENT_ACK_CHANNEL, received);
      }, 0);
    }
    for (const listener of listeners.get(name) ?? []) listener(payload);
  });
}

const api = buildApi(channelNames, eventNames, {
  call: (channel, input) => ipcRenderer.invoke(channel, input) as Promise<IpcResult<unknown>>,
  subscribe(name, listener) {
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    // A wrapper per subscription, so subscribing the same function twice gives two.
    const one = (payload: unknown) => listener(payload);
    set.add(one);
    return () => {
      set.delete(one);
    };
  },
});

contextBridge.exposeInMainWorld('tickdesk', api);
