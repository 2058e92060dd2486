import type { BrowserWindow, IpcMain, IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import { EVENT_ACK_CHANNEL, MAX_UNACKED_EVENTS } from '../../shared/ipc/event-ack';
import type { EventBus } from '../ipc/event-bus';
import type { Router } from '../ipc/router';
import type { SenderFrame } from '../ipc/sender-trust';

/** Reads what the router needs to know about the frame behind an invoke. */
export function senderFrameOf(event: IpcMainInvokeEvent): SenderFrame | null {
  const frame = event.senderFrame;
  if (!frame) return null;
  return { url: frame.url, isTopFrame: frame.parent === null };
}

/** What the main process knows of one page's share of the pushed events. */
interface PageCount {
  /** Events sent since the page last loaded. */
  sent: number;
  /** The preload's own count, as it last reported it. */
  received: number;
}

/**
 * The Electron transport: one ipcMain.handle per contract channel (no catch-all), every
 * call through the shared router, and events forwarded to our windows only. A window whose
 * page stops answering for its events (event-ack.ts) makes the bus busy, so the coalescing
 * feeds wait instead of queueing without end in the main process.
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
  const counts = new Map<number, PageCount>();
  const countOf = (win: BrowserWindow): PageCount => {
    const wc = win.webContents;
    let c = counts.get(wc.id);
    if (!c) {
      const fresh: PageCount = { sent: 0, received: 0 };
      c = fresh;
      counts.set(wc.id, fresh);
      // A new page has a new preload whose count starts at zero: so does ours.
      wc.on('did-finish-load', () => {
        fresh.sent = 0;
        fresh.received = 0;
      });
      wc.once('destroyed', () => counts.delete(wc.id));
    }
    return c;
  };
  const onAck = (event: IpcMainEvent, n: unknown) => {
    const c = counts.get(event.sender.id);
    // Only a whole count, from a page we send to, and never more than we sent.
    if (!c || typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return;
    c.received = Math.min(n, c.sent);
  };
  opts.ipcMain.on(EVENT_ACK_CHANNEL, onAck);
  const behind = () =>
    opts.windows().some((win) => {
      if (win.isDestroyed()) return false;
      const c = counts.get(win.webContents.id);
      return c !== undefined && c.sent - c.received > MAX_UNACKED_EVENTS;
    });
  const detach = opts.bus.attach(
    (name, payload) => {
      for (const win of opts.windows()) {
        if (win.isDestroyed()) continue;
        countOf(win).sent++;
        win.webContents.send(name, payload);
      }
    },
    { busy: behind },
  );
  return () => {
    detach();
    opts.ipcMain.removeListener(EVENT_ACK_CHANNEL, onAck);
    for (const channel of opts.router.channelNames) opts.ipcMain.removeHandler(channel);
  };
}
