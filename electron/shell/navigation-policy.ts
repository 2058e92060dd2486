import type { App, Event, WebContents } from 'electron';
import { APP_ORIGIN } from './app-protocol';

/**
 * What one window may navigate to. Why: the main window shows only our UI, while the login
 * and depository windows must follow someone else's pages (a form post, an https redirect)
 * and stop at the one URL their flow waits for. One guard applies every window's policy,
 * so no app-wide rule can cancel what a window's own flow needs.
 */
export interface NavigationPolicy {
  /** For diagnostics and tests: which policy refused a navigation. */
  readonly name: string;
  /**
   * `allow`: load it; `deny`: cancel it; `capture`: cancel it before any request is made
   * and hand the URL to `onCapture` (the login redirect carrying the auth code, the
   * depository handing back to the broker).
   */
  decide(url: string, frame: { isMainFrame: boolean }): 'allow' | 'deny' | 'capture';
  /** Receives each captured URL; must tolerate being called more than once. */
  onCapture?(url: string): void;
}

/** The main window's policy, and every web contents without one of its own: our origin only. */
export const appOnlyPolicy: NavigationPolicy = {
  name: 'app',
  decide: (url) => (sameOrigin(url, APP_ORIGIN) ? 'allow' : 'deny'),
};

/**
 * A window for another party's pages (login, depository): `origin` and nothing else,
 * except what `captures` says the flow waits for. Sub-frames (a captcha, an OTP widget)
 * may load https pages; only the main frame is held to `origin`.
 */
export function originPolicy(opts: {
  name: string;
  origin: string;
  captures(url: string): boolean;
  onCapture(url: string): void;
}): NavigationPolicy {
  return {
    name: opts.name,
    decide(url, frame) {
      if (frame.isMainFrame && opts.captures(url)) return 'capture';
      if (sameOrigin(url, opts.origin)) return 'allow';
      if (!frame.isMainFrame && isHttps(url)) return 'allow';
      return 'deny';
    },
    onCapture: opts.onCapture,
  };
}

const policies = new WeakMap<WebContents, NavigationPolicy>();

/** Gives one window its policy; call right after creating it, before loading anything. */
export function setNavigationPolicy(contents: WebContents, policy: NavigationPolicy): void {
  policies.set(contents, policy);
}

/**
 * Installs the one navigation guard on every web contents the app creates (Electron's
 * security checklist item 13): main-frame navigations (`will-frame-navigate`, and
 * `will-navigate` where the former is not emitted), sub-frame navigations and server
 * redirects (`will-redirect`) all go through the window's policy, or `appOnlyPolicy`.
 */
export function guardNavigation(app: App): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    const apply = (event: Pick<Event, 'preventDefault'>, url: string, isMainFrame: boolean) => {
      const policy = policies.get(contents) ?? appOnlyPolicy;
      const verdict = policy.decide(url, { isMainFrame });
      if (verdict === 'allow') return;
      event.preventDefault();
      if (verdict === 'capture') policy.onCapture?.(url);
    };
    contents.on('will-frame-navigate', (details) =>
      apply(details, details.url, details.isMainFrame),
    );
    // Emitted for the main frame only, after will-frame-navigate; kept as a second gate.
    contents.on('will-navigate', (event, url) => apply(event, url, true));
    contents.on('will-redirect', (details) => apply(details, details.url, details.isMainFrame));
  });
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    const u = new URL(url);
    // Custom schemes (app://) have an opaque origin in WHATWG URL: compare scheme and host.
    const o = new URL(origin);
    return u.protocol === o.protocol && u.host === o.host;
  } catch {
    return false;
  }
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
