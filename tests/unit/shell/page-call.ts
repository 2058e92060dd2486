/**
 * The page's side of main.ts's IPC under the fake electron: a call from the app's own
 * trusted top frame through the handler main.ts installed, as the preload's invoke makes it.
 */
import { recorded } from './fake-electron';

/** The app's own page, as the sender of an invoke (a trusted top frame). */
const PAGE_FRAME = {
  senderFrame: { url: 'app://tickdesk/index.html', parent: null },
  sender: { id: 1 },
};

/** An IPC answer as the page receives it. */
export type PageResult = { ok: true; data: unknown } | { ok: false; error: { kind: string } };

/** The page calling a channel through the handler main.ts installed for it. */
export function pageCall(channel: string, input?: unknown): Promise<PageResult> {
  const handler = recorded.ipcHandlers.get(channel);
  if (!handler) throw new Error(`no handler installed for ${channel}`);
  return handler(PAGE_FRAME, input) as Promise<PageResult>;
}
