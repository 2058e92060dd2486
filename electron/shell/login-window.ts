import type { BrowserWindow, Event, WebContents } from 'electron';
import type {
  LoginWindowHandle,
  LoginWindowOutcome,
  LoginWindowPort,
  LoginWindowRequest,
} from '../core/auth/login-window-port';
import { mayNavigateOutside, openIsolatedWindow } from './isolated-window';

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
      const intercept = (event: Event, url: string) => {
        if (request.isRedirect(url)) {
          event.preventDefault();
          finish({ kind: 'redirect', url });
        } else if (!mayNavigateOutside(url)) {
          event.preventDefault();
        }
      };
      const contents: WebContents = win.webContents;
      contents.on('will-navigate', intercept);
      contents.on('will-redirect', intercept);
      contents.on('will-frame-navigate', (details) => {
        if (!details.isMainFrame) return;
        if (request.isRedirect(details.url)) {
          details.preventDefault();
          finish({ kind: 'redirect', url: details.url });
        }
      });
      contents.on('did-start-navigation', (details) => {
        if (details.isMainFrame && request.isRedirect(details.url)) {
          contents.stop();
          finish({ kind: 'redirect', url: details.url });
        }
      });
      win.on('closed', () => finish({ kind: 'closed' }));
      void win.loadURL(request.authorizeUrl);
      return {
        result,
        close: () => finish({ kind: 'closed' }),
      };
    },
  };
}
