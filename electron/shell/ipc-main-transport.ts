import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import type { EventBus } from '../ipc/event-bus';
import type { Router } from '../ipc/router';
import type { SenderFrame } from '../ipc/sender-trust';

/** Reads what the router needs to know about the frame behind an invoke. */
export function senderFrameOf(event: IpcMainInvokeEvent): SenderFrame | null {
  const frame = event.senderFrame;
  if (!frame) return null;
  return { url: frame.url, isTopFrame: frame.parent === null };
}

/**
 * The Electron transport: one ipcMain.handle per contract channel (no catch-all), every
 * call through the shared router, and events forwarded to our windows only.
 */
export function attachIpcMainTransport(opts: {
  ipcMain: IpcMain;
  router: Router;
  bus: EventBus;
  windows: () => BrowserWindow[];
}): () => void {
  for (const channel of opts.router.channelNames) {
    opts.ipcMain.handle(channel, (event, input: unknown) =>
      opts.router.dispatch({
        channel,
        input,
        sender: senderFrameOf(event),
        ctx: { senderId: `wc-${event.sender.id}` },
      }),
    );
  }
  const detach = opts.bus.attach((name, payload) => {
    for (const win of opts.windows()) {
      if (!win.isDestroyed()) win.webContents.send(name, payload);
    }
  });
  return () => {
    detach();
    for (const channel of opts.router.channelNames) opts.ipcMain.removeHandler(channel);
  };
}
