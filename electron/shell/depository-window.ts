import type { BrowserWindow } from 'electron';
import type {
  DepositoryOutcome,
  DepositorySubmission,
  DepositoryWindowHandle,
  DepositoryWindowPort,
} from '../core/edis/depository-window-port';
import { openIsolatedWindow } from './isolated-window';
import { originPolicy, setNavigationPolicy } from './navigation-policy';

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
      // The depository's own pages (TPIN, OTP); leaving them is the hand-back to the
      // broker, which is the end of this window's job and is not loaded here.
      setNavigationPolicy(
        contents,
        originPolicy({
          name: 'depository',
          origin: new URL(sub.form.action).origin,
          captures: sub.isCompletion,
          onCapture: (url) => finish({ kind: 'completed', url }),
        }),
      );
      contents.on('did-navigate', (_e, url) => check(url));
      contents.on('did-navigate-in-page', (_e, url, isMainFrame) => {
        if (isMainFrame) check(url);
      });
      contents.on('page-title-updated', (_e, title) => {
        if (sub.isCompletionTitle?.(title)) finish({ kind: 'completed', url: contents.getURL() });
      });
      win.on('closed', () => finish({ kind: 'closed' }));
      // loadURL rejects (ERR_ABORTED) when the policy captures the hand-back or the window
      // closes mid-load; the outcome travels through `result`, not this promise.
      win
        .loadURL(sub.form.action, {
          postData: [{ type: 'rawData', bytes: Buffer.from(sub.encodedBody) }],
          extraHeaders: 'Content-Type: application/x-www-form-urlencoded',
        })
        .catch(() => undefined);
      return { result, close: () => finish({ kind: 'closed' }) };
    },
  };
}
