import type { BrowserWindow, RenderProcessGoneDetails } from 'electron';

/** More crashes than this within a minute and the window is left as it is (a crash loop). */
const MAX_RELOADS_PER_MINUTE = 3;

/**
 * A crashed or killed renderer is reloaded, so the trader gets the window back instead of a
 * blank one; the page then restores the ticket being typed from the main process
 * (`drafts.*` channels). A clean exit is not a crash, and a page that keeps crashing is not
 * reloaded forever: after three in a minute it stays down and the log says why.
 */
export function reloadAfterCrash(
  win: BrowserWindow,
  opts: {
    /** The page was lost: the core hands its ticket to the next page. */
    onLost: () => void;
    log: (msg: string, fields: Record<string, unknown>) => void;
    now?: () => number;
  },
): void {
  const now = opts.now ?? Date.now;
  const recent: number[] = [];
  win.webContents.on('render-process-gone', (_event, details: RenderProcessGoneDetails) => {
    if (details.reason === 'clean-exit' || win.isDestroyed()) return;
    const at = now();
    recent.push(at);
    while (recent.length > 0 && recent[0]! < at - 60_000) recent.shift();
    const fields = { reason: details.reason, exitCode: details.exitCode };
    opts.onLost();
    if (recent.length > MAX_RELOADS_PER_MINUTE) {
      opts.log('shell: the window crashed repeatedly; not reloading it again', fields);
      return;
    }
    opts.log('shell: the window crashed; reloading it', fields);
    win.webContents.reload();
  });
}
