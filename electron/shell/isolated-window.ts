// eng-disable SANDBOX_JS_CHECK CONTEXT_ISOLATION_JS_CHECK AUXCLICK_JS_CHECK
// (Electronegativity cannot see into secureWebPreferences, which sets sandbox,
// contextIsolation and disableBlinkFeatures 'Auxclick'; tests/unit/shell asserts them.)
import { BrowserWindow, session } from 'electron';
import { secureWebPreferences } from './hardening';

/**
 * A window for someone else's pages: sandboxed, no preload (so no bridge to our main
 * process), its own throwaway session partition (their cookies never mix with ours and
 * are gone on exit), every permission denied, no new windows. Modal to our main window.
 */
export function openIsolatedWindow(opts: {
  partition: string;
  title: string;
  width: number;
  height: number;
  parent: BrowserWindow | null;
}): BrowserWindow {
  const ses = session.fromPartition(opts.partition);
  ses.setPermissionRequestHandler((_c, _p, cb) => cb(false));
  ses.setPermissionCheckHandler(() => false);
  const win = new BrowserWindow({
    width: opts.width,
    height: opts.height,
    title: opts.title,
    ...(opts.parent ? { parent: opts.parent, modal: true } : {}),
    webPreferences: { ...secureWebPreferences(undefined, false), session: ses },
  });
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  return win;
}
