import type { KeptTicket } from '../../../shared/ipc/channels/drafts';

/**
 * What the trader is typing, kept in the main process: a renderer that crashes takes its
 * memory (and its sessionStorage) with it, the main process does not. A page that closes
 * normally says so (`drafts.pageClosed` on pagehide), so a page opened after it starts with
 * an empty ticket; a page that never said goodbye was lost (a crash: Electron also reports
 * `render-process-gone`), and the next page gets the ticket back, once. In memory only.
 */
export interface DraftKeeper {
  keepTicket(ticket: KeptTicket | null): void;
  /** The page closed normally: nothing to hand to the next one. */
  pageClosed(): void;
  /** The host saw the page's renderer go (a crash): the next page gets the ticket back. */
  pageLost(): void;
  /** The kept ticket if the last page was lost rather than closed, once; otherwise null. */
  ticketToRestore(): KeptTicket | null;
  /** Forgets everything (quitting); the core's disposal convention. */
  dispose(): Promise<void>;
}

/** Creates the keeper, empty. */
export function createDraftKeeper(): DraftKeeper {
  let kept: KeptTicket | null = null;
  let closed = true;
  return {
    keepTicket(ticket) {
      kept = ticket === null ? null : structuredClone(ticket);
      closed = false;
    },
    pageClosed() {
      closed = true;
    },
    pageLost() {
      closed = false;
    },
    ticketToRestore() {
      if (closed || kept === null) return null;
      closed = true;
      return structuredClone(kept);
    },
    async dispose() {
      kept = null;
      closed = true;
    },
  };
}
