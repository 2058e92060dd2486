/**
 * The port the login flow uses for https redirect URLs: a dedicated login window.
 *
 * When the registered redirect is an https URL (a page the app owner controls but that
 * Tickdesk cannot serve), the login runs in our own window and the navigation to the
 * redirect URL is intercepted before it is loaded: the auth code never reaches that
 * server, and never reaches our renderer. The core defines the contract; the Electron
 * implementation lives in `electron/shell/` (lead).
 *
 * What the shell implementation MUST do:
 * - Create a new `BrowserWindow` for each `open()`, modal to the main window if there is
 *   one; `webPreferences`: **no preload**, `sandbox: true`, `contextIsolation: true`,
 *   `nodeIntegration: false`, `webSecurity: true`, `session: session.fromPartition(partition)`
 *   with the given partition (non-persistent: it does not start with `persist:`), so the
 *   broker's cookies never mix with the app's session and are dropped on exit.
 * - Load `authorizeUrl` only; let the main frame navigate only within the broker's origin
 *   (the origin of `authorizeUrl`); deny `setWindowOpenHandler` (open nothing), deny
 *   permission requests. The shell does this with the window's own navigation policy
 *   (electron/shell/navigation-policy.ts), applied by the one app-wide guard.
 * - In `will-navigate`, `will-redirect` and `will-frame-navigate` (main frame): if
 *   `isRedirect(url)` is true, call `event.preventDefault()` **before** the request is
 *   made, resolve `result` with `{ kind: 'redirect', url }` and close the window. Check
 *   also in `did-start-navigation` as a fallback (then `webContents.stop()`).
 * - If the user closes the window first, resolve `{ kind: 'closed' }`.
 * - `close()` closes the window (used on cancel/timeout) and resolves `{ kind: 'closed' }`
 *   if nothing was resolved yet.
 * - Never log the URL unredacted (it carries the auth code).
 */

/** What the flow asks the window to do. */
export interface LoginWindowRequest {
  /** The broker's generate-authcode URL with client_id, redirect_uri, state, challenge. */
  authorizeUrl: string;
  /** Decides whether a navigation target is the registered redirect (to be intercepted). */
  isRedirect(url: string): boolean;
  /** Session partition name for this window alone, e.g. `login-<random>`. */
  partition: string;
  /** Shown in the window title so the trader knows which account they are logging in to. */
  accountLabel: string;
}

/** How the login window ended. */
export type LoginWindowOutcome = { kind: 'redirect'; url: string } | { kind: 'closed' };

/** A login window that is open. */
export interface LoginWindowHandle {
  readonly result: Promise<LoginWindowOutcome>;
  close(): void;
}

/** Implemented by the shell (Electron) and by a fake web contents in tests. */
export interface LoginWindowPort {
  open(request: LoginWindowRequest): LoginWindowHandle;
}
