import type { BrowserWindow } from 'electron';
import type {
  DepositoryOutcome,
  DepositorySubmission,
  DepositoryWindowHandle,
  DepositoryWindowPort,
} from '../core/edis/depository-window-port';
import { mayNavigateOutside, openIsolatedWindow } from './isolated-window';

/**
 * The eDIS depository window (contract in electron/core/edis/depository-window-port.ts):
 * sandboxed, no preload, a throwaway session; it posts the broker's form itself rather than
 * rendering the broker's HTML, and closes when the depository hands back to the broker.
 * The TPIN and OTP are typed only into the depository's page.
 */
export function createDepositoryWindowPort(
  parent: () => BrowserWindow | null,
): DepositoryWindowPort {
  return {
    open(sub: DepositorySubmission): DepositoryWindowHandle {
      const win = openIsolatedWindow({
        partition: sub.partition,
        title: sub.title,
        width: 760,
        height: 820,
        parent: parent(),
      });
      let settle!: (o: DepositoryOutcome) => void;
      let settled = false;
      const result = new Promise<DepositoryOutcome>((r) => (settle = r));
      const finish = (o: DepositoryOutcome) => {
        if (settled) return;
        settled = true;
        settle(o);
        if (!win.isDestroyed()) win.close();
      };
      const contents = win.webContents;
      const check = (url: string) => {
        if (sub.isCompletion(url)) finish({ kind: 'completed', url });
      };
      contents.on('will-navigate', (e, url) => {
        if (!mayNavigateOutside(url)) e.preventDefault();
      });
      contents.on('will-redirect', (e, url) => {
        if (!mayNavigateOutside(url)) e.preventDefault();
        else check(url);
      });
      contents.on('did-navigate', (_e, url) => check(url));
      contents.on('did-navigate-in-page', (_e, url, isMainFrame) => {
        if (isMainFrame) check(url);
      });
      contents.on('page-title-updated', (_e, title) => {
        if (sub.isCompletionTitle?.(title)) finish({ kind: 'completed', url: contents.getURL() });
      });
      win.on('closed', () => finish({ kind: 'closed' }));
      void win.loadURL(sub.form.action, {
        postData: [{ type: 'rawData', bytes: Buffer.from(sub.encodedBody) }],
        extraHeaders: 'Content-Type: application/x-www-form-urlencoded',
      });
      return { result, close: () => finish({ kind: 'closed' }) };
    },
  };
}
