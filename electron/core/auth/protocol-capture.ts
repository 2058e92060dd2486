/**
 * Custom-protocol redirect capture (`tickdesk://…`).
 *
 * The OS hands deep links to the app: on Windows and Linux as an argument of a second
 * instance (`second-instance` event argv), on macOS through `open-url`. The shell feeds
 * both into a `ProtocolEventSource`. A deep link can carry only a query and a hash; its
 * host and path must equal the registered redirect exactly (Element Desktop's rule), so a
 * crafted link cannot steer the app anywhere else.
 */
import { LoginError } from './errors';
import { APP_PROTOCOL, type RedirectTarget } from './redirect-url';
import type { Timers } from './ports';
import { systemTimers } from './ports';

/**
 * Where deep links come from. The shell implements it with `app.on('second-instance')`
 * (pass the argv through `findProtocolUrlInArgv`), `app.on('open-url')` and the first
 * instance's own `process.argv`.
 */
export interface ProtocolEventSource {
  /** Subscribe to incoming deep-link URLs; returns an unsubscribe function. */
  onUrl(listener: (url: string) => void): () => void;
}

/** Why a deep link was refused; logged (redacted) and otherwise ignored. */
export type DeepLinkRejection =
  'not-a-url' | 'wrong-scheme' | 'credentials' | 'path-not-allowed' | 'wrong-state';

/** Outcome of checking one deep link against the registered redirect. */
export type DeepLinkCheck = { ok: true; url: string } | { ok: false; why: DeepLinkRejection };

/**
 * Check a deep link: scheme `tickdesk:`, no credentials, host and path exactly those of
 * the registered redirect. Only the query and hash may differ.
 */
export function checkDeepLink(raw: string, target: RedirectTarget): DeepLinkCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, why: 'not-a-url' };
  }
  if (url.protocol !== `${APP_PROTOCOL}:`) return { ok: false, why: 'wrong-scheme' };
  if (url.username || url.password) return { ok: false, why: 'credentials' };
  if (url.host !== target.url.host || url.pathname !== target.url.pathname) {
    return { ok: false, why: 'path-not-allowed' };
  }
  return { ok: true, url: url.href };
}

/** Pick the deep link out of a second instance's argv (Windows/Linux pass it as an argument). */
export function findProtocolUrlInArgv(argv: readonly string[]): string | null {
  const prefix = `${APP_PROTOCOL}://`;
  for (const arg of argv) if (arg.toLowerCase().startsWith(prefix)) return arg;
  return null;
}

/** A running wait for the login deep link. */
export interface ProtocolCapture {
  readonly result: Promise<string>;
  cancel(reason?: 'cancelled' | 'superseded'): void;
}

/** Options of `waitForProtocolRedirect`. */
export interface ProtocolCaptureOptions {
  source: ProtocolEventSource;
  target: RedirectTarget;
  timeoutMs: number;
  timers?: Timers;
  /** Called with each refused link (never the link itself: it may hold a code). */
  onRejected?: (why: DeepLinkRejection) => void;
  /**
   * Whether a link that passes `checkDeepLink` is this login's reply (its state matches);
   * one that is not is refused as `wrong-state` and the wait goes on.
   */
  accepts?: (url: string) => boolean;
}

/** Wait for the first deep link that passes `checkDeepLink` (and `accepts`); refused ones are ignored. */
export function waitForProtocolRedirect(opts: ProtocolCaptureOptions): ProtocolCapture {
  const timers = opts.timers ?? systemTimers;
  let done = false;
  let unsubscribe: () => void = () => undefined;
  let timer: unknown = null;
  let resolveFn: (url: string) => void = () => undefined;
  let rejectFn: (e: Error) => void = () => undefined;
  const result = new Promise<string>((resolve, reject) => {
    resolveFn = resolve;
    rejectFn = reject;
  });
  result.catch(() => undefined);
  const finish = (action: () => void): void => {
    if (done) return;
    done = true;
    unsubscribe();
    if (timer !== null) timers.clearTimeout(timer);
    action();
  };
  unsubscribe = opts.source.onUrl((raw) => {
    if (done) return;
    const check = checkDeepLink(raw, opts.target);
    if (!check.ok) {
      opts.onRejected?.(check.why);
      return;
    }
    if (opts.accepts && !opts.accepts(check.url)) {
      opts.onRejected?.('wrong-state');
      return;
    }
    finish(() => resolveFn(check.url));
  });
  timer = timers.setTimeout(
    () => finish(() => rejectFn(new LoginError('timeout', 'No login reply arrived in time.'))),
    opts.timeoutMs,
  );
  return {
    result,
    cancel(reason = 'cancelled') {
      finish(() => rejectFn(new LoginError(reason, 'Login cancelled.')));
    },
  };
}
