// eng-disable SANDBOX_JS_CHECK CONTEXT_ISOLATION_JS_CHECK AUXCLICK_JS_CHECK
// (Electronegativity cannot see into secureWebPreferences, which sets sandbox,
// contextIsolation and disableBlinkFeatures 'Auxclick'; tests/unit/shell asserts them.)
import { BrowserWindow } from 'electron';
import { APP_ORIGIN } from './app-protocol';
import { secureWebPreferences } from './hardening';

/** Creates the trader's main window on our own origin, shown once the first paint is ready. */
export function createMainWindow(opts: {
  preload: string;
  devTools: boolean;
  title: string;
}): BrowserWindow {
  const win = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: opts.title,
    backgroundColor: '#0f1419',
    webPreferences: secureWebPreferences(opts.preload, opts.devTools),
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${APP_ORIGIN}/index.html`);
  return win;
}
