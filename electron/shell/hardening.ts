import { shell, type App, type Session, type WebContents, type WebPreferences } from 'electron';
import { guardNavigation } from './navigation-policy';

/**
 * The web preferences of every window that shows our UI: Electron's security checklist,
 * items 2 to 4 and 9 to 12. The preload is the only bridge, and it is sandboxed too.
 */
export function secureWebPreferences(
  preload: string | undefined,
  devTools: boolean,
): WebPreferences {
  return {
    ...(preload ? { preload } : {}),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    // Middle-click (auxclick) can start navigations that skip the click handlers.
    disableBlinkFeatures: 'Auxclick',
    spellcheck: false,
    devTools,
  };
}

/** Opens a link in the system browser only when it is https; anything else is dropped. */
export function openIfHttps(url: string): boolean {
  try {
    if (new URL(url).protocol !== 'https:') return false;
  } catch {
    return false;
  }
  // Electronegativity: the one shell.openExternal; https only, checked just above.
  void shell.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK
  return true;
}

/**
 * Applies to every web contents the app ever creates (checklist items 13 to 15): each
 * window's own navigation policy (./navigation-policy.ts; our origin only unless a window
 * says otherwise), no new windows (https links go to the system browser), no <webview>.
 */
export function hardenAllWebContents(app: App): void {
  guardNavigation(app);
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      openIfHttps(url);
      return { action: 'deny' };
    });
  });
}

/** Denies every permission request and check by default (camera, notifications, geolocation...). */
export function denyAllPermissions(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
}
