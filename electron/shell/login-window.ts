import type { BrowserWindow, WebContents } from 'electron';
import type {
  LoginWindowHandle,
  LoginWindowOutcome,
  LoginWindowPort,
  LoginWindowRequest,
} from '../core/auth/login-window-port';
import { openIsolatedWindow } from './isolated-window';
import { originPolicy, setNavigationPolicy } from './navigation-policy';

/**
 * The dedicated login window for https redirect URLs (see the port's contract in
 * electron/core/auth/login-window-port.ts): no preload, its own throwaway session
 * partition, and the navigation to the redirect URL intercepted before any request is made,
 * so the auth code reaches neither that server nor our renderer.
 */
export function createLoginWindowPort(parent: () => BrowserWindow | null): LoginWindowPort {
  return {
    open(request: LoginWindowRequest): LoginWindowHandle {
      const win = openIsolatedWindow({
        partition: request.partition,
        title: `Log in: ${request.accountLabel}`,
        width: 520,
        height: 720,
        parent: parent(),
      });
      let settle!: (o: LoginWindowOutcome) => void;
      let settled = false;
      const result = new Promise<LoginWindowOutcome>((resolve) => (settle = resolve));
      const finish = (outcome: LoginWindowOutcome) => {
        if (settled) return;
        settled = true;
        settle(outcome);
        if (!win.isDestroyed()) win.close();
      };
      const contents: WebContents = win.webContents;
      // The broker's own pages (its login form posts to itself) and the exact redirect,
      // which is stopped before it is requested; nothing else.
      setNavigationPolicy(
        contents,
        originPolicy({
          name: 'login',
          origin: new URL(request.authorizeUrl).origin,
          captures: request.isRedirect,
          onCapture: (url) => finish({ kind: 'redirect', url }),
        }),
      );
      // A fallback for navigations that start without a will-* event (none known today).
      contents.on('did-start-navigation', (details) => {
        if (details.isMainFrame && request.isRedirect(details.url)) {
          contents.stop();
          finish({ kind: 'redirect', url: details.url });
        }
      });
      win.on('closed', () => finish({ kind: 'closed' }));
      // loadURL rejects (ERR_ABORTED) when the redirect is captured during the load (a broker
      // that approves at once) or the window closes; the outcome travels through `result`.
      win.loadURL(request.authorizeUrl).catch(() => undefined);
      return {
        result,
        close: () => finish({ kind: 'closed' }),
      };
    },
  };
}
