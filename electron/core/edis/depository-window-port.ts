/**
 * The port through which eDIS hands the depository form to a separate, sandboxed window.
 *
 * The TPIN and OTP are typed only into the depository's own page; our app never sees them.
 * The core defines the contract; the Electron implementation lives in `electron/shell/`.
 *
 * What the shell implementation MUST do:
 * - Open a new `BrowserWindow` per `open()`: no preload, `sandbox: true`,
 *   `contextIsolation: true`, `nodeIntegration: false`, its own non-persistent session
 *   partition (`partition`), permission requests denied, `setWindowOpenHandler` → deny.
 * - Post the form itself, without rendering the broker's HTML: `webContents.loadURL(form.action,
 *   { postData: [{ type: 'rawData', bytes: Buffer.from(body) }], extraHeaders:
 *   'Content-Type: application/x-www-form-urlencoded' })` where `body` is `encodedBody`.
 * - Let the main frame navigate only within the depository's origin (that of `form.action`).
 * - On every main-frame navigation (`will-navigate`, `will-redirect`, `did-navigate`,
 *   `did-navigate-in-page`) call `isCompletion(url)`; when it returns true, resolve
 *   `{ kind: 'completed', url }` and close the window (a completion URL off the depository
 *   is stopped, not loaded: the outcome comes from the inquiry). If the page itself signals completion in its title instead
 *   (`page-title-updated`), pass the title to `isCompletionTitle`.
 * - User closes the window first → `{ kind: 'closed' }`. `close()` closes it and resolves
 *   `{ kind: 'closed' }` if nothing was resolved yet.
 * - Never log the posted body (TransDtls) or page contents.
 */
import type { DepositoryForm } from './depository-form';

/** What the eDIS service asks the window to do. */
export interface DepositorySubmission {
  form: DepositoryForm;
  /** `form` as an urlencoded body, ready to post. */
  encodedBody: string;
  /** Whether a navigation target means "the depository is done, back at the broker". */
  isCompletion(url: string): boolean;
  /** Same for a page title (some depositories signal the end with a final page). */
  isCompletionTitle?(title: string): boolean;
  /** Throwaway session partition for this window. */
  partition: string;
  title: string;
}

/** How the depository window ended. The outcome itself comes from the inquiry, not from here. */
export type DepositoryOutcome = { kind: 'completed'; url: string } | { kind: 'closed' };

/** An open depository window. */
export interface DepositoryWindowHandle {
  readonly result: Promise<DepositoryOutcome>;
  close(): void;
}

/** Implemented by the shell (Electron) and by an HTTP-posting fake in tests. */
export interface DepositoryWindowPort {
  open(submission: DepositorySubmission): DepositoryWindowHandle;
}
