import type { App } from 'electron';
import { findProtocolUrlInArgv, type ProtocolEventSource } from '../core/auth/protocol-capture';

/** The custom scheme for login redirects registered with the broker as tickdesk://… */
export const DEEP_LINK_SCHEME = 'tickdesk';

/**
 * Collects tickdesk:// links from every way the OS delivers them (the first instance's
 * argv, a second instance's argv on Windows and Linux, open-url on macOS) into one source
 * the login flow listens to. Which links are acceptable is decided in the core.
 */
export function createDeepLinkSource(
  app: App,
  initialArgv: readonly string[],
): ProtocolEventSource & {
  fromArgv(argv: readonly string[]): void;
} {
  const listeners = new Set<(url: string) => void>();
  const deliver = (url: string) => {
    for (const l of listeners) l(url);
  };
  const fromArgv = (argv: readonly string[]) => {
    const url = findProtocolUrlInArgv(argv);
    if (url) deliver(url);
  };
  // Electronegativity: tickdesk:// carries only login redirects; protocol-capture.ts accepts
  // one only for the login waiting for it (path, state) and ignores every other link.
  app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME); // eng-disable PROTOCOL_HANDLER_JS_CHECK
  app.on('open-url', (event, url) => {
    event.preventDefault();
    deliver(url);
  });
  const pending = [...initialArgv];
  return {
    onUrl(listener) {
      listeners.add(listener);
      if (pending.length) fromArgv(pending.splice(0));
      return () => listeners.delete(listener);
    },
    fromArgv,
  };
}
